/** Migration 0021_blocked_users (src/db/migrations.ts lists them all, in order). */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m0021_blocked_users: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // Customers blocked on a business number through the Block Users API (docs/api.md §D25,
    // docs/platform.md §4.17): one row per contact, number and mode while blocked; unblocking
    // removes it. `source`: api, dashboard, or sync (found on the platform's blocklist).
    await db.schema
      .createTable('blocked_users')
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('phone_number_id', 'text', (c) => c.notNull())
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('contact_id', 'text', (c) => c.notNull())
      .addColumn('phone', 'text')
      .addColumn('bsuid', 'text')
      .addColumn('blocked_at', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('blocked_users_pk', ['phone_number_id', 'mode', 'contact_id'])
      .execute();
    // GET /v1/contacts/blocked: newest block first, keyset paging on (blocked_at, contact_id).
    await db.schema
      .createIndex('blocked_users_list')
      .on('blocked_users')
      .columns(['phone_number_id', 'mode', 'blocked_at', 'contact_id'])
      .execute();
  },
};
