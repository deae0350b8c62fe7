/**
 * Signing in with a password (docs/api.md §D26). Never tells whether an email exists: an unknown
 * email, a person without a password (single sign-on only), one in no account and a wrong password
 * all verify an argon2id hash (a dummy one when there is none), count a failure and answer the same
 * 401 `sign_in_failed`. Failures are limited per email and per address (sign-in.limiter.ts).
 */
import type { AccountService } from '../accounts/account.service.js';
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Store, Tx } from '../db/store.js';
import { TidingsError } from '../errors.js';
import { isRole, ROLE_PERMISSIONS, type AuthContext } from '../http/access.js';
import type { RequestOrigin } from '../lib/actor.js';
import { iso, type Clock } from '../lib/clock.js';
import { findMembership, membershipsOfUser } from './membership.repository.js';
import { verifyPassword } from './password.rules.js';
import { revokeSessions, type ResolvedSessionRow } from './session.repository.js';
import type { SecondFactorAnswer, SecondFactorService } from './second-factor.service.js';
import type { SessionInfo, SessionService } from './session.service.js';
import type { SignInLimiter } from './sign-in.limiter.js';
import { accountRequiresSso } from './sign-in.repository.js';
import { findUserByEmail, findUserById, updateUser, type UserRow } from './user.repository.js';

/** The person signed in, as `GET /v1/me` shows them. */
export interface Me {
  id: string;
  email: string;
  name: string;
  secondFactor: boolean;
  account: { id: string; name: string; role: string };
  mode: 'live' | 'test';
  phoneNumberId: string;
  permissions: string[];
  accounts: { id: string; name: string; role: string }[];
}

const SIGN_IN = { type: 'system', id: 'sign_in' } as const;

export class SignInService {
  readonly #o: {
    store: Store;
    clock: Clock;
    accounts: AccountService;
    sessions: SessionService;
    limiter: SignInLimiter;
    audit: AuditTrail;
    secondFactor: SecondFactorService;
  };

  constructor(options: SignInServiceOptions) {
    this.#o = options;
  }

  /**
   * Signs a person in with email and password: a new session (a new token) in their first account.
   * With a second factor on, the session is pending (five minutes, good only for
   * `POST /v1/auth/second_factor`: `passSecondFactor`) and `me` is null.
   * @returns the cookie's token and the person as `GET /v1/me` shows them (null: the code is still to come).
   * @throws TidingsError sign_in_locked (with `retryAfterSeconds`) while the email or address is
   *   blocked; sign_in_failed for any wrong email or password; sso_required when the account
   *   requires single sign-on and the person is not an owner there (only once the password was right).
   */
  async signIn(email: string, password: string, origin: RequestOrigin): Promise<{ token: string; me: Me | null }> {
    const { store, limiter, audit } = this.#o;
    const typed = email.trim().toLowerCase().slice(0, 320);
    const lockedFor = await limiter.lockedFor(typed, origin.address);
    if (lockedFor > 0)
      throw new TidingsError('sign_in_locked', `Too many failed sign-ins; try again in ${lockedFor} s.`, {
        retryAfterSeconds: lockedFor,
      });
    const user = await findUserByEmail(store.read, typed);
    const right = await verifyPassword(user?.password_hash ?? null, password);
    const memberships = user ? await membershipsOfUser(store.read, user.id) : [];
    const first = memberships[0];
    if (!user || !right || !first) {
      await limiter.failed(typed, origin.address);
      await store.write((tx) =>
        audit.record(tx, {
          action: 'sign_in.failed',
          accountId: null,
          object: { type: 'user', id: null },
          actor: SIGN_IN,
          actorName: typed,
        }),
      );
      throw new TidingsError('sign_in_failed', 'The email or the password is not right.');
    }
    if (first.role !== 'owner' && (await accountRequiresSso(store.read, first.account_id)))
      throw new TidingsError('sso_required', 'Your account signs in through single sign-on; use its button.');
    if (user.totp_enabled_at !== null) {
      // The email's failures are not forgotten yet: someone with the password alone must not be
      // able to clear them between guesses of the code.
      const { token } = await this.#o.sessions.start({
        userId: user.id,
        accountId: first.account_id,
        method: 'password',
        secondFactor: 'pending',
        origin,
      });
      return { token, me: null };
    }
    await limiter.succeeded(typed);
    const { token, session } = await this.#o.sessions.start(
      { userId: user.id, accountId: first.account_id, method: 'password', secondFactor: 'none', origin },
      (tx, started) => this.#recordSignIn(tx, user, started, 'none'),
    );
    return { token, me: await this.#meOfSession(user, session) };
  }

  /**
   * The second step of a sign-in: a code from the app, or a recovery code, for the pending session
   * `row` (its password was right). A right one ends the pending session and starts a new one (a
   * new token: no fixation) with its second factor `passed`; a wrong one counts as a failed sign-in
   * of the email and the address, with the growing delays of sign-in.limiter.ts.
   * @returns the new session's token and the person.
   * @throws TidingsError session_expired when `row` is not pending (or ended); sign_in_locked (with
   *   `retryAfterSeconds`) while the email or address is blocked; second_factor_invalid for a wrong,
   *   replayed or used code.
   */
  async passSecondFactor(
    row: ResolvedSessionRow,
    answer: SecondFactorAnswer,
    origin: RequestOrigin,
  ): Promise<{ token: string; me: Me }> {
    const { store, limiter, audit, secondFactor } = this.#o;
    if (row.second_factor !== 'pending') throw new TidingsError('session_expired', 'Sign in again.');
    const lockedFor = await limiter.lockedFor(row.email, origin.address);
    if (lockedFor > 0)
      throw new TidingsError('sign_in_locked', `Too many failed sign-ins; try again in ${lockedFor} s.`, {
        retryAfterSeconds: lockedFor,
      });
    const user = await findUserById(store.read, row.user_id);
    if (!user) throw new TidingsError('session_expired', 'Sign in again.');
    if (!(await store.write((tx) => secondFactor.check(tx, user, answer)))) {
      await limiter.failed(row.email, origin.address);
      await store.write((tx) =>
        audit.record(tx, {
          action: 'sign_in.failed',
          accountId: null,
          object: { type: 'user', id: null },
          actor: SIGN_IN,
          actorName: row.email,
          after: { step: 'second_factor' },
        }),
      );
      throw new TidingsError('second_factor_invalid', 'The code is not right, or was used already.', {
        param: answer.recoveryCode !== undefined ? 'recoveryCode' : 'code',
      });
    }
    await limiter.succeeded(row.email);
    const { token, session } = await this.#o.sessions.passSecondFactor(row, origin, (tx, started) =>
      this.#recordSignIn(tx, user, started, 'passed', answer.recoveryCode !== undefined),
    );
    return { token, me: await this.#meOfSession(user, session) };
  }

  /** Records a sign-in done (`session.created`, the person's last sign-in), in the session's own unit `tx`. */
  async #recordSignIn(
    tx: Tx,
    user: UserRow,
    session: SessionInfo,
    secondFactor: 'none' | 'passed',
    recovery = false,
  ): Promise<void> {
    await updateUser(tx, user.id, { last_sign_in_at: iso(this.#o.clock.now()) });
    await this.#o.audit.record(tx, {
      action: 'session.created',
      accountId: session.accountId,
      object: { type: 'session', id: session.id },
      mode: session.mode,
      actor: { type: 'user', id: user.id, email: user.email, sessionId: session.id },
      after: { method: 'password', secondFactor, ...(recovery ? { recoveryCode: true } : {}) },
    });
  }

  /** The person of a session just started, as `GET /v1/me` shows them. */
  async #meOfSession(user: UserRow, session: SessionInfo): Promise<Me> {
    const { store } = this.#o;
    const membership = await findMembership(store.read, session.accountId, user.id);
    const role = membership && isRole(membership.role) ? membership.role : 'viewer';
    return this.me({ ...session, userId: user.id, permissions: [...ROLE_PERMISSIONS[role]] });
  }

  /** Ends the session `row` (signing out), recording `session.signed_out` in the same unit. */
  async signOut(row: ResolvedSessionRow): Promise<void> {
    const { store, clock, audit } = this.#o;
    await store.write(async (tx) => {
      if ((await revokeSessions(tx, row.user_id, iso(clock.now()), { id: row.id })) === 0) return;
      await audit.record(tx, {
        action: 'session.signed_out',
        accountId: row.account_id,
        object: { type: 'session', id: row.id },
        mode: row.mode,
      });
    });
  }

  /** The person of a signed-in request, as `GET /v1/me` shows them. */
  meOf(auth: AuthContext): Promise<Me> {
    if (auth.actor.type !== 'user') throw new TidingsError('permission_denied', 'Only a person signed in may do this.');
    return this.me({
      id: auth.keyId,
      accountId: auth.accountId,
      mode: auth.mode,
      phoneNumberId: auth.phoneNumberId,
      userId: auth.actor.id,
      permissions: [...auth.permissions],
    });
  }

  /** The person of session `s`, with their accounts. @throws TidingsError session_expired when they left it. */
  async me(s: {
    id: string;
    accountId: string;
    mode: 'live' | 'test';
    phoneNumberId: string;
    userId: string;
    permissions: string[];
  }): Promise<Me> {
    const user = await findUserById(this.#o.store.read, s.userId);
    if (!user) throw new TidingsError('session_expired', 'Sign in again.');
    const accounts = (await membershipsOfUser(this.#o.store.read, user.id)).map((m) => ({
      id: m.account_id,
      name: m.account_name,
      role: m.role,
    }));
    const account = accounts.find((a) => a.id === s.accountId);
    if (!account) throw new TidingsError('session_expired', 'You are no longer a member of this account.');
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      secondFactor: user.totp_enabled_at !== null,
      account,
      mode: s.mode,
      phoneNumberId: s.phoneNumberId,
      permissions: s.permissions.sort(),
      accounts,
    };
  }
}

export interface SignInServiceOptions {
  store: Store;
  clock: Clock;
  accounts: AccountService;
  sessions: SessionService;
  limiter: SignInLimiter;
  audit: AuditTrail;
  secondFactor: SecondFactorService;
}
