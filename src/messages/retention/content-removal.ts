/**
 * What message-body retention removes (docs/api.md §D17): what a message said, never what it is.
 * Kept: ids, type, status and its times, addresses, contact, errors, files' ids and hashes, the
 * message a reply quotes, a reaction (one emoji, and what it reacts to). Removed: text, captions,
 * rich content (interactive, location, contacts), a template send's values, a customer's
 * reply-button and list answers and a document's file name. The same rule applies to a stored
 * customer message's platform payload and to the Message and InboundMessage objects events carry.
 */

/** Media message types whose platform object holds a file (docs/platform.md §4.5). */
const FILE_TYPES = new Set(['image', 'video', 'audio', 'document', 'sticker']);
/** A file's fields that say what it is, not what it shows. */
const FILE_FIELDS = ['id', 'mime_type', 'sha256', 'animated', 'voice'] as const;
const CONTEXT_FIELDS = ['id', 'from', 'forwarded', 'frequently_forwarded'] as const;
const INTERACTIVE_FIELDS = ['type', 'button_reply', 'list_reply', 'nfm_reply'] as const;
const LOCATION_FIELDS = ['latitude', 'longitude', 'name', 'address', 'url'] as const;

const obj = (v: unknown): Record<string, unknown> | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/**
 * A customer message's platform object (as stored, JSON) cut to `keep`, `{}` for a payload that is
 * not a JSON object; cutting twice changes nothing.
 * - `metadata`: what it is, not what it said: its `context` (id and forwarding flags), a file's id,
 *   type and hash, a reaction (the message bodies' retention).
 * - `shown`: also what its InboundMessage resource shows (messages/record/message.mapper.ts
 *   `toInboundMessage`): a document's file name, a button or list reply, a Flow's reply, a
 *   location, contact cards (the platform payloads' retention, privacy/retention/platform-payloads.ts).
 * @param type the message's type (`text`, `image`, `interactive`…), as stored
 */
export function cutPayload(type: string, payload: string, keep: 'metadata' | 'shown'): string {
  let parsed: Record<string, unknown> | null = null;
  try {
    parsed = obj(JSON.parse(payload));
  } catch {
    // Not JSON: nothing of it is kept.
  }
  if (!parsed) return '{}';
  const kept: Record<string, unknown> = {};
  const shown = keep === 'shown';
  const context = obj(parsed.context);
  if (context) kept.context = pick(context, CONTEXT_FIELDS);
  const file = obj(parsed[type]);
  if (FILE_TYPES.has(type) && file) kept[type] = pick(file, shown ? [...FILE_FIELDS, 'filename'] : FILE_FIELDS);
  const part = (name: string, fields: readonly string[]) => {
    const value = obj(parsed[name]);
    if (type === name && value) kept[name] = pick(value, fields);
  };
  if (shown) {
    part('button', ['payload', 'text']);
    part('interactive', INTERACTIVE_FIELDS);
    part('location', LOCATION_FIELDS);
    if (type === 'contacts' && Array.isArray(parsed.contacts)) kept.contacts = parsed.contacts;
  }
  part('reaction', ['message_id', 'emoji']);
  return JSON.stringify(kept);
}

/** A customer message's platform object without its content (`cutPayload`'s `metadata`). */
export function removedPayload(type: string, payload: string): string {
  return cutPayload(type, payload, 'metadata');
}

/**
 * An event's object without its content, when it is a Message or an InboundMessage (the objects of
 * `message.*` events); anything else is returned as it is. `removedAt` is recorded on it.
 */
export function removedEventObject(
  type: string,
  object: Record<string, unknown>,
  removedAt: string,
): Record<string, unknown> {
  if (!type.startsWith('message.')) return object;
  const out: Record<string, unknown> = { ...object };
  for (const field of ['text', 'caption', 'interactive', 'location', 'contacts', 'variables', 'buttons', 'reply'])
    if (field in out) out[field] = null;
  const media = obj(out.media);
  if (media && 'filename' in media) out.media = { ...media, filename: null };
  out.contentRemovedAt = removedAt;
  return out;
}

function pick(from: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (from[f] !== undefined) out[f] = from[f];
  return out;
}
