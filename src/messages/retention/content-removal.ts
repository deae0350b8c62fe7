/**
 * What message-body retention removes (docs/api.md §D17): what a message said, never what it is.
 * Kept: ids, type, status and its times, addresses, contact, errors, files' ids and hashes, the
 * message a reply quotes, a reaction (one emoji, and what it reacts to). Removed: text, captions,
 * rich content (interactive, location, contacts), a template send's values, a customer's
 * reply-button and list answers and a document's file name. The same rule applies to a stored
 * customer message's platform payload and to the Message and InboundMessage objects events carry.
 */

/** Media message types whose platform object holds a file. */
const FILE_TYPES = new Set(['image', 'video', 'audio', 'document', 'sticker']);
/** A file's fields that say what it is, not what it shows. */
const FILE_FIELDS = ['id', 'mime_type', 'sha256', 'animated', 'voice'] as const;

const obj = (v: unknown): Record<string, unknown> | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/**
 * A customer message's platform object (as stored, JSON) without its content: its `context` (id
 * and forwarding flags), a file's id, type and hash, a reaction; `{}` for a payload that is not a
 * JSON object.
 */
export function removedPayload(type: string, payload: string): string {
  let parsed: Record<string, unknown> | null = null;
  try {
    parsed = obj(JSON.parse(payload));
  } catch {
    // Not JSON: nothing of it is kept.
  }
  if (!parsed) return '{}';
  const kept: Record<string, unknown> = {};
  const context = obj(parsed.context);
  if (context) kept.context = pick(context, ['id', 'from', 'forwarded', 'frequently_forwarded']);
  const file = obj(parsed[type]);
  if (FILE_TYPES.has(type) && file) kept[type] = pick(file, FILE_FIELDS);
  const reaction = obj(parsed.reaction);
  if (type === 'reaction' && reaction) kept.reaction = pick(reaction, ['message_id', 'emoji']);
  return JSON.stringify(kept);
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
