/**
 * Messages' rows written in sets, one statement however many (json-rows.ts): a new message's row
 * and the inserts of new messages (alone, or inside another statement: accept/accept.repository.ts),
 * and the fields status reports change.
 */
import { sql, type RawBuilder } from 'kysely';
import type { MessagesTable } from '../../db/schema.js';
import { jsonRows, type JsonColumnType } from '../../db/json-rows.js';
import type { Tx } from '../../db/store.js';
import { recipientCountry } from '../../contacts/phone.js';
import type { MessageRow } from './message.repository.js';
import { INITIAL_STATUS } from './status-machine.js';

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
  /** Its place in the batch's request, from 0. */
  batchIndex?: number | null;
  /** The client's own reference. */
  clientReference?: string | null;
  /** Its `sendAt` (ISO): the message starts `scheduled`. */
  scheduledAt?: string | null;
  /** `auto` for a send routed by the customer's window (docs/api.md §D19). */
  route?: 'auto' | null;
  /** The suppression the send passed with `"suppression": "ignore"`, and the key that asked (docs/api.md §D23). */
  suppressionOverride?: { suppressionId: string; keyId: string } | null;
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
    batch_index: m.batchIndex ?? null,
    client_reference: m.clientReference ?? null,
    scheduled_at: m.scheduledAt ?? null,
    canceled_at: null,
    route: m.route ?? null,
    delivered_as: null,
    generated_template_id: null,
    ttl_ends_at: null,
    recipient_country: recipientCountry(m.to),
    suppression_override: m.suppressionOverride ? JSON.stringify(m.suppressionOverride) : null,
    imported: 0,
    edited_at: null,
    edits: null,
    revoked_at: null,
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
  batch_index: 'integer',
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
  suppression_override: 'text',
  recipient_country: 'text',
  imported: 'integer',
  edited_at: 'text',
  edits: 'text',
  revoked_at: 'text',
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

/**
 * Records on messages the suppression each passed by `"suppression": "ignore"` at dispatch and the
 * key that asked (docs/api.md §D23), keeping one recorded at accept: one statement per message (a
 * claimed batch rarely holds any).
 */
export async function recordSuppressionOverrides(
  tx: Tx,
  overrides: ReadonlyMap<string, { suppressionId: string; keyId: string }>,
): Promise<void> {
  for (const [id, override] of overrides)
    await tx
      .updateTable('messages')
      .set({ suppression_override: JSON.stringify(override) })
      .where('id', '=', id)
      .where('suppression_override', 'is', null)
      .execute();
}
