/** When a customer's service window ends, as a send sees it (docs/platform.md §5). */
import { CUSTOMER_WINDOW_MS, type ResolvedRecipient } from '../../contacts/contact.service.js';
import type { Reader } from '../../db/store.js';
import type { AuthContext } from '../../http/access.js';
import * as repo from '../record/message.repository.js';

/**
 * When the customer service window ends (clock ms; in the past when it is closed, 0 when the
 * customer never wrote): 24 hours after the customer last wrote, however they were addressed then
 * or now (the contact's); customers' messages stored before contacts existed are looked up by
 * address. Free-form messages are sent only inside it; templates at any time.
 * @param inbound a batch's reading of those messages (`lastInboundAtOf`): address → its latest
 *   (null: none); an address it holds is not read again.
 */
export async function windowEnd(
  read: Reader,
  auth: AuthContext,
  recipient: ResolvedRecipient,
  now: number,
  inbound?: ReadonlyMap<string, string | null>,
): Promise<number> {
  const end = (at: string | null | undefined) => (typeof at === 'string' ? Date.parse(at) + CUSTOMER_WINDOW_MS : 0);
  const known = end(recipient.contact?.lastInboundAt);
  // The contact's is the latest however the customer was addressed: open, it is the answer.
  if (known > now) return known;
  const byAddress = end(
    inbound?.has(recipient.address)
      ? inbound.get(recipient.address)
      : await repo.lastInboundAt(read, auth.phoneNumberId, recipient.address, auth.mode),
  );
  return Math.max(known, byAddress);
}
