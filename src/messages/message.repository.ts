/** Rows of outbound messages, inbound messages and status reports. Only this file touches them. */
import type { Insertable, Selectable, Updateable } from 'kysely';
import { isPostgres, type Db } from '../db/connect.js';
import { afterCursor } from '../db/paging.js';
import type { InboundMessagesTable, MessagesTable, StatusReportsTable } from '../db/schema.js';

export type MessageRow = Selectable<MessagesTable>;
export type InboundRow = Selectable<InboundMessagesTable>;
export type StatusReportRow = Selectable<StatusReportsTable>;

export async function insertMessage(db: Db, row: Insertable<MessagesTable>): Promise<void> {
  await db.insertInto('messages').values(row).execute();
}

export async function updateMessage(db: Db, id: string, changes: Updateable<MessagesTable>): Promise<void> {
  await db.updateTable('messages').set(changes).where('id', '=', id).execute();
}

export async function deleteMessage(db: Db, id: string): Promise<void> {
  await db.deleteFrom('messages').where('id', '=', id).execute();
}

/**
 * One message by id, locked for the rest of the transaction on PostgreSQL (SQLite transactions
 * already hold the single write lock), so two status reports for it cannot lose each other's update.
 */
export function findMessageForUpdate(db: Db, by: { id: string } | { platformMessageId: string }): Promise<MessageRow | undefined> {
  let q = db.selectFrom('messages').selectAll();
  q = 'id' in by ? q.where('id', '=', by.id) : q.where('platform_message_id', '=', by.platformMessageId);
  if (isPostgres(db)) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** A message of the account and mode, by `msg_` id or platform message id. */
export function findMessage(db: Db, accountId: string, mode: string, idOrWamid: string): Promise<MessageRow | undefined> {
  const column = idOrWamid.startsWith('msg_') ? 'id' : 'platform_message_id';
  return db
    .selectFrom('messages')
    .selectAll()
    .where(column, '=', idOrWamid)
    .where('account_id', '=', accountId)
    .where('mode', '=', mode as 'live' | 'test')
    .executeTakeFirst();
}

export interface MessageListQuery {
  accountId: string;
  mode: 'live' | 'test';
  limit: number;
  /** Continue after this row's place in (created_at desc, id desc). */
  after?: { created_at: string; id: string };
  status?: string;
  recipient?: string;
}

/** Newest first; fetches `limit + 1` rows so the caller can tell whether more exist. */
export function listMessages(db: Db, q: MessageListQuery): Promise<MessageRow[]> {
  let query = db
    .selectFrom('messages')
    .selectAll()
    .where('account_id', '=', q.accountId)
    .where('mode', '=', q.mode)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit + 1);
  if (q.status) query = query.where('status', '=', q.status as MessageRow['status']);
  if (q.recipient) query = query.where('recipient', '=', q.recipient);
  if (q.after) query = query.where(afterCursor('created_at', { value: q.after.created_at, id: q.after.id }));
  return query.execute();
}


export function findInboundByWamid(db: Db, accountId: string, wamid: string): Promise<InboundRow | undefined> {
  return db.selectFrom('inbound_messages').selectAll().where('platform_message_id', '=', wamid).where('account_id', '=', accountId).executeTakeFirst();
}

/** When the customer last wrote to this business number, in this mode (ISO), or null. */
export async function lastInboundAt(db: Db, phoneNumberId: string, sender: string, mode: 'live' | 'test'): Promise<string | null> {
  const row = await db
    .selectFrom('inbound_messages')
    .select((eb) => eb.fn.max('sent_at').as('last'))
    .where('phone_number_id', '=', phoneNumberId)
    .where('sender', '=', sender)
    .where('mode', '=', mode)
    .executeTakeFirst();
  return (row?.last as string | null | undefined) ?? null;
}


export function listStatusReports(db: Db, wamid: string): Promise<StatusReportRow[]> {
  return db.selectFrom('status_reports').selectAll().where('platform_message_id', '=', wamid).orderBy('occurred_at').execute();
}

/**
 * Stores status reports, skipping any (wamid, status) already stored.
 * @returns the `wamid status` keys that were new.
 */
export async function insertStatusReports(db: Db, rows: Insertable<StatusReportsTable>[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await db
    .insertInto('status_reports')
    .values(rows)
    .onConflict((oc) => oc.columns(['platform_message_id', 'status']).doNothing())
    .returning(['platform_message_id', 'status'])
    .execute();
  return new Set(inserted.map((r) => `${r.platform_message_id} ${r.status}`));
}

/** Messages with these platform ids (or these `msg_` ids), locked on PostgreSQL, in id order. */
export async function findMessagesForUpdate(db: Db, by: 'platform_message_id' | 'id', values: string[]): Promise<MessageRow[]> {
  if (values.length === 0) return [];
  let q = db.selectFrom('messages').selectAll().where(by, 'in', values).orderBy(by);
  if (isPostgres(db)) q = q.forUpdate();
  return q.execute();
}

export async function insertMessages(db: Db, rows: Insertable<MessagesTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('messages').values(rows).execute();
}

/** @returns the platform message ids that were new. */
export async function insertInboundMessages(db: Db, rows: Insertable<InboundMessagesTable>[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await db
    .insertInto('inbound_messages')
    .values(rows)
    .onConflict((oc) => oc.column('platform_message_id').doNothing())
    .returning('platform_message_id')
    .execute();
  return new Set(inserted.map((r) => r.platform_message_id));
}

/** Sets the platform id of a message and returns the row as it now is. */
export function setPlatformMessageId(db: Db, id: string, wamid: string): Promise<MessageRow | undefined> {
  return db.updateTable('messages').set({ platform_message_id: wamid }).where('id', '=', id).returningAll().executeTakeFirst();
}

/** `msg_` ids of messages by their wamids (for the reply context of inbound messages). */
export async function messageIdsByWamid(db: Db, accountIds: string[], wamids: string[]): Promise<Map<string, string>> {
  if (wamids.length === 0 || accountIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('messages')
    .select(['id', 'platform_message_id', 'account_id'])
    .where('platform_message_id', 'in', wamids)
    .where('account_id', 'in', accountIds)
    .execute();
  return new Map(rows.map((r) => [`${r.account_id} ${r.platform_message_id}`, r.id]));
}

export function findInbound(db: Db, accountId: string, mode: 'live' | 'test', id: string): Promise<InboundRow | undefined> {
  return db.selectFrom('inbound_messages').selectAll().where('id', '=', id).where('account_id', '=', accountId).where('mode', '=', mode).executeTakeFirst();
}
