/**
 * The messages feature's tables as retention and file deletion need them (docs/api.md §D17):
 * message bodies removed a batch at a time, in the order of the lists' indexes (a sweep reads only
 * the range it removes), a customer message's file marked deleted, and whether a file is queued to
 * be sent.
 */
import { sql } from 'kysely';
import { jsonRows } from '../../db/json-rows.js';
import type { Reader, Tx } from '../../db/store.js';
import { removedPayload as removedInboundPayload } from './content-removal.js';
import { removedPayload } from '../record/send-queue.repository.js';

/** A place in a list's order (time, id), to go on from. */
export interface RetentionCursor {
  at: string;
  id: string;
}

/** Range and batch of one step of a body sweep: one account and mode, created in [from, before), after `after`. */
export interface BodyBatch {
  accountId: string;
  mode: 'live' | 'test';
  from: string | null;
  before: string;
  after: RetentionCursor | null;
  limit: number;
}

/**
 * Removes the content of the next `limit` messages of the batch's range (oldest first, by
 * `messages_list`): text, caption, rich content and template values (a reaction keeps its
 * emoji), with `content_removed_at` set. @returns where the batch ended (null: the range is done).
 */
export async function removeMessageBodies(tx: Tx, b: BodyBatch, removedAt: string): Promise<RetentionCursor | null> {
  let q = tx
    .selectFrom('messages')
    .select(['id', 'created_at'])
    .where('account_id', '=', b.accountId)
    .where('mode', '=', b.mode)
    .where('created_at', '<', b.before);
  if (b.from) q = q.where('created_at', '>=', b.from);
  if (b.after) q = q.where(sql<boolean>`(created_at, id) > (${b.after.at}, ${b.after.id})`);
  const rows = await q.orderBy('created_at').orderBy('id').limit(b.limit).execute();
  if (rows.length === 0) return null;
  await tx
    .updateTable('messages')
    .set({
      text: null,
      caption: null,
      // An edited message's earlier versions are what it said too (docs/api.md §D32).
      edits: null,
      content: sql`case when type = 'reaction' then content else null end`,
      content_removed_at: sql`coalesce(content_removed_at, ${removedAt})`,
    })
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  await removeWaitingPayloads(
    tx,
    rows.map((r) => r.id),
    removedAt,
  );
  const last = rows[rows.length - 1]!;
  return rows.length < b.limit ? null : { at: last.created_at, id: last.id };
}

/**
 * Removes the copies of these messages' content that wait to be sent: their queue entries' and
 * scheduled sends' payloads become `removedPayload` (send-queue.repository.ts), so nothing past its
 * retention is ever sent: each fails with `content_removed` when its turn comes (dispatch/payload.ts).
 * Locks in the one order (docs/architecture.md, "Locks on PostgreSQL"): messages, then queue entries, then scheduled sends.
 */
async function removeWaitingPayloads(tx: Tx, messageIds: string[], removedAt: string): Promise<void> {
  const payload = removedPayload(removedAt);
  const waiting = sql<boolean>`payload not like '{"contentRemovedAt":%'`;
  await tx.updateTable('dispatches').set({ payload }).where('message_id', 'in', messageIds).where(waiting).execute();
  await tx
    .updateTable('scheduled_sends')
    .set({ payload })
    .where('message_id', 'in', messageIds)
    .where(waiting)
    .execute();
}

/**
 * Removes the content of the next `limit` customer messages of the batch's range, by arrival
 * (oldest first, by `inbound_messages_created`): text, and of the stored platform object all but
 * what says what it is (content-removal.ts). @returns where the batch ended (null: done).
 */
export async function removeInboundBodies(tx: Tx, b: BodyBatch, removedAt: string): Promise<RetentionCursor | null> {
  let q = tx
    .selectFrom('inbound_messages')
    .select(['id', 'created_at', 'type', 'payload'])
    .where('account_id', '=', b.accountId)
    .where('mode', '=', b.mode)
    .where('created_at', '<', b.before);
  if (b.from) q = q.where('created_at', '>=', b.from);
  if (b.after) q = q.where(sql<boolean>`(created_at, id) > (${b.after.at}, ${b.after.id})`);
  const rows = await q.orderBy('created_at').orderBy('id').limit(b.limit).execute();
  if (rows.length === 0) return null;
  const changed = rows.map((r) => ({ id: r.id, payload: removedInboundPayload(r.type, r.payload) }));
  await sql`update inbound_messages set text = null, payload = v.payload, content_removed_at = coalesce(inbound_messages.content_removed_at, ${removedAt})
    from ${jsonRows(tx, { id: 'text', payload: 'text' }, changed)} where inbound_messages.id = v.id`.execute(tx);
  const last = rows[rows.length - 1]!;
  return rows.length < b.limit ? null : { at: last.created_at, id: last.id };
}

/** Marks the customer messages whose file this was as having it deleted (`media.status: "deleted"`). */
export async function markInboundMediaDeleted(tx: Tx, mediaId: string): Promise<void> {
  await tx.updateTable('inbound_messages').set({ media_status: 'deleted' }).where('media_id', '=', mediaId).execute();
}

/**
 * A message of the account waiting to send this file (scheduled, or accepted and not sent yet), if
 * any: its `msg_` id and status, the earliest first.
 */
export async function pendingMessageWithMedia(
  db: Reader,
  accountId: string,
  mediaId: string,
): Promise<{ id: string; status: 'scheduled' | 'accepted' } | null> {
  const row = await db
    .selectFrom('messages')
    .select(['id', 'status'])
    .where('media_id', '=', mediaId)
    .where('account_id', '=', accountId)
    .where('status', 'in', ['scheduled', 'accepted'])
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, status: row.status as 'scheduled' | 'accepted' } : null;
}
