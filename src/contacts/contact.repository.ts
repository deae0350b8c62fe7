/**
 * Rows of contacts. Only this file touches the `contacts` table (beside the search's read,
 * contact-search.repository.ts, and the send checks', people.repository.ts); rows never leave the
 * contacts feature (the service maps them to the Contact resource).
 */
import { sql, type RawBuilder, type Selectable, type Updateable } from 'kysely';
import { isPostgres } from '../db/connect.js';
import { afterCursor } from '../db/paging.js';
import type { ContactsTable, HolderColumn } from '../db/schema.js';
import { jsonRows, type JsonColumnType } from '../db/json-rows.js';
import type { Reader, Tx } from '../db/store.js';
import { contactSearchText } from '../lib/search-text.js';

export type ContactRow = Selectable<ContactsTable>;
/**
 * A contact as written: `search_text` is not the caller's to give; every write derives it from
 * the name, username and phone number (lib/search-text.ts), so the search index never lags them.
 */
export type ContactWrite = Omit<ContactRow, 'search_text' | HolderColumn>;
/** The row with its search words derived from its name, username and phone number. */
type Written = Omit<ContactRow, HolderColumn>;
const withSearchText = (row: ContactWrite): Written => ({ ...row, search_text: contactSearchText(row) });

/** A business number in one mode: the scope every contact belongs to. */
export interface ContactScope {
  phoneNumberId: string;
  mode: 'live' | 'test';
}

/** The identifier a contact is looked up by. */
export type ContactKey = { phone: string } | { userId: string } | { parentUserId: string };

/** The contact holding this identifier in the scope (locked on PostgreSQL when `db` is a unit's tx). */
export function findByKey(
  db: Reader | Tx,
  scope: ContactScope,
  key: ContactKey,
  lock = false,
): Promise<ContactRow | undefined> {
  let q = db
    .selectFrom('contacts')
    .selectAll()
    .where('phone_number_id', '=', scope.phoneNumberId)
    .where('mode', '=', scope.mode);
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
export async function findByPhoneAndUser(
  tx: Tx,
  scope: ContactScope,
  phone: string,
  userId: string,
  lock = false,
): Promise<{ byPhone: ContactRow | undefined; byUser: ContactRow | undefined }> {
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

/**
 * The contacts of the scope holding any of these phone numbers or BSUIDs: an index lookup per
 * identifier, two statements at most. Locked on PostgreSQL in the order of the key each statement
 * reads them by (phone, then BSUID): the order `upsertOutbound` writes them in, so a webhook's
 * unit and a send's wait for each other rather than deadlock.
 */
export async function findByKeys(
  tx: Tx,
  scope: ContactScope,
  keys: { phones: string[]; userIds: string[] },
): Promise<ContactRow[]> {
  const out: ContactRow[] = [];
  for (const [column, values] of [
    ['phone', keys.phones],
    ['user_id', keys.userIds],
  ] as const) {
    if (values.length === 0) continue;
    let q = tx
      .selectFrom('contacts')
      .selectAll()
      .where('phone_number_id', '=', scope.phoneNumberId)
      .where('mode', '=', scope.mode)
      .where(column, 'in', values)
      .orderBy(column);
    if (isPostgres(tx)) q = q.forUpdate();
    out.push(...(await q.execute()));
  }
  return out;
}

/** One contact by `ct_` id, in the scope. */
export function findById(db: Reader | Tx, scope: ContactScope, id: string): Promise<ContactRow | undefined> {
  return db
    .selectFrom('contacts')
    .selectAll()
    .where('id', '=', id)
    .where('phone_number_id', '=', scope.phoneNumberId)
    .where('mode', '=', scope.mode)
    .executeTakeFirst();
}

/** The contacts among these `ct_` ids, in the scope: one statement (none for an empty list). */
export function findByIds(db: Reader | Tx, scope: ContactScope, ids: string[]): Promise<ContactRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('contacts')
    .selectAll()
    .where('id', 'in', ids)
    .where('phone_number_id', '=', scope.phoneNumberId)
    .where('mode', '=', scope.mode)
    .execute();
}

/** Stores a new contact unless one of its identifiers is already taken (a concurrent unit won): @returns whether it was stored. */
export async function insertContact(tx: Tx, row: ContactWrite): Promise<boolean> {
  const inserted = await tx
    .insertInto('contacts')
    .values(withSearchText(row))
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Every column of `contacts`, as the set-based writes send them (json-rows.ts). */
const CONTACT_COLUMNS = {
  id: 'text',
  account_id: 'text',
  phone_number_id: 'text',
  mode: 'text',
  phone: 'text',
  user_id: 'text',
  parent_user_id: 'text',
  profile_name: 'text',
  username: 'text',
  last_inbound_at: 'text',
  last_outbound_at: 'text',
  last_activity_at: 'text',
  created_at: 'text',
  updated_at: 'text',
  search_text: 'text',
} as const satisfies Record<Exclude<keyof ContactsTable, HolderColumn>, JsonColumnType>;
const CONTACT_COLUMN_NAMES = Object.keys(CONTACT_COLUMNS) as Exclude<keyof ContactsTable, HolderColumn>[];

/** Stores new contacts in one statement, skipping any whose identifier a concurrent unit took first: @returns the ids stored. */
export async function insertContacts(tx: Tx, rows: ContactWrite[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const columns = sql.join(CONTACT_COLUMN_NAMES.map((c) => sql.ref(c)));
  const values = sql.join(CONTACT_COLUMN_NAMES.map((c) => sql.ref(`v.${c}`)));
  // `where true`: SQLite reads `on conflict` after a bare `select … from` as a join's clause.
  const result = await sql<{
    id: string;
  }>`insert into contacts (${columns}) select ${values} from ${jsonRows(tx, CONTACT_COLUMNS, rows.map(withSearchText))} where true on conflict do nothing returning id`.execute(
    tx,
  );
  return new Set(result.rows.map((r) => r.id));
}

/** The columns a sighting may change on a stored contact. */
const MUTABLE_COLUMNS = [
  'phone',
  'user_id',
  'parent_user_id',
  'profile_name',
  'username',
  'last_inbound_at',
  'last_outbound_at',
  'last_activity_at',
  'updated_at',
  'search_text',
] as const;

/** Writes what sightings changed on stored contacts (`rows` as they now are), in one statement, in id order. */
export async function updateContacts(tx: Tx, rows: ContactWrite[]): Promise<void> {
  if (rows.length === 0) return;
  const sorted = rows.map(withSearchText).sort((a, b) => (a.id < b.id ? -1 : 1));
  const set = sql.join(MUTABLE_COLUMNS.map((c) => sql`${sql.ref(c)} = ${sql.ref(`v.${c}`)}`));
  await sql`update contacts set ${set} from ${jsonRows(tx, CONTACT_COLUMNS, sorted)} where contacts.id = v.id`.execute(
    tx,
  );
}

/**
 * Sends to phone numbers, in one statement: each row (a new contact as a send to that number would
 * make it) is stored, or, when the scope already has a contact with that phone number, that
 * contact's last send and last activity move to the row's, whichever is later. Rows must be
 * distinct by (number, mode, phone); on PostgreSQL they are written in that order, so concurrent
 * units lock contacts in one order.
 * @returns the contact of each (number, mode, phone), stored or found.
 */
export async function upsertOutbound(
  tx: Tx,
  rows: ContactWrite[],
): Promise<{ id: string; phone_number_id: string; mode: string; phone: string }[]> {
  if (rows.length === 0) return [];
  return (await upsertOutboundStatement(tx, rows).execute(tx)).rows;
}

/**
 * `upsertOutbound`'s statement, not run: for a caller that runs it inside another (a data-modifying
 * CTE on PostgreSQL). It returns `id, phone_number_id, mode, phone`. `rows` must not be empty.
 */
export function upsertOutboundStatement(
  tx: Tx,
  rows: ContactWrite[],
): RawBuilder<{ id: string; phone_number_id: string; mode: string; phone: string }> {
  const sorted = rows
    .map(withSearchText)
    .sort((a, b) => (a.phone_number_id + a.mode + a.phone < b.phone_number_id + b.mode + b.phone ? -1 : 1));
  const later = (column: 'last_outbound_at' | 'last_activity_at') =>
    isPostgres(tx)
      ? sql`greatest(contacts.${sql.ref(column)}, excluded.${sql.ref(column)})`
      : sql`max(coalesce(contacts.${sql.ref(column)}, excluded.${sql.ref(column)}), coalesce(excluded.${sql.ref(column)}, contacts.${sql.ref(column)}))`;
  const columns = sql.join(CONTACT_COLUMN_NAMES.map((c) => sql.ref(c)));
  const values = sql.join(CONTACT_COLUMN_NAMES.map((c) => sql.ref(`v.${c}`)));
  // `where true`: SQLite reads `on conflict` after a bare `select … from` as a join's clause.
  return sql<{ id: string; phone_number_id: string; mode: string; phone: string }>`
    insert into contacts (${columns}) select ${values} from ${jsonRows(tx, CONTACT_COLUMNS, sorted)} where true
    on conflict (phone_number_id, mode, phone) do update set
      last_outbound_at = ${later('last_outbound_at')}, last_activity_at = ${later('last_activity_at')}, updated_at = excluded.updated_at
    returning id, phone_number_id, mode, phone`;
}

/**
 * Changes to a stored contact. The searchable columns (phone, name, username) change together or
 * not at all, so that the search words can be derived from them.
 */
export type ContactChanges = Omit<Updateable<ContactsTable>, 'search_text' | 'phone' | 'profile_name' | 'username'> &
  (
    | { phone: string | null; profile_name: string | null; username: string | null }
    | { phone?: never; profile_name?: never; username?: never }
  );

export async function updateContact(tx: Tx, id: string, changes: ContactChanges): Promise<void> {
  const search =
    changes.profile_name !== undefined
      ? {
          search_text: contactSearchText(
            changes as { phone: string | null; profile_name: string | null; username: string | null },
          ),
        }
      : {};
  await tx
    .updateTable('contacts')
    .set({ ...changes, ...search })
    .where('id', '=', id)
    .execute();
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
}

/**
 * Most recent activity first, at most `limit`, from `contacts_activity` (phone_number_id, mode, last_activity_at,
 * id): one range scan, however many contacts; open windows' too (last_activity_at ≥ last_inbound_at, sighting.ts).
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
  if (q.after)
    query = query.where(afterCursor('last_activity_at', { value: q.after.last_activity_at, id: q.after.id }));
  if (q.windowOpen === true)
    query = query.where('last_activity_at', '>', q.windowStart!).where('last_inbound_at', '>', q.windowStart!);
  if (q.windowOpen === false)
    query = query.where((eb) =>
      eb.or([eb('last_inbound_at', 'is', null), eb('last_inbound_at', '<=', q.windowStart!)]),
    );
  return query.execute();
}
