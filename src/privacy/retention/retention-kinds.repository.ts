/**
 * The tables the retention of events, platform payloads and inactive contacts reads and writes
 * (docs/api.md §D17), a unit at a time: each function does at most `limit` rows, read in the order
 * of an index (events_list, events_type_list, inbound_messages_created, contacts_activity), so a
 * unit reads only the range it changes.
 */
import { sql } from 'kysely';
import { jsonRows } from '../../db/json-rows.js';
import type { Reader, Tx } from '../../db/store.js';
import { shownPayload } from './platform-payloads.js';

/** A place in a list's order (time, id), to go on from. */
export interface Cursor {
  at: string;
  id: string;
}

/** Each account's stored retention of the kinds swept here (null: the kind's default), by id. */
export function accountRetentions(db: Reader) {
  return db
    .selectFrom('accounts')
    .select([
      'id',
      'retain_events_days',
      'retain_platform_payloads_days',
      'retain_inactive_contacts_days',
      'payloads_removed_before',
    ])
    .orderBy('id')
    .execute();
}

/**
 * Deletes the oldest `limit` events of an account and mode created before `before` (only those of
 * `type` when given), with their deliveries and the deliveries' attempts.
 * @returns how many events were deleted.
 */
export async function deleteEvents(
  tx: Tx,
  range: { accountId: string; mode: 'live' | 'test'; before: string; type?: string; limit: number },
): Promise<number> {
  let q = tx.selectFrom('events').select('id').where('account_id', '=', range.accountId).where('mode', '=', range.mode);
  if (range.type !== undefined) q = q.where('type', '=', range.type);
  const rows = await q
    .where('created_at', '<', range.before)
    .orderBy('created_at')
    .orderBy('id')
    .limit(range.limit)
    .execute();
  if (rows.length === 0) return 0;
  const ids = rows.map((r) => r.id);
  const deliveries = tx.selectFrom('event_deliveries').select('id').where('event_id', 'in', ids);
  await tx.deleteFrom('delivery_attempts').where('delivery_id', 'in', deliveries).execute();
  await tx.deleteFrom('event_deliveries').where('event_id', 'in', ids).execute();
  await tx.deleteFrom('events').where('id', 'in', ids).execute();
  return ids.length;
}

/**
 * Cuts the stored platform object of the next `limit` customer messages of an account and mode
 * created in [from, before), after `after`, to what their resource shows (platform-payloads.ts);
 * a row already cut is left as it is.
 * @returns the rows changed, and where the unit ended (null: the range is done).
 */
export async function cutInboundPayloads(
  tx: Tx,
  range: {
    accountId: string;
    mode: 'live' | 'test';
    from: string | null;
    before: string;
    after: Cursor | null;
    limit: number;
  },
): Promise<{ changed: number; next: Cursor | null }> {
  let q = tx
    .selectFrom('inbound_messages')
    .select(['id', 'created_at', 'type', 'payload'])
    .where('account_id', '=', range.accountId)
    .where('mode', '=', range.mode)
    .where('created_at', '<', range.before);
  if (range.from) q = q.where('created_at', '>=', range.from);
  if (range.after) q = q.where(sql<boolean>`(created_at, id) > (${range.after.at}, ${range.after.id})`);
  const rows = await q.orderBy('created_at').orderBy('id').limit(range.limit).execute();
  if (rows.length === 0) return { changed: 0, next: null };
  const changed = rows
    .map((r) => ({ id: r.id, was: r.payload, payload: shownPayload(r.type, r.payload) }))
    .filter((r) => r.payload !== r.was)
    .map(({ id, payload }) => ({ id, payload }));
  if (changed.length > 0)
    await sql`update inbound_messages set payload = v.payload
      from ${jsonRows(tx, { id: 'text', payload: 'text' }, changed)} where inbound_messages.id = v.id`.execute(tx);
  const last = rows[rows.length - 1]!;
  return { changed: changed.length, next: rows.length < range.limit ? null : { at: last.created_at, id: last.id } };
}

/** Records that the account's customer messages created before `before` (ISO) have had their payload cut. */
export async function setPayloadsRemovedBefore(tx: Tx, accountId: string, before: string): Promise<void> {
  await tx.updateTable('accounts').set({ payloads_removed_before: before }).where('id', '=', accountId).execute();
}

/** The business numbers of an account (contacts are per number). */
export async function numbersOf(db: Reader, accountId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('phone_numbers')
    .select('phone_number_id')
    .where('account_id', '=', accountId)
    .orderBy('phone_number_id')
    .execute();
  return rows.map((r) => r.phone_number_id);
}

/**
 * The next `limit` contacts of a business number and mode whose last activity is before `before`,
 * oldest activity first, after `after` (by contacts_activity), leaving out any with a message still
 * scheduled or waiting to be sent (its activity is its acceptance, which a send scheduled weeks
 * ahead may leave far behind).
 */
export function inactiveContacts(
  db: Reader,
  range: { phoneNumberId: string; mode: 'live' | 'test'; before: string; after: Cursor | null; limit: number },
): Promise<{ id: string; last_activity_at: string }[]> {
  let q = db
    .selectFrom('contacts as c')
    .select(['c.id', 'c.last_activity_at'])
    .where('c.phone_number_id', '=', range.phoneNumberId)
    .where('c.mode', '=', range.mode)
    .where('c.last_activity_at', '<', range.before);
  if (range.after) q = q.where(sql<boolean>`(c.last_activity_at, c.id) > (${range.after.at}, ${range.after.id})`);
  return q
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('messages as m')
            .select('m.id')
            .whereRef('m.contact_id', '=', 'c.id')
            .where('m.status', 'in', ['scheduled', 'accepted']),
        ),
      ),
    )
    .orderBy('c.last_activity_at')
    .orderBy('c.id')
    .limit(range.limit)
    .execute();
}
