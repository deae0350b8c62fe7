/** Rows of media and their platform registrations. Only this file touches those tables; it builds their rows. */
import { sql, type Selectable } from 'kysely';
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

/** Stores a file's row, and counts it in its account's usage (`media_usage`), in the caller's transaction. */
export async function insertMedia(tx: Tx, file: MediaFile): Promise<void> {
  await countUsage(tx, file, 1);
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

export async function findMedia(
  db: Reader,
  accountId: string,
  mode: 'live' | 'test',
  id: string,
): Promise<MediaFile | undefined> {
  const row = await db
    .selectFrom('media')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('mode', '=', mode)
    .executeTakeFirst();
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

export async function findRegistration(
  db: Reader,
  mediaId: string,
  phoneNumberId: string,
): Promise<Registration | undefined> {
  const row = await db
    .selectFrom('media_registrations')
    .selectAll()
    .where('media_id', '=', mediaId)
    .where('phone_number_id', '=', phoneNumberId)
    .executeTakeFirst();
  return (
    row && {
      mediaId: row.media_id,
      phoneNumberId: row.phone_number_id,
      platformMediaId: row.platform_media_id,
      expiresAt: row.expires_at,
      createdAt: row.created_at,
    }
  );
}

/** Records (or replaces) the platform's id of a file for a number. */
export async function saveRegistration(tx: Tx, r: Registration): Promise<void> {
  await tx
    .insertInto('media_registrations')
    .values({
      media_id: r.mediaId,
      phone_number_id: r.phoneNumberId,
      platform_media_id: r.platformMediaId,
      expires_at: r.expiresAt,
      created_at: r.createdAt,
    })
    .onConflict((oc) =>
      oc
        .columns(['media_id', 'phone_number_id'])
        .doUpdateSet({ platform_media_id: r.platformMediaId, expires_at: r.expiresAt, created_at: r.createdAt }),
    )
    .execute();
}

/** Newest first, at most `limit`. */
export async function listMedia(
  db: Reader,
  q: { accountId: string; mode: 'live' | 'test'; limit: number; after?: { createdAt: string; id: string } },
): Promise<MediaFile[]> {
  let query = db.selectFrom('media').selectAll().where('account_id', '=', q.accountId).where('mode', '=', q.mode);
  if (q.after) query = query.where(afterCursor('created_at', { value: q.after.createdAt, id: q.after.id }));
  return (await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(q.limit).execute()).map(toMediaFile);
}

/** Adds (`sign` 1) or takes away (-1) a file from its account's usage row. */
async function countUsage(tx: Tx, file: MediaFile, sign: 1 | -1): Promise<void> {
  const files = sign;
  const bytes = sign * file.sizeBytes;
  await tx
    .insertInto('media_usage')
    .values({ account_id: file.accountId, mode: file.mode, source: file.source, files, bytes })
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'mode', 'source'])
        .doUpdateSet({ files: sql`media_usage.files + ${files}`, bytes: sql`media_usage.bytes + ${bytes}` }),
    )
    .execute();
}

/**
 * Removes a file's row, its platform registrations and its count in the usage, in the caller's
 * transaction. @returns the registrations it had (for the platform's copies to be deleted), or
 * null when the row was already gone (another deletion won).
 */
export async function deleteMedia(tx: Tx, file: MediaFile): Promise<Registration[] | null> {
  const registrations = await tx
    .deleteFrom('media_registrations')
    .where('media_id', '=', file.id)
    .returningAll()
    .execute();
  const deleted = await tx.deleteFrom('media').where('id', '=', file.id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) return null;
  await countUsage(tx, file, -1);
  return registrations.map((r) => ({
    mediaId: r.media_id,
    phoneNumberId: r.phone_number_id,
    platformMediaId: r.platform_media_id,
    expiresAt: r.expires_at,
    createdAt: r.created_at,
  }));
}

/** A file by id, whatever its account (the retention sweep and the orphan sweep). */
export async function findMediaById(db: Reader, id: string): Promise<MediaFile | undefined> {
  const row = await db.selectFrom('media').selectAll().where('id', '=', id).executeTakeFirst();
  return row && toMediaFile(row);
}

/** Customers' files of an account stored before `before` (ISO), oldest first, at most `limit`. */
export async function inboundMediaBefore(
  db: Reader,
  accountId: string,
  before: string,
  limit: number,
): Promise<MediaFile[]> {
  const rows = await db
    .selectFrom('media')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('source', '=', 'inbound')
    .where('created_at', '<', before)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map(toMediaFile);
}

/** Which of these ids have a row (the orphan sweep: a stored file without one is abandoned). */
export async function existingMediaIds(db: Reader, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  return new Set((await db.selectFrom('media').select('id').where('id', 'in', ids).execute()).map((r) => r.id));
}

/** Files stored, by source, of one account in one mode (or of every account: the metrics scrape). */
export interface MediaUsage {
  accountId: string;
  mode: 'live' | 'test';
  source: 'upload' | 'inbound';
  files: number;
  bytes: number;
}

/** The usage rows of one account and mode, or (no `scope`) of every account: one row per account, mode and source. */
export async function mediaUsage(
  db: Reader,
  scope?: { accountId: string; mode: 'live' | 'test' },
): Promise<MediaUsage[]> {
  let q = db.selectFrom('media_usage').selectAll();
  if (scope) q = q.where('account_id', '=', scope.accountId).where('mode', '=', scope.mode);
  return (await q.orderBy('account_id').orderBy('mode').orderBy('source').execute()).map((r) => ({
    accountId: r.account_id,
    mode: r.mode,
    source: r.source,
    files: Number(r.files),
    bytes: Number(r.bytes),
  }));
}
