/**
 * The `messages` webhooks the simulator builds (docs/platform.md §4.4, §4.5, §4.9): the
 * `contacts[]` entry naming a user, the status item with its pricing and conversation, and the
 * webhook of one batch of them, shaped like the `webhook-status-*.json` and
 * `webhook-inbound-*.json` fixtures.
 */
import { createHash } from 'node:crypto';
import { webhookMajor, type SimulatorConfig } from './config.js';
import { webhookError } from '../lib/graph-errors.js';
import type { SimNumber } from './model.js';
import type { WebhookItem } from './outbox.js';
import type { SimMessage, SimUser } from './state.js';
import { parentBsuidFor } from './users.js';

/** The parent BSUID a user shows, when parent BSUIDs are on. */
export function parentOf(config: SimulatorConfig, user: SimUser): string | null {
  return user.parentUserId ?? (config.parentUserIds ? parentBsuidFor(user.userId) : null);
}

/**
 * The `contacts[]` entry of a webhook about `user`: profile name (and username once the user has
 * one), `wa_id` when the phone number is known, and the BSUIDs when the config carries them.
 * `username` is left out of `sent` status webhooks (whatsapp-api-js `ServerContacts` notes, after
 * Meta's "Business-scoped user IDs" page: "username … in all incoming messages webhooks, and all
 * delivered and read status messages webhooks").
 */
export function contactEntry(config: SimulatorConfig, user: SimUser, status?: string): Record<string, unknown> {
  const profile: Record<string, unknown> = { name: user.name };
  if (user.username && status !== 'sent') profile.username = user.username;
  const entry: Record<string, unknown> = { profile };
  if (user.phone) entry.wa_id = user.phone;
  if (config.bsuid) {
    entry.user_id = user.userId;
    const parent = parentOf(config, user);
    if (parent) entry.parent_user_id = parent;
  }
  return entry;
}

/** Conversations by `${phoneNumberId}:${userId}:${category}`, 24 h each (CBP era and v23 payloads). */
const conversations = new Map<string, { id: string; expiresAt: number }>();

function conversationFor(message: SimMessage, category: string, now: number) {
  const key = `${message.phoneNumberId}:${message.userId}:${category}`;
  let c = conversations.get(key);
  if (!c || c.expiresAt <= now) {
    c = {
      id: createHash('md5').update(`${key}:${now}:${Math.random()}`).digest('hex'),
      expiresAt: now + 24 * 60 * 60 * 1000,
    };
    conversations.set(key, c);
  }
  return c;
}

/**
 * From when service messages and utility templates sent inside an open customer service window are
 * billed: 2026-10-01 (Meta's "Upcoming pricing updates", updated 2026-07-01; docs/platform.md §5). Meta starts its pricing changes at midnight in the WABA's time zone; the simulator, which
 * keeps no time zone per WABA, at midnight UTC.
 */
export const IN_WINDOW_BILLED_FROM = Date.UTC(2026, 9, 1);

/**
 * Pricing of a message (docs/platform.md §4.4, §5), by when the platform took it (`takenAt`, the
 * simulator's clock; `createdAt` for messages kept from before that was stamped):
 * - before 2026-10-01: free-form messages are `service` and `free_customer_service`; a template is
 *   priced in its own category, `regular`, except a utility template inside an open customer
 *   service window, which is `free_customer_service`;
 * - from 2026-10-01 both are billed: `regular`. Which `type` Meta puts on them is UNCONFIRMED
 *   (docs/platform.md §5): `regular` is the simulator's assumption, the type every billed message
 *   carried until then. A free monthly allowance of service messages, reported by some partners,
 *   is UNCONFIRMED and not modelled.
 * A Direct Send is priced as a template of its category (Meta's Direct Send
 * send-utility-and-authentication-messages: "Charged at utility rates"; a partner's captures show
 * `utility`/`regular` outside the window and `free_customer_service` inside, before 2026-10-01).
 * `free_entry_point` (click-to-WhatsApp ads) is not modelled.
 * @returns the `pricing.category` (lower case) and `pricing.type`.
 */
export function pricingOf(message: SimMessage): { category: string; type: 'regular' | 'free_customer_service' } {
  const category = message.templateCategory ? message.templateCategory.toLowerCase() : 'service';
  const inWindowFree = (message.takenAt ?? message.createdAt) < IN_WINDOW_BILLED_FROM;
  const free = inWindowFree && (category === 'service' || (category === 'utility' && message.windowOpen === true));
  return { category, type: free ? 'free_customer_service' : 'regular' };
}

/**
 * One `statuses[]` item (compare webhook-status-sent.json, -delivered.json, -minimal-v24.json,
 * -failed-131047.json). Pricing rides on `sent` and `delivered`, on `read` only when no `delivered` came (docs/platform.md §4.4). Before
 * v24.0 (and under CBP) a `conversation` rides with it, `expiration_timestamp` on `sent` only; from
 * v24.0 neither `conversation` nor, on `sent`, `pricing` is sent (webhook-status-minimal-v24.json;
 * that v24 `sent` loses `pricing` is read from that example and is UNCONFIRMED). BSUIDs: the
 * recipient's `recipient_user_id` always, except on `failed` for a phone send (docs/platform.md §4.9).
 * `at` (ms since the epoch, default now) is when the status happened: its `timestamp`, also when the
 * report goes out late (after a restart of the simulator).
 */
export function statusItem(
  config: SimulatorConfig,
  message: SimMessage,
  user: SimUser | null,
  status: string,
  errorCode?: number,
  at = Date.now(),
): Record<string, unknown> {
  const item: Record<string, unknown> = { id: message.wamid, status, timestamp: String(Math.floor(at / 1000)) };
  if (message.to) item.recipient_id = message.to;
  if (config.bsuid && user && !(status === 'failed' && message.to)) {
    item.recipient_user_id = user.userId;
    const parent = parentOf(config, user);
    if (parent) item.recipient_parent_user_id = parent;
  }
  // A Direct Send's statuses name the template Meta generated for it, after the recipient (the
  // aclwhatsapp.com "Direct Send API" DLR, and a Meta partner's captured statuses). That `failed`
  // carries it too is UNCONFIRMED (a captured 131047 failure of an authentication send did not).
  if (message.templateId) item.template_id = message.templateId;
  if (message.callbackData) item.biz_opaque_callback_data = message.callbackData;
  if (status === 'failed') {
    item.errors = [webhookError(errorCode ?? 131000)];
    return item;
  }
  const { category, type } = pricingOf(message);
  const legacy = config.pricingModel === 'CBP' || webhookMajor(config) < 24;
  // A `read` that comes without a `delivered` before it (both happened at once) carries what
  // `delivered` would have (webhook-status-read.json). `message.statuses` is what was reported before.
  const readAlone = status === 'read' && !message.statuses.includes('delivered');
  const priced = status === 'delivered' || readAlone || (status === 'sent' && legacy);
  if (legacy && (status !== 'read' || readAlone)) {
    const c = conversationFor(message, category, at);
    item.conversation = {
      id: c.id,
      ...(status === 'sent' ? { expiration_timestamp: String(Math.floor(c.expiresAt / 1000)) } : {}),
      origin: { type: category },
    };
  }
  if (priced) {
    item.pricing =
      config.pricingModel === 'CBP'
        ? { billable: true, pricing_model: 'CBP', category }
        : { billable: type === 'regular', pricing_model: 'PMP', type, category };
  }
  return item;
}

/**
 * The `messages` webhook of `number` carrying `items` (one batch, webhook-sender.ts): its customer
 * messages with their `contacts[]` and value-level `errors[]`, and its statuses, each with the
 * recipient's contact when no message names one.
 */
export function messagesWebhook(number: SimNumber, items: WebhookItem[]) {
  const value: Record<string, unknown> = {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: number.displayPhoneNumber, phone_number_id: number.phoneNumberId },
  };
  const statuses = items.flatMap((i) => (i.kind === 'status' ? [i] : []));
  const messages = items.flatMap((i) => (i.kind === 'message' ? [i] : []));
  if (messages.length > 0) {
    value.contacts = messages.map((m) => m.contact);
    value.messages = messages.map((m) => m.message);
    const errors = messages.flatMap((m) => m.errors ?? []);
    if (errors.length > 0) value.errors = errors;
  }
  if (statuses.length > 0) {
    // Current status webhooks name the recipient in `contacts[]` (failed ones may not: docs/platform.md §4.9).
    const contacts = statuses.flatMap((s) => (s.contact ? [s.contact] : []));
    if (contacts.length > 0 && messages.length === 0) value.contacts = dedupe(contacts);
    value.statuses = statuses.map((s) => s.status);
  }
  return {
    object: 'whatsapp_business_account',
    entry: [{ id: number.wabaId, changes: [{ value, field: 'messages' }] }],
  };
}

function dedupe(contacts: Record<string, unknown>[]): Record<string, unknown>[] {
  const seen = new Set<string>();
  return contacts.filter((c) => {
    const key = JSON.stringify(c);
    return seen.has(key) ? false : (seen.add(key), true);
  });
}
