/**
 * What the platform's webhook route reads of a body before it is parsed (webhook-payload.ts): its
 * size against the most one POST of the platform carries (WEBHOOK_BOUNDS, docs/platform.md §4.3),
 * so an oversized body is refused unread, and the WABAs it names, which choose the app secrets
 * its signature is checked with (webhook-signer.ts).
 */

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);

/**
 * The most one POST of the platform carries: up to 1,000 updates (docs/platform.md §4.3), so no
 * more entries, changes or customers (`contacts[]`, one per message or status) than that either.
 * An update is a status, a customer's message, or a change of another field (a template review…).
 */
export const WEBHOOK_BOUNDS = { entries: 1000, changes: 1000, updates: 1000, contacts: 1000 } as const;
export type WebhookBound = keyof typeof WEBHOOK_BOUNDS;

/**
 * What a body carries beyond WEBHOOK_BOUNDS, if anything. Reads only its arrays' lengths (no item
 * is parsed), so refusing an oversized body costs one walk over its entries and changes.
 * @returns the first bound exceeded and the body's count (`{ what: 'updates', count: 20000 }`), or null.
 */
export function overBounds(body: unknown): { what: WebhookBound; count: number } | null {
  if (!isObject(body) || !Array.isArray(body.entry)) return null;
  const count: Record<WebhookBound, number> = { entries: body.entry.length, changes: 0, updates: 0, contacts: 0 };
  for (const entry of body.entry) {
    if (!isObject(entry) || !Array.isArray(entry.changes)) continue;
    count.changes += entry.changes.length;
    for (const change of entry.changes) {
      if (!isObject(change) || !isObject(change.value)) continue;
      if (change.field !== 'messages') {
        count.updates += Array.isArray(change.value.message_echoes) ? change.value.message_echoes.length : 1;
        continue;
      }
      const { statuses, messages, contacts } = change.value;
      count.updates +=
        (Array.isArray(statuses) ? statuses.length : 0) + (Array.isArray(messages) ? messages.length : 0);
      count.contacts += Array.isArray(contacts) ? contacts.length : 0;
    }
  }
  const what = (Object.keys(WEBHOOK_BOUNDS) as WebhookBound[]).find((k) => count[k] > WEBHOOK_BOUNDS[k]);
  return what ? { what, count: count[what] } : null;
}

/**
 * The WABAs a body names (`entry[].id`, docs/platform.md §4.3), each once, read from its first
 * WEBHOOK_BOUNDS.entries entries: what chooses the app secret its signature is checked with
 * (webhook-signer.ts). Ids that are not numeric name no account and are left out.
 */
export function namedWabaIds(body: unknown): string[] {
  if (!isObject(body) || !Array.isArray(body.entry)) return [];
  const ids = new Set<string>();
  for (const entry of body.entry.slice(0, WEBHOOK_BOUNDS.entries)) {
    const id = isObject(entry) ? str(entry.id) : null;
    if (id !== null && /^\d{1,32}$/.test(id)) ids.add(id);
  }
  return [...ids];
}
