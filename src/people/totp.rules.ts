/**
 * The second factor's rules (docs/api.md §D26): TOTP codes (RFC 6238) and recovery codes.
 *
 * - TOTP as every authenticator app reads it from an `otpauth://` URI: HMAC-SHA1, 6 digits, a
 *   30-second time step (RFC 6238 section 4, the defaults of Google Authenticator's key URI format),
 *   a 160-bit secret (RFC 4226 section 4 recommends 160 bits). A code is accepted for the current
 *   step and one step either side (RFC 6238 section 5.2's allowance for clock drift and typing),
 *   and only for a step later than the last one accepted, so none is accepted twice (section 5.2).
 * - Recovery codes: ten, each 16 characters of a 32-letter alphabet (80 random bits), shown once;
 *   only their SHA-256 is stored, and each is used once.
 */
import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { sha256Hex } from '../lib/crypto.js';

/** The time step, s (RFC 6238 section 5.2's recommended default). */
export const TOTP_PERIOD_S = 30;
/** Steps either side of the current one whose codes are accepted. */
export const TOTP_WINDOW = 1;
/** How many recovery codes a person holds. */
export const RECOVERY_CODE_COUNT = 10;
/** The issuer the authenticator app shows beside the email. */
const ISSUER = 'Tidings';
const PARAMS = { algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_S } as const;
/** Crockford's base 32 alphabet, lowercased: no i, l, o, u to misread. */
const RECOVERY_ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** A new TOTP secret: 20 random bytes, as base 32 (RFC 4648, what `otpauth://` URIs carry). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/**
 * The `otpauth://totp/…` URI an authenticator app scans (Google Authenticator's key URI format):
 * issuer "Tidings", label the person's email.
 */
export function otpauthUri(secretBase32: string, email: string): string {
  return new TOTP({ ...PARAMS, issuer: ISSUER, label: email, secret: Secret.fromBase32(secretBase32) }).toString();
}

/** The time step of `nowMs` (ms since the epoch). */
export function stepOf(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_S);
}

/**
 * The time step whose code `code` is, within `TOTP_WINDOW` steps of `nowMs`, and later than `lastStep`.
 * @param code what the person typed: spaces are ignored; anything but 6 digits is wrong.
 * @returns the step, or null when the code is wrong, outside the window, or for a step already used.
 */
export function acceptedStep(
  secretBase32: string,
  code: string,
  nowMs: number,
  lastStep: number | null,
): number | null {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  const delta = TOTP.validate({
    ...PARAMS,
    token,
    secret: Secret.fromBase32(secretBase32),
    timestamp: nowMs,
    window: TOTP_WINDOW,
  });
  if (delta === null) return null;
  const step = stepOf(nowMs) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

/** Ten new recovery codes, as shown to the person: `xxxx-xxxx-xxxx-xxxx`. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 16 }, () => RECOVERY_ALPHABET[randomInt(32)]).join('');
    return chars.match(/.{4}/g)!.join('-');
  });
}

/**
 * The stored form of a recovery code: hex SHA-256 of it with dashes and spaces left out, lowercased.
 * A fast hash is enough here, unlike for passwords: each code carries 80 random bits, so trying
 * codes against a stolen hash (2^79 SHA-256 on average) is out of reach without any stretching.
 */
export function recoveryCodeHash(code: string): string {
  return sha256Hex(code.replace(/[\s-]+/g, '').toLowerCase());
}
