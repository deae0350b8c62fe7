/** Migration 0009_template_buttons (src/db/migrations.ts lists them all, in order). */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m0009_template_buttons: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // A template's buttons, as JSON (docs/api.md §D7); null, as every template stored before,
    // means none.
    await db.schema.alterTable('templates').addColumn('buttons', 'text').execute();
  },
};
