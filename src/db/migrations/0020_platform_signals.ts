/** Migration 0020_platform_signals (src/db/migrations.ts lists them all, in order). */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m0020_platform_signals: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // The account's standing as the platform's webhooks told it (docs/platform.md §4.12–§4.14):
    // one row per account, kind (`restriction`, `ban`, `violation`, `alert`, `review`) and key
    // (the alert type for alerts, '' otherwise), the latest `value` (JSON) kept. A repeated
    // webhook finds its row with the same value and changes nothing (and emits nothing).
    await db.schema
      .createTable('account_signals')
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('platform_at', 'text')
      .addColumn('received_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('account_signals_pk', ['account_id', 'kind', 'key'])
      .execute();
    // A number's messaging limit (`business_capability_update`, docs/platform.md §4.14): the tier as given, the
    // daily unique users it allows (null: unlimited or unknown), when it was told. Null until told.
    await db.schema.alterTable('phone_numbers').addColumn('messaging_limit_tier', 'text').execute();
    await db.schema.alterTable('phone_numbers').addColumn('messaging_limit_users', 'integer').execute();
    await db.schema.alterTable('phone_numbers').addColumn('messaging_limit_updated_at', 'text').execute();
  },
};
