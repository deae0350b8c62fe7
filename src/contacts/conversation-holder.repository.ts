/** Who holds each contact's conversation: the `conversation_holder*` columns of `contacts` (migration 0033, docs/api.md §D30). */
import type { Selectable } from 'kysely';
import type { ContactsTable } from '../db/schema.js';
import { isPostgres } from '../db/connect.js';
import type { Tx } from '../db/store.js';

export type HolderRow = Pick<
  Selectable<ContactsTable>,
  | 'id'
  | 'account_id'
  | 'mode'
  | 'phone_number_id'
  | 'conversation_holder'
  | 'conversation_holder_since'
  | 'conversation_holder_reason'
>;

/**
 * The holders of these contacts (locked on PostgreSQL, in id order): one statement, none for no ids.
 * `agentHeldOnly`: only those Meta's agent holds (the few a change to the business can move: the
 * common case, a status or a customer message of a conversation the business holds, locks nothing).
 */
export async function findHolders(tx: Tx, ids: string[], agentHeldOnly: boolean): Promise<HolderRow[]> {
  if (ids.length === 0) return [];
  let q = tx
    .selectFrom('contacts')
    .select([
      'id',
      'account_id',
      'mode',
      'phone_number_id',
      'conversation_holder',
      'conversation_holder_since',
      'conversation_holder_reason',
    ])
    .where('id', 'in', [...new Set(ids)])
    .orderBy('id');
  if (agentHeldOnly) q = q.where('conversation_holder', '=', 'meta_agent');
  if (isPostgres(tx)) q = q.forUpdate();
  return q.execute();
}

/** Sets a contact's holder, since `since` (ISO), for `reason`. */
export async function setHolder(
  tx: Tx,
  id: string,
  holder: HolderRow['conversation_holder'],
  since: string,
  reason: string,
): Promise<void> {
  await tx
    .updateTable('contacts')
    .set({ conversation_holder: holder, conversation_holder_since: since, conversation_holder_reason: reason })
    .where('id', '=', id)
    .execute();
}
