/** Migration 0018_pricing_tiers (src/db/migrations.ts lists them all, in order). */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m0018_pricing_tiers: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // The platform's volume-based pricing tier notices (`account_update`
    // VOLUME_BASED_PRICING_TIER_UPDATE, docs/platform.md §4.10), one row per account, effective
    // month, pricing category and region: a repeated notice finds its row and changes nothing.
    // `tier` as given (`25000001:50000000`), its bounds when it reads `N:M` (bigint: a top tier may
    // pass 2^31); `platform_updated_at` the notice's `tier_update_time`; `received_at` when Tidings
    // stored this version.
    await db.schema
      .createTable('pricing_tiers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('effective_month', 'text', (c) => c.notNull())
      .addColumn('pricing_category', 'text', (c) => c.notNull())
      .addColumn('region', 'text', (c) => c.notNull())
      .addColumn('tier', 'text', (c) => c.notNull())
      .addColumn('tier_min', 'bigint')
      .addColumn('tier_max', 'bigint')
      .addColumn('platform_updated_at', 'text')
      .addColumn('received_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('pricing_tiers_key')
      .unique()
      .on('pricing_tiers')
      .columns(['account_id', 'effective_month', 'pricing_category', 'region'])
      .execute();
    // GET /v1/pricing_tiers: newest effective month first, then newest id.
    await db.schema
      .createIndex('pricing_tiers_by_month')
      .on('pricing_tiers')
      .columns(['account_id', 'effective_month', 'id'])
      .execute();
  },
};
