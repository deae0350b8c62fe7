/**
 * The `messages` webhook field in Meta's shapes, built from Tidings' own resources
 * (docs/api.md §D35): a customer's message (`messages[]` with `contacts[]`) and a status of a message Tidings
 * sent (`statuses[]`), under `metadata {display_phone_number, phone_number_id}`. Shaped like the
 * fixtures `webhook-inbound-*.json` and `webhook-status-*.json` (test/fixtures/platform/) and
 * docs/platform.md §4.4, §4.5, §4.9. Pure functions: the renderer (webhook-renderer.ts) looks up
 * what they need. Ids as the facade shows them: our `msg_` ids for our messages, the wamid for a
 * customer's, `med_` ids for files.
 */
import { TITLES, webhookError } from '../lib/graph-errors.js';
import { graphMajor } from '../lib/graph-versions.js';
import { errorMeaning } from '../platform/error-meanings.js';
import type { InboundMessage, Message } from '../messages/schemas/message.schemas.js';

type Json = Record<string, unknown>;

/** The business number a webhook is about, as Meta names it in `metadata`. */
export interface NumberMetadata {
  displayPhoneNumber: string;
  phoneNumberId: string;
}

/** `2026-11-21T14:31:04.000Z` → `"1763735464"`: Meta's timestamps are Unix seconds, as strings. */
export function unixSeconds(at: string): string {
  return String(Math.floor(Date.parse(at) / 1000));
}

/** A customer's address as Meta names it: `wa_id` (digits, no `+`) for a number, `user_id` for a BSUID. */
function addressOf(address: string): { wa_id?: string; user_id?: string } {
  return address.startsWith('+') || /^\d+$/.test(address)
    ? { wa_id: address.replace(/^\+/, '') }
    : { user_id: address };
}

/** The `messages` change around `value`'s own fields. */
function messagesValue(number: NumberMetadata, fields: Json): Json {
  return {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: number.displayPhoneNumber, phone_number_id: number.phoneNumberId },
    ...fields,
  };
}

/**
 * Meta's `errors[]` item for a failed message, built as the simulator builds it (lib/graph-errors.ts
 * `webhookError`): the platform's own code when it gave one (Tidings keeps it as a string,
 * `"131047"`), with its title and the platform's details; a failure Tidings decided itself
 * (`validity_period_expired`…) as 131000 "Something went wrong", with `"<tidings code>: <message>"`
 * as the details, the facade's rule for Tidings' own codes (docs/api.md §D34).
 */
export function metaError(error: { code: string; message: string }): Json {
  const platform = /^\d+$/.test(error.code);
  const code = platform ? Number(error.code) : 131000;
  const item = webhookError(code, platform ? error.message : `${error.code}: ${error.message}`);
  // Codes the simulator never produces have their title in the table of meanings.
  const title = TITLES[code] ?? errorMeaning(String(code))?.title;
  return title ? { ...item, title, message: title } : item;
}

/**
 * The `statuses[]` value for one step of a message Tidings sent (`sent`, `delivered`, `read`,
 * `failed`): `id` its `msg_` id, `recipient_id` (or `recipient_user_id` for a BSUID), `errors[]` on
 * `failed`, `pricing` as Meta reports it at `graphVersion` (on `delivered`, and from before v24.0
 * on `sent` too; docs/platform.md §4.4). Meta's `conversation` (before v24.0) is left out: Tidings
 * keeps no conversation id.
 */
export function statusValue(
  number: NumberMetadata,
  message: Message,
  status: 'sent' | 'delivered' | 'read' | 'failed',
  graphVersion: string,
): Json {
  const at = { sent: message.sentAt, delivered: message.deliveredAt, read: message.readAt, failed: message.failedAt }[
    status
  ];
  const recipient = addressOf(message.to);
  const item: Json = {
    id: message.id,
    status,
    timestamp: unixSeconds(at ?? message.updatedAt),
    ...(recipient.wa_id ? { recipient_id: recipient.wa_id } : { recipient_user_id: recipient.user_id }),
  };
  if (status === 'failed') {
    item.errors = [metaError(message.error ?? { code: 'unknown', message: 'The message failed.' })];
  } else if (message.pricing && (status === 'delivered' || (status === 'sent' && graphMajor(graphVersion) < 24))) {
    const p = message.pricing;
    item.pricing = Object.fromEntries(
      Object.entries({ billable: p.billable, pricing_model: p.model, category: p.category, type: p.type }).filter(
        ([, v]) => v !== null,
      ),
    );
  }
  return messagesValue(number, { statuses: [item] });
}

/**
 * The `messages[]` value for a customer's message: the platform's message object as Tidings
 * received it (`raw`, when retention has not cut it) with the facade's ids put in, or else one
 * rebuilt from the InboundMessage. A file's `id` is its `med_` id (its `url`, the platform's, is
 * left out: the client downloads through the facade); `context.id` and a reaction's `message_id`
 * are our `msg_` id when Tidings sent the message answered, else the wamid.
 */
export function inboundValue(number: NumberMetadata, inbound: InboundMessage, raw: Json | null): Json {
  const sender = addressOf(inbound.from);
  const base: Json = raw && typeof raw.type === 'string' ? structuredClone(raw) : rebuilt(inbound);
  const message: Json = {
    ...base,
    ...(sender.wa_id ? { from: sender.wa_id } : { from_user_id: sender.user_id }),
    id: inbound.platformMessageId,
    timestamp: unixSeconds(inbound.receivedAt),
    type: base.type ?? inbound.type,
  };
  const file = inbound.media && typeof message[inbound.type] === 'object' ? (message[inbound.type] as Json) : null;
  if (file) {
    delete file.url;
    if (inbound.media!.id) file.id = inbound.media!.id;
  }
  if (inbound.context?.messageId && typeof message.context === 'object' && message.context !== null)
    (message.context as Json).id = inbound.context.messageId;
  if (inbound.reaction?.messageId && typeof message.reaction === 'object' && message.reaction !== null)
    (message.reaction as Json).message_id = inbound.reaction.messageId;
  const userId = typeof raw?.from_user_id === 'string' ? raw.from_user_id : sender.user_id;
  const contact: Json = {
    profile: { name: inbound.contactName ?? '' },
    ...(sender.wa_id ? { wa_id: sender.wa_id } : {}),
    ...(userId ? { user_id: userId } : {}),
  };
  return messagesValue(number, { contacts: [contact], messages: [message] });
}

/** A customer message's content from the InboundMessage alone (its raw payload cut by retention). */
function rebuilt(m: InboundMessage): Json {
  const out: Json = { type: m.type };
  if (m.context) out.context = { id: m.context.messageId ?? m.context.platformMessageId };
  if (m.type === 'text') out.text = { body: m.text ?? '' };
  else if (m.media)
    out[m.type] = {
      id: m.media.id ?? m.media.platformMediaId,
      ...(m.media.mimeType ? { mime_type: m.media.mimeType } : {}),
      ...(m.media.sha256 ? { sha256: m.media.sha256 } : {}),
      ...(m.media.filename ? { filename: m.media.filename } : {}),
      ...(m.text ? { caption: m.text } : {}),
    };
  else if (m.location) out.location = m.location;
  else if (m.reaction)
    out.reaction = { message_id: m.reaction.messageId ?? m.reaction.platformMessageId, emoji: m.reaction.emoji };
  else if (m.reply && m.type === 'button') out.button = { payload: m.reply.id, text: m.reply.title };
  else if (m.reply) {
    const kind = m.reply.description === null ? 'button_reply' : 'list_reply';
    out.interactive = { type: kind, [kind]: m.reply };
  }
  return out;
}
