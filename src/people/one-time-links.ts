/**
 * What one-time links share (docs/api.md §D26): a token shown once (only its SHA-256 is stored),
 * the kinds and how long each is good for, and when a link can still be used.
 *
 * - `invite`: joins an account with a role, 7 days.
 * - `owner`: the first owner's link of an account, 7 days.
 * - `password_reset`: sets a person's password, 1 hour. OWASP Forgot Password Cheat Sheet
 *   ("URL tokens": single use, expiring after an appropriate period; a short one for a token that
 *   sets a password).
 */
import { TidingsError } from '../errors.js';
import { iso } from '../lib/clock.js';
import { sha256Hex } from '../lib/crypto.js';
import { newId, randomBase62 } from '../lib/ids.js';
import type { OneTimeLinkRow } from './one-time-link.repository.js';

export type LinkKind = 'invite' | 'owner' | 'password_reset';

/** How long a link of each kind is good for, ms. */
export const LINK_VALID_MS: Record<LinkKind, number> = {
  invite: 7 * 24 * 3_600_000,
  owner: 7 * 24 * 3_600_000,
  password_reset: 3_600_000,
};

/**
 * A new link's row and its token (40 base62 characters, about 238 bits; shown once).
 * @param now ms since the epoch.
 */
export function newLink(
  now: number,
  o: Pick<OneTimeLinkRow, 'account_id' | 'email' | 'role' | 'user_id' | 'created_by'> & { kind: LinkKind },
): { row: OneTimeLinkRow; token: string } {
  const token = randomBase62(40);
  const { kind, account_id, email, role, user_id, created_by } = o;
  const row: OneTimeLinkRow = {
    id: newId('lnk', now),
    token_hash: sha256Hex(token),
    kind,
    account_id,
    email,
    role,
    user_id,
    created_by,
    created_at: iso(now),
    expires_at: iso(now + LINK_VALID_MS[o.kind]),
    used_at: null,
    revoked_at: null,
  };
  return { row, token };
}

/** Whether `row` can be used at `nowIso`: not used, revoked nor expired. */
export function isUsable(row: OneTimeLinkRow, nowIso: string): boolean {
  return row.used_at === null && row.revoked_at === null && row.expires_at > nowIso;
}

/** The one answer to a link that cannot be used, whatever the reason (unknown, used, revoked, expired). */
export function linkInvalid(): TidingsError {
  return new TidingsError('link_invalid', 'This link is unknown, used, revoked or expired: ask for a new one.');
}

/** The dashboard page a link's token opens: `<base>/dashboard/#/join/<token>`. */
export function joinLink(base: string, token: string): string {
  return `${base.replace(/\/+$/, '')}/dashboard/#/join/${token}`;
}
