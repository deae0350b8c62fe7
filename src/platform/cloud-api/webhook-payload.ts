/**
 * Parses the platform's webhook envelope (docs/platform.md §4.3–4.5) into what the service stores.
 * Every entry, change, status and message of a batch is read; a field the service does not handle
 * is passed on (signal-payload.ts), a malformed item counted as ignored, never an error, so the
 * platform does not retry a payload forever. A body larger than any the platform sends
 * (WEBHOOK_BOUNDS, webhook-bounds.ts) is not read at all: the route refuses it. Template fields are
 * read by template-update-payload.ts, `account_update` by account-update-payload.ts,
 * `user_preferences` by user-preferences-payload.ts, `messaging_handovers` by handover-payload.ts;
 * `standby` (Meta's agent holds the thread, docs/platform.md §4.18) is read as `messages` is.
 */
import type {
  PlatformContactUpdate,
  PlatformInboundMessage,
  PlatformStatusUpdate,
  PlatformUpdates,
} from '../updates.js';
import { parseAccountUpdate } from './account-update-payload.js';
import { parseHandover } from './handover-payload.js';
import {
  flowReplyOf,
  isHandledField,
  parseEchoes,
  parseSignalChange,
  secondsToIso,
  unknownSignal,
} from './signal-payload.js';
import { parseIdentityChange } from './system-payload.js';
import { isTemplateField, parseTemplateUpdate } from './template-update-payload.js';
import { parseUserPreferences } from './user-preferences-payload.js';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);

/** The statuses a sent message moves through (docs/platform.md §4.4); `played` is not one. */
function isMessageStatus(value: string): value is PlatformStatusUpdate['status'] {
  return value === 'sent' || value === 'delivered' || value === 'read' || value === 'failed';
}

/** Unix seconds as a string (`"1750030073"`) → ISO 8601; null when it is not a number. */
function unixToIso(value: unknown): string | null {
  const s = str(value);
  if (s === null || !/^\d+$/.test(s)) return null;
  return new Date(Number(s) * 1000).toISOString();
}

export interface ParsedWebhook extends PlatformUpdates {
  /** Changes or items that were not understood or not used, for the log. */
  ignored: number;
}

/** @returns null when the body is not a `whatsapp_business_account` envelope at all. */
export function parseWebhook(body: unknown): ParsedWebhook | null {
  if (!isObject(body) || body.object !== 'whatsapp_business_account' || !Array.isArray(body.entry)) return null;
  const out: ParsedWebhook = {
    statuses: [],
    inbound: [],
    contacts: [],
    templates: [],
    numbers: [],
    pricingTiers: [],
    signals: [],
    echoes: [],
    userPreferences: [],
    handovers: [],
    coexistence: [],
    ignored: 0,
  };
  for (const entry of body.entry) {
    if (!isObject(entry) || !Array.isArray(entry.changes)) {
      out.ignored++;
      continue;
    }
    for (const change of entry.changes) {
      // HANDLED_FIELDS (signal-payload.ts) lists the fields handled; any other is passed on, whatever its value.
      if (!isObject(change) || !isObject(change.value)) {
        if (isObject(change) && typeof change.field === 'string' && !isHandledField(change.field) && str(entry.id))
          out.signals.push(unknownSignal(change.field, str(entry.id)!, secondsToIso(entry.time), change.value));
        else out.ignored++;
        continue;
      }
      if (change.field === 'messages' || change.field === 'standby')
        parseMessagesValue(change.value, out, change.field === 'standby');
      else if (change.field === 'messaging_handovers') parseHandover(change.value, secondsToIso(entry.time), out);
      else if (change.field === 'phone_number_quality_update') parseNumberValue(str(entry.id), change.value, out);
      else if (isTemplateField(String(change.field))) parseTemplateUpdate(String(change.field), change.value, out);
      else if (change.field === 'account_update' && change.value.event === 'VOLUME_BASED_PRICING_TIER_UPDATE')
        parseAccountUpdate(str(entry.id), change.value, out);
      else if (change.field === 'user_preferences') parseUserPreferences(change.value, out);
      else parseSignalChange(String(change.field), str(entry.id), secondsToIso(entry.time), change.value, out);
    }
  }
  return out;
}

/** A `messages` value, or a `standby` one: the same shape, plus Meta's agent's replies as `message_echoes[]`. */
function parseMessagesValue(value: Json, out: ParsedWebhook, standby = false): void {
  const phoneNumberId = isObject(value.metadata) ? str(value.metadata.phone_number_id) : null;
  if (phoneNumberId === null) {
    out.ignored++;
    return;
  }
  const contacts = Array.isArray(value.contacts) ? value.contacts.filter(isObject) : [];
  for (const s of Array.isArray(value.statuses) ? value.statuses : []) {
    const parsed = isObject(s) ? parseStatus(s, phoneNumberId) : null;
    if (!parsed) {
      out.ignored++;
      continue;
    }
    out.statuses.push(parsed);
    // A status that names no recipient (a failed send to a BSUID may not) says nothing of a customer.
    if (!parsed.recipientId && !parsed.recipientUserId && !parsed.recipientParentUserId) continue;
    const contact = contactOf(contacts, parsed.recipientId, parsed.recipientUserId);
    out.contacts.push(
      contactUpdate(phoneNumberId, contact, {
        waId: parsed.recipientId,
        userId: parsed.recipientUserId,
        parentUserId: parsed.recipientParentUserId,
        at: parsed.at,
        kind: 'status',
      }),
    );
  }
  for (const m of Array.isArray(value.messages) ? value.messages : []) {
    // A change of number or BSUID is no customer message: it moves the contact (system-payload.ts).
    const change = isObject(m) ? parseIdentityChange(m, phoneNumberId) : null;
    if (change) {
      out.contacts.push(change);
      continue;
    }
    const parsed = isObject(m) ? parseInbound(m, phoneNumberId, contacts) : null;
    if (!parsed) {
      out.ignored++;
      continue;
    }
    out.inbound.push(standby ? { ...parsed.message, standby: true } : parsed.message);
    out.contacts.push(parsed.contact);
  }
  if (standby && Array.isArray(value.message_echoes)) parseEchoes(value, out, 'meta_agent');
}

/** The `contacts[]` entry about a customer: by phone number, else by BSUID, else the only one. */
function contactOf(contacts: Json[], waId: string | null, userId: string | null): Json | undefined {
  return (
    (waId !== null ? contacts.find((c) => str(c.wa_id) === waId) : undefined) ??
    (userId !== null ? contacts.find((c) => str(c.user_id) === userId) : undefined) ??
    (contacts.length === 1 ? contacts[0] : undefined)
  );
}

/** What one message or status says of its customer: its own fields, completed by the `contacts[]` entry (docs/platform.md §4.9). */
function contactUpdate(
  phoneNumberId: string,
  contact: Json | undefined,
  own: {
    waId: string | null;
    userId: string | null;
    parentUserId: string | null;
    at: string;
    kind: PlatformContactUpdate['kind'];
  },
): PlatformContactUpdate {
  const profile = contact && isObject(contact.profile) ? contact.profile : undefined;
  return {
    phoneNumberId,
    waId: own.waId ?? (contact ? str(contact.wa_id) : null),
    userId: own.userId ?? (contact ? str(contact.user_id) : null),
    parentUserId: own.parentUserId ?? (contact ? str(contact.parent_user_id) : null),
    name: profile ? str(profile.name) : null,
    username: profile ? str(profile.username) : null,
    at: own.at,
    kind: own.kind,
  };
}

/** docs/platform.md §7: `{ display_phone_number, event, … }` under the WABA's entry. */
function parseNumberValue(wabaId: string | null, value: Json, out: ParsedWebhook): void {
  const displayPhoneNumber = str(value.display_phone_number);
  const event = str(value.event);
  if (wabaId === null || displayPhoneNumber === null || event === null) {
    out.ignored++;
    return;
  }
  out.numbers.push({ wabaId, displayPhoneNumber, event });
}

/**
 * One `statuses[]` item. It is settled by its wamid (`id`), or by the `msg_` id in
 * `biz_opaque_callback_data`, whatever recipient fields it carries: a send to a BSUID may come back
 * without `recipient_id`, naming the recipient by `recipient_user_id` (and
 * `recipient_parent_user_id`) only, and a failed one may name no recipient at all
 * (docs/platform.md §4.9). @returns null for an item without a wamid, a timestamp or a status of
 * the message status machine (`played`, a voice message played, and any future status).
 */
function parseStatus(s: Json, phoneNumberId: string): PlatformStatusUpdate | null {
  const wamid = str(s.id);
  const status = str(s.status);
  const at = unixToIso(s.timestamp);
  const recipientId = str(s.recipient_id);
  const recipientUserId = str(s.recipient_user_id);
  const recipientParentUserId = str(s.recipient_parent_user_id);
  if (!wamid || !status || !isMessageStatus(status) || !at) return null;
  let error: PlatformStatusUpdate['error'] = null;
  const first = Array.isArray(s.errors) ? s.errors.find(isObject) : undefined;
  if (first) {
    const details = isObject(first.error_data) ? str(first.error_data.details) : null;
    error = { code: str(first.code) ?? 'unknown', message: details ?? str(first.message) ?? str(first.title) ?? '' };
  } else if (status === 'failed') {
    error = { code: 'unknown', message: 'The platform reported the message as failed without a reason.' };
  }
  return {
    phoneNumberId,
    wamid,
    status,
    at,
    recipientId,
    recipientUserId,
    recipientParentUserId,
    error,
    callbackData: str(s.biz_opaque_callback_data),
    pricing: isObject(s.pricing)
      ? {
          billable: typeof s.pricing.billable === 'boolean' ? s.pricing.billable : null,
          model: str(s.pricing.pricing_model),
          category: str(s.pricing.category),
          type: str(s.pricing.type),
        }
      : null,
    // A Direct Send's generated template (Meta's Direct Send api-reference; docs.aclwhatsapp.com's DLR sample).
    templateId: typeof s.template_id === 'number' ? String(s.template_id) : str(s.template_id),
  };
}

/**
 * A customer message and what it says of its customer. A customer who shows only a username has
 * no `from` and no `wa_id`: the message names them by `from_user_id` and `contacts[].user_id`
 * (docs/platform.md §4.9); a message naming nobody is ignored.
 */
function parseInbound(
  m: Json,
  phoneNumberId: string,
  contacts: Json[],
): { message: PlatformInboundMessage; contact: PlatformContactUpdate } | null {
  const wamid = str(m.id);
  const from = str(m.from);
  const at = unixToIso(m.timestamp);
  // Before v25.0 a type the Cloud API does not support came as `unknown`, since as `unsupported` (docs/platform.md §0.2): one name.
  const type = str(m.type) === 'unknown' ? 'unsupported' : str(m.type);
  const contact = contactOf(contacts, from, str(m.from_user_id));
  const who = contactUpdate(phoneNumberId, contact, {
    waId: from,
    userId: str(m.from_user_id),
    parentUserId: null,
    at: at ?? '',
    kind: 'inbound',
  });
  if (!wamid || !at || !type || (!who.waId && !who.userId)) return null;
  const profile = contact && isObject(contact.profile) ? contact.profile : undefined;
  let text: string | null = null;
  if (type === 'text' && isObject(m.text)) text = str(m.text.body);
  else if (type === 'button' && isObject(m.button)) text = str(m.button.text);
  else if (type === 'interactive' && isObject(m.interactive)) {
    // A reply button or list row: its title (docs/platform.md §4.5).
    const reply = isObject(m.interactive.button_reply)
      ? m.interactive.button_reply
      : isObject(m.interactive.list_reply)
        ? m.interactive.list_reply
        : null;
    // A Flows answer (nfm_reply): the text its button showed (docs/platform.md §4.16).
    const flow = isObject(m.interactive.nfm_reply) ? m.interactive.nfm_reply : null;
    text = reply ? str(reply.title) : flow ? str(flow.body) : null;
  } else if (isObject(m[type])) text = str((m[type] as Json).caption);
  // A reaction names the message it is on in `reaction.message_id`, not in `context`: that is what it answers.
  const reactedTo = type === 'reaction' && isObject(m.reaction) ? str(m.reaction.message_id) : null;
  const message: PlatformInboundMessage = {
    phoneNumberId,
    wamid,
    from: who.waId,
    userId: who.userId,
    parentUserId: who.parentUserId,
    at,
    type,
    text,
    contactName: profile ? str(profile.name) : null,
    contextWamid: reactedTo ?? (isObject(m.context) ? str(m.context.id) : null),
    flowReply: flowReplyOf(m),
    payload: m,
  };
  return { message, contact: who };
}
