/**
 * Rows of outbound messages: one found (and locked) or changed, a merged contact's re-pointed, a
 * contact's timeline. New messages' rows and the writes of many at once are message-rows.repository.ts,
 * wamids wamid.repository.ts; status reports are status-report.repository.ts and customers'
 * messages inbound.repository.ts (both re-exported here). Only these files touch those tables;
 * they build their rows from the feature's own inputs. Rows never leave the messages feature.
 */
import type { Selectable, Updateable } from 'kysely';
import { isPostgres } from '../../db/connect.js';
import { afterCursor } from '../../db/paging.js';
import type { MessagesTable } from '../../db/schema.js';
import type { Reader, Tx } from '../../db/store.js';
import type { InboundRow } from './inbound.repository.js';

export type MessageRow = Selectable<MessagesTable>;

export async function updateMessage(tx: Tx, id: string, changes: Updateable<MessagesTable>): Promise<void> {
  await tx.updateTable('messages').set(changes).where('id', '=', id).execute();
}

export async function deleteMessage(tx: Tx, id: string): Promise<void> {
  await tx.deleteFrom('messages').where('id', '=', id).execute();
}

/**
 * One message by id, locked for the rest of the transaction on PostgreSQL (SQLite transactions
 * already hold the single write lock), so two status reports for it cannot lose each other's update.
 */
export function findMessageForUpdate(
  tx: Tx,
  by: { id: string } | { platformMessageId: string },
): Promise<MessageRow | undefined> {
  let q = tx.selectFrom('messages').selectAll();
  q = 'id' in by ? q.where('id', '=', by.id) : q.where('platform_message_id', '=', by.platformMessageId);
  if (isPostgres(tx)) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** A message of the account and mode, by `msg_` id or platform message id. */
export function findMessage(
  db: Reader,
  accountId: string,
  mode: string,
  idOrWamid: string,
): Promise<MessageRow | undefined> {
  const column = idOrWamid.startsWith('msg_') ? 'id' : 'platform_message_id';
  return db
    .selectFrom('messages')
    .selectAll()
    .where(column, '=', idOrWamid)
    .where('account_id', '=', accountId)
    .where('mode', '=', mode as 'live' | 'test')
    .executeTakeFirst();
}

/** Messages with these platform ids (or these `msg_` ids), locked on PostgreSQL, in id order. */
export async function findMessagesForUpdate(
  tx: Tx,
  by: 'platform_message_id' | 'id',
  values: string[],
): Promise<MessageRow[]> {
  if (values.length === 0) return [];
  // By id whichever key they are found by: every unit that locks several messages takes them in id order.
  let q = tx.selectFrom('messages').selectAll().where(by, 'in', values).orderBy('id');
  if (isPostgres(tx)) q = q.forUpdate();
  return q.execute();
}

/** Re-points both directions' messages of contact `from` to contact `into` (two contacts merged). */
export async function relinkContact(tx: Tx, from: string, into: string): Promise<void> {
  await tx.updateTable('messages').set({ contact_id: into }).where('contact_id', '=', from).execute();
  await tx.updateTable('inbound_messages').set({ contact_id: into }).where('contact_id', '=', from).execute();
}

/** A place in a contact's timeline: when the message was sent (inbound) or accepted (outbound), and its id. */
export interface TimelineCursor {
  at: string;
  id: string;
}

/**
 * Up to `limit` of a contact's messages of both directions, newest first, after `after`: the
 * newest of each direction (two index range scans, `messages_contact` and
 * `inbound_messages_contact`), merged.
 */
export async function contactTimeline(
  db: Reader,
  contactId: string,
  limit: number,
  after?: TimelineCursor,
): Promise<({ direction: 'outbound'; row: MessageRow } | { direction: 'inbound'; row: InboundRow })[]> {
  let outbound = db
    .selectFrom('messages')
    .selectAll()
    .where('contact_id', '=', contactId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
  let inbound = db
    .selectFrom('inbound_messages')
    .selectAll()
    .where('contact_id', '=', contactId)
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
  if (after) {
    outbound = outbound.where(afterCursor('created_at', { value: after.at, id: after.id }));
    inbound = inbound.where(afterCursor('sent_at', { value: after.at, id: after.id }));
  }
  const entries = [
    ...(await outbound.execute()).map((row) => ({ direction: 'outbound' as const, row, at: row.created_at })),
    ...(await inbound.execute()).map((row) => ({ direction: 'inbound' as const, row, at: row.sent_at })),
  ];
  entries.sort((a, b) => (a.at === b.at ? (a.row.id < b.row.id ? 1 : -1) : a.at < b.at ? 1 : -1));
  return entries
    .slice(0, limit)
    .map(
      ({ direction, row }) =>
        ({ direction, row }) as { direction: 'outbound'; row: MessageRow } | { direction: 'inbound'; row: InboundRow },
    );
}

export * from './inbound.repository.js';
export * from './message-list.repository.js';
export * from './status-report.repository.js';
