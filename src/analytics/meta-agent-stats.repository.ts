/**
 * The replies of Meta's agent in the analytics (docs/api.md §D30): counted apart from the business's
 * own messages, which the aggregates hold (the aggregates' triggers leave these out, migration 0035).
 * Read from `messages` through the partial index `messages_meta_agent_replies` (migration 0033): the
 * read walks the agent's replies in the range only, never the business's messages.
 */
import { sql } from 'kysely';
import type { Reader } from '../db/store.js';

/** The agent's replies accepted in a range, and how far they got. */
export interface MetaAgentFigures {
  /** Replies the agent sent (echoed under `standby`), by when Tidings stored their echo. */
  replies: number;
  /** Of those, delivered (or read) per their statuses. */
  delivered: number;
  /** Of those, read. */
  read: number;
  /** Of those, failed. */
  failed: number;
}

/**
 * The agent's replies of an account and mode stored in `[from, to)` (ISO 8601 UTC), from one business
 * number when `phoneNumberId` is given. One statement.
 */
export async function readMetaAgentFigures(
  db: Reader,
  q: { accountId: string; mode: 'live' | 'test'; from: string; to: string; phoneNumberId?: string | undefined },
): Promise<MetaAgentFigures> {
  let query = db
    .selectFrom('messages')
    .select([
      sql<number>`count(*)`.as('replies'),
      sql<number>`coalesce(sum(case when status in ('delivered', 'read') then 1 else 0 end), 0)`.as('delivered'),
      sql<number>`coalesce(sum(case when status = 'read' then 1 else 0 end), 0)`.as('read'),
      sql<number>`coalesce(sum(case when status = 'failed' then 1 else 0 end), 0)`.as('failed'),
    ])
    .where('account_id', '=', q.accountId)
    .where('mode', '=', q.mode)
    .where('source', '=', 'meta_agent')
    .where('created_at', '>=', q.from)
    .where('created_at', '<', q.to);
  if (q.phoneNumberId !== undefined) query = query.where('phone_number_id', '=', q.phoneNumberId);
  const row = await query.executeTakeFirstOrThrow();
  return {
    replies: Number(row.replies),
    delivered: Number(row.delivered),
    read: Number(row.read),
    failed: Number(row.failed),
  };
}
