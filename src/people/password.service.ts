/**
 * Changing one's password (docs/api.md §D26): the current one proves the person is there (a stolen
 * cookie alone cannot change it), the new one meets the rules of a new password (password.rules.ts),
 * and every other session of the person ends, so whoever held the old password is out.
 */
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Store } from '../db/store.js';
import { TidingsError } from '../errors.js';
import type { AuthContext } from '../http/access.js';
import type { RequestOrigin } from '../lib/actor.js';
import { iso, type Clock } from '../lib/clock.js';
import { checkNewPassword, hashPassword, verifyPassword } from './password.rules.js';
import { revokeSessions } from './session.repository.js';
import type { SignInLimiter } from './sign-in.limiter.js';
import { findUserById, updateUser } from './user.repository.js';

export class PasswordService {
  readonly #o: { store: Store; clock: Clock; audit: AuditTrail; limiter: SignInLimiter };

  constructor(options: { store: Store; clock: Clock; audit: AuditTrail; limiter: SignInLimiter }) {
    this.#o = options;
  }

  /**
   * Sets the person's password to `next` after checking `current`, and ends their other sessions,
   * in one unit with the `user.password_changed` entry (which holds no password nor hash).
   * @returns how many other sessions ended.
   * @throws TidingsError password_too_weak (param `newPassword`) for a new password the rules
   *   refuse; sign_in_locked while the email or address is blocked; password_incorrect (param
   *   `currentPassword`) for a wrong current one (counted as a failed sign-in of the email), and for
   *   a person who has none (single sign-on only).
   */
  async change(auth: AuthContext, current: string, next: string, origin: RequestOrigin): Promise<number> {
    const { store, clock, audit, limiter } = this.#o;
    if (auth.actor.type !== 'user') throw new TidingsError('permission_denied', 'Only a person signed in may do this.');
    const { id, sessionId } = auth.actor;
    checkNewPassword(next, 'newPassword');
    const user = await findUserById(store.read, id);
    if (!user) throw new TidingsError('session_expired', 'Sign in again.');
    const lockedFor = await limiter.lockedFor(user.email, origin.address);
    if (lockedFor > 0)
      throw new TidingsError('sign_in_locked', `Too many failed tries; try again in ${lockedFor} s.`, {
        retryAfterSeconds: lockedFor,
      });
    if (!(await verifyPassword(user.password_hash, current))) {
      await limiter.failed(user.email, origin.address);
      throw new TidingsError('password_incorrect', 'Your current password is not right.', { param: 'currentPassword' });
    }
    const hash = await hashPassword(next);
    return store.write(async (tx) => {
      await updateUser(tx, id, { password_hash: hash });
      const ended = await revokeSessions(tx, id, iso(clock.now()), { exceptId: sessionId });
      await audit.record(tx, {
        action: 'user.password_changed',
        accountId: null,
        object: { type: 'user', id },
        after: { otherSessionsEnded: ended },
      });
      return ended;
    });
  }
}
