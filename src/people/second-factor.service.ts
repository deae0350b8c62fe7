/**
 * A person's second factor (docs/api.md §D26): setting TOTP up, confirming it, turning it off,
 * new recovery codes, and checking a code or a recovery code (at the second step of a sign-in,
 * and as the proof that turning it off needs). Codes follow totp.rules.ts.
 *
 * States of a person's factor, read from `users`: **off** (no secret), **being set up** (a secret,
 * `totp_enabled_at` null: `begin` made it, `confirm` with a right code turns it **on**), **on**
 * (both). `begin` from off or being set up; `confirm` from being set up; `disable` and
 * `newRecoveryCodes` from on.
 *
 * Turning it off and making new recovery codes need proof beyond the session (the current password,
 * or a code from the app), so a stolen cookie can do neither; a wrong proof counts as a failed
 * sign-in of the person's email (sign-in.limiter.ts) and is refused while the email is blocked.
 */
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Store, Tx } from '../db/store.js';
import { TidingsError } from '../errors.js';
import type { AuthContext } from '../http/access.js';
import type { RequestOrigin } from '../lib/actor.js';
import { iso, type Clock } from '../lib/clock.js';
import type { SecretBox } from '../lib/crypto.js';
import { verifyPassword } from './password.rules.js';
import * as repo from './second-factor.repository.js';
import type { SignInLimiter } from './sign-in.limiter.js';
import { acceptedStep, newRecoveryCodes, newTotpSecret, otpauthUri, recoveryCodeHash } from './totp.rules.js';
import { findUserById, type UserRow } from './user.repository.js';

/** What proves the person is there beyond their session: their password, or a code from their app. */
export type Proof = { password?: string; code?: string };

/** A code at the second step of a sign-in: from the app, or one of the recovery codes. */
export type SecondFactorAnswer = { code?: string; recoveryCode?: string };

export class SecondFactorService {
  readonly #o: { store: Store; clock: Clock; audit: AuditTrail; secretBox: SecretBox; limiter: SignInLimiter };

  constructor(options: {
    store: Store;
    clock: Clock;
    audit: AuditTrail;
    secretBox: SecretBox;
    limiter: SignInLimiter;
  }) {
    this.#o = options;
  }

  /**
   * Starts setting up TOTP: a new secret, stored encrypted (lib/crypto.ts SecretBox, as single
   * sign-on client secrets are), replacing any secret being set up.
   * @returns the secret (base 32) and the `otpauth://` URI (issuer Tidings, label the email) to scan.
   * @throws TidingsError second_factor_already_set_up when it is on (turn it off first).
   */
  async begin(auth: AuthContext): Promise<{ secret: string; otpauthUri: string }> {
    const user = await this.#user(auth);
    if (user.totp_enabled_at !== null)
      throw new TidingsError('second_factor_already_set_up', 'Your second factor is on already; turn it off first.');
    const secret = newTotpSecret();
    const enc = this.#o.secretBox.encrypt(secret);
    await this.#o.store.write((tx) =>
      repo.setTotp(tx, user.id, { totp_secret_enc: enc, totp_enabled_at: null, totp_last_step: null }),
    );
    return { secret, otpauthUri: otpauthUri(secret, user.email) };
  }

  /**
   * Confirms the secret being set up with a code from the app: the factor is on, and ten recovery
   * codes replace any old ones. Audited `user.second_factor_enabled` in the same unit.
   * @returns the recovery codes: shown this once, only their hashes are kept.
   * @throws TidingsError second_factor_not_set_up when nothing is being set up (or it is on);
   *   second_factor_invalid for a wrong code.
   */
  async confirm(auth: AuthContext, code: string): Promise<{ recoveryCodes: string[] }> {
    const user = await this.#user(auth);
    if (user.totp_secret_enc === null || user.totp_enabled_at !== null)
      throw new TidingsError('second_factor_not_set_up', 'Start setting up a second factor first.');
    const now = this.#o.clock.now();
    const step = acceptedStep(this.#o.secretBox.decrypt(user.totp_secret_enc), code, now, null);
    if (step === null) throw new TidingsError('second_factor_invalid', 'The code is not right.', { param: 'code' });
    const codes = newRecoveryCodes();
    await this.#o.store.write(async (tx) => {
      // The confirming code's step counts as used: it cannot sign in as well.
      await repo.setTotp(tx, user.id, {
        totp_secret_enc: user.totp_secret_enc,
        totp_enabled_at: iso(now),
        totp_last_step: step,
      });
      await repo.replaceRecoveryCodes(tx, user.id, codes.map(recoveryCodeHash));
      await this.#record(tx, 'user.second_factor_enabled', user, { recoveryCodes: codes.length });
    });
    return { recoveryCodes: codes };
  }

  /**
   * Turns the second factor off: the secret and every recovery code are deleted. Audited
   * `user.second_factor_disabled`.
   * @throws TidingsError second_factor_not_set_up when it is off; as `#prove` for the proof.
   */
  async disable(auth: AuthContext, proof: Proof, origin: RequestOrigin): Promise<void> {
    const user = await this.#enabledUser(auth);
    await this.#prove(user, proof, origin);
    await this.#o.store.write(async (tx) => {
      await repo.setTotp(tx, user.id, { totp_secret_enc: null, totp_enabled_at: null, totp_last_step: null });
      await repo.replaceRecoveryCodes(tx, user.id, []);
      await this.#record(tx, 'user.second_factor_disabled', user, {
        by: proof.password !== undefined ? 'password' : 'code',
      });
    });
  }

  /**
   * Ten new recovery codes; the old ones are void. Audited `user.recovery_codes_replaced`.
   * @returns the codes, shown this once.
   * @throws TidingsError second_factor_not_set_up when it is off; as `#prove` for the proof.
   */
  async newRecoveryCodes(auth: AuthContext, proof: Proof, origin: RequestOrigin): Promise<{ recoveryCodes: string[] }> {
    const user = await this.#enabledUser(auth);
    await this.#prove(user, proof, origin);
    const codes = newRecoveryCodes();
    await this.#o.store.write(async (tx) => {
      await repo.replaceRecoveryCodes(tx, user.id, codes.map(recoveryCodeHash));
      await this.#record(tx, 'user.recovery_codes_replaced', user, { recoveryCodes: codes.length });
    });
    return { recoveryCodes: codes };
  }

  /**
   * Checks a code from the app (within ±1 step, never one of a step already used) or a recovery
   * code (used once), in the unit `tx`, marking it used there.
   * @returns whether it was right. The caller counts a failure.
   */
  async check(tx: Tx, user: UserRow, answer: SecondFactorAnswer): Promise<boolean> {
    if (user.totp_secret_enc === null || user.totp_enabled_at === null) return false;
    if (answer.recoveryCode !== undefined)
      return repo.useRecoveryCode(tx, user.id, recoveryCodeHash(answer.recoveryCode), iso(this.#o.clock.now()));
    if (answer.code === undefined) return false;
    const secret = this.#o.secretBox.decrypt(user.totp_secret_enc);
    const step = acceptedStep(secret, answer.code, this.#o.clock.now(), user.totp_last_step);
    return step !== null && repo.claimTotpStep(tx, user.id, step);
  }

  /**
   * Checks the proof (the password, else a code from the app), counting a wrong one as a failed sign-in.
   * @throws TidingsError parameter_missing without either; sign_in_locked while the email or address
   *   is blocked; password_incorrect or second_factor_invalid for a wrong one.
   */
  async #prove(user: UserRow, proof: Proof, origin: RequestOrigin): Promise<void> {
    const { limiter, store } = this.#o;
    if (proof.password === undefined && proof.code === undefined)
      throw new TidingsError('parameter_missing', 'Give your password or a code from your app.', { param: 'password' });
    const lockedFor = await limiter.lockedFor(user.email, origin.address);
    if (lockedFor > 0)
      throw new TidingsError('sign_in_locked', `Too many failed tries; try again in ${lockedFor} s.`, {
        retryAfterSeconds: lockedFor,
      });
    const right =
      proof.password !== undefined
        ? await verifyPassword(user.password_hash, proof.password)
        : await store.write((tx) => this.check(tx, user, { code: proof.code! }));
    if (right) return;
    await limiter.failed(user.email, origin.address);
    if (proof.password !== undefined)
      throw new TidingsError('password_incorrect', 'Your password is not right.', { param: 'password' });
    throw new TidingsError('second_factor_invalid', 'The code is not right, or was used already.', { param: 'code' });
  }

  async #user(auth: AuthContext): Promise<UserRow> {
    if (auth.actor.type !== 'user') throw new TidingsError('permission_denied', 'Only a person signed in may do this.');
    const user = await findUserById(this.#o.store.read, auth.actor.id);
    if (!user) throw new TidingsError('session_expired', 'Sign in again.');
    return user;
  }

  async #enabledUser(auth: AuthContext): Promise<UserRow> {
    const user = await this.#user(auth);
    if (user.totp_enabled_at === null)
      throw new TidingsError('second_factor_not_set_up', 'You have no second factor set up.');
    return user;
  }

  /** A change to the person's own settings: the service chain (it belongs to no one account). */
  #record(tx: Tx, action: string, user: UserRow, after: Record<string, unknown>): Promise<string> {
    return this.#o.audit.record(tx, { action, accountId: null, object: { type: 'user', id: user.id }, after });
  }
}
