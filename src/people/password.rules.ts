/**
 * Passwords (docs/api.md §D26): the rules a new one must meet, and argon2id to store them.
 * - At least 12 characters, at most 256, no composition rules, not on the bundled list of breached
 *   passwords (NIST SP 800-63B-4 section 3.1.1.2). Length counts Unicode code points.
 * - argon2id with m = 19 456 KiB, t = 2, p = 1 (OWASP Password Storage Cheat Sheet, "Argon2id").
 */
import { hash, verify } from '@node-rs/argon2';
import { TidingsError } from '../errors.js';
import { isBreachedPassword } from './breached-passwords.js';

export const PASSWORD_MIN = 12;
export const PASSWORD_MAX = 256;

/** OWASP's argon2id parameters (algorithm 2 = Argon2id in @node-rs/argon2). */
const ARGON2 = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Checks a new password.
 * @throws TidingsError password_too_weak (too short, too long, or on the breached list), naming `param`.
 */
export function checkNewPassword(password: string, param = 'password'): void {
  const length = [...password].length;
  if (length < PASSWORD_MIN)
    throw new TidingsError('password_too_weak', `A password needs at least ${PASSWORD_MIN} characters.`, { param });
  if (length > PASSWORD_MAX)
    throw new TidingsError('password_too_weak', `A password has at most ${PASSWORD_MAX} characters.`, { param });
  if (isBreachedPassword(password))
    throw new TidingsError(
      'password_too_weak',
      'This password is on a list of breached or common passwords; choose another (a few unrelated words make a good one).',
      { param },
    );
}

/** The argon2id hash of `password` (a PHC string, `$argon2id$v=19$m=19456,t=2,p=1$…`). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

/** A hash of no one's password: verified against when the email is unknown, so both take as long. */
let dummy: Promise<string> | null = null;

/** Whether `password` matches `stored`; with no stored hash, verifies against a dummy one and answers false. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  dummy ??= hashPassword('not anyone’s password, only here to take the same time');
  const ok = await verify(stored ?? (await dummy), password).catch(() => false);
  return stored !== null && ok;
}
