/**
 * Business-scoped user ids (docs/platform.md §4.9): `<country>.<digits>` (e.g. `US.13491208655302741918`),
 * parents `<country>.ENT.<digits>`. The simulator derives a phone user's BSUID from the number, so a
 * user keeps one BSUID however addressed; a user known only by BSUID is registered by the control API.
 * Real BSUIDs are scoped to one business portfolio; the simulator's are the same for every WABA.
 */
import { createHash } from 'node:crypto';
import { parsePhoneNumberFromString } from 'libphonenumber-js';

/** `^[A-Z]{2}\.(ENT\.)?[A-Za-z0-9]+$`: what `recipient` must look like. */
export const BSUID_PATTERN = /^[A-Z]{2}\.(ENT\.)?[A-Za-z0-9]{1,128}$/;

const twentyDigits = (seed: string) =>
  (BigInt(`0x${createHash('sha256').update(seed).digest('hex').slice(0, 16)}`) % 10n ** 20n)
    .toString()
    .padStart(20, '1');

/** The ISO country of a phone number (digits), `US` when it cannot be told. */
export function countryOf(phone: string): string {
  return parsePhoneNumberFromString(`+${phone}`)?.country ?? 'US';
}

/** The BSUID the simulator gives the user with this phone number (digits). */
export function bsuidFor(phone: string): string {
  return `${countryOf(phone)}.${twentyDigits(`user:${phone}`)}`;
}

/** The parent BSUID of a user, when parent BSUIDs are on. */
export function parentBsuidFor(userId: string): string {
  return `${userId.slice(0, 2)}.ENT.${twentyDigits(`parent:${userId}`)}`;
}

/** A fresh BSUID for a username-only user of `country`. */
export function newBsuid(country = 'US'): string {
  return `${country}.${twentyDigits(`new:${Math.random()}:${Date.now()}`)}`;
}
