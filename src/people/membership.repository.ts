/**
 * Rows of memberships: a person's role in an account. Only this file touches the table; it says
 * when a role changes (`tx.changed('memberships')`: every process's key and session caches drop
 * what they hold, so a changed role, and the keys its person made, take effect at once).
 */
import type { Selectable } from 'kysely';
import type { MembershipsTable } from '../db/schema.js';
import type { Reader, Tx } from '../db/store.js';

export type MembershipRow = Selectable<MembershipsTable>;

export async function insertMembership(tx: Tx, row: MembershipRow): Promise<void> {
  await tx.insertInto('memberships').values(row).execute();
  tx.changed('memberships');
}

export function findMembership(db: Reader, accountId: string, userId: string): Promise<MembershipRow | undefined> {
  return db
    .selectFrom('memberships')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** A person's accounts, oldest membership first, with each account's name. */
export function membershipsOfUser(db: Reader, userId: string): Promise<(MembershipRow & { account_name: string })[]> {
  return db
    .selectFrom('memberships')
    .innerJoin('accounts', 'accounts.id', 'memberships.account_id')
    .selectAll('memberships')
    .select('accounts.name as account_name')
    .where('memberships.user_id', '=', userId)
    .orderBy('memberships.created_at')
    .orderBy('memberships.account_id')
    .execute();
}
