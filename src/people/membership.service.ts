/**
 * An account's members (docs/api.md §D26): listing them, changing a role, removing one, under
 * membership.rules.ts, each change audited in its own unit of work. A change takes effect at once:
 * the membership notice drops every process's cached sessions and keys (membership.repository.ts).
 */
import * as keyRepo from '../accounts/api-key.repository.js';
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Store, Tx } from '../db/store.js';
import { TidingsError } from '../errors.js';
import { isRole, type Role } from '../http/access.js';
import { iso, type Clock } from '../lib/clock.js';
import * as repo from './membership.repository.js';
import { assertMayChangeRole, assertOwnerRemains } from './membership.rules.js';
import { revokeSessions } from './session.repository.js';

/** A member as `GET /v1/members` shows them. */
export interface Member {
  /** The person's `usr_` id. */
  id: string;
  email: string;
  name: string;
  role: Role;
  /** When they joined the account. */
  createdAt: string;
  lastSignInAt: string | null;
}

export class MembershipService {
  readonly #o: { store: Store; clock: Clock; audit: AuditTrail };

  constructor(options: { store: Store; clock: Clock; audit: AuditTrail }) {
    this.#o = options;
  }

  /** The account's members, oldest first. */
  async list(accountId: string): Promise<Member[]> {
    return (await repo.membersOfAccount(this.#o.store.read, accountId)).map(toMember);
  }

  /**
   * Gives a member another role.
   * @param actorId the person changing it (`usr_…`), a member of the account.
   * @throws TidingsError member_not_found; owner_required; last_owner (membership.rules.ts).
   */
  changeRole(accountId: string, actorId: string, userId: string, role: Role): Promise<Member> {
    return this.#o.store.write(async (tx) => {
      const { actorRole, target } = await this.#prepare(tx, accountId, actorId, userId);
      assertMayChangeRole(actorRole, target.role, role);
      assertOwnerRemains(await repo.countOwners(tx, accountId), target.role, role);
      if (role === target.role) return target;
      await repo.updateRole(tx, accountId, userId, role);
      const after = { ...target, role };
      await this.#o.audit.record(tx, {
        action: 'member.role_changed',
        accountId,
        object: { type: 'member', id: userId },
        before: { role: target.role },
        after: { role },
      });
      return after;
    });
  }

  /**
   * Removes a member: the keys they made in the account are revoked and their sessions in it end.
   * @param actorId the person removing them; null for the CLI's operator, who acts as an owner.
   * @throws TidingsError member_not_found; owner_required; last_owner (membership.rules.ts).
   */
  remove(accountId: string, actorId: string | null, userId: string): Promise<Member> {
    return this.#o.store.write(async (tx) => {
      const { actorRole, target } = await this.#prepare(tx, accountId, actorId, userId);
      assertMayChangeRole(actorRole, target.role, null);
      assertOwnerRemains(await repo.countOwners(tx, accountId), target.role, null);
      const at = iso(this.#o.clock.now());
      await repo.deleteMembership(tx, accountId, userId);
      const keys = await keyRepo.revokeKeysMadeBy(tx, accountId, userId, at);
      await revokeSessions(tx, userId, at, { accountId });
      await this.#o.audit.record(tx, {
        action: 'member.removed',
        accountId,
        object: { type: 'member', id: userId },
        before: target,
      });
      for (const key of keys)
        await this.#o.audit.record(tx, {
          action: 'api_key.revoked',
          accountId,
          object: { type: 'api_key', id: key.id },
          mode: key.mode,
          before: { id: key.id, hint: `sk_${key.mode}_…${key.key_hint}`, revokedAt: null },
          after: { id: key.id, hint: `sk_${key.mode}_…${key.key_hint}`, revokedAt: at },
        });
      return target;
    });
  }

  /** Locks the account's members, then reads the actor's role (null: the operator, as an owner) and the member changed. */
  async #prepare(tx: Tx, accountId: string, actorId: string | null, userId: string) {
    await repo.lockMembersOf(tx, accountId, this.#o.store.dialect);
    const members = await repo.membersOfAccount(tx, accountId);
    const actorRole = actorId === null ? 'owner' : members.find((m) => m.user_id === actorId)?.role;
    const row = members.find((m) => m.user_id === userId);
    if (!actorRole || !isRole(actorRole))
      throw new TidingsError('permission_denied', 'You are no longer a member of this account.');
    if (!row) throw new TidingsError('member_not_found', `No member ${userId} in this account.`, { param: 'id' });
    return { actorRole, target: toMember(row) };
  }
}

function toMember(row: Awaited<ReturnType<typeof repo.membersOfAccount>>[number]): Member {
  return {
    id: row.user_id,
    email: row.email,
    name: row.name,
    role: isRole(row.role) ? row.role : 'viewer',
    createdAt: row.created_at,
    lastSignInAt: row.last_sign_in_at,
  };
}
