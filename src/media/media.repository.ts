/** Rows of media and their platform registrations. Only this file touches those tables; it builds their rows. */
import type { Selectable } from 'kysely';
import { afterCursor } from '../db/paging.js';
import type { MediaRegistrationsTable, MediaTable } from '../db/schema.js';
import type { Reader, Tx } from '../db/store.js';
import type { MediaFile } from './media-file.js';

export type MediaRow = Selectable<MediaTable>;
export type RegistrationRow = Selectable<MediaRegistrationsTable>;

/** The file a row describes. */
export function toMediaFile(row: MediaRow): MediaFile {
  return {
    id: row.id,
    accountId: row.account_id,
    mode: row.mode,
    filename: row.filename,
    mimeType: row.mime_type,
    kind: row.kind,
    sizeBytes: row.size_bytes,
    sha256: row.sha256,
    source: row.source,
    createdAt: row.created_at,
  };
}

export async function insertMedia(tx: Tx, file: MediaFile): Promise<void> {
  await tx
    .insertInto('media')
    .values({
      id: file.id,
      account_id: file.accountId,
      mode: file.mode,
      filename: file.filename,
      mime_type: file.mimeType,
      kind: file.kind,
      size_bytes: file.sizeBytes,
      sha256: file.sha256,
      source: file.source,
      created_at: file.createdAt,
    })
    .execute();
}

export async function findMedia(db: Reader, accountId: string, mode: 'live' | 'test', id: string): Promise<MediaFile | undefined> {
  const row = await db.selectFrom('media').selectAll().where('id', '=', id).where('account_id', '=', accountId).where('mode', '=', mode).executeTakeFirst();
  return row && toMediaFile(row);
}

/** A file's registration with the platform for one business number. */
export interface Registration {
  mediaId: string;
  phoneNumberId: string;
  platformMediaId: string;
  /** When the platform forgets the id (ISO). */
  expiresAt: string;
  createdAt: string;
}

export async function findRegistration(db: Reader, mediaId: string, phoneNumberId: string): Promise<Registration | undefined> {
  const row = await db.selectFrom('media_registrations').selectAll().where('media_id', '=', mediaId).where('phone_number_id', '=', phoneNumberId).executeTakeFirst();
  return row && { mediaId: row.media_id, phoneNumberId: row.phone_number_id, platformMediaId: row.platform_media_id, expiresAt: row.expires_at, createdAt: row.created_at };
}

/** Records (or replaces) the platform's id of a file for a number. */
export async function saveRegistration(tx: Tx, r: Registration): Promise<void> {
  await tx
    .insertInto('media_registrations')
    .values({ media_id: r.mediaId, phone_number_id: r.phoneNumberId, platform_media_id: r.platformMediaId, expires_at: r.expiresAt, created_at: r.createdAt })
    .onConflict((oc) => oc.columns(['media_id', 'phone_number_id']).doUpdateSet({ platform_media_id: r.platformMediaId, expires_at: r.expiresAt, created_at: r.createdAt }))
    .execute();
}

/** Newest first, at most `limit`. */
export async function listMedia(db: Reader, q: { accountId: string; mode: 'live' | 'test'; limit: number; after?: { createdAt: string; id: string } }): Promise<MediaFile[]> {
  let query = db.selectFrom('media').selectAll().where('account_id', '=', q.accountId).where('mode', '=', q.mode);
  if (q.after) query = query.where(afterCursor('created_at', { value: q.after.createdAt, id: q.after.id }));
  return (await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit).execute()).map(toMediaFile);
}
