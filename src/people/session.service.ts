/**
 * Server-side sessions (docs/api.md §D26): a person signed in holds an opaque cookie (session-cookie.ts)
 * whose token names a row in the database, so every process on PostgreSQL shares them and signing
 * out ends them everywhere at once.
 *
 * - The token is 40 random base62 characters (238 bits); only its SHA-256 is stored.
 * - Every sign-in makes a new session (a new token): a token planted before sign-in (session
 *   fixation) never becomes signed in. Passing the second factor makes another.
 * - A session ends `SESSION_IDLE_MINUTES` after its last request, and `SESSION_MAX_HOURS` after its
 *   sign-in whatever happens (defaults 60 min and 24 h, NIST SP 800-63B-4 section 2.2.3 for AAL2).
 * - It acts in one account (the person's membership there gives its permissions), in one mode and
 *   from one number, which the person switches (`switchTo`).
 */
import type { AccountService } from '../accounts/account.service.js';
import type { Store, Tx } from '../db/store.js';
import { TidingsError } from '../errors.js';
import { ROLE_PERMISSIONS, SCOPES, isRole, type AuthContext, type Mode } from '../http/access.js';
import type { RequestOrigin } from '../lib/actor.js';
import { ReadThroughCache } from '../lib/cache.js';
import { iso, type Clock } from '../lib/clock.js';
import { sha256Hex } from '../lib/crypto.js';
import { newId, randomBase62 } from '../lib/ids.js';
import { findMembership } from './membership.repository.js';
import * as repo from './session.repository.js';
import { accountRequiresSso } from './sign-in.repository.js';

/** Requests within this long of the last recorded one do not write it again, ms. */
const TOUCH_EVERY_MS = 60_000;
/** A session waiting for its second factor ends this long after the password was right, ms. */
export const PENDING_MS = 5 * 60_000;

/** A session as its person sees it (`GET /v1/me/sessions`). */
export interface SessionInfo {
  id: string;
  accountId: string;
  mode: Mode;
  phoneNumberId: string;
  method: string;
  address: string | null;
  userAgent: string | null;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

/** A session the cookie names, not ended: signed in, or waiting for its second factor. */
export interface ResolvedSession {
  row: repo.ResolvedSessionRow;
  /** What a request with it may do; null while the second factor is pending or the person left the account. */
  auth: AuthContext | null;
}

export interface StartSession {
  userId: string;
  accountId: string;
  /** Default: the account's first number. */
  phoneNumberId?: string;
  /** Default: live. */
  mode?: Mode;
  method: 'password' | 'sso';
  /** `pending`: the password was right and the code is still to come. */
  secondFactor: 'none' | 'pending' | 'passed';
  origin: RequestOrigin | null;
}

/** What is written with a new session, in its unit of work (its audit entry, the person's last sign-in). */
export type WithSession = (tx: Tx, session: SessionInfo) => Promise<void>;

export class SessionService {
  readonly #o: {
    store: Store;
    clock: Clock;
    accounts: AccountService;
    idleMs: number;
    maxMs: number;
    rateLimit: number;
  };
  /** Sessions by token hash, until any session or membership changes in any process. */
  readonly #cache = new ReadThroughCache<repo.ResolvedSessionRow>(10_000);

  constructor(options: {
    store: Store;
    clock: Clock;
    accounts: AccountService;
    idleMinutes: number;
    maxHours: number;
    /** A person's requests per second (`SESSION_RATE_LIMIT`). */
    rateLimit: number;
  }) {
    this.#o = { ...options, idleMs: options.idleMinutes * 60_000, maxMs: options.maxHours * 3_600_000 };
    options.store.changes.subscribe('sessions', () => this.#cache.invalidate(null));
    options.store.changes.subscribe('memberships', () => this.#cache.invalidate(null));
  }

  /** The idle expiry, ms (for the cookie's `Max-Age`, which is the absolute one). */
  get maxMs(): number {
    return this.#o.maxMs;
  }

  /**
   * Starts a session (a sign-in): a new token every time. `within` runs in the same unit of work,
   * so the session and what records it commit together or not at all.
   * @returns the token (for the cookie, never stored) and the session.
   * @throws TidingsError permission_denied when the person is not a member of the account;
   *   parameter_invalid for a number the account does not have.
   */
  async start(
    input: StartSession,
    within?: WithSession,
    replaces?: repo.ResolvedSessionRow,
  ): Promise<{ token: string; session: SessionInfo }> {
    const { store, clock } = this.#o;
    if (!(await findMembership(store.read, input.accountId, input.userId)))
      throw new TidingsError('permission_denied', `You are not a member of the account ${input.accountId}.`);
    const phoneNumberId = await this.#numberOf(input.accountId, input.phoneNumberId);
    const now = clock.now();
    const token = randomBase62(40);
    const row: repo.SessionRow = {
      id: newId('ses', now),
      token_hash: sha256Hex(token),
      user_id: input.userId,
      account_id: input.accountId,
      mode: input.mode ?? 'live',
      phone_number_id: phoneNumberId,
      method: input.method,
      second_factor: input.secondFactor,
      address: input.origin?.address ?? null,
      user_agent: input.origin?.userAgent ?? null,
      created_at: iso(now),
      last_seen_at: iso(now),
      expires_at: iso(now + (input.secondFactor === 'pending' ? PENDING_MS : this.#o.maxMs)),
      revoked_at: null,
    };
    const session = toInfo(row);
    await store.write(async (tx) => {
      if (replaces) await repo.revokeSessions(tx, replaces.user_id, iso(now), { id: replaces.id });
      await repo.insertSession(tx, row);
      await within?.(tx, session);
    });
    return { token, session };
  }

  /**
   * The session a cookie's token names, when it has not ended. A request seen more than a minute
   * after the last one recorded is recorded (idle expiry counts from it).
   * @returns null when the token names no session, or one that ended (signed out, revoked, idle, past its maximum).
   */
  async resolve(token: string): Promise<ResolvedSession | null> {
    if (!/^[0-9A-Za-z]{40}$/.test(token)) return null;
    const hash = sha256Hex(token);
    let row = await this.#cache.get(hash, () => repo.findSessionByTokenHash(this.#o.store.read, hash));
    if (row && this.#idle(row)) {
      // Another process may have seen a later request: read it again before calling it idle.
      this.#cache.invalidate(hash);
      row = await this.#cache.get(hash, () => repo.findSessionByTokenHash(this.#o.store.read, hash));
    }
    if (!row || row.revoked_at !== null || this.#ended(row)) return null;
    const now = this.#o.clock.now();
    if (now - Date.parse(row.last_seen_at) > TOUCH_EVERY_MS) {
      row.last_seen_at = iso(now);
      const id = row.id;
      await this.#o.store.write((tx) => repo.touchSession(tx, id, iso(now)));
    }
    return { row, auth: row.second_factor === 'pending' ? null : authOf(row, this.#o.rateLimit) };
  }

  /**
   * Passes a pending session's second factor: in one unit of work it ends, a new session (a new
   * token) starts, and `within` runs.
   * @throws TidingsError session_expired when the session is not pending any more.
   */
  async passSecondFactor(session: repo.ResolvedSessionRow, origin: RequestOrigin | null, within?: WithSession) {
    if (session.second_factor !== 'pending') throw new TidingsError('session_expired', 'Sign in again.');
    return this.start(
      {
        userId: session.user_id,
        accountId: session.account_id,
        phoneNumberId: session.phone_number_id,
        mode: session.mode,
        method: session.method as 'password' | 'sso',
        secondFactor: 'passed',
        origin,
      },
      within,
      session,
    );
  }

  /**
   * Moves a session to another account (the switcher), number or mode.
   * @throws TidingsError permission_denied when the person is not a member of the account;
   *   sso_required when a session signed in by password moves to an account that requires single
   *   sign-on and the person is not an owner there (as its sign-in would be refused);
   *   parameter_invalid for a number the account does not have.
   */
  async switchTo(
    session: repo.ResolvedSessionRow,
    to: { accountId?: string; phoneNumberId?: string; mode?: Mode },
  ): Promise<SessionInfo> {
    const accountId = to.accountId ?? session.account_id;
    const membership = await findMembership(this.#o.store.read, accountId, session.user_id);
    if (!membership)
      throw new TidingsError('permission_denied', `You are not a member of the account ${accountId}.`, {
        param: 'accountId',
      });
    if (
      accountId !== session.account_id &&
      session.method !== 'sso' &&
      membership.role !== 'owner' &&
      (await accountRequiresSso(this.#o.store.read, accountId))
    )
      throw new TidingsError(
        'sso_required',
        `The account ${accountId} signs in through single sign-on: sign out, then use its button.`,
        { param: 'accountId' },
      );
    const phoneNumberId = await this.#numberOf(
      accountId,
      to.phoneNumberId ?? (accountId === session.account_id ? session.phone_number_id : undefined),
    );
    const set = { account_id: accountId, phone_number_id: phoneNumberId, mode: to.mode ?? session.mode };
    await this.#o.store.write((tx) => repo.updateSession(tx, session.id, set));
    return toInfo({ ...session, ...set });
  }

  /** A person's sessions, newest first. */
  async list(userId: string): Promise<SessionInfo[]> {
    return (await repo.listActiveSessions(this.#o.store.read, userId, iso(this.#o.clock.now()))).map(toInfo);
  }

  /** Ends one session of a person's. @returns false when it was not theirs, or had ended. */
  async revoke(userId: string, id: string): Promise<boolean> {
    return (await this.#o.store.write((tx) => repo.revokeSessions(tx, userId, iso(this.#o.clock.now()), { id }))) > 0;
  }

  /** Ends every session of a person's ("sign out everywhere"), but `exceptId`. @returns how many. */
  revokeAll(userId: string, exceptId?: string): Promise<number> {
    return this.#o.store.write((tx) =>
      repo.revokeSessions(tx, userId, iso(this.#o.clock.now()), exceptId ? { exceptId } : {}),
    );
  }

  /** Removes sessions ended more than a day ago (housekeeping). @returns how many. */
  purgeEnded(): Promise<number> {
    return this.#o.store.write((tx) => repo.purgeEndedSessions(tx, iso(this.#o.clock.now() - 86_400_000)));
  }

  #idle(row: repo.SessionRow): boolean {
    return this.#o.clock.now() - Date.parse(row.last_seen_at) > this.#o.idleMs;
  }

  #ended(row: repo.SessionRow): boolean {
    return this.#o.clock.now() >= Date.parse(row.expires_at) || this.#idle(row);
  }

  async #numberOf(accountId: string, phoneNumberId: string | undefined): Promise<string> {
    const account = await this.#o.accounts.getAccount(accountId);
    const number = phoneNumberId ?? account?.phoneNumbers[0]?.phoneNumberId;
    if (!account || !number || !account.phoneNumbers.some((n) => n.phoneNumberId === number))
      throw new TidingsError('parameter_invalid', `The account has no phone number ${number ?? ''}.`, {
        param: 'phoneNumberId',
      });
    return number;
  }
}

/** What a signed-in session may do: its person's role in its account (null when they left it). */
function authOf(row: repo.ResolvedSessionRow, rateLimit: number): AuthContext | null {
  if (row.role === null || !isRole(row.role)) return null;
  return {
    keyId: row.id,
    via: 'session',
    actor: { type: 'user', id: row.user_id, email: row.email, sessionId: row.id },
    accountId: row.account_id,
    mode: row.mode,
    phoneNumberId: row.phone_number_id,
    scopes: new Set(SCOPES),
    permissions: ROLE_PERMISSIONS[row.role],
    rateLimit,
  };
}

function toInfo(row: repo.SessionRow): SessionInfo {
  return {
    id: row.id,
    accountId: row.account_id,
    mode: row.mode,
    phoneNumberId: row.phone_number_id,
    method: row.method,
    address: row.address,
    userAgent: row.user_agent,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
  };
}
