/** Migration 0030_retention_kinds (src/db/migrations.ts lists them all, in order). */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m0030_retention_kinds: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // A retention for every kind of data (docs/api.md §D17, src/privacy/retention/), per account:
    // - events with their deliveries and attempts: days (7..3650), 0 kept for ever, null the default
    //   (30 days, what the service kept every event before this migration);
    // - the platform's raw webhook payloads: days (1..3650), null the default (30 days);
    // - contacts with no activity: days (30..36500) after which they are erased; null never (the default).
    // `payloads_removed_before` is the payload sweep's watermark (like bodies_removed_before, 0013):
    // customer messages created before it have had their raw payload cut.
    await db.schema.alterTable('accounts').addColumn('retain_events_days', 'integer').execute();
    await db.schema.alterTable('accounts').addColumn('retain_platform_payloads_days', 'integer').execute();
    await db.schema.alterTable('accounts').addColumn('retain_inactive_contacts_days', 'integer').execute();
    await db.schema.alterTable('accounts').addColumn('payloads_removed_before', 'text').execute();
  },
};
