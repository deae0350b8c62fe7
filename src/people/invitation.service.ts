/**
 * Invitations and the first owner's link (docs/api.md §D26): a one-time link whose token is shown
 * once (only its SHA-256 is stored), valid 7 days. Accepting one creates the person, with an argon2id
 * password hash, and their membership, and marks the link used, in one unit of work with its audit entry.
 */
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Store } from '../db/store.js';
import { TidingsError } from '../errors.js';
import { isRole, type Role } from '../http/access.js';
import { iso, type Clock } from '../lib/clock.js';
import { sha256Hex } from '../lib/crypto.js';
import { newId, randomBase62 } from '../lib/ids.js';
import { findMembership, insertMembership } from './membership.repository.js';
import { assertMayChangeRole } from './membership.rules.js';
import { checkNewPassword, hashPassword } from './password.rules.js';
import * as repo from './one-time-link.repository.js';
import { findUserByEmail, insertUser } from './user.repository.js';

/** How long a link is good for: 7 days, in ms. */
export const LINK_VALID_MS = 7 * 24 * 3_600_000;

/** An invitation as `GET /v1/invitations` shows it. */
export interface Invitation {
  /** `lnk_…`. */
  id: string;
  email: string;
  role: Role;
  /** ISO. */
  expiresAt: string;
}

/** What a link's page shows before it is accepted. */
export interface LinkInfo {
  kind: 'invite' | 'owner';
  /** null on the first owner's link (the person gives theirs). */
  email: string | null;
  accountName: string;
  role: Role;
}

export class InvitationService {
  readonly #o: { store: Store; clock: Clock; audit: AuditTrail };

  constructor(options: { store: Store; clock: Clock; audit: AuditTrail }) {
    this.#o = options;
  }

  /**
   * Invites `email` to the account with `role`.
   * @param actorId the inviting person's `usr_` id.
   * @returns the invitation and its token (shown once, for the link).
   * @throws TidingsError owner_required when someone other than an owner invites an owner;
   *   permission_denied when the actor is not a member.
   */
  invite(
    accountId: string,
    actorId: string,
    email: string,
    role: Role,
  ): Promise<{ invitation: Invitation; token: string }> {
    return this.#o.store.write(async (tx) => {
      const actor = await findMembership(tx, accountId, actorId);
      if (!actor || !isRole(actor.role))
        throw new TidingsError('permission_denied', 'You are not a member of this account.');
      assertMayChangeRole(actor.role, null, role);
      const now = this.#o.clock.now();
      const token = randomBase62(40);
      const row: repo.OneTimeLinkRow = {
        id: newId('lnk', now),
        token_hash: sha256Hex(token),
        kind: 'invite',
        account_id: accountId,
        email: email.trim().toLowerCase(),
        role,
        user_id: null,
        created_by: actorId,
        created_at: iso(now),
        expires_at: iso(now + LINK_VALID_MS),
        used_at: null,
        revoked_at: null,
      };
      await repo.insertLink(tx, row);
      await this.#o.audit.record(tx, {
        action: 'member.invited',
        accountId,
        object: { type: 'invitation', id: row.id },
        after: { email: row.email, role },
      });
      return { invitation: toInvitation(row), token };
    });
  }

  /**
   * The first owner's link for an account (kind owner, role owner, no email), made when the demo
   * account is created (main.ts prints it).
   * @returns the token (shown once).
   */
  async ownerLink(accountId: string): Promise<string> {
    const now = this.#o.clock.now();
    const token = randomBase62(40);
    await this.#o.store.write((tx) =>
      repo.insertLink(tx, {
        id: newId('lnk', now),
        token_hash: sha256Hex(token),
        kind: 'owner',
        account_id: accountId,
        email: null,
        role: 'owner',
        user_id: null,
        created_by: 'system',
        created_at: iso(now),
        expires_at: iso(now + LINK_VALID_MS),
        used_at: null,
        revoked_at: null,
      }),
    );
    return token;
  }

  /** The account's pending invitations (not used, revoked or expired), oldest first. */
  async list(accountId: string): Promise<Invitation[]> {
    const rows = await repo.pendingInvitations(this.#o.store.read, accountId, iso(this.#o.clock.now()));
    return rows.map(toInvitation);
  }

  /**
   * Revokes a pending invitation: its link stops working.
   * @throws TidingsError member_not_found when the account has no such pending invitation.
   */
  revoke(accountId: string, id: string): Promise<Invitation> {
    return this.#o.store.write(async (tx) => {
      const row = await repo.revokeInvitation(tx, accountId, id, iso(this.#o.clock.now()));
      if (!row) throw new TidingsError('member_not_found', `No pending invitation ${id} in this account.`);
      await this.#o.audit.record(tx, {
        action: 'invitation.revoked',
        accountId,
        object: { type: 'invitation', id },
        before: { email: row.email, role: row.role },
      });
      return toInvitation(row);
    });
  }

  /**
   * What a link's page shows.
   * @throws TidingsError link_invalid when the token names no link, or one used, revoked or expired.
   */
  async describe(token: string, accountName: (id: string) => Promise<string | undefined>): Promise<LinkInfo> {
    const row = await this.#usable(token);
    const name = await accountName(row.account_id!);
    if (name === undefined) throw invalid();
    return { kind: row.kind as LinkInfo['kind'], email: row.email, accountName: name, role: row.role as Role };
  }

  /**
   * Accepts a link: creates the person (argon2id hash of `password`) and their membership with the
   * link's role, and marks the link used, in one unit with the `member.joined` audit entry.
   * @param email only for the first owner's link (an invitation's is its own).
   * @returns the new person and the account they joined.
   * @throws TidingsError link_invalid (unknown, used, also concurrently, revoked, expired);
   *   password_too_weak (fewer than 12 or more than 256 characters, or a common password: password.rules.ts); parameter_invalid when the
   *   email already has a person (they sign in first) or an owner link comes without one.
   */
  async accept(
    token: string,
    input: { name: string; password: string; email?: string },
  ): Promise<{ id: string; email: string; name: string; accountId: string }> {
    const link = await this.#usable(token);
    checkNewPassword(input.password);
    const email = (link.kind === 'owner' ? (input.email ?? '') : (link.email ?? '')).trim().toLowerCase();
    if (!email.includes('@'))
      throw new TidingsError('parameter_invalid', 'email: the first owner gives an email address.');
    const passwordHash = await hashPassword(input.password);
    return this.#o.store.write(async (tx) => {
      if (await findUserByEmail(tx, email))
        throw new TidingsError(
          'parameter_invalid',
          `${email} already has a Tidings sign-in: sign in first, then accept the invitation.`,
        );
      const now = iso(this.#o.clock.now());
      if (!(await repo.markLinkUsed(tx, link.id, now))) throw invalid();
      const id = newId('usr');
      const name = input.name.trim();
      await insertUser(tx, {
        id,
        email,
        name,
        password_hash: passwordHash,
        totp_secret_enc: null,
        totp_enabled_at: null,
        created_at: now,
        last_sign_in_at: now,
      });
      const accountId = link.account_id!;
      await insertMembership(tx, { account_id: accountId, user_id: id, role: link.role!, created_at: now });
      await this.#o.audit.record(tx, {
        action: 'member.joined',
        accountId,
        object: { type: 'member', id },
        after: { email, role: link.role, link: link.id },
        actor: { type: 'user', id, email, sessionId: '' },
        actorName: email,
      });
      return { id, email, name, accountId };
    });
  }

  /** The link a token names while it can be used. */
  async #usable(token: string): Promise<repo.OneTimeLinkRow> {
    const row = await repo.findLinkByHash(this.#o.store.read, sha256Hex(token));
    const now = iso(this.#o.clock.now());
    if (
      !row ||
      (row.kind !== 'invite' && row.kind !== 'owner') ||
      row.used_at !== null ||
      row.revoked_at !== null ||
      row.expires_at <= now ||
      row.account_id === null ||
      row.role === null ||
      !isRole(row.role)
    )
      throw invalid();
    return row;
  }
}

function invalid(): TidingsError {
  return new TidingsError('link_invalid', 'This link is unknown, used, revoked or expired: ask for a new one.');
}

function toInvitation(row: repo.OneTimeLinkRow): Invitation {
  return { id: row.id, email: row.email ?? '', role: row.role as Role, expiresAt: row.expires_at };
}
