/**
 * The erasure's reads and writes (docs/api.md §D28). An erasure reaches into every feature's tables
 * that hold a customer's data, so its statements are gathered here, each a bounded unit's part:
 * at most `limit` rows of one table per statement, found by the indexes that name the contact
 * (`messages_contact`, `inbound_messages_contact`, `events_contact`…).
 *
 * Locks on PostgreSQL are taken in one order in every unit (docs/architecture.md, "Locks on
 * PostgreSQL"): the erasure's own row first, then queue entries (`dispatches`, `scheduled_sends`:
 * before the message, so that a dispatcher's claim and the cancel never both win), then
 * `messages`, `status_reports`, `client_references`, `inbound_messages`, `event_deliveries`'
 * attempts, `event_deliveries`, `events`, `audit_events`, then suppressions, blocks, consents and
 * the contact. A unit PostgreSQL breaks off (a deadlock with other work) runs again (db/retry.ts,
 * through `store.write`).
 */
import { sql, type Selectable } from 'kysely';
import type { ContactsTable, ErasureContactsTable, ErasuresTable } from '../../db/schema.js';
import type { Reader, Tx } from '../../db/store.js';
import type { Mode } from './erase-sql.js';

export * from './erase-messages.repository.js';
export * from './erase-traces.repository.js';
export { likeText, type Mode } from './erase-sql.js';

export type ErasureRow = Selectable<ErasuresTable>;
export type ErasureContactRow = Selectable<ErasureContactsTable>;
export type ContactRow = Selectable<ContactsTable>;

// ---- the erasure's own rows -------------------------------------------------------------------

export async function insertErasure(tx: Tx, row: ErasureRow, contactIds: string[]): Promise<void> {
  await tx.insertInto('erasures').values(row).execute();
  if (contactIds.length > 0)
    await tx
      .insertInto('erasure_contacts')
      .values(
        contactIds.map((contact_id) => ({
          erasure_id: row.id,
          contact_id,
          state: 'pending' as const,
          erased_at: null,
        })),
      )
      .execute();
}

export function findErasure(
  db: Reader | Tx,
  accountId: string,
  mode: Mode,
  id: string,
): Promise<ErasureRow | undefined> {
  return db
    .selectFrom('erasures')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('mode', '=', mode)
    .executeTakeFirst();
}

export function erasureById(db: Reader | Tx, id: string): Promise<ErasureRow | undefined> {
  return db.selectFrom('erasures').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A page of the account's erasures in the mode, newest first (index erasures_list). */
export function listErasures(
  db: Reader,
  accountId: string,
  mode: Mode,
  limit: number,
  after: ErasureRow | undefined,
): Promise<ErasureRow[]> {
  let q = db.selectFrom('erasures').selectAll().where('account_id', '=', accountId).where('mode', '=', mode);
  if (after) q = q.where(sql<boolean>`(created_at, id) < (${after.created_at}, ${after.id})`);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** The contacts of `ids` an erasure not yet completed is erasing already. */
export async function pendingContacts(db: Reader | Tx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('erasure_contacts')
    .select(['contact_id', 'erasure_id'])
    .where('contact_id', 'in', ids)
    .where('state', '=', 'pending')
    .execute();
  return new Map(rows.map((r) => [r.contact_id, r.erasure_id]));
}

/** The contacts the erasure has still to erase, in id order. */
export function contactsToErase(db: Reader, erasureId: string): Promise<string[]> {
  return db
    .selectFrom('erasure_contacts')
    .select('contact_id')
    .where('erasure_id', '=', erasureId)
    .where('state', '=', 'pending')
    .orderBy('contact_id')
    .execute()
    .then((rows) => rows.map((r) => r.contact_id));
}

/**
 * Locks the erasure's row (PostgreSQL: a write) and adds `delta` to its progress counts, in the
 * unit that removed what they count. @returns the row as it was.
 */
export async function addProgress(tx: Tx, id: string, delta: Record<string, number>): Promise<ErasureRow | undefined> {
  await tx.updateTable('erasures').set({ id }).where('id', '=', id).execute();
  const row = await tx.selectFrom('erasures').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const progress = JSON.parse(row.progress) as Record<string, number>;
  let changed = false;
  for (const [k, v] of Object.entries(delta)) {
    if (v === 0) continue;
    progress[k] = (progress[k] ?? 0) + v;
    changed = true;
  }
  if (changed)
    await tx
      .updateTable('erasures')
      .set({ progress: JSON.stringify(progress) })
      .where('id', '=', id)
      .execute();
  return row;
}

// ---- finding the customers --------------------------------------------------------------------

export function contactById(
  db: Reader | Tx,
  accountId: string,
  mode: Mode,
  id: string,
): Promise<ContactRow | undefined> {
  return db
    .selectFrom('contacts')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('mode', '=', mode)
    .executeTakeFirst();
}

/** The ids of the account's contacts in the mode holding any of these addresses, on any number. */
export async function contactsByAddress(
  db: Reader,
  accountId: string,
  mode: Mode,
  c: { ids: string[]; phones: string[]; bsuids: string[] },
): Promise<{ id: string; phone: string | null; user_id: string | null; parent_user_id: string | null }[]> {
  if (c.ids.length + c.phones.length + c.bsuids.length === 0) return [];
  return db
    .selectFrom('contacts')
    .select(['id', 'phone', 'user_id', 'parent_user_id'])
    .where('account_id', '=', accountId)
    .where('mode', '=', mode)
    .where((eb) =>
      eb.or([
        ...(c.ids.length > 0 ? [eb('id', 'in', c.ids)] : []),
        ...(c.phones.length > 0 ? [eb('phone', 'in', c.phones)] : []),
        ...(c.bsuids.length > 0 ? [eb('user_id', 'in', c.bsuids), eb('parent_user_id', 'in', c.bsuids)] : []),
      ]),
    )
    .execute();
}
