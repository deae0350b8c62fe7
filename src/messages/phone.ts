/**
 * Phone numbers, checked with libphonenumber-js (DECISIONS §8: a phone-number library, not a
 * regular expression).
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { TidingsError } from '../errors.js';

/**
 * `input` as E.164 (`+16505551234`).
 * @throws TidingsError phone_number_invalid unless it is a valid number written in E.164 (a `+`,
 *   the country code and the national number; spaces and dashes are tolerated).
 */
export function toE164(input: string, param = 'to'): string {
  const trimmed = input.trim();
  const parsed = trimmed.startsWith('+') ? parsePhoneNumberFromString(trimmed) : undefined;
  if (!parsed || !parsed.isValid()) {
    throw new TidingsError('phone_number_invalid', `"${input}" is not a valid phone number in E.164 format (for example +16505551234).`, { param });
  }
  return parsed.number;
}

/** A platform `wa_id` / `recipient_id` (digits only) as E.164. */
export function waIdToE164(waId: string): string {
  return `+${waId.replace(/\D/g, '')}`;
}
