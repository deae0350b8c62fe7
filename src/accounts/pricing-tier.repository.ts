/** The `pricing_tiers` table (0018): the platform's volume-based pricing tier notices, per account. */
import type { Reader, Tx } from '../db/store.js';
import type { PricingTiersTable } from '../db/schema.js';
import { afterCursor } from '../db/paging.js';

export type PricingTierRow = PricingTiersTable;
/** What names one row: a repeated notice finds it. */
export type PricingTierKey = Pick<PricingTierRow, 'account_id' | 'effective_month' | 'pricing_category' | 'region'>;

/** The accounts on these WABAs (index `accounts_waba_id`). */
export function accountsOnWabas(db: Reader, wabaIds: string[]): Promise<{ id: string; waba_id: string }[]> {
  if (wabaIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('accounts').select(['id', 'waba_id']).where('waba_id', 'in', wabaIds).execute();
}

export function findByKey(db: Reader | Tx, key: PricingTierKey): Promise<PricingTierRow | undefined> {
  return db
    .selectFrom('pricing_tiers')
    .selectAll()
    .where('account_id', '=', key.account_id)
    .where('effective_month', '=', key.effective_month)
    .where('pricing_category', '=', key.pricing_category)
    .where('region', '=', key.region)
    .executeTakeFirst();
}

/** @returns false when a row with that key exists already (another delivery stored it first). */
export async function insertIfNew(tx: Tx, row: PricingTierRow): Promise<boolean> {
  const result = await tx
    .insertInto('pricing_tiers')
    .values(row)
    .onConflict((oc) => oc.columns(['account_id', 'effective_month', 'pricing_category', 'region']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/**
 * Replaces a row's tier, only if it still holds what `seen` read (so two deliveries of one notice
 * change it, and emit its event, once). @returns whether it changed.
 */
export async function replaceIfUnchanged(
  tx: Tx,
  seen: PricingTierRow,
  next: Pick<PricingTierRow, 'tier' | 'tier_min' | 'tier_max' | 'platform_updated_at' | 'received_at'>,
): Promise<boolean> {
  let q = tx.updateTable('pricing_tiers').set(next).where('id', '=', seen.id).where('tier', '=', seen.tier);
  q =
    seen.platform_updated_at === null
      ? q.where('platform_updated_at', 'is', null)
      : q.where('platform_updated_at', '=', seen.platform_updated_at);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The row `id` of the account (a page's cursor), or undefined. */
export function findById(db: Reader, accountId: string, id: string): Promise<PricingTierRow | undefined> {
  return db
    .selectFrom('pricing_tiers')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/** Up to `limit` rows of the account, newest effective month first, then newest id, after `after`. */
export function page(
  db: Reader,
  accountId: string,
  limit: number,
  after: PricingTierRow | undefined,
): Promise<PricingTierRow[]> {
  let q = db
    .selectFrom('pricing_tiers')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('effective_month', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
  if (after) q = q.where(afterCursor('effective_month', { value: after.effective_month, id: after.id }));
  return q.execute();
}
