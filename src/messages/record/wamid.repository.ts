/**
 * A message's wamid (its platform message id): set when the platform's answer names it (many
 * answers in one statement), or when a status brings the wamid of a send whose answer was lost;
 * and the `msg_` ids of the messages customers' replies quote by wamid.
 */
import { sql } from 'kysely';
import { jsonRows } from '../../db/json-rows.js';
import type { Reader, Tx } from '../../db/store.js';
import type { MessageRow } from './message.repository.js';

/**
 * Sets the platform id of a message that has none, when no other message holds it (the common
 * case of a send's answer, in one statement). @returns whether it was set.
 */
export async function setFirstPlatformMessageId(tx: Tx, id: string, wamid: string): Promise<boolean> {
  const result = await tx
    .updateTable('messages')
    .set({ platform_message_id: wamid })
    .where('id', '=', id)
    .where('platform_message_id', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('messages as other').select(sql.lit(1).as('one')).where('other.platform_message_id', '=', wamid),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * `setFirstPlatformMessageId` for many sends' answers in one statement.
 * @returns the ids of the messages whose wamid was set (the others need the slow way, `attachWamid`).
 */
export async function setFirstPlatformMessageIds(
  tx: Tx,
  answers: { id: string; wamid: string }[],
): Promise<Set<string>> {
  if (answers.length === 0) return new Set();
  const sorted = [...answers].sort((a, b) => (a.id < b.id ? -1 : 1));
  // "No wamid yet" as an expression no index serves: both planners would otherwise walk the wamid
  // index over every message without one (`is null`) and look each up among the answers (seen
  // in the benchmarks); so each answer's message is found by id. No wamid is empty.
  const result = await sql<{ id: string }>`
    update messages set platform_message_id = v.wamid
    from ${jsonRows(tx, { id: 'text', wamid: 'text' }, sorted)}
    where messages.id = v.id and coalesce(messages.platform_message_id, '') = ''
      and not exists (select 1 from messages other where other.platform_message_id = v.wamid)
    returning messages.id`.execute(tx);
  return new Set(result.rows.map((r) => r.id));
}

/** Sets the platform id of a message and returns the row as it now is. */
export function setPlatformMessageId(tx: Tx, id: string, wamid: string): Promise<MessageRow | undefined> {
  return tx
    .updateTable('messages')
    .set({ platform_message_id: wamid })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** `msg_` ids of messages by their wamids (for the reply context of inbound messages). */
export async function messageIdsByWamid(
  db: Reader,
  accountIds: string[],
  wamids: string[],
): Promise<Map<string, string>> {
  if (wamids.length === 0 || accountIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('messages')
    .select(['id', 'platform_message_id', 'account_id'])
    .where('platform_message_id', 'in', wamids)
    .where('account_id', 'in', accountIds)
    .execute();
  return new Map(rows.map((r) => [`${r.account_id} ${r.platform_message_id}`, r.id]));
}
