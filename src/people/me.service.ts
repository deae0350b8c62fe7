/**
 * The person signed in managing their own sessions (docs/api.md §D26): the switcher (account,
 * mode, number), their sessions, ending one or all but this one. Each end is audited
 * (`session.revoked`) in the unit of work that ends it.
 */
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Store } from '../db/store.js';
import { TidingsError } from '../errors.js';
import { isRole, ROLE_PERMISSIONS, type AuthContext, type Mode } from '../http/access.js';
import { iso, type Clock } from '../lib/clock.js';
import { findMembership } from './membership.repository.js';
import { revokeSessions, type ResolvedSessionRow } from './session.repository.js';
import type { SessionInfo, SessionService } from './session.service.js';
import type { Me, SignInService } from './sign-in.service.js';

export class MeService {
  readonly #o: { store: Store; clock: Clock; sessions: SessionService; signIn: SignInService; audit: AuditTrail };

  constructor(options: {
    store: Store;
    clock: Clock;
    sessions: SessionService;
    signIn: SignInService;
    audit: AuditTrail;
  }) {
    this.#o = options;
  }

  /**
   * Moves the session `row` to another account, mode or number (SessionService.switchTo).
   * @returns the person as `GET /v1/me` then shows them.
   * @throws TidingsError permission_denied for an account they are not a member of; parameter_invalid for a number it has not.
   */
  async switchTo(
    row: ResolvedSessionRow,
    to: { accountId?: string; mode?: Mode; phoneNumberId?: string },
  ): Promise<Me> {
    const info = await this.#o.sessions.switchTo(row, to);
    const membership = await findMembership(this.#o.store.read, info.accountId, row.user_id);
    const role = membership && isRole(membership.role) ? membership.role : null;
    if (!role) throw new TidingsError('session_expired', 'You are no longer a member of this account.');
    return this.#o.signIn.me({ ...info, userId: row.user_id, permissions: [...ROLE_PERMISSIONS[role]] });
  }

  /** The person's sessions not ended, newest first. */
  list(auth: AuthContext): Promise<SessionInfo[]> {
    return this.#o.sessions.list(userOf(auth).id);
  }

  /** Ends one of the person's sessions. @throws TidingsError session_not_found when it is not theirs or has ended. */
  async revoke(auth: AuthContext, id: string): Promise<void> {
    const { store, clock, audit } = this.#o;
    const ended = await store.write(async (tx) => {
      const n = await revokeSessions(tx, userOf(auth).id, iso(clock.now()), { id });
      if (n > 0)
        await audit.record(tx, {
          action: 'session.revoked',
          accountId: auth.accountId,
          object: { type: 'session', id },
          mode: auth.mode,
        });
      return n;
    });
    if (ended === 0) throw new TidingsError('session_not_found', `You have no session ${id}.`);
  }

  /** Ends every session of the person's but the one asking ("sign out everywhere"). @returns how many ended. */
  revokeAll(auth: AuthContext): Promise<number> {
    const { store, clock, audit } = this.#o;
    const user = userOf(auth);
    return store.write(async (tx) => {
      const n = await revokeSessions(tx, user.id, iso(clock.now()), { exceptId: user.sessionId });
      if (n > 0)
        await audit.record(tx, {
          action: 'session.revoked',
          accountId: auth.accountId,
          object: { type: 'user', id: user.id },
          mode: auth.mode,
          after: { allBut: user.sessionId, count: n },
        });
      return n;
    });
  }
}

function userOf(auth: AuthContext) {
  if (auth.actor.type !== 'user') throw new TidingsError('permission_denied', 'Only a person signed in may do this.');
  return auth.actor;
}
