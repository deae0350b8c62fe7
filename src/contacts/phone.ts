/**
 * Phone numbers, checked with libphonenumber-js (docs/api.md §D8: a phone-number library, not a
 * regular expression).
 *
 * Never stricter than the platform: a number is accepted when it is *possible* (a known country
 * code and a national number of a length that country uses), not only when it is *valid* (in a
 * number range the library's metadata lists as assigned). Metadata lags behind what carriers
 * assign, and the platform delivers messages from such numbers: `webhook-inbound-text-with-user-id.json`
 * carries a customer 972987654321 that `isValid()` rejects, so a reply to them was refused with
 * phone_number_invalid. Whether WhatsApp can reach a number is the platform's call (131026 when it
 * cannot, reported on the message), not the library's guess.
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { LRUCache } from 'lru-cache';
import { TidingsError } from '../errors.js';

/**
 * Possible numbers as written (trimmed) → their E.164 form: parsing one costs 20-40 µs, and a batch
 * of 1,000, a campaign's next batch or a customer's replies name the same numbers again. The answer
 * depends on nothing but the text, so a cached one is the one parsing would give; refusals are not kept.
 */
const e164s = new LRUCache<string, string>({ max: 50_000 });

/**
 * `input` as E.164 (`+16505551234`).
 * @throws TidingsError phone_number_invalid unless it is a possible number written in E.164 (a
 *   `+`, the country code and a national number of a length that country uses; spaces and dashes
 *   are tolerated). `isPossible()`, not `isValid()`: see the module comment.
 */
export function toE164(input: string, param = 'to'): string {
  const trimmed = input.trim();
  const known = e164s.get(trimmed);
  if (known !== undefined) return known;
  const parsed = trimmed.startsWith('+') ? parsePhoneNumberFromString(trimmed) : undefined;
  if (!parsed || !parsed.isPossible()) {
    throw new TidingsError(
      'phone_number_invalid',
      `"${input}" is not a phone number in E.164 format (for example +16505551234).`,
      { param },
    );
  }
  e164s.set(trimmed, parsed.number);
  return parsed.number;
}

/** A platform `wa_id` / `recipient_id` (digits only) as E.164. */
export function waIdToE164(waId: string): string {
  return `+${waId.replace(/\D/g, '')}`;
}

/** Countries by a number's first 8 characters (`+` and 7 digits: enough to tell every country sharing a calling code, such as NANP's area codes). */
const countries = new LRUCache<string, string | 'none'>({ max: 20_000 });

/**
 * The country (ISO 3166-1 alpha-2) of an E.164 number, as libphonenumber-js reads it; null for
 * anything else (a business-scoped user id) or a number whose country the library cannot tell.
 * Cached by the number's first 8 characters: the accept path reads it for every message.
 */
export function recipientCountry(to: string): string | null {
  if (!to.startsWith('+')) return null;
  const prefix = to.slice(0, 8);
  let country = countries.get(prefix);
  if (country === undefined) {
    country = parsePhoneNumberFromString(to)?.country ?? 'none';
    countries.set(prefix, country);
  }
  return country === 'none' ? null : country;
}
