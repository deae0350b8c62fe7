/**
 * Parses the platform's webhook envelope (CLOUD_API.md §4.3–4.5) into what the service stores.
 * Every entry, change, status and message of a batch is read; anything the service does not use
 * yet (template fields until templates land, reactions…) is counted as ignored, never an error, so
 * the platform does not retry a payload forever.
 */
import type { PlatformBatch, PlatformInboundMessage, PlatformStatusUpdate } from '../../messages/platform-reports.service.js';
import { isReportedStatus } from '../../messages/status-machine.js';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);

/** Unix seconds as a string (`"1750030073"`) → ISO 8601; null when it is not a number. */
function unixToIso(value: unknown): string | null {
  const s = str(value);
  if (s === null || !/^\d+$/.test(s)) return null;
  return new Date(Number(s) * 1000).toISOString();
}

export interface ParsedWebhook extends PlatformBatch {
  /** Changes or items that were not understood or not used, for the log. */
  ignored: number;
}

/** @returns null when the body is not a `whatsapp_business_account` envelope at all. */
export function parseWebhook(body: unknown): ParsedWebhook | null {
  if (!isObject(body) || body.object !== 'whatsapp_business_account' || !Array.isArray(body.entry)) return null;
  const out: ParsedWebhook = { statuses: [], inbound: [], templates: [], ignored: 0 };
  for (const entry of body.entry) {
    if (!isObject(entry) || !Array.isArray(entry.changes)) {
      out.ignored++;
      continue;
    }
    for (const change of entry.changes) {
      if (!isObject(change) || !isObject(change.value)) {
        out.ignored++;
        continue;
      }
      if (change.field === 'messages') parseMessagesValue(change.value, out);
      else if (change.field === 'message_template_status_update' || change.field === 'template_category_update') parseTemplateValue(change.field, change.value, out);
      else out.ignored++;
    }
  }
  return out;
}

function parseMessagesValue(value: Json, out: ParsedWebhook): void {
  const phoneNumberId = isObject(value.metadata) ? str(value.metadata.phone_number_id) : null;
  if (phoneNumberId === null) {
    out.ignored++;
    return;
  }
  for (const s of Array.isArray(value.statuses) ? value.statuses : []) {
    const parsed = isObject(s) ? parseStatus(s, phoneNumberId) : null;
    if (parsed) out.statuses.push(parsed);
    else out.ignored++;
  }
  const contacts = Array.isArray(value.contacts) ? value.contacts.filter(isObject) : [];
  for (const m of Array.isArray(value.messages) ? value.messages : []) {
    const parsed = isObject(m) ? parseInbound(m, phoneNumberId, contacts) : null;
    if (parsed) out.inbound.push(parsed);
    else out.ignored++;
  }
}

/** CLOUD_API.md §4.6–4.7; `message_template_id` is an integer in these payloads. */
function parseTemplateValue(field: string, value: Json, out: ParsedWebhook): void {
  const platformTemplateId = str(value.message_template_id);
  if (platformTemplateId === null) {
    out.ignored++;
    return;
  }
  if (field === 'template_category_update') {
    out.templates.push({ kind: 'category', platformTemplateId, newCategory: str(value.new_category), previousCategory: str(value.previous_category) });
    return;
  }
  const rejection = isObject(value.rejection_info) ? str(value.rejection_info.reason) : null;
  const reason = str(value.reason);
  out.templates.push({
    kind: 'status',
    platformTemplateId,
    event: str(value.event) ?? 'UNKNOWN',
    reason: rejection ?? (reason && reason !== 'NONE' ? reason : null),
    category: str(value.message_template_category),
  });
}

function parseStatus(s: Json, phoneNumberId: string): PlatformStatusUpdate | null {
  const wamid = str(s.id);
  const status = str(s.status);
  const at = unixToIso(s.timestamp);
  const recipientId = str(s.recipient_id);
  // `played` (voice message played) and any future status are not part of the message status machine.
  if (!wamid || !status || !isReportedStatus(status) || !at || !recipientId) return null;
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
    error,
    callbackData: str(s.biz_opaque_callback_data),
    pricingCategory: isObject(s.pricing) ? str(s.pricing.category) : null,
  };
}

function parseInbound(m: Json, phoneNumberId: string, contacts: Json[]): PlatformInboundMessage | null {
  const wamid = str(m.id);
  const from = str(m.from);
  const at = unixToIso(m.timestamp);
  const type = str(m.type);
  if (!wamid || !from || !at || !type) return null;
  const contact = contacts.find((c) => str(c.wa_id) === from) ?? contacts[0];
  const profile = contact && isObject(contact.profile) ? contact.profile : undefined;
  let text: string | null = null;
  if (type === 'text' && isObject(m.text)) text = str(m.text.body);
  else if (type === 'button' && isObject(m.button)) text = str(m.button.text);
  else if (isObject(m[type])) text = str((m[type] as Json).caption);
  return {
    phoneNumberId,
    wamid,
    from,
    at,
    type,
    text,
    contactName: profile ? str(profile.name) : null,
    contextWamid: isObject(m.context) ? str(m.context.id) : null,
    payload: m,
  };
}
