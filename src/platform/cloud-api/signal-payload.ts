/**
 * The webhook fields Tidings handles, as one table, and the parsers of the account signals, the
 * Business-app echoes and anything else (docs/platform.md §4.12–§4.16). webhook-payload.ts hands
 * each change here whose field is not `messages` or a template or number field. A change of a
 * field (or an `account_update` event) that is not in the table becomes an `unknown` signal, which
 * the service passes on as a `platform.webhook` event with its raw value: nothing is dropped
 * silently, and nothing unknown fails the webhook.
 */
import type { PlatformEchoMessage, PlatformRestriction, PlatformSignal } from '../signal-updates.js';
import type { PlatformCoexistenceUpdate } from '../coexistence-updates.js';
import type { PlatformContactUpdate } from '../updates.js';
import { parseCoexistenceChange, parseEchoChange } from './coexistence-payload.js';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;

/** Unix seconds (a number or a numeric string) → ISO 8601; null otherwise. */
export function secondsToIso(value: unknown): string | null {
  const s = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;
  return s !== null && Number.isSafeInteger(s) && s >= 0 ? new Date(s * 1000).toISOString() : null;
}

/**
 * Every field of `entry[].changes[]` Tidings handles, with where. Anything else is passed on as a
 * `platform.webhook` event. Fields per Meta's webhook reference
 * (https://developers.facebook.com/documentation/business-messaging/whatsapp/webhooks/reference/).
 */
export const HANDLED_FIELDS = {
  messages: 'statuses and customer messages, Flows answers among them (webhook-payload.ts)',
  phone_number_quality_update: 'throughput upgrades (webhook-payload.ts)',
  message_template_status_update: 'template reviews (template-update-payload.ts)',
  template_category_update: 'template re-categorisations (template-update-payload.ts)',
  message_template_quality_update: 'template quality (template-update-payload.ts)',
  account_update: 'the events of ACCOUNT_UPDATE_EVENTS; any other event is passed on',
  account_alerts: 'alerts (here)',
  account_review_update: 'the account review decision (here)',
  business_capability_update: 'the messaging limit (here)',
  standby: "Meta's agent's conversations: customer messages, its replies, their statuses (webhook-payload.ts)",
  messaging_handovers: 'who holds a conversation (handover-payload.ts)',
  smb_message_echoes:
    'messages sent from the WhatsApp Business app (here), their edits and revokes (coexistence-payload.ts)',
  history: "the WhatsApp Business app's past chats (coexistence-payload.ts)",
  smb_app_state_sync: "the WhatsApp Business app's address book (coexistence-payload.ts)",
  automatic_events: 'purchases and leads detected in click-to-WhatsApp ad chats (coexistence-payload.ts)',
  // The consent feature parses and applies it (its handler is wired in at merge, issue 28); it is
  // never a platform.webhook event.
  user_preferences: 'marketing stop/resume (consent feature)',
} as const;

/** The `account_update` events Tidings handles; the others are passed on as `platform.webhook`. */
export const ACCOUNT_UPDATE_EVENTS = [
  'VOLUME_BASED_PRICING_TIER_UPDATE',
  'ACCOUNT_RESTRICTION',
  'DISABLED_UPDATE',
  'ACCOUNT_VIOLATION',
] as const;

/** Whether Tidings handles changes of this field. */
export function isHandledField(field: string): boolean {
  return Object.hasOwn(HANDLED_FIELDS, field);
}

/** What these parsers add to. */
export interface SignalOut {
  signals: PlatformSignal[];
  echoes: PlatformEchoMessage[];
  /** The customers echoes went to (kind `status`: a business message opens no service window). */
  contacts: PlatformContactUpdate[];
  /** The app's past chats, address book, echo edits and revokes, ad events (coexistence-payload.ts). */
  coexistence: PlatformCoexistenceUpdate[];
  ignored: number;
}

/**
 * One change of a field this file parses, or of a field Tidings does not handle, under the WABA
 * `wabaId` (`entry[].id`) at `at` (`entry[].time`, ISO or null). A value missing what its field
 * must carry is passed on as `unknown` rather than dropped.
 */
export function parseSignalChange(
  field: string,
  wabaId: string | null,
  at: string | null,
  value: Json,
  out: SignalOut,
): void {
  if (wabaId === null) {
    out.ignored++;
    return;
  }
  const parsed = parseTyped(field, wabaId, at, value, out);
  if (!parsed) out.signals.push(unknownSignal(field, wabaId, at, value));
}

/**
 * A change passed on as it came, with the business number it names, if any: the intake hands it to
 * that number's account only (docs/api.md §D24). The number is `value.metadata.phone_number_id` (the
 * shape of the `messages` family, `calls`, `history`, `smb_app_state_sync`…) or a top-level
 * `value.phone_number_id`; failing those, the displayed number (`value.metadata.display_phone_number`
 * or `value.display_phone_number`, as `phone_number_name_update` carries it), as digits.
 */
export function unknownSignal(field: string, wabaId: string, at: string | null, value: unknown): PlatformSignal {
  const metadata = isObject(value) && isObject(value.metadata) ? value.metadata : {};
  const top = isObject(value) ? value : {};
  const phoneNumberId = str(metadata.phone_number_id) ?? str(top.phone_number_id);
  const display = (str(metadata.display_phone_number) ?? str(top.display_phone_number))?.replace(/\D/g, '') || null;
  return { kind: 'unknown', wabaId, at, phoneNumberId, displayPhoneNumber: display, field, value };
}

/** @returns false when the value is not one Tidings reads (it is then passed on). */
function parseTyped(field: string, wabaId: string, at: string | null, value: Json, out: SignalOut): boolean {
  switch (field) {
    case 'account_update':
      return accountUpdate(wabaId, at, value, out);
    case 'account_alerts': {
      // Meta's reference nests the alert in `alert_info`; some relays flatten it.
      const info = isObject(value.alert_info) ? value.alert_info : value;
      const type = str(info.alert_type);
      if (!type) return false;
      out.signals.push({
        kind: 'alert',
        wabaId,
        at,
        type,
        severity: str(info.alert_severity),
        status: str(info.alert_status),
        description: str(info.alert_description),
        entityType: str(value.entity_type),
        entityId: str(value.entity_id),
      });
      return true;
    }
    case 'account_review_update': {
      const decision = str(value.decision);
      if (!decision) return false;
      out.signals.push({ kind: 'review', wabaId, at, decision });
      return true;
    }
    case 'business_capability_update': {
      const limit = messagingLimit(value);
      if (!limit) return false;
      out.signals.push({ kind: 'messaging_limit', wabaId, at, ...limit });
      return true;
    }
    case 'smb_message_echoes':
      return parseEchoes(value, out);
    case 'history':
    case 'smb_app_state_sync':
    case 'automatic_events':
      return parseCoexistenceChange(field, value, out);
    default:
      return false;
  }
}

/** `account_update` events other than the pricing tier (account-update-payload.ts reads that one). */
function accountUpdate(wabaId: string, at: string | null, value: Json, out: SignalOut): boolean {
  if (value.event === 'ACCOUNT_RESTRICTION') {
    // An empty or absent restriction_info: the restrictions were lifted (UNCONFIRMED: Meta's
    // reference documents only the restricted shape).
    const list = Array.isArray(value.restriction_info) ? value.restriction_info.filter(isObject) : [];
    const restrictions: PlatformRestriction[] = list.flatMap((r) => {
      const type = str(r.restriction_type);
      return type ? [{ type, expiresAt: secondsToIso(r.expiration) }] : [];
    });
    out.signals.push({ kind: 'restriction', wabaId, at, restrictions });
    return true;
  }
  if (value.event === 'DISABLED_UPDATE' && isObject(value.ban_info)) {
    const state = str(value.ban_info.waba_ban_state);
    if (!state) return false;
    out.signals.push({ kind: 'ban', wabaId, at, state, date: str(value.ban_info.waba_ban_date) });
    return true;
  }
  if (value.event === 'ACCOUNT_VIOLATION' && isObject(value.violation_info)) {
    const violationType = str(value.violation_info.violation_type);
    if (!violationType) return false;
    out.signals.push({ kind: 'violation', wabaId, at, violationType });
    return true;
  }
  return false;
}

/** The daily unique users of each messaging limit tier the platform names (docs/platform.md §4.14). */
const TIER_USERS: Record<string, number | null> = {
  TIER_50: 50,
  TIER_250: 250,
  TIER_1K: 1000,
  TIER_2K: 2000,
  TIER_10K: 10000,
  TIER_100K: 100000,
  TIER_UNLIMITED: null,
};

/**
 * `max_daily_conversations_per_business` (the portfolio's limit: `TIER_2K`… in Meta's parameter
 * list, `2000` in its example payload) or the older `max_daily_conversation_per_phone` (a number,
 * -1 for unlimited; removed February 2026). Meta's business_capability_update reference.
 * @returns null when neither reads as a limit.
 */
export function messagingLimit(value: Json): { tier: string; dailyUsers: number | null; unlimited: boolean } | null {
  const read = (raw: unknown) => {
    const tier = str(raw);
    if (tier === null) return null;
    if (Object.hasOwn(TIER_USERS, tier))
      return { tier, dailyUsers: TIER_USERS[tier]!, unlimited: TIER_USERS[tier] === null };
    if (tier === '-1') return { tier, dailyUsers: null, unlimited: true };
    if (/^\d{1,12}$/.test(tier)) return { tier, dailyUsers: Number(tier), unlimited: false };
    return null;
  };
  return read(value.max_daily_conversations_per_business) ?? read(value.max_daily_conversation_per_phone);
}

/**
 * `smb_message_echoes`: `message_echoes[]` under `metadata.phone_number_id` (pywa's
 * outgoing_message.json); under `standby` the same items are Meta's agent's replies (`sender`).
 */
export function parseEchoes(
  value: Json,
  out: SignalOut,
  sender: 'business_app' | 'meta_agent' = 'business_app',
): boolean {
  const phoneNumberId = isObject(value.metadata) ? str(value.metadata.phone_number_id) : null;
  if (phoneNumberId === null || !Array.isArray(value.message_echoes)) return false;
  for (const e of value.message_echoes) {
    if (isObject(e) && parseEchoChange(phoneNumberId, e, out)) continue;
    const wamid = isObject(e) ? str(e.id) : null;
    const at = isObject(e) ? secondsToIso(e.timestamp) : null;
    const type = isObject(e) ? str(e.type) : null;
    if (!isObject(e) || !wamid || !at || !type || (!str(e.to) && !str(e.to_user_id))) {
      out.ignored++;
      continue;
    }
    const body = isObject(e[type]) ? (e[type] as Json) : null;
    const text = type === 'text' ? str(body?.body) : str(body?.caption);
    const to = str(e.to)?.replace(/\D/g, '') || null;
    out.echoes.push({ phoneNumberId, wamid, to, toUserId: str(e.to_user_id), at, type, text, payload: e, sender });
    out.contacts.push({
      phoneNumberId,
      waId: to,
      userId: str(e.to_user_id),
      parentUserId: str(e.to_parent_user_id),
      name: null,
      username: null,
      at,
      kind: 'status',
    });
  }
  return true;
}

/**
 * A Flows answer: an `interactive` of type `nfm_reply` (`{ name, body, response_json }`, pywa's
 * tests/data/updates/flow_completion.json). `response_json` is a string of JSON: parsed into
 * `response`; when it does not parse, `response` is null, `responseText` keeps it and `error` says why.
 * @returns null for any other message.
 */
export function flowReplyOf(
  message: Json,
): {
  name: string | null;
  body: string | null;
  response: unknown;
  responseText: string | null;
  error: string | null;
} | null {
  const interactive = isObject(message.interactive) ? message.interactive : null;
  if (!interactive || interactive.type !== 'nfm_reply' || !isObject(interactive.nfm_reply)) return null;
  const reply = interactive.nfm_reply;
  const raw = typeof reply.response_json === 'string' ? reply.response_json : null;
  let response: unknown = null;
  let error: string | null = null;
  if (raw === null) error = 'response_json is missing or not a string';
  else {
    try {
      response = JSON.parse(raw);
    } catch (err) {
      error = `response_json is not valid JSON: ${(err as Error).message}`;
    }
  }
  return { name: str(reply.name), body: str(reply.body), response, responseText: error === null ? null : raw, error };
}
