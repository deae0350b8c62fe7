/** The `account_signals` table and the messaging limit columns of `phone_numbers` (0020). */
import type { AccountSignalsTable } from '../db/schema.js';
import type { Reader, Tx } from '../db/store.js';

export type AccountSignalRow = AccountSignalsTable;

export function findSignal(
  db: Reader | Tx,
  key: Pick<AccountSignalRow, 'account_id' | 'kind' | 'key'>,
): Promise<AccountSignalRow | undefined> {
  return db
    .selectFrom('account_signals')
    .selectAll()
    .where('account_id', '=', key.account_id)
    .where('kind', '=', key.kind)
    .where('key', '=', key.key)
    .executeTakeFirst();
}

/**
 * Stores a signal's latest value: inserts it, or replaces the stored one only if it still holds
 * `seen` (so two deliveries of one webhook change it, and emit its event, once).
 * @returns whether the row changed.
 */
export async function putSignal(tx: Tx, row: AccountSignalRow, seen: AccountSignalRow | undefined): Promise<boolean> {
  if (!seen) {
    const result = await tx
      .insertInto('account_signals')
      .values(row)
      .onConflict((oc) => oc.columns(['account_id', 'kind', 'key']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
  }
  const result = await tx
    .updateTable('account_signals')
    .set({ value: row.value, platform_at: row.platform_at, received_at: row.received_at })
    .where('account_id', '=', row.account_id)
    .where('kind', '=', row.kind)
    .where('key', '=', row.key)
    .where('value', '=', seen.value)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Every signal of an account (a handful: one per kind, one per alert type). */
export function signalsOf(db: Reader, accountId: string): Promise<AccountSignalRow[]> {
  return db.selectFrom('account_signals').selectAll().where('account_id', '=', accountId).execute();
}

/**
 * Sets the messaging limit of every number of these accounts whose limit differs, in one statement.
 * @returns the numbers that changed, with their account and display number.
 */
export async function setMessagingLimit(
  tx: Tx,
  accountIds: string[],
  limit: { tier: string; users: number | null; at: string },
): Promise<{ phone_number_id: string; account_id: string; display_phone_number: string }[]> {
  if (accountIds.length === 0) return [];
  const rows = await tx
    .updateTable('phone_numbers')
    .set({ messaging_limit_tier: limit.tier, messaging_limit_users: limit.users, messaging_limit_updated_at: limit.at })
    .where('account_id', 'in', accountIds)
    .where((eb) => eb.or([eb('messaging_limit_tier', 'is', null), eb('messaging_limit_tier', '!=', limit.tier)]))
    .returning(['phone_number_id', 'account_id', 'display_phone_number'])
    .execute();
  for (const r of rows) tx.changed('accounts', r.phone_number_id);
  return rows;
}
