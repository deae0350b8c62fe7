/**
 * Storage of webhook endpoints, events, deliveries and attempts. `db` may be a transaction. A
 * change to an endpoint is announced (`tx.changed`): the event fan-out caches them.
 */
import { sql, type Selectable } from 'kysely';
import { isPostgres } from '../db/connect.js';
import { jsonRows } from '../db/json-rows.js';
import type { Reader, Tx } from '../db/store.js';
import { afterCursor } from '../db/paging.js';
import type { DeliveryAttemptsTable, EventDeliveriesTable, EventsTable, WebhookEndpointsTable } from '../db/schema.js';

export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type EventRow = Selectable<EventsTable>;
export type DeliveryRow = Selectable<EventDeliveriesTable>;
export type AttemptRow = Selectable<DeliveryAttemptsTable>;
type Mode = 'live' | 'test';

export async function insertEndpoint(tx: Tx, row: EndpointRow): Promise<void> {
  await tx.insertInto('webhook_endpoints').values(row).execute();
  tx.changed('webhook_endpoints', row.account_id);
}

export async function findEndpoint(
  db: Reader,
  accountId: string,
  mode: Mode,
  id: string,
): Promise<EndpointRow | undefined> {
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('mode', '=', mode)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** By id alone, deleted ones included: for the delivery worker. */
export async function findEndpointById(db: Reader, id: string): Promise<EndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listEndpoints(
  db: Reader,
  q: { accountId: string; mode: Mode; limit: number; after?: { created_at: string; id: string } },
): Promise<EndpointRow[]> {
  let query = db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('account_id', '=', q.accountId)
    .where('mode', '=', q.mode)
    .where('deleted_at', 'is', null);
  if (q.after) query = query.where(afterCursor('created_at', { value: q.after.created_at, id: q.after.id }));
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit).execute();
}

export async function countEndpoints(db: Reader, accountId: string, mode: Mode): Promise<number> {
  const row = await db
    .selectFrom('webhook_endpoints')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('mode', '=', mode)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Enabled endpoints of these accounts (both modes): the fan-out of new events. */
export async function enabledEndpoints(db: Reader, accountIds: string[]): Promise<EndpointRow[]> {
  if (accountIds.length === 0) return [];
  return db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('account_id', 'in', accountIds)
    .where('enabled', '=', 1)
    .where('deleted_at', 'is', null)
    .execute();
}

export async function updateEndpoint(tx: Tx, id: string, changes: Partial<EndpointRow>): Promise<void> {
  await tx.updateTable('webhook_endpoints').set(changes).where('id', '=', id).execute();
  tx.changed('webhook_endpoints');
}

export async function insertEvents(tx: Tx, rows: EventRow[]): Promise<void> {
  if (rows.length > 0) await tx.insertInto('events').values(rows).execute();
}

export async function findEvent(db: Reader, accountId: string, mode: Mode, id: string): Promise<EventRow | undefined> {
  return db
    .selectFrom('events')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('mode', '=', mode)
    .executeTakeFirst();
}

export async function listEvents(
  db: Reader,
  q: { accountId: string; mode: Mode; limit: number; type?: string; after?: { created_at: string; id: string } },
): Promise<EventRow[]> {
  let query = db.selectFrom('events').selectAll().where('account_id', '=', q.accountId).where('mode', '=', q.mode);
  if (q.type) query = query.where('type', '=', q.type);
  if (q.after) query = query.where(afterCursor('created_at', { value: q.after.created_at, id: q.after.id }));
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit).execute();
}

/**
 * The next `limit` events of an account and mode created in [from, before), oldest first, after
 * `after` (created_at, id): a step of the message-body retention (docs/api.md §D17).
 */
export function eventsInRange(
  tx: Tx,
  q: {
    accountId: string;
    mode: Mode;
    from: string | null;
    before: string;
    after: { at: string; id: string } | null;
    limit: number;
  },
): Promise<Pick<EventRow, 'id' | 'type' | 'payload' | 'created_at'>[]> {
  let query = tx
    .selectFrom('events')
    .select(['id', 'type', 'payload', 'created_at'])
    .where('account_id', '=', q.accountId)
    .where('mode', '=', q.mode)
    .where('created_at', '<', q.before);
  if (q.from) query = query.where('created_at', '>=', q.from);
  if (q.after) query = query.where(sql<boolean>`(created_at, id) > (${q.after.at}, ${q.after.id})`);
  return query.orderBy('created_at').orderBy('id').limit(q.limit).execute();
}

/** Replaces events' payloads (JSON), in one statement. */
export async function replacePayloads(tx: Tx, rows: { id: string; payload: string }[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`update events set payload = v.payload from ${jsonRows(tx, { id: 'text', payload: 'text' }, rows)} where events.id = v.id`.execute(
    tx,
  );
}

export async function insertDeliveries(tx: Tx, rows: DeliveryRow[]): Promise<void> {
  if (rows.length > 0) await tx.insertInto('event_deliveries').values(rows).execute();
}

export async function updateDelivery(tx: Tx, id: string, changes: Partial<DeliveryRow>): Promise<void> {
  await tx.updateTable('event_deliveries').set(changes).where('id', '=', id).execute();
}

/** Marks every pending delivery to an endpoint failed (endpoint disabled or deleted). */
export async function failPendingDeliveries(tx: Tx, endpointId: string, now: string): Promise<void> {
  await tx
    .updateTable('event_deliveries')
    .set({ status: 'failed', next_attempt_at: null, updated_at: now })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .execute();
}

export async function deliveriesOfEvent(
  db: Reader,
  eventId: string,
): Promise<{ deliveries: DeliveryRow[]; attempts: AttemptRow[] }> {
  const deliveries = await db
    .selectFrom('event_deliveries')
    .selectAll()
    .where('event_id', '=', eventId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  const attempts =
    deliveries.length === 0
      ? []
      : await db
          .selectFrom('delivery_attempts')
          .selectAll()
          .where(
            'delivery_id',
            'in',
            deliveries.map((d) => d.id),
          )
          .orderBy('attempted_at')
          .orderBy('id')
          .execute();
  return { deliveries, attempts };
}

export async function insertAttempt(tx: Tx, row: AttemptRow): Promise<void> {
  await tx.insertInto('delivery_attempts').values(row).execute();
}

/** The columns of webhook_endpoints, each read as `w_<column>` beside a delivery. */
const ENDPOINT_COLUMNS = [
  'id',
  'account_id',
  'mode',
  'url',
  'events',
  'description',
  'enabled',
  'disabled_reason',
  'secret',
  'previous_secret',
  'previous_secret_expires_at',
  'failing_since',
  'created_at',
  'updated_at',
  'deleted_at',
  'format',
  'phone_number_id',
  'verify_token',
] as const satisfies readonly (keyof EndpointRow)[];

/** The event of a delivery, as its attempt needs it. */
export type DeliveryEvent = Pick<
  EventRow,
  'id' | 'payload' | 'created_at' | 'type' | 'account_id' | 'mode' | 'phone_number_id'
>;

/** What one delivery attempt needs, in one query: the delivery, its event, and its endpoint (if it still exists). */
export async function findDeliveryWork(
  db: Reader,
  deliveryId: string,
): Promise<{ delivery: DeliveryRow; event: DeliveryEvent; endpoint: EndpointRow | undefined } | undefined> {
  const row = (await db
    .selectFrom('event_deliveries as d')
    .innerJoin('events as e', 'e.id', 'd.event_id')
    .leftJoin('webhook_endpoints as w', 'w.id', 'd.endpoint_id')
    .selectAll('d')
    .select([
      'e.payload as event_payload',
      'e.created_at as event_created_at',
      'e.type as event_type',
      'e.account_id as event_account_id',
      'e.mode as event_mode',
      'e.phone_number_id as event_phone_number_id',
    ])
    .select(ENDPOINT_COLUMNS.map((c) => sql.ref(`w.${c}`).as(`w_${c}`)))
    .where('d.id', '=', deliveryId)
    .executeTakeFirst()) as (DeliveryRow & Record<string, any>) | undefined;
  if (!row) return undefined;
  const delivery: DeliveryRow = {
    id: row.id,
    event_id: row.event_id,
    endpoint_id: row.endpoint_id,
    status: row.status,
    attempt_count: row.attempt_count,
    next_attempt_at: row.next_attempt_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
  const endpoint =
    row.w_id === null
      ? undefined
      : (Object.fromEntries(ENDPOINT_COLUMNS.map((c) => [c, row[`w_${c}`]])) as unknown as EndpointRow);
  const event: DeliveryEvent = {
    id: row.event_id,
    payload: row.event_payload,
    created_at: row.event_created_at,
    type: row.event_type,
    account_id: row.event_account_id,
    mode: row.event_mode,
    phone_number_id: row.event_phone_number_id,
  };
  return { delivery, event, endpoint };
}

/**
 * Records an attempt and the delivery's new state as one statement on PostgreSQL (a data-modifying
 * CTE: one round trip instead of a transaction's four); as two inside the caller's transaction on
 * SQLite, which has no such CTEs.
 */
export async function recordAttempt(tx: Tx, attempt: AttemptRow, deliveryChanges: Partial<DeliveryRow>): Promise<void> {
  if (isPostgres(tx)) {
    await tx
      .with('attempt', (q) => q.insertInto('delivery_attempts').values(attempt))
      .updateTable('event_deliveries')
      .set(deliveryChanges)
      .where('id', '=', attempt.delivery_id)
      .execute();
    return;
  }
  await insertAttempt(tx, attempt);
  await updateDelivery(tx, attempt.delivery_id, deliveryChanges);
}
