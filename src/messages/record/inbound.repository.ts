/**
 * Customers' messages (the `inbound_messages` table): stored from the platform's webhooks (and test
 * keys' helper), read by id or wamid, listed, marked read, their files settled. The outbound side is
 * message.repository.ts, which re-exports this file.
 */
import type { Selectable } from 'kysely';
import { afterCursor } from '../../db/paging.js';
import type { InboundMessagesTable } from '../../db/schema.js';
import type { Reader, Tx } from '../../db/store.js';

export type InboundRow = Selectable<InboundMessagesTable>;

/** A customer's message as received. */
export interface NewInbound {
  id: string;
  accountId: string;
  mode: 'live' | 'test';
  phoneNumberId: string;
  /** E.164, or the customer's BSUID when the platform gave no phone number. */
  from: string;
  /** The customer's contact (`ct_`), when known. */
  contactId: string | null;
  platformMessageId: string;
  type: string;
  text: string | null;
  contactName: string | null;
  contextWamid: string | null;
  /** The platform's message object, as JSON. */
  payload: string;
  /** When the customer sent it (ISO). */
  sentAt: string;
  createdAt: string;
  /** For a message with a file: `pending` until it is downloaded, or `failed` at once (with `mediaFailure`). */
  mediaStatus?: 'pending' | 'failed';
  mediaFailure?: NonNullable<InboundRow['media_failure']>;
  /** `meta_agent`: it came under `standby`, while Meta's agent held the conversation (docs/api.md §D30). */
  heldBy?: 'meta_agent';
  /** A message of the WhatsApp Business app's past chats (`history`, docs/api.md §D32): opens no window. */
  imported?: boolean;
}

export function inboundRow(m: NewInbound): InboundRow {
  return {
    id: m.id,
    account_id: m.accountId,
    mode: m.mode,
    phone_number_id: m.phoneNumberId,
    sender: m.from,
    contact_id: m.contactId,
    read_at: null,
    platform_message_id: m.platformMessageId,
    type: m.type,
    text: m.text,
    contact_name: m.contactName,
    context_message_id: m.contextWamid,
    payload: m.payload,
    sent_at: m.sentAt,
    created_at: m.createdAt,
    media_id: null,
    media_status: m.mediaStatus ?? null,
    media_failure: m.mediaFailure ?? null,
    content_removed_at: null,
    held_by: m.heldBy ?? null,
    imported: m.imported ? 1 : 0,
  };
}

export function findInboundByWamid(db: Reader, accountId: string, wamid: string): Promise<InboundRow | undefined> {
  return db
    .selectFrom('inbound_messages')
    .selectAll()
    .where('platform_message_id', '=', wamid)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/** When the customer last wrote to this business number, in this mode (ISO), or null. */
export async function lastInboundAt(
  db: Reader,
  phoneNumberId: string,
  sender: string,
  mode: 'live' | 'test',
): Promise<string | null> {
  const row = await db
    .selectFrom('inbound_messages')
    .select((eb) => eb.fn.max('sent_at').as('last'))
    .where('phone_number_id', '=', phoneNumberId)
    .where('sender', '=', sender)
    .where('mode', '=', mode)
    // An imported message (the app's past chats) opens no window (docs/api.md §D32).
    .where('imported', '=', 0)
    .executeTakeFirst();
  return (row?.last as string | null | undefined) ?? null;
}

/** `lastInboundAt` of many senders in one statement: sender → its latest `sent_at` (senders who never wrote are absent). */
export async function lastInboundAtOf(
  db: Reader,
  phoneNumberId: string,
  senders: readonly string[],
  mode: 'live' | 'test',
): Promise<Map<string, string>> {
  if (senders.length === 0) return new Map();
  const rows = await db
    .selectFrom('inbound_messages')
    .select(['sender', (eb) => eb.fn.max('sent_at').as('last')])
    .where('phone_number_id', '=', phoneNumberId)
    .where('sender', 'in', [...senders])
    .where('mode', '=', mode)
    .where('imported', '=', 0)
    .groupBy('sender')
    .execute();
  return new Map(rows.flatMap((r) => (typeof r.last === 'string' ? [[r.sender, r.last] as const] : [])));
}

/** Stores customer messages, skipping any wamid already stored; returns the rows that were new. */
export async function insertInboundMessages(tx: Tx, messages: NewInbound[]): Promise<InboundRow[]> {
  if (messages.length === 0) return [];
  const rows = messages.map(inboundRow);
  const inserted = await tx
    .insertInto('inbound_messages')
    .values(rows)
    .onConflict((oc) => oc.column('platform_message_id').doNothing())
    .returning('platform_message_id')
    .execute();
  const fresh = new Set(inserted.map((r) => r.platform_message_id));
  return rows.filter((r) => fresh.has(r.platform_message_id));
}

export function findInbound(
  db: Reader,
  accountId: string,
  mode: 'live' | 'test',
  id: string,
): Promise<InboundRow | undefined> {
  return db
    .selectFrom('inbound_messages')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('mode', '=', mode)
    .executeTakeFirst();
}

/**
 * Records `row` read at `at` (the first time only), with every earlier unread message of the same
 * customer to the same number and mode: marking one read at the platform marks the earlier ones of
 * the conversation read too (docs/platform.md §1.1). @returns how many messages it marked.
 */
export async function setInboundRead(
  tx: Tx,
  row: Pick<InboundRow, 'account_id' | 'mode' | 'phone_number_id' | 'sender' | 'contact_id' | 'sent_at' | 'id'>,
  at: string,
): Promise<number> {
  const result = await tx
    .updateTable('inbound_messages')
    .set({ read_at: at })
    .where('account_id', '=', row.account_id)
    .where('mode', '=', row.mode)
    .where('phone_number_id', '=', row.phone_number_id)
    .where((eb) => (row.contact_id ? eb('contact_id', '=', row.contact_id) : eb('sender', '=', row.sender)))
    // Earlier: sent before it, or in the same second (the platform's timestamps are seconds) and stored before it.
    .where((eb) =>
      eb.or([eb('sent_at', '<', row.sent_at), eb.and([eb('sent_at', '=', row.sent_at), eb('id', '<=', row.id)])]),
    )
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface InboundListQuery {
  accountId: string;
  mode: 'live' | 'test';
  limit: number;
  /** Continue after this row's place in (sent_at desc, id desc). */
  after?: { sent_at: string; id: string };
  contactId?: string;
  type?: string;
  /** Only messages sent at or after this time (ISO). */
  since?: string;
  /** Only answers to the message with this wamid (`context_message_id`). */
  contextWamid?: string;
}

/**
 * Customers' messages, newest first (by when the customer sent them), at most `limit`. Served by
 * `inbound_messages_list` (account_id, mode, sent_at, id), or `inbound_messages_contact`
 * (contact_id, sent_at, id) for one contact.
 */
export function listInbound(db: Reader, q: InboundListQuery): Promise<InboundRow[]> {
  let query = db
    .selectFrom('inbound_messages')
    .selectAll()
    .where('account_id', '=', q.accountId)
    .where('mode', '=', q.mode)
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit);
  if (q.contactId) query = query.where('contact_id', '=', q.contactId);
  if (q.type) query = query.where('type', '=', q.type);
  if (q.since) query = query.where('sent_at', '>=', q.since);
  if (q.contextWamid) query = query.where('context_message_id', '=', q.contextWamid);
  if (q.after) query = query.where(afterCursor('sent_at', { value: q.after.sent_at, id: q.after.id }));
  return query.execute();
}

/**
 * Settles the file of a customer's message still `pending` (docs/api.md §D14): stored with its
 * `med_` id, or failed with the reason. @returns the row as it now is, or undefined when it was not
 * pending (already settled).
 */
export function settleInboundMedia(
  tx: Tx,
  id: string,
  outcome: { mediaId: string } | { failure: NonNullable<InboundRow['media_failure']> },
): Promise<InboundRow | undefined> {
  return tx
    .updateTable('inbound_messages')
    .set(
      'mediaId' in outcome
        ? { media_status: 'stored', media_id: outcome.mediaId, media_failure: null }
        : { media_status: 'failed', media_failure: outcome.failure },
    )
    .where('id', '=', id)
    .where('media_status', '=', 'pending')
    .returningAll()
    .executeTakeFirst();
}

/**
 * The latest reaction of the customer to each of these wamids (customer messages of type
 * `reaction`, whose `context_message_id` is the message reacted to), keyed `${accountId} ${wamid}`.
 * The latest wins, an empty emoji included (a removal). Served by `inbound_messages_context`.
 */
export async function latestReactions(db: Reader, wamids: string[]): Promise<Map<string, InboundRow>> {
  const out = new Map<string, InboundRow>();
  if (wamids.length === 0) return out;
  const rows = await db
    .selectFrom('inbound_messages')
    .selectAll()
    .where('context_message_id', 'in', wamids)
    .where('type', '=', 'reaction')
    .orderBy('sent_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  for (const row of rows) out.set(`${row.account_id} ${row.context_message_id}`, row);
  return out;
}

/** The latest reaction to one message (`platform_message_id` and `account_id` of it), from `latestReactions`' answer: null when none. */
export function reactionTo(
  reactions: Map<string, InboundRow>,
  message: { account_id: string; platform_message_id: string | null },
): InboundRow | null {
  return message.platform_message_id
    ? (reactions.get(`${message.account_id} ${message.platform_message_id}`) ?? null)
    : null;
}
