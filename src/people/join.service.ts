/**
 * Accepting an invitation or the first owner's link (docs/api.md §D26), in one unit of work with the
 * `member.joined` audit entry, the link marked used only if no one used it first:
 * - a newcomer gives a name and a password (argon2id): the person and their membership are made;
 * - an invitation for an email that already has a sign-in adds the membership only for that person
 *   signed in (their session, so their password and second factor, or their single sign-on): the
 *   link alone never gives anyone the existing person's session nor sets their password.
 */
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Store } from '../db/store.js';
import { TidingsError } from '../errors.js';
import { isRole } from '../http/access.js';
import { iso, type Clock } from '../lib/clock.js';
import { sha256Hex } from '../lib/crypto.js';
import { newId } from '../lib/ids.js';
import { findMembership, insertMembership } from './membership.repository.js';
import { isUsable, linkInvalid } from './one-time-links.js';
import * as repo from './one-time-link.repository.js';
import { checkNewPassword, hashPassword } from './password.rules.js';
import { findUserByEmail, insertUser } from './user.repository.js';

/** Who accepted, and into which account. `created`: a new person (false: an existing one joined). */
export interface Joined {
  id: string;
  email: string;
  name: string;
  accountId: string;
  created: boolean;
}

export class JoinService {
  readonly #o: { store: Store; clock: Clock; audit: AuditTrail };

  constructor(options: { store: Store; clock: Clock; audit: AuditTrail }) {
    this.#o = options;
  }

  /**
   * Accepts an invitation or the first owner's link.
   * @param input `name` and `password` for a newcomer; `email` only on the first owner's link.
   * @param signedIn the person whose session came with the request (second factor passed), or null.
   * @throws TidingsError link_invalid (unknown, used, also concurrently, revoked, expired, not an
   *   invitation); for an invitation to an existing person: session_expired when no one is signed in,
   *   permission_denied when someone else is, parameter_invalid when they are already a member; for a
   *   newcomer: parameter_missing (no name or password), password_too_weak (password.rules.ts),
   *   parameter_invalid when the first owner's email already has a person (they sign in first).
   */
  async accept(
    token: string,
    input: { name?: string; password?: string; email?: string },
    signedIn: { userId: string } | null,
  ): Promise<Joined> {
    const link = await repo.findLinkByHash(this.#o.store.read, sha256Hex(token));
    if (
      !link ||
      (link.kind !== 'invite' && link.kind !== 'owner') ||
      !isUsable(link, iso(this.#o.clock.now())) ||
      link.account_id === null ||
      !isRole(link.role ?? '')
    )
      throw linkInvalid();
    const email = (link.kind === 'owner' ? (input.email ?? '') : (link.email ?? '')).trim().toLowerCase();
    if (!email.includes('@'))
      throw new TidingsError('parameter_invalid', 'email: the first owner gives an email address.');
    const existing = link.kind === 'invite' ? await findUserByEmail(this.#o.store.read, email) : undefined;
    if (existing) {
      if (signedIn === null)
        throw new TidingsError('session_expired', `${email} already has a Tidings sign-in: sign in, then accept.`);
      if (signedIn.userId !== existing.id)
        throw new TidingsError('permission_denied', `This invitation is for ${email}: sign in as them to accept it.`);
      return this.#join(link, { id: existing.id, email, name: existing.name }, null);
    }
    if (!input.name?.trim()) throw new TidingsError('parameter_missing', 'name: your name.', { param: 'name' });
    if (input.password === undefined)
      throw new TidingsError('parameter_missing', 'password: choose one (12 to 256 characters).', {
        param: 'password',
      });
    checkNewPassword(input.password);
    const passwordHash = await hashPassword(input.password);
    return this.#join(link, { id: newId('usr'), email, name: input.name.trim() }, passwordHash);
  }

  /** Marks the link used and adds the membership, making the person first when `passwordHash` is given. */
  #join(
    link: repo.OneTimeLinkRow,
    person: { id: string; email: string; name: string },
    passwordHash: string | null,
  ): Promise<Joined> {
    const accountId = link.account_id!;
    return this.#o.store.write(async (tx) => {
      if (passwordHash !== null && (await findUserByEmail(tx, person.email)))
        throw new TidingsError(
          'parameter_invalid',
          `${person.email} already has a Tidings sign-in: sign in first, then accept the invitation.`,
        );
      if (passwordHash === null && (await findMembership(tx, accountId, person.id)))
        throw new TidingsError('parameter_invalid', `${person.email} is already a member of this account.`);
      const now = iso(this.#o.clock.now());
      if (!(await repo.markLinkUsed(tx, link.id, now))) throw linkInvalid();
      if (passwordHash !== null)
        await insertUser(tx, {
          ...person,
          password_hash: passwordHash,
          totp_secret_enc: null,
          totp_enabled_at: null,
          created_at: now,
          last_sign_in_at: now,
        });
      await insertMembership(tx, { account_id: accountId, user_id: person.id, role: link.role!, created_at: now });
      await this.#o.audit.record(tx, {
        action: 'member.joined',
        accountId,
        object: { type: 'member', id: person.id },
        after: { email: person.email, role: link.role, link: link.id, existingPerson: passwordHash === null },
        ...(passwordHash !== null
          ? { actor: { type: 'user', id: person.id, email: person.email, sessionId: '' }, actorName: person.email }
          : {}),
      });
      return { ...person, accountId, created: passwordHash !== null };
    });
  }
}
