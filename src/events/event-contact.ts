/** The contact an event is about (`events.contact_id`, migration 0029; docs/api.md §D28). */

/**
 * The contact an event's object is about: its `contactId` (a message, an inbound message, a
 * suppression, a block), or its `id` when it is a contact; null for any other object. Stored as
 * `events.contact_id` (migration 0029), so that an erasure finds a customer's events by index.
 */
export function contactOf(object: unknown): string | null {
  if (typeof object !== 'object' || object === null) return null;
  const o = object as { contactId?: unknown; object?: unknown; id?: unknown };
  if (typeof o.contactId === 'string' && o.contactId.startsWith('ct_')) return o.contactId;
  if (o.object === 'contact' && typeof o.id === 'string' && o.id.startsWith('ct_')) return o.id;
  return null;
}
