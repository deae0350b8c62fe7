/**
 * What window-aware routing reads and writes of messages (docs/api.md §D19): the customer's last
 * message at dispatch, how a message went out, and the messages the platform dropped at the end of
 * their time to live. Only the messages feature uses it.
 */
import { sql } from 'kysely';
import { isPostgres } from '../../db/connect.js';
import type { Reader, Tx } from '../../db/store.js';
import type { MessageRow } from './message.repository.js';

/**
 * When the customer of a queued message last wrote (ISO), through the message's contact: however
 * they were addressed; null when they never did (or the message has no contact).
 */
export async function contactLastInboundAt(db: Reader, messageId: string): Promise<string | null> {
  const row = await db
    .selectFrom('messages')
    .innerJoin('contacts', 'contacts.id', 'messages.contact_id')
    .select('contacts.last_inbound_at')
    .where('messages.id', '=', messageId)
    .executeTakeFirst();
  return row?.last_inbound_at ?? null;
}

/** Records how dispatched messages went out and when the platform stops trying to deliver them (docs/api.md §D19). */
export async function setDispatchRouting(
  tx: Tx,
  rows: { id: string; deliveredAs: MessageRow['delivered_as']; ttlEndsAt: string | null }[],
): Promise<void> {
  for (const r of rows)
    await tx
      .updateTable('messages')
      .set({ delivered_as: r.deliveredAs, ttl_ends_at: r.ttlEndsAt })
      .where('id', '=', r.id)
      .execute();
}

/**
 * Messages the platform has stopped trying to deliver (their `ttl_ends_at` before `before`, ISO)
 * and that never were: at most `limit`, locked on PostgreSQL (index `messages_ttl_due`).
 */
export async function claimTtlExpired(tx: Tx, before: string, limit: number): Promise<string[]> {
  // The statuses as literals, as the partial index `messages_ttl_due` is written: SQLite uses a
  // partial index only when the query's terms imply its WHERE as written, never through bound
  // parameters, and otherwise scanned every message (165 ms a call at 1,000,000 messages, holding
  // the write lock: bench/README.md, "Delivery analytics").
  let q = tx
    .selectFrom('messages')
    .select('id')
    .where('ttl_ends_at', 'is not', null)
    .where(sql<boolean>`status in ('accepted', 'sent')`)
    .where('ttl_ends_at', '<', before)
    .orderBy('ttl_ends_at')
    .limit(limit);
  if (isPostgres(tx)) q = q.forUpdate().skipLocked();
  return (await q.execute()).map((r) => r.id);
}
