/**
 * How a customer is named (docs/platform.md §4.9, README "Customers and conversations"): a phone
 * number, a business-scoped user id (BSUID) that Meta assigns per business portfolio, or its parent
 * BSUID for linked portfolios. A send's `to` may hold any of them, or a contact's `ct_` id.
 */
import { TidingsError } from '../errors.js';
import { BSUID_PATTERN, PARENT_BSUID_PATTERN, isBsuid } from '../platform/bsuid.js';
import { toE164 } from './phone.js';

export { BSUID_PATTERN, PARENT_BSUID_PATTERN, isBsuid };

/** A send's `to`, read: which identifier it is, normalised. */
export type Recipient =
  | { kind: 'phone'; phone: string }
  | { kind: 'user_id'; userId: string }
  | { kind: 'parent_user_id'; parentUserId: string }
  | { kind: 'contact'; contactId: string };

/**
 * Reads a recipient as the client wrote it: a `ct_` id, a (parent) BSUID, or a phone number in
 * E.164 (checked as `toE164` does: "possible", never stricter than the platform).
 * @throws TidingsError phone_number_invalid (param `param`) when it is none of them.
 */
export function parseRecipient(input: string, param = 'to'): Recipient {
  const value = input.trim();
  if (value.startsWith('ct_')) return { kind: 'contact', contactId: value };
  if (PARENT_BSUID_PATTERN.test(value)) return { kind: 'parent_user_id', parentUserId: value };
  if (BSUID_PATTERN.test(value)) return { kind: 'user_id', userId: value };
  if (!value.startsWith('+') && /^[A-Za-z]{2}\./.test(value)) {
    throw new TidingsError(
      'phone_number_invalid',
      `"${input}" is not a business-scoped user id: those are a country code, a dot and letters or digits (US.13491208655302741918), or US.ENT.… for a parent.`,
      { param },
    );
  }
  return { kind: 'phone', phone: toE164(value, param) };
}

/** The address a parsed recipient other than a `ct_` id is: its E.164 number, BSUID or parent BSUID. */
export function recipientAddress(r: Exclude<Recipient, { kind: 'contact' }>): string {
  return r.kind === 'phone' ? r.phone : r.kind === 'user_id' ? r.userId : r.parentUserId;
}
