/**
 * The parsers of a number shared with the WhatsApp Business app ("coexistence",
 * docs/platform.md §4.20–§4.21): `history`, `smb_app_state_sync`, `automatic_events`, and the edits and revokes
 * `smb_message_echoes` carries (signal-payload.ts hands those here). Shapes per Meta's webhook
 * reference pages of each field (docs/platform.md cites them, and says what is inferred). A value
 * without its number is not read (the caller passes it on); an item missing what it must carry is
 * counted as ignored, never an error.
 */
import type { PlatformCoexistenceUpdate, PlatformHistoryThread } from '../coexistence-updates.js';
import type { PlatformContactUpdate } from '../updates.js';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null =>
  typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null;
const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : null;
  return n !== null && Number.isFinite(n) ? n : null;
};
const digits = (v: unknown): string | null => str(v)?.replace(/\D/g, '') || null;
const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isObject) : []);

/** Unix seconds (a number or a numeric string) → ISO 8601; null otherwise. */
function secondsToIso(value: unknown): string | null {
  const s = num(value);
  return s !== null && Number.isSafeInteger(s) && s >= 0 ? new Date(s * 1000).toISOString() : null;
}

/** What these parsers add to (webhook-payload.ts's output). */
export interface CoexistenceOut {
  coexistence: PlatformCoexistenceUpdate[];
  /** The customers named (kind `status`: nothing here opens a service window). */
  contacts: PlatformContactUpdate[];
  ignored: number;
}

/** The fields this file parses. */
export const COEXISTENCE_FIELDS = ['history', 'smb_app_state_sync', 'automatic_events'] as const;

/**
 * One change of `history`, `smb_app_state_sync` or `automatic_events`.
 * @returns false when the value is not one Tidings reads (no number, no list): it is then passed on.
 */
export function parseCoexistenceChange(field: string, value: Json, out: CoexistenceOut): boolean {
  const phoneNumberId = isObject(value.metadata) ? str(value.metadata.phone_number_id) : null;
  if (phoneNumberId === null) return false;
  if (field === 'history' && Array.isArray(value.history)) {
    for (const chunk of list(value.history)) history(phoneNumberId, chunk, out);
    return true;
  }
  if (field === 'smb_app_state_sync' && Array.isArray(value.state_sync)) {
    for (const s of list(value.state_sync)) {
      const contact = isObject(s.contact) ? s.contact : {};
      const phone = digits(contact.phone_number);
      const at = secondsToIso(isObject(s.metadata) ? s.metadata.timestamp : undefined);
      if (s.type !== 'contact' || (s.action !== 'add' && s.action !== 'remove') || !phone || !at) {
        out.ignored++;
        continue;
      }
      const fullName = str(contact.full_name);
      out.coexistence.push({
        kind: 'app_contact',
        phoneNumberId,
        phone,
        action: s.action,
        fullName,
        firstName: str(contact.first_name),
        at,
      });
      out.contacts.push(customer(phoneNumberId, phone, at));
    }
    return true;
  }
  if (field === 'automatic_events' && Array.isArray(value.automatic_events)) {
    for (const e of list(value.automatic_events)) {
      const wamid = str(e.id);
      const eventName = str(e.event_name);
      const at = secondsToIso(e.timestamp);
      if (!wamid || !eventName || !at) {
        out.ignored++;
        continue;
      }
      const data = isObject(e.custom_data) ? e.custom_data : {};
      const amount = num(data.value);
      out.coexistence.push({
        kind: 'ad_event',
        phoneNumberId,
        wamid,
        eventName,
        at,
        ctwaClid: str(e.ctwa_clid),
        currency: str(data.currency),
        // Meta: "Purchase amount, calculated as product price multiplied by 1000".
        value: amount === null ? null : amount / 1000,
      });
    }
    return true;
  }
  return false;
}

/** A customer as these fields name them: by number only, with no profile (the app's names are not the profile's). */
function customer(phoneNumberId: string, waId: string, at: string): PlatformContactUpdate {
  return { phoneNumberId, waId, userId: null, parentUserId: null, name: null, username: null, at, kind: 'status' };
}

/** One `history[]` chunk: its metadata, its threads (the customer's number) and their messages. */
function history(phoneNumberId: string, chunk: Json, out: CoexistenceOut): void {
  const meta = isObject(chunk.metadata) ? chunk.metadata : {};
  const threads: PlatformHistoryThread[] = [];
  for (const t of list(chunk.threads)) {
    const thread = digits(t.id);
    if (!thread) {
      out.ignored++;
      continue;
    }
    const messages: PlatformHistoryThread['messages'] = [];
    for (const m of list(t.messages)) {
      const wamid = str(m.id);
      const at = secondsToIso(m.timestamp);
      const type = str(m.type);
      if (!wamid || !at || !type) {
        out.ignored++;
        continue;
      }
      const body = isObject(m[type]) ? (m[type] as Json) : null;
      messages.push({
        wamid,
        // The customer's messages are `from` them; the business's carry `to` the customer (inferred).
        direction: digits(m.from) === thread ? 'inbound' : 'outbound',
        at,
        type,
        text: type === 'text' ? str(body?.body) : str(body?.caption),
        status: isObject(m.history_context) ? str(m.history_context.status) : null,
        payload: m,
      });
    }
    threads.push({ customer: thread, messages });
    const latest = messages.reduce<string | null>((a, m) => (a === null || m.at > a ? m.at : a), null);
    if (latest) out.contacts.push(customer(phoneNumberId, thread, latest));
  }
  out.coexistence.push({
    kind: 'history',
    phoneNumberId,
    phase: num(meta.phase),
    chunkOrder: num(meta.chunk_order),
    progress: num(meta.progress),
    threads,
    errors: list(chunk.errors).map((e) => ({ code: str(e.code), title: str(e.title) })),
  });
}

/**
 * An `smb_message_echoes` echo of type `edit` (`edit { original_message_id, message { type, <type> } }`)
 * or `revoke` (`revoke { original_message_id }`), as Meta's reference lists the triggers and
 * Dualhook's reference shows the objects.
 * @returns false for any other echo (signal-payload.ts stores it as a message).
 */
export function parseEchoChange(phoneNumberId: string, echo: Json, out: CoexistenceOut): boolean {
  if (echo.type !== 'edit' && echo.type !== 'revoke') return false;
  const inner = isObject(echo[echo.type]) ? (echo[echo.type] as Json) : {};
  const wamid = str(echo.id);
  const originalWamid = str(inner.original_message_id);
  const at = secondsToIso(echo.timestamp);
  if (!wamid || !originalWamid || !at) {
    out.ignored++;
    return true;
  }
  const message = isObject(inner.message) ? inner.message : {};
  const type = str(message.type);
  const body = type && isObject(message[type]) ? (message[type] as Json) : null;
  out.coexistence.push({
    kind: echo.type === 'edit' ? 'echo_edit' : 'echo_revoke',
    phoneNumberId,
    wamid,
    originalWamid,
    at,
    text: echo.type === 'edit' ? (type === 'text' ? str(body?.body) : str(body?.caption)) : null,
    payload: echo,
  });
  return true;
}
