/**
 * Rows of contacts. Only this file touches the `contacts` table; rows never leave the contacts
 * feature (the service maps them to the Contact resource).
 */
import { sql, type Selectable, type Updateable } from 'kysely';
import { isPostgres } from '../db/connect.js';
import { afterCursor } from '../db/paging.js';
import type { ContactsTable } from '../db/schema.js';
import type { Reader, Tx } from '../db/store.js';

export type ContactRow = Selectable<ContactsTable>;

/** A business number in one mode: the scope every contact belongs to. */
export interface ContactScope {
  phoneNumberId: string;
  mode: 'live' | 'test';
}

/** The identifier a contact is looked up by. */
export type ContactKey = { phone: string } | { userId: string } | { parentUserId: string };

/** The contact holding this identifier in the scope (locked on PostgreSQL when `db` is a unit's tx). */
export function findByKey(db: Reader | Tx, scope: ContactScope, key: ContactKey, lock = false): Promise<ContactRow | undefined> {
  let q = db.selectFrom('contacts').selectAll().where('phone_number_id', '=', scope.phoneNumberId).where('mode', '=', scope.mode);
  if ('phone' in key) q = q.where('phone', '=', key.phone);
  else if ('userId' in key) q = q.where('user_id', '=', key.userId);
  // A parent BSUID may in principle name several contacts (linked portfolios); the oldest answers.
  else q = q.where('parent_user_id', '=', key.parentUserId).orderBy('created_at').orderBy('id').limit(1);
  if (lock && isPostgres(db)) q = q.forUpdate();
  return q.executeTakeFirst();
}

/**
 * The contacts holding this phone number and this BSUID, in one round trip (each identifier is
 * unique within the scope, so at most one row each; the same row when one contact holds both).
 * `lock` takes row locks on PostgreSQL, for a unit of work that may update or merge them.
 */
export async function findByPhoneAndUser(tx: Tx, scope: ContactScope, phone: string, userId: string, lock = false): Promise<{ byPhone: ContactRow | undefined; byUser: ContactRow | undefined }> {
  let q = tx
    .selectFrom('contacts')
    .selectAll()
    .where('phone_number_id', '=', scope.phoneNumberId)
    .where('mode', '=', scope.mode)
    .where((eb) => eb.or([eb('phone', '=', phone), eb('user_id', '=', userId)]));
  if (lock && isPostgres(tx)) q = q.forUpdate();
  const rows = await q.execute();
  return { byPhone: rows.find((r) => r.phone === phone), byUser: rows.find((r) => r.user_id === userId) };
}

/** One contact by `ct_` id, in the scope. */
export function findById(db: Reader | Tx, scope: ContactScope, id: string): Promise<ContactRow | undefined> {
  return db.selectFrom('contacts').selectAll().where('id', '=', id).where('phone_number_id', '=', scope.phoneNumberId).where('mode', '=', scope.mode).executeTakeFirst();
}

/** Stores a new contact unless one of its identifiers is already taken (a concurrent unit won): @returns whether it was stored. */
export async function insertContact(tx: Tx, row: ContactRow): Promise<boolean> {
  const inserted = await tx.insertInto('contacts').values(row).onConflict((oc) => oc.doNothing()).returning('id').executeTakeFirst();
  return inserted !== undefined;
}

export async function updateContact(tx: Tx, id: string, changes: Updateable<ContactsTable>): Promise<void> {
  await tx.updateTable('contacts').set(changes).where('id', '=', id).execute();
}

export async function deleteContact(tx: Tx, id: string): Promise<void> {
  await tx.deleteFrom('contacts').where('id', '=', id).execute();
}

export interface ContactListQuery extends ContactScope {
  limit: number;
  /** Continue after this row's place in (last_activity_at desc, id desc). */
  after?: { last_activity_at: string; id: string };
  /** Only contacts whose window is open (true) or closed (false) at `windowStart` (now − 24 h, ISO). */
  windowOpen?: boolean;
  windowStart?: string;
  /** Case-insensitive substring of the phone number, profile name or username. */
  q?: string;
}

/**
 * Most recent activity first, at most `limit`. Served by `contacts_activity` (phone_number_id,
 * mode, last_activity_at, id): a page is one index range scan, however many contacts there are.
 */
export function listContacts(db: Reader, q: ContactListQuery): Promise<ContactRow[]> {
  let query = db
    .selectFrom('contacts')
    .selectAll()
    .where('phone_number_id', '=', q.phoneNumberId)
    .where('mode', '=', q.mode)
    .orderBy('last_activity_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit);
  if (q.after) query = query.where(afterCursor('last_activity_at', { value: q.after.last_activity_at, id: q.after.id }));
  if (q.windowOpen === true) query = query.where('last_inbound_at', '>', q.windowStart!);
  if (q.windowOpen === false) query = query.where((eb) => eb.or([eb('last_inbound_at', 'is', null), eb('last_inbound_at', '<=', q.windowStart!)]));
  if (q.q) {
    const pattern = `%${q.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const like = (column: 'phone' | 'profile_name' | 'username') => sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
    query = query.where((eb) => eb.or([like('phone'), like('profile_name'), like('username')]));
  }
  return query.execute();
}
