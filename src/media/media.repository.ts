/** Rows of media and their platform registrations. Only this file touches those tables. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/connect.js';
import { afterCursor } from '../db/paging.js';
import type { MediaRegistrationsTable, MediaTable } from '../db/schema.js';

export type MediaRow = Selectable<MediaTable>;
export type RegistrationRow = Selectable<MediaRegistrationsTable>;

export async function insertMedia(db: Db, row: Insertable<MediaTable>): Promise<void> {
  await db.insertInto('media').values(row).execute();
}

export function findMedia(db: Db, accountId: string, mode: 'live' | 'test', id: string): Promise<MediaRow | undefined> {
  return db.selectFrom('media').selectAll().where('id', '=', id).where('account_id', '=', accountId).where('mode', '=', mode).executeTakeFirst();
}

export function findRegistration(db: Db, mediaId: string, phoneNumberId: string): Promise<RegistrationRow | undefined> {
  return db.selectFrom('media_registrations').selectAll().where('media_id', '=', mediaId).where('phone_number_id', '=', phoneNumberId).executeTakeFirst();
}

/** Records (or replaces) the platform's id of a file for a number. */
export async function saveRegistration(db: Db, row: Insertable<MediaRegistrationsTable>): Promise<void> {
  await db
    .insertInto('media_registrations')
    .values(row)
    .onConflict((oc) => oc.columns(['media_id', 'phone_number_id']).doUpdateSet({ platform_media_id: row.platform_media_id, expires_at: row.expires_at, created_at: row.created_at }))
    .execute();
}

/** Newest first; `limit + 1` rows so the caller can tell whether there are more. */
export function listMedia(db: Db, q: { accountId: string; mode: 'live' | 'test'; limit: number; after?: { created_at: string; id: string } }): Promise<MediaRow[]> {
  let query = db.selectFrom('media').selectAll().where('account_id', '=', q.accountId).where('mode', '=', q.mode);
  if (q.after) query = query.where(afterCursor('created_at', { value: q.after.created_at, id: q.after.id }));
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit + 1).execute();
}
