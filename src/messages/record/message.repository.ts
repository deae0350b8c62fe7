/**
 * Rows of outbound messages (status reports: status-report.repository.ts; customers' messages:
 * inbound.repository.ts; both re-exported here). Only these files touch those tables; they build
 * their rows from the feature's own inputs. Rows never leave the messages feature.
 */
import { sql, type RawBuilder, type Selectable, type Updateable } from 'kysely';
import { isPostgres } from '../../db/connect.js';
import { afterCursor } from '../../db/paging.js';
import type { MessagesTable } from '../../db/schema.js';
import { jsonRows, type JsonColumnType } from '../../db/json-rows.js';
import type { Reader, Tx } from '../../db/store.js';
import type { InboundRow } from './inbound.repository.js';
import { recipientCountry } from '../../contacts/phone.js';
import { INITIAL_STATUS } from './status-machine.js';

export type MessageRow = Selectable<MessagesTable>;

/** A message as accepted, before anything is reported about it. */
export interface NewMessage {
  id: string;
  accountId: string;
  mode: 'live' | 'test';
  phoneNumberId: string;
  /** As addressed: E.164 or a (parent) BSUID. */
  to: string;
  /** The contact it goes to (`ct_`), when known. */
  contactId?: string | null;
  type: MessageRow['type'];
  source: MessageRow['source'];
  text?: string | null;
  caption?: string | null;
  mediaId?: string | null;
  templateId?: string | null;
  replyTo?: string | null;
  /** A rich send's content, JSON. */
  content?: string | null;
  platformMessageId?: string | null;
  /** The batch it was sent in (`bat_`). */
  batchId?: string | null;
  /** The client's own reference. */
  clientReference?: string | null;
  /** Its `sendAt` (ISO): the message starts `scheduled`. */
  scheduledAt?: string | null;
  /** `auto` for a send routed by the customer's window (docs/api.md §D19). */
  route?: 'auto' | null;
  createdAt: string;
}

/** The row of a new message: status accepted (scheduled when it has a `scheduledAt`), nothing reported yet. */
export function messageRow(m: NewMessage): MessageRow {
  return {
    id: m.id,
    account_id: m.accountId,
    mode: m.mode,
    phone_number_id: m.phoneNumberId,
    recipient: m.to,
    contact_id: m.contactId ?? null,
    type: m.type,
    ...INITIAL_STATUS,
    ...(m.scheduledAt ? { status: 'scheduled' as const } : {}),
    platform_message_id: m.platformMessageId ?? null,
    source: m.source,
    text: m.text ?? null,
    caption: m.caption ?? null,
    media_id: m.mediaId ?? null,
    template_id: m.templateId ?? null,
    reply_to: m.replyTo ?? null,
    content: m.content ?? null,
    created_at: m.createdAt,
    updated_at: m.createdAt,
    content_removed_at: null,
    batch_id: m.batchId ?? null,
    client_reference: m.clientReference ?? null,
    scheduled_at: m.scheduledAt ?? null,
    canceled_at: null,
    route: m.route ?? null,
    delivered_as: null,
    generated_template_id: null,
    ttl_ends_at: null,
    recipient_country: recipientCountry(m.to),
  };
}

/** Stores new messages; returns their rows. */
export async function insertMessages(tx: Tx, messages: NewMessage[]): Promise<MessageRow[]> {
  const rows = messages.map(messageRow);
  await insertMessageRows(tx, rows);
  return rows;
}

/** Every column of `messages`, as the set-based writes send them (json-rows.ts). */
const MESSAGE_COLUMNS = {
  id: 'text',
  account_id: 'text',
  mode: 'text',
  phone_number_id: 'text',
  recipient: 'text',
  contact_id: 'text',
  type: 'text',
  status: 'text',
  platform_message_id: 'text',
  source: 'text',
  text: 'text',
  caption: 'text',
  media_id: 'text',
  template_id: 'text',
  reply_to: 'text',
  content: 'text',
  error_code: 'text',
  error_message: 'text',
  sent_at: 'text',
  delivered_at: 'text',
  read_at: 'text',
  failed_at: 'text',
  created_at: 'text',
  updated_at: 'text',
  content_removed_at: 'text',
  batch_id: 'text',
  client_reference: 'text',
  scheduled_at: 'text',
  canceled_at: 'text',
  route: 'text',
  delivered_as: 'text',
  generated_template_id: 'text',
  ttl_ends_at: 'text',
  pricing_billable: 'integer',
  pricing_model: 'text',
  pricing_category: 'text',
  pricing_type: 'text',
  recipient_country: 'text',
} as const satisfies Record<keyof MessagesTable, JsonColumnType>;
const MESSAGE_COLUMN_NAMES = Object.keys(MESSAGE_COLUMNS) as (keyof MessagesTable)[];

/** Stores rows made by `messageRow` (and changed since, e.g. by the status machine), in one statement. */
export async function insertMessageRows(tx: Tx, rows: MessageRow[]): Promise<void> {
  if (rows.length > 0) await insertMessageRowsStatement(tx, rows).execute(tx);
}

/**
 * `insertMessageRows`' statement, not run. With `contactsFrom` (the name of a relation of
 * `id, phone_number_id, mode, phone`, such as a CTE of the same statement), a row without a
 * contact takes the id of the one holding its number and its recipient's phone.
 */
export function insertMessageRowsStatement(tx: Tx, rows: MessageRow[], contactsFrom?: string): RawBuilder<unknown> {
  const columns = sql.join(MESSAGE_COLUMN_NAMES.map((c) => sql.ref(c)));
  const contact = contactsFrom
    ? sql`coalesce(v.contact_id, (select c.id from ${sql.table(contactsFrom)} c where c.phone_number_id = v.phone_number_id and c.mode = v.mode and c.phone = v.recipient))`
    : sql.ref('v.contact_id');
  const values = sql.join(MESSAGE_COLUMN_NAMES.map((c) => (c === 'contact_id' ? contact : sql.ref(`v.${c}`))));
  return sql`insert into messages (${columns}) select ${values} from ${jsonRows(tx, MESSAGE_COLUMNS, rows)}`;
}

/** The columns status reports change (the status machine's fields, the wamid a lost answer's status brings, `updated_at`, the pricing). */
const REPORTED_COLUMNS = [
  'status',
  'sent_at',
  'delivered_at',
  'read_at',
  'failed_at',
  'error_code',
  'error_message',
  'platform_message_id',
  'updated_at',
  'pricing_billable',
  'pricing_model',
  'pricing_category',
  'pricing_type',
] as const;

/**
 * Writes the reported fields of `rows` (as the status machine left them) in one statement, in id
 * order (units on PostgreSQL then lock messages in one order).
 */
export async function updateReportedFields(tx: Tx, rows: MessageRow[]): Promise<void> {
  if (rows.length === 0) return;
  const sorted = [...rows].sort((a, b) => (a.id < b.id ? -1 : 1));
  const columns = { id: 'text', ...Object.fromEntries(REPORTED_COLUMNS.map((c) => [c, MESSAGE_COLUMNS[c]])) } as Record<
    'id' | (typeof REPORTED_COLUMNS)[number],
    JsonColumnType
  >;
  const set = sql.join(REPORTED_COLUMNS.map((c) => sql`${sql.ref(c)} = ${sql.ref(`v.${c}`)}`));
  await sql`update messages set ${set} from ${jsonRows(tx, columns, sorted)} where messages.id = v.id`.execute(tx);
}

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
  let q = tx.selectFrom('messages').selectAll().where(by, 'in', values).orderBy(by);
  if (isPostgres(tx)) q = q.forUpdate();
  return q.execute();
}

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
