/**
 * Rows of one-time links (invitations, the first owner's link, password resets): only the SHA-256 of a link's token
 * is stored. Only this file touches the table.
 */
import type { Selectable } from 'kysely';
import type { OneTimeLinksTable } from '../db/schema.js';
import type { Reader, Tx } from '../db/store.js';

export type OneTimeLinkRow = Selectable<OneTimeLinksTable>;

export async function insertLink(tx: Tx, row: OneTimeLinkRow): Promise<void> {
  await tx.insertInto('one_time_links').values(row).execute();
}

/** The link whose token hashes to `tokenHash`, whatever its state. */
export function findLinkByHash(db: Reader, tokenHash: string): Promise<OneTimeLinkRow | undefined> {
  return db.selectFrom('one_time_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** An account's invitations not used, revoked or expired at `nowIso`, oldest first. */
export function pendingInvitations(db: Reader, accountId: string, nowIso: string): Promise<OneTimeLinkRow[]> {
  return db
    .selectFrom('one_time_links')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('kind', '=', 'invite')
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Revokes a pending invitation of the account. @returns the row as it was, or undefined when none. */
export async function revokeInvitation(
  tx: Tx,
  accountId: string,
  id: string,
  atIso: string,
): Promise<OneTimeLinkRow | undefined> {
  const row = await tx
    .selectFrom('one_time_links')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('kind', '=', 'invite')
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  await tx.updateTable('one_time_links').set({ revoked_at: atIso }).where('id', '=', id).execute();
  return row;
}

/**
 * Marks a link used, only if no one used it first.
 * @returns false when it was already used (a concurrent acceptance) or revoked.
 */
export async function markLinkUsed(tx: Tx, id: string, atIso: string): Promise<boolean> {
  const result = await tx
    .updateTable('one_time_links')
    .set({ used_at: atIso })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Revokes a person's password reset links not yet used (once one is used, the others stop working). @returns how many. */
export async function revokeResetLinksOf(tx: Tx, userId: string, atIso: string): Promise<number> {
  const result = await tx
    .updateTable('one_time_links')
    .set({ revoked_at: atIso })
    .where('user_id', '=', userId)
    .where('kind', '=', 'password_reset')
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Gives a pending invitation of the account a new token and expiry (its old link stops working).
 * @returns the row as it now is, or undefined when the account has no such pending invitation at `nowIso`.
 */
export async function renewInvitation(
  tx: Tx,
  accountId: string,
  id: string,
  set: { token_hash: string; expires_at: string },
  nowIso: string,
): Promise<OneTimeLinkRow | undefined> {
  const result = await tx
    .updateTable('one_time_links')
    .set(set)
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('kind', '=', 'invite')
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return undefined;
  return tx.selectFrom('one_time_links').selectAll().where('id', '=', id).executeTakeFirst();
}
