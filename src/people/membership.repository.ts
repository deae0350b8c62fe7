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

/** An account's members with their person's email, name and last sign-in, oldest membership first. */
export function membersOfAccount(
  db: Reader,
  accountId: string,
): Promise<(MembershipRow & { email: string; name: string; last_sign_in_at: string | null })[]> {
  return db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .selectAll('memberships')
    .select(['users.email', 'users.name', 'users.last_sign_in_at'])
    .where('memberships.account_id', '=', accountId)
    .orderBy('memberships.created_at')
    .orderBy('memberships.user_id')
    .execute();
}

/** How many owners an account has. */
export async function countOwners(db: Reader, accountId: string): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('account_id', '=', accountId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Holds the account's row until `tx` ends (PostgreSQL; SQLite's units already run one at a time), so
 * two changes of its members (two owners demoting each other) cannot both see an owner that the
 * other is removing.
 */
export async function lockMembersOf(tx: Tx, accountId: string, dialect: 'sqlite' | 'postgres'): Promise<void> {
  if (dialect === 'postgres')
    await tx.selectFrom('accounts').select('id').where('id', '=', accountId).forUpdate().execute();
}

export async function updateRole(tx: Tx, accountId: string, userId: string, role: string): Promise<void> {
  await tx
    .updateTable('memberships')
    .set({ role })
    .where('account_id', '=', accountId)
    .where('user_id', '=', userId)
    .execute();
  tx.changed('memberships');
}

export async function deleteMembership(tx: Tx, accountId: string, userId: string): Promise<void> {
  await tx.deleteFrom('memberships').where('account_id', '=', accountId).where('user_id', '=', userId).execute();
  tx.changed('memberships');
}
