/**
 * Single sign-on through OpenID Connect (docs/api.md §D26, docs/guides/sso.md): an account's
 * provider (Keycloak, Entra ID, Google Workspace, Okta) signs its people in with the authorization
 * code flow, PKCE (S256), `state` and `nonce` (openid-client checks all three).
 *
 * - `begin` keeps the attempt (the state's SHA-256, the PKCE verifier, the nonce, the connection)
 *   in `sso_attempts` for ten minutes, so any process takes the callback; `finish` takes it once.
 * - The ID token's `email` must be verified (`email_verified: true`, or Entra ID's `xms_edov: true`)
 *   and its domain one of the connection's allowed domains.
 * - The role: the values of the connection's role claim (a string or an array) through its role
 *   map, the most privileged mapped one winning; else its default role (new members only); else
 *   the sign-in is refused. A person met for the first time is created (no password) with it. An
 *   existing member keeps their role unless the mapping gives one, which then replaces it (the
 *   provider's groups are the source of truth for who is what), but an owner is never changed, and
 *   no mapping makes an owner (owners come from the owner's link and invitations only).
 */
import * as oidc from 'openid-client';
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Store, Tx } from '../db/store.js';
import { ROLES } from '../http/access.js';
import type { Actor } from '../lib/actor.js';
import { iso, type Clock } from '../lib/clock.js';
import { sha256Hex, type SecretBox } from '../lib/crypto.js';
import { newId } from '../lib/ids.js';
import { findMembership, insertMembership, updateRole } from './membership.repository.js';
import type { SessionInfo } from './session.service.js';
import * as repo from './sso.repository.js';
import {
  ATTEMPT_MS,
  DISCOVERY_MS,
  grantable,
  SSO_ACTOR,
  mappedRole,
  toInfo,
  type ConnectionInfo,
  type NewConnection,
  type SsoOutcome,
  type SsoRefusal,
} from './sso.rules.js';
import { findUserByEmail, insertUser, updateUser } from './user.repository.js';

export class SsoService {
  readonly #o: { store: Store; clock: Clock; audit: AuditTrail; secretBox: SecretBox };
  readonly #discovered = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();

  constructor(options: { store: Store; clock: Clock; audit: AuditTrail; secretBox: SecretBox }) {
    this.#o = options;
  }

  /** The sign-in page's buttons. */
  async buttons(): Promise<{ id: string; name: string; accountId: string }[]> {
    const rows = await repo.listConnections(this.#o.store.read);
    return rows.map((c) => ({ id: c.id, name: c.name, accountId: c.account_id }));
  }

  /**
   * Adds a connection (audited `sso_connection.created`, the operator's actor).
   * @throws Error naming what is wrong: a role that is not one (or `owner`), no domains.
   */
  async create(input: NewConnection, actor: Actor): Promise<ConnectionInfo> {
    for (const role of [...Object.values(input.roleMap), ...(input.defaultRole ? [input.defaultRole] : [])])
      if (!grantable(role))
        throw new Error(`${role} is not a role single sign-on may give (${ROLES.slice(1).join(', ')}).`);
    if (input.domains.length === 0) throw new Error('At least one allowed email domain is needed.');
    const row: repo.SsoConnectionRow = {
      id: newId('sso', this.#o.clock.now()),
      account_id: input.accountId,
      name: input.name,
      issuer: input.issuer,
      client_id: input.clientId,
      client_secret_enc: input.clientSecret ? this.#o.secretBox.encrypt(input.clientSecret) : null,
      allowed_domains: JSON.stringify(input.domains.map((d) => d.toLowerCase())),
      role_claim: input.roleClaim,
      role_map: JSON.stringify(input.roleMap),
      default_role: input.defaultRole,
      created_at: iso(this.#o.clock.now()),
    };
    const info = toInfo(row);
    await this.#o.store.write(async (tx) => {
      await repo.insertConnection(tx, row);
      await this.#o.audit.record(tx, {
        action: 'sso_connection.created',
        accountId: input.accountId,
        object: { type: 'sso_connection', id: row.id },
        after: info,
        actor,
      });
    });
    return info;
  }

  /** Removes an account's connections (audited `sso_connection.removed` each). @returns those removed. */
  async removeAll(accountId: string, actor: Actor): Promise<ConnectionInfo[]> {
    return this.#o.store.write(async (tx) => {
      const removed = (await repo.deleteConnectionsOfAccount(tx, accountId)).map(toInfo);
      for (const info of removed)
        await this.#o.audit.record(tx, {
          action: 'sso_connection.removed',
          accountId,
          object: { type: 'sso_connection', id: info.id },
          before: info,
          actor,
        });
      return removed;
    });
  }

  /** Sets `accounts.sso_required`: everyone but owners must sign in through single sign-on. */
  async setRequired(accountId: string, required: boolean, actor: Actor): Promise<void> {
    await this.#o.store.write(async (tx) => {
      await repo.setSsoRequired(tx, accountId, required);
      await this.#o.audit.record(tx, {
        action: 'account.sso_required_changed',
        accountId,
        object: { type: 'account', id: accountId },
        after: { ssoRequired: required },
        actor,
      });
    });
  }

  /**
   * Starts a sign-in at connection `id`'s provider.
   * @param redirectUri the callback's absolute URL (registered at the provider).
   * @returns the provider's authorization URL, or a refusal (audited).
   */
  async begin(id: string, redirectUri: string): Promise<{ ok: true; url: string } | { ok: false; reason: SsoRefusal }> {
    const connection = await repo.findConnection(this.#o.store.read, id);
    if (!connection) return this.#refuse(null, 'connection_unknown');
    let config: oidc.Configuration;
    try {
      config = await this.#configOf(connection);
    } catch {
      return this.#refuse(connection, 'provider_unreachable');
    }
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const now = this.#o.clock.now();
    await this.#o.store.write((tx) =>
      repo.insertAttempt(tx, {
        state_hash: sha256Hex(state),
        connection_id: id,
        code_verifier: verifier,
        nonce,
        created_at: iso(now),
        expires_at: iso(now + ATTEMPT_MS),
      }),
    );
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { ok: true, url: url.href };
  }

  /**
   * Finishes a sign-in: takes the attempt its `state` names (once), exchanges the code (the PKCE
   * verifier, the expected state and nonce), and finds or makes the person and their membership.
   * @param callbackUrl the callback's full URL as requested (its query holds `code`, `state`, `iss`).
   * @returns the person signed in, or a refusal (audited `sso.sign_in_failed`).
   */
  async finish(callbackUrl: URL): Promise<SsoOutcome> {
    const state = callbackUrl.searchParams.get('state') ?? '';
    const now = this.#o.clock.now();
    const attempt = await this.#o.store.write((tx) => repo.takeAttempt(tx, sha256Hex(state)));
    if (!attempt || Date.parse(attempt.expires_at) <= now) return this.#refuse(null, 'state_unknown');
    const connection = await repo.findConnection(this.#o.store.read, attempt.connection_id);
    if (!connection) return this.#refuse(null, 'connection_unknown');
    let claims: oidc.IDToken;
    try {
      const config = await this.#configOf(connection);
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: attempt.code_verifier,
        expectedState: state,
        expectedNonce: attempt.nonce,
      });
      claims = tokens.claims()!;
    } catch {
      return this.#refuse(connection, 'exchange_refused');
    }
    const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : '';
    if (!email || !(claims.email_verified === true || claims.xms_edov === true))
      return this.#refuse(connection, 'email_unverified', email);
    const domains = JSON.parse(connection.allowed_domains) as string[];
    if (!domains.includes(email.slice(email.lastIndexOf('@') + 1)))
      return this.#refuse(connection, 'domain_not_allowed', email);
    const mapped = mappedRole(connection, claims);
    const name = typeof claims.name === 'string' && claims.name ? claims.name : email;
    const outcome = await this.#join(connection, email, name, mapped);
    if (!outcome) return this.#refuse(connection, 'no_role', email);
    return { ok: true, userId: outcome, accountId: connection.account_id, email };
  }

  /**
   * Records `session.created` (method `sso`) for a session being started, in its unit `tx`
   * (SessionService.start's `within`), with the person as its actor.
   */
  async recordSession(tx: Tx, person: { userId: string; email: string }, session: SessionInfo): Promise<void> {
    await this.#o.audit.record(tx, {
      action: 'session.created',
      accountId: session.accountId,
      object: { type: 'session', id: session.id },
      mode: session.mode,
      actor: { type: 'user', id: person.userId, email: person.email, sessionId: session.id },
      after: { method: 'sso', secondFactor: 'passed' },
    });
  }

  /** Removes attempts past their ten minutes (housekeeping). @returns how many. */
  purgeExpired(): Promise<number> {
    return this.#o.store.write((tx) => repo.purgeExpiredAttempts(tx, iso(this.#o.clock.now())));
  }

  /** The person's id once they are a member with the right role; null when no role applies. */
  async #join(connection: repo.SsoConnectionRow, email: string, name: string, mapped: string | null) {
    const { store, clock, audit } = this.#o;
    const accountId = connection.account_id;
    const user = await findUserByEmail(store.read, email);
    const membership = user ? await findMembership(store.read, accountId, user.id) : undefined;
    const role = mapped ?? (membership ? membership.role : connection.default_role);
    if (!role) return null;
    const now = iso(clock.now());
    const userId = user?.id ?? newId('usr', clock.now());
    await store.write(async (tx) => {
      if (!user)
        await insertUser(tx, {
          id: userId,
          email,
          name,
          password_hash: null,
          totp_secret_enc: null,
          totp_enabled_at: null,
          created_at: now,
          last_sign_in_at: now,
        });
      else await updateUser(tx, userId, { last_sign_in_at: now });
      const member = { id: userId, email, role };
      if (!membership) {
        await insertMembership(tx, { account_id: accountId, user_id: userId, role, created_at: now });
        await audit.record(tx, {
          action: 'member.created',
          accountId,
          object: { type: 'member', id: userId },
          after: { ...member, via: connection.id },
          actor: SSO_ACTOR,
        });
      } else if (membership.role !== role && membership.role !== 'owner') {
        await updateRole(tx, accountId, userId, role);
        await audit.record(tx, {
          action: 'member.role_changed',
          accountId,
          object: { type: 'member', id: userId },
          before: { ...member, role: membership.role },
          after: { ...member, via: connection.id },
          actor: SSO_ACTOR,
        });
      }
    });
    return userId;
  }

  async #refuse(connection: repo.SsoConnectionRow | null, reason: SsoRefusal, email?: string) {
    await this.#o.store.write((tx) =>
      this.#o.audit.record(tx, {
        action: 'sso.sign_in_failed',
        accountId: connection?.account_id ?? null,
        object: { type: 'sso_connection', id: connection?.id ?? null },
        after: { reason, ...(email ? { email } : {}) },
        actor: SSO_ACTOR,
        actorName: email ?? null,
      }),
    );
    return { ok: false as const, reason };
  }

  /** The provider's metadata (discovered once an hour), with the client's credentials. */
  #configOf(connection: repo.SsoConnectionRow): Promise<oidc.Configuration> {
    const kept = this.#discovered.get(connection.id);
    if (kept && this.#o.clock.now() - kept.at < DISCOVERY_MS) return kept.config;
    const secret = connection.client_secret_enc ? this.#o.secretBox.decrypt(connection.client_secret_enc) : undefined;
    const issuer = new URL(connection.issuer);
    // Plain HTTP only to a provider on this machine (a development Keycloak); elsewhere TLS.
    const local = issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
    const config = oidc.discovery(
      issuer,
      connection.client_id,
      secret,
      secret ? undefined : oidc.None(),
      local ? { execute: [oidc.allowInsecureRequests], timeout: 10 } : { timeout: 10 },
    );
    config.catch(() => this.#discovered.delete(connection.id));
    this.#discovered.set(connection.id, { at: this.#o.clock.now(), config });
    return config;
  }
}
