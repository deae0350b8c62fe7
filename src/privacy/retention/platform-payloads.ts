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

import { cutPayload } from '../../messages/retention/content-removal.js';

/**
 * A customer message's stored platform object (JSON text) cut to what its resource shows
 * (`cutPayload`'s `shown`); `{}` for a payload that is not a JSON object. Cutting twice changes nothing.
 * @param type the message's type (`text`, `image`, `interactive`…), as stored
 */
export function shownPayload(type: string, payload: string): string {
  return cutPayload(type, payload, 'shown');
}
