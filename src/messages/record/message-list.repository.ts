/**
 * Reading outbound messages as lists (GET /v1/messages and its filters), finding a number's
 * messages by client reference, and marking messages canceled (docs/api.md §D18). Re-exported by
 * message.repository.ts.
 */
import { sql, type RawBuilder, type Selectable } from 'kysely';
import { isPostgres } from '../../db/connect.js';
import { afterCursor } from '../../db/paging.js';
import type { Reader, Tx } from '../../db/store.js';
import type { MessagesTable } from '../../db/schema.js';

type MessageRow = Selectable<MessagesTable>;

export interface MessageListQuery {
  accountId: string;
  mode: 'live' | 'test';
  limit: number;
  /** Continue after this row's place in (created_at desc, id desc). */
  after?: { created_at: string; id: string };
  status?: string;
  recipient?: string;
  batchId?: string;
  clientReference?: string;
}

/** Newest first, at most `limit`. */
export function listMessages(db: Reader, q: MessageListQuery): Promise<MessageRow[]> {
  let query = db
    .selectFrom('messages')
    .selectAll()
    .where('account_id', '=', q.accountId)
    .where('mode', '=', q.mode)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit);
  if (q.status) query = query.where('status', '=', q.status as MessageRow['status']);
  if (q.recipient) query = query.where('recipient', '=', q.recipient);
  if (q.batchId) query = query.where('batch_id', '=', q.batchId);
  if (q.clientReference) query = query.where(referenceColumn(db), '=', q.clientReference);
  if (q.after) query = query.where(afterCursor('created_at', { value: q.after.created_at, id: q.after.id }));
  return query.execute();
}

/**
 * `client_reference` as the `messages_client_reference` index orders it: by code point on both
 * databases (`collate "C"` on PostgreSQL), so a prefix is one range of it.
 */
function referenceColumn(db: Reader): RawBuilder<string | null> {
  return isPostgres(db) ? sql<string | null>`client_reference collate "C"` : sql<string | null>`client_reference`;
}

/**
 * Up to `limit` messages of a number whose `clientReference` starts with `prefix`, after the
 * reference `after`, in reference order (the `messages_client_reference` index, as a range).
 */
export function byReferencePrefix(
  db: Reader,
  lane: { accountId: string; mode: 'live' | 'test'; phoneNumberId: string },
  prefix: string,
  after: { reference: string; id: string } | null,
  limit: number,
): Promise<MessageRow[]> {
  const reference = referenceColumn(db);
  let q = db
    .selectFrom('messages')
    .selectAll()
    .where('account_id', '=', lane.accountId)
    .where('mode', '=', lane.mode)
    // Every string starting with the prefix sorts before prefix + U+FFFF, by code point.
    .where(reference, '>=', prefix)
    .where(reference, '<', `${prefix}\uffff`)
    .where('phone_number_id', '=', lane.phoneNumberId)
    .orderBy(reference)
    .orderBy('id')
    .limit(limit);
  if (after) q = q.where(sql<boolean>`(${reference}, id) > (${after.reference}, ${after.id})`);
  return q.execute();
}

/** Marks messages canceled at `now`. */
export async function markCanceled(tx: Tx, ids: string[], now: string): Promise<void> {
  if (ids.length > 0)
    await tx
      .updateTable('messages')
      .set({ status: 'canceled', canceled_at: now, updated_at: now })
      .where('id', 'in', ids)
      .execute();
}
