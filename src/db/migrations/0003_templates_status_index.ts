/** Migration 0003_templates_status_index (src/db/migrations.ts lists them all, in order). */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m0003_templates_status_index: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // The list filtered by status (`?status=rejected`) without scanning the account's templates.
    await db.schema
      .createIndex('templates_status_list')
      .on('templates')
      .columns(['account_id', 'status', 'updated_at', 'id'])
      .execute();
  },
};
