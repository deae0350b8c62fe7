/**
 * Password resets (docs/api.md §D26), after the OWASP Forgot Password Cheat Sheet:
 * - asking for one answers the same whether or not the email has a sign-in (no enumeration), and
 *   the answer does not wait for the lookup nor the mail (their timing would tell);
 * - the link (kind `password_reset`) is single use and works for 1 hour (one-time-links.ts);
 * - using it sets the password (password.rules.ts), ends every session of the person, revokes their
 *   other reset links and records `user.password_reset`, in one unit; it signs no one in (the cheat
 *   sheet: "don't automatically log the user in"), they sign in with the new password (and their
 *   second factor, which a reset leaves as it was).
 */
import type { Logger } from 'pino';
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Store, Tx } from '../db/store.js';
import { TidingsError } from '../errors.js';
import { currentActing, type RequestOrigin } from '../lib/actor.js';
import { iso, type Clock } from '../lib/clock.js';
import { sha256Hex } from '../lib/crypto.js';
import { resetMessage, type Delivery, type LinkMail } from './link-mail.js';
import { findMembership, membershipsOfUser } from './membership.repository.js';
import { isUsable, linkInvalid, newLink } from './one-time-links.js';
import * as links from './one-time-link.repository.js';
import { checkNewPassword, hashPassword } from './password.rules.js';
import type { PasswordResetLimiter } from './password-reset.limiter.js';
import { revokeSessions } from './session.repository.js';
import { findUserByEmail, findUserById, updateUser, type UserRow } from './user.repository.js';

export interface PasswordResetOptions {
  store: Store;
  clock: Clock;
  audit: AuditTrail;
  linkMail: LinkMail;
  limiter: PasswordResetLimiter;
  logger: Logger;
}

/** A reset link made for someone (by an admin, or the CLI): mailed, or answered to pass on. */
export type ResetLink = Delivery & { expiresAt: string };

export class PasswordResetService {
  readonly #o: PasswordResetOptions;
  /** Mails being sent after their request was answered (awaited at shutdown). */
  readonly #pending = new Set<Promise<void>>();

  constructor(options: PasswordResetOptions) {
    this.#o = options;
  }

  /**
   * A person asks for a reset of `email`'s password. When the service mails, the email's person has a
   * password (not single sign-on only) and it asked fewer than 3 times in the hour, a link is mailed
   * to it; nothing else is sent.
   * Resolves before the lookup and the mail, the same for every email.
   * @throws TidingsError rate_limited (with `retryAfterSeconds`) past 10 requests in the hour from `origin.address`.
   */
  async request(email: string, origin: RequestOrigin): Promise<void> {
    const wait = await this.#o.limiter.address(origin.address);
    if (wait > 0)
      throw new TidingsError('rate_limited', `Too many password resets asked from here; try again in ${wait} s.`, {
        retryAfterSeconds: wait,
      });
    const typed = email.trim().toLowerCase().slice(0, 320);
    const work: Promise<void> = this.#mailReset(typed)
      .catch((err: unknown) => this.#o.logger.error({ err }, 'password reset failed'))
      .finally(() => this.#pending.delete(work));
    this.#pending.add(work);
  }

  /** Waits for the mails of requests already answered. */
  async settle(): Promise<void> {
    await Promise.all([...this.#pending]);
  }

  async #mailReset(email: string): Promise<void> {
    if (!this.#o.linkMail.mails || !(await this.#o.limiter.email(email))) return;
    const user = await findUserByEmail(this.#o.store.read, email);
    // A person without a password signs in only through single sign-on: their credential is their
    // provider's, and a mailbox alone must not give them a password the provider cannot take away.
    if (!user || user.password_hash === null) return;
    await this.#make(user, null, '');
  }

  /**
   * An owner or admin makes a reset link for a member of their account.
   * @param actorId the person making it (`usr_…`); `fallbackBase` is the request's origin (link-mail.ts).
   * @returns the link (mailed to the member, or answered) and its expiry.
   * @throws TidingsError member_not_found when `memberId` is not in the account; owner_required when
   *   a non-owner asks for an owner's (only an owner changes an owner, membership.rules.ts);
   *   permission_denied when the actor is no longer a member.
   */
  async forMember(accountId: string, actorId: string, memberId: string, fallbackBase: string): Promise<ResetLink> {
    const read = this.#o.store.read;
    const [actor, target] = await Promise.all([
      findMembership(read, accountId, actorId),
      findMembership(read, accountId, memberId),
    ]);
    if (!actor) throw new TidingsError('permission_denied', 'You are no longer a member of this account.');
    if (!target) throw new TidingsError('member_not_found', `No member ${memberId} in this account.`, { param: 'id' });
    if (target.role === 'owner' && actor.role !== 'owner')
      throw new TidingsError('owner_required', "Only an owner can reset an owner's password.");
    const user = await findUserById(read, memberId);
    if (!user) throw new TidingsError('member_not_found', `No member ${memberId} in this account.`, { param: 'id' });
    return this.#make(user, accountId, fallbackBase);
  }

  /**
   * The CLI makes a reset link for the person with `email` (`npx tidings users reset-password`).
   * @throws TidingsError member_not_found when no person has that email.
   */
  async forEmail(email: string, fallbackBase: string): Promise<ResetLink & { email: string }> {
    const user = await findUserByEmail(this.#o.store.read, email.trim());
    if (!user) throw new TidingsError('member_not_found', `No person signs in as ${email.trim().toLowerCase()}.`);
    return { email: user.email, ...(await this.#make(user, null, fallbackBase)) };
  }

  /** Stores a reset link for `user` (recorded in `accountId`'s trail, or the service's), then mails or answers it. */
  async #make(user: UserRow, accountId: string | null, fallbackBase: string): Promise<ResetLink> {
    const actor = currentActing().actor;
    const createdBy = actor.type === 'user' ? actor.id : `${actor.type}:${actor.id}`;
    const { row, token } = newLink(this.#o.clock.now(), {
      kind: 'password_reset',
      account_id: null,
      email: user.email,
      role: null,
      user_id: user.id,
      created_by: createdBy,
    });
    await this.#o.store.write(async (tx) => {
      await links.insertLink(tx, row);
      await this.#o.audit.record(tx, {
        action: 'user.password_reset_link_created',
        accountId,
        object: { type: 'user', id: user.id },
        after: { link: row.id, email: user.email, expiresAt: row.expires_at },
      });
    });
    const delivery = await this.#o.linkMail.deliver({
      to: user.email,
      token,
      fallbackBase,
      message: resetMessage(),
      linkId: row.id,
    });
    return { ...delivery, expiresAt: row.expires_at };
  }

  /**
   * Uses a reset link: sets the password, ends all the person's sessions, revokes their other reset links.
   * @returns the person.
   * @throws TidingsError link_invalid (unknown, not a reset link, used, also concurrently, revoked,
   *   expired); password_too_weak (password.rules.ts).
   */
  async complete(token: string, password: string): Promise<{ id: string; email: string; name: string }> {
    const { store, clock } = this.#o;
    const link = await links.findLinkByHash(store.read, sha256Hex(token));
    if (!link || link.kind !== 'password_reset' || link.user_id === null || !isUsable(link, iso(clock.now())))
      throw linkInvalid();
    checkNewPassword(password);
    const passwordHash = await hashPassword(password);
    const userId = link.user_id;
    return store.write(async (tx) => {
      const now = iso(clock.now());
      const user = await findUserById(tx, userId);
      if (!user || !(await links.markLinkUsed(tx, link.id, now))) throw linkInvalid();
      await updateUser(tx, user.id, { password_hash: passwordHash });
      const sessionsEnded = await revokeSessions(tx, user.id, now);
      await links.revokeResetLinksOf(tx, user.id, now);
      await this.#recordReset(tx, user, { link: link.id, sessionsEnded });
      return { id: user.id, email: user.email, name: user.name };
    });
  }

  /** `user.password_reset` in the trail of each account the person is in (the service's when none). */
  async #recordReset(tx: Tx, user: UserRow, after: { link: string; sessionsEnded: number }): Promise<void> {
    const accounts = (await membershipsOfUser(tx, user.id)).map((m) => m.account_id);
    for (const accountId of accounts.length > 0 ? accounts : [null])
      await this.#o.audit.record(tx, {
        action: 'user.password_reset',
        accountId,
        object: { type: 'user', id: user.id },
        after,
        actor: { type: 'user', id: user.id, email: user.email, sessionId: '' },
        actorName: user.email,
      });
  }
}
