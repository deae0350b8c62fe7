/**
 * Invitations and the first owner's link (docs/api.md §D26): one-time links (one-time-links.ts),
 * valid 7 days, each stored with its audit entry before its mail is tried (link-mail.ts), so a mail
 * that fails loses no invitation. Accepting one is join.service.ts's; describing any link is here.
 */
import type { AccountService } from '../accounts/account.service.js';
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Store } from '../db/store.js';
import { TidingsError } from '../errors.js';
import { isRole, type Role } from '../http/access.js';
import { currentActing } from '../lib/actor.js';
import { iso, type Clock } from '../lib/clock.js';
import { sha256Hex } from '../lib/crypto.js';
import { invitationMessage, type Delivery, type LinkMail } from './link-mail.js';
import { findMembership } from './membership.repository.js';
import { assertMayChangeRole } from './membership.rules.js';
import { isUsable, joinLink, linkInvalid, newLink, type LinkKind } from './one-time-links.js';
import * as repo from './one-time-link.repository.js';
import { findUserByEmail, findUserById } from './user.repository.js';

/** An invitation as `GET /v1/invitations` shows it. */
export interface Invitation {
  /** `lnk_…`. */
  id: string;
  email: string;
  role: Role;
  /** ISO. */
  expiresAt: string;
}

/** What a link's page shows before it is used. */
export interface LinkInfo {
  kind: LinkKind;
  /** null on the first owner's link (the person gives theirs). */
  email: string | null;
  /** null on a password reset (it belongs to no account). */
  accountName: string | null;
  role: Role | null;
  /** An invitation for an email that already has a sign-in: the person signs in, then accepts. */
  existingPerson: boolean;
}

export interface InvitationOptions {
  store: Store;
  clock: Clock;
  audit: AuditTrail;
  linkMail: LinkMail;
  accounts: AccountService;
  /** `PUBLIC_URL`: the base of a link answered on request (renew without mail). */
  publicUrl: string | null;
}

export class InvitationService {
  readonly #o: InvitationOptions;

  constructor(options: InvitationOptions) {
    this.#o = options;
  }

  /**
   * Invites `email` to the account with `role`: stores the invitation, then mails its link when the
   * service mails (link-mail.ts).
   * @param actorId the inviting person's `usr_` id; null for the CLI's operator, who may invite any role.
   * @param fallbackBase the base of an answered link without `PUBLIC_URL` (the request's origin).
   * @returns the invitation and its delivery (the link, unless it was mailed).
   * @throws TidingsError owner_required when someone other than an owner invites an owner;
   *   permission_denied when the actor is not a member.
   */
  async invite(
    accountId: string,
    actorId: string | null,
    email: string,
    role: Role,
    fallbackBase: string,
  ): Promise<{ invitation: Invitation } & Delivery> {
    const { row, token } = await this.#o.store.write(async (tx) => {
      if (actorId !== null) {
        const actor = await findMembership(tx, accountId, actorId);
        if (!actor || !isRole(actor.role))
          throw new TidingsError('permission_denied', 'You are not a member of this account.');
        assertMayChangeRole(actor.role, null, role);
      }
      const acting = currentActing().actor;
      const made = newLink(this.#o.clock.now(), {
        kind: 'invite',
        account_id: accountId,
        email: email.trim().toLowerCase(),
        role,
        user_id: null,
        created_by: actorId ?? `${acting.type}:${acting.id}`,
      });
      await repo.insertLink(tx, made.row);
      await this.#o.audit.record(tx, {
        action: 'member.invited',
        accountId,
        object: { type: 'invitation', id: made.row.id },
        after: { email: made.row.email, role },
      });
      return made;
    });
    return { invitation: toInvitation(row), ...(await this.#deliver(row, token, actorId, fallbackBase)) };
  }

  /**
   * A new link for a pending invitation, valid 7 days from now: its old link stops working. How the
   * inviter gets a link again (only hashes are stored, so no link is shown twice): mailed when the
   * service mails and `mail` is not false, else answered.
   * @throws TidingsError member_not_found when the account has no such pending invitation;
   *   owner_required for an owner's invitation asked by a non-owner (whoever holds an invitation's
   *   link can accept it); permission_denied when the actor is not a member.
   */
  async renew(
    accountId: string,
    actorId: string,
    id: string,
    o: { mail: boolean; fallbackBase: string },
  ): Promise<{ invitation: Invitation } & Delivery> {
    const { row, token } = await this.#o.store.write(async (tx) => {
      const actor = await findMembership(tx, accountId, actorId);
      if (!actor || !isRole(actor.role))
        throw new TidingsError('permission_denied', 'You are not a member of this account.');
      const pending = (await repo.pendingInvitations(tx, accountId, iso(this.#o.clock.now()))).find((r) => r.id === id);
      if (!pending) throw new TidingsError('member_not_found', `No pending invitation ${id} in this account.`);
      assertMayChangeRole(actor.role, null, pending.role as Role);
      const fresh = newLink(this.#o.clock.now(), { ...pending, kind: 'invite' });
      const set = { token_hash: fresh.row.token_hash, expires_at: fresh.row.expires_at };
      const renewed = await repo.renewInvitation(tx, accountId, id, set, iso(this.#o.clock.now()));
      if (!renewed) throw new TidingsError('member_not_found', `No pending invitation ${id} in this account.`);
      await this.#o.audit.record(tx, {
        action: 'invitation.renewed',
        accountId,
        object: { type: 'invitation', id },
        before: { expiresAt: pending.expires_at },
        after: { expiresAt: renewed.expires_at },
      });
      return { row: renewed, token: fresh.token };
    });
    const delivery: Delivery = o.mail
      ? await this.#deliver(row, token, actorId, o.fallbackBase)
      : { mail: 'off', link: joinLink(this.#o.publicUrl ?? o.fallbackBase, token) };
    return { invitation: toInvitation(row), ...delivery };
  }

  /** Mails (or answers) an invitation's link, naming the inviter and the account. */
  async #deliver(row: repo.OneTimeLinkRow, token: string, actorId: string | null, fallbackBase: string) {
    const [inviter, account] = await Promise.all([
      actorId ? findUserById(this.#o.store.read, actorId) : undefined,
      this.#o.accounts.getAccount(row.account_id!),
    ]);
    return this.#o.linkMail.deliver({
      to: row.email!,
      token,
      fallbackBase,
      message: invitationMessage(
        account?.name ?? row.account_id!,
        row.role!,
        inviter ? `${inviter.name} (${inviter.email})` : null,
      ),
      linkId: row.id,
    });
  }

  /**
   * The first owner's link for an account (kind owner, role owner, no email), made when the demo
   * account is created (main.ts prints it).
   * @returns the token (shown once).
   */
  async ownerLink(accountId: string): Promise<string> {
    const { row, token } = newLink(this.#o.clock.now(), {
      kind: 'owner',
      account_id: accountId,
      email: null,
      role: 'owner',
      user_id: null,
      created_by: 'system',
    });
    await this.#o.store.write((tx) => repo.insertLink(tx, row));
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
   * What a link's page shows: an invitation (and whether its email already has a sign-in, so the page
   * asks them to sign in rather than to choose a password), the first owner's link, a password reset.
   * @throws TidingsError link_invalid when the token names no link, or one used, revoked or expired.
   */
  async describe(token: string, accountName: (id: string) => Promise<string | undefined>): Promise<LinkInfo> {
    const row = await repo.findLinkByHash(this.#o.store.read, sha256Hex(token));
    if (!row || !isUsable(row, iso(this.#o.clock.now()))) throw linkInvalid();
    if (row.kind === 'password_reset') {
      if (row.user_id === null) throw linkInvalid();
      return { kind: 'password_reset', email: row.email, accountName: null, role: null, existingPerson: true };
    }
    if ((row.kind !== 'invite' && row.kind !== 'owner') || row.account_id === null || !isRole(row.role ?? ''))
      throw linkInvalid();
    const name = await accountName(row.account_id);
    if (name === undefined) throw linkInvalid();
    const existingPerson =
      row.kind === 'invite' &&
      row.email !== null &&
      (await findUserByEmail(this.#o.store.read, row.email)) !== undefined;
    return { kind: row.kind, email: row.email, accountName: name, role: row.role as Role, existingPerson };
  }
}

function toInvitation(row: repo.OneTimeLinkRow): Invitation {
  return { id: row.id, email: row.email ?? '', role: row.role as Role, expiresAt: row.expires_at };
}
