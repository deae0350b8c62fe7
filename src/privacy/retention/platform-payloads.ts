/**
 * What the platform-payload retention keeps of a customer message's stored platform object
 * (`inbound_messages.payload`, docs/api.md §D17): only what its InboundMessage resource is read
 * from (messages/record/message.mapper.ts `toInboundMessage`): the reply context, a file's id, type,
 * hash and name, the button or list reply, a Flow's reply, a location, contact cards and a
 * reaction. The rest of the platform's raw object goes: its ids and timestamp, the text's copy (the
 * row's `text` column holds it), an ad's `referral`, `errors`, `identity`, `system`, an order, and
 * every field Tidings does not show. What the message said (the part kept) is the message bodies'
 * retention's to remove (messages/retention/content-removal.ts), so GET answers the same before and
 * after this one.
 */

/** Media message types whose platform object holds a file (docs/platform.md §4.5). */
const FILE_TYPES = new Set(['image', 'video', 'audio', 'document', 'sticker']);
const FILE_FIELDS = ['id', 'mime_type', 'sha256', 'filename', 'animated', 'voice'];
const CONTEXT_FIELDS = ['id', 'from', 'forwarded', 'frequently_forwarded'];
const INTERACTIVE_FIELDS = ['type', 'button_reply', 'list_reply', 'nfm_reply'];
const LOCATION_FIELDS = ['latitude', 'longitude', 'name', 'address', 'url'];

const obj = (v: unknown): Record<string, unknown> | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

function pick(from: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (from[f] !== undefined) out[f] = from[f];
  return out;
}

/**
 * A customer message's stored platform object (JSON text) cut to what its resource shows; `{}`
 * for a payload that is not a JSON object. Cutting twice changes nothing.
 * @param type the message's type (`text`, `image`, `interactive`…), as stored
 */
export function shownPayload(type: string, payload: string): string {
  let parsed: Record<string, unknown> | null = null;
  try {
    parsed = obj(JSON.parse(payload));
  } catch {
    // Not JSON: nothing of it is shown, nothing is kept.
  }
  if (!parsed) return '{}';
  const kept: Record<string, unknown> = {};
  const context = obj(parsed.context);
  if (context) kept.context = pick(context, CONTEXT_FIELDS);
  const file = obj(parsed[type]);
  if (FILE_TYPES.has(type) && file) kept[type] = pick(file, FILE_FIELDS);
  const button = obj(parsed.button);
  if (type === 'button' && button) kept.button = pick(button, ['payload', 'text']);
  const interactive = obj(parsed.interactive);
  if (type === 'interactive' && interactive) kept.interactive = pick(interactive, INTERACTIVE_FIELDS);
  const location = obj(parsed.location);
  if (type === 'location' && location) kept.location = pick(location, LOCATION_FIELDS);
  if (type === 'contacts' && Array.isArray(parsed.contacts)) kept.contacts = parsed.contacts;
  const reaction = obj(parsed.reaction);
  if (type === 'reaction' && reaction) kept.reaction = pick(reaction, ['message_id', 'emoji']);
  return JSON.stringify(kept);
}
