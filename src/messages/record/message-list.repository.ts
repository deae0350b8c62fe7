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

/**
 * The statuses most messages end in: a page of them is dense in messages_list (about `limit` ÷
 * their share rows read). The others are in the partial index messages_status_list, whose WHERE
 * is `SPARSE_STATUS` (migration 0032, docs/api.md §D6).
 */
export const DENSE_STATUSES: readonly string[] = ['delivered', 'read'];
const SPARSE_STATUS = "status not in ('delivered', 'read')";

export interface MessageListQuery {
  accountId: string;
  mode: 'live' | 'test';
  limit: number;
  /** Continue after this row's place in the list's order. */
  after?: { created_at: string; id: string; batch_index?: number | null };
  status?: string;
  recipient?: string;
  batchId?: string;
  clientReference?: string;
  /** Routed sends that went out so (only they record it). */
  deliveredAs?: 'free_form' | 'direct_send' | 'template';
}

/**
 * At most `limit`, newest first; a batch's (`batchId`) in the batch's order instead (by their place
 * in its request, `batch_index`; messages stored before 0024 have none and come first, by id).
 */
export function listMessages(db: Reader, q: MessageListQuery): Promise<MessageRow[]> {
  let query = db
    .selectFrom('messages')
    .selectAll()
    .where('account_id', '=', q.accountId)
    .where('mode', '=', q.mode)
    .limit(q.limit);
  if (q.batchId) {
    const place = sql<number>`coalesce(batch_index, -1)`;
    query = query.where('batch_id', '=', q.batchId).orderBy(place).orderBy('id');
    if (q.after) query = query.where(sql<boolean>`(${place}, id) > (${q.after.batch_index ?? -1}, ${q.after.id})`);
  } else {
    query = query.orderBy('created_at', 'desc').orderBy('id', 'desc');
    if (q.after) query = query.where(afterCursor('created_at', { value: q.after.created_at, id: q.after.id }));
  }
  if (q.status) {
    query = query.where('status', '=', q.status as MessageRow['status']);
    // The sparse states are read from messages_status_list; SQLite chooses a partial index only
    // when the query holds the index's WHERE word for word (migration 0032).
    if (!DENSE_STATUSES.includes(q.status)) query = query.where(sql.raw<boolean>(SPARSE_STATUS));
  }
  if (q.recipient) query = query.where('recipient', '=', q.recipient);
  if (q.clientReference) query = query.where(referenceColumn(db), '=', q.clientReference);
  // Read from messages_delivered_as_list, partial on this WHERE, repeated word for word for SQLite (migration 0036).
  if (q.deliveredAs)
    query = query.where('delivered_as', '=', q.deliveredAs).where(sql.raw<boolean>('delivered_as is not null'));
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
 * The least string, by code point, above every string that starts with `prefix`: the prefix with
 * its last code point one higher (past the surrogates, which no well-formed string holds), the
 * code points U+10FFFF at its end dropped first; null when the prefix is all U+10FFFF.
 * (`prefix + U+FFFF` is no bound: `P😀b`, U+1F600, sorts above `P\uffff`.)
 */
export function prefixEnd(prefix: string): string | null {
  const points = Array.from(prefix, (c) => c.codePointAt(0)!);
  while (points.length > 0) {
    const last = points.pop()!;
    if (last < 0x10ffff) return String.fromCodePoint(...points, last === 0xd7ff ? 0xe000 : last + 1);
  }
  return null;
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
    .where(reference, '>=', prefix)
    .where('phone_number_id', '=', lane.phoneNumberId)
    .orderBy(reference)
    .orderBy('id')
    .limit(limit);
  // Every string starting with the prefix sorts before the prefix's end, by code point (UTF-8's
  // byte order, which both databases compare by here); a prefix of U+10FFFF only has no end.
  const end = prefixEnd(prefix);
  if (end !== null) q = q.where(reference, '<', end);
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
