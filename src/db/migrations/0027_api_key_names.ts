/** Migration 0027_api_key_names (src/db/migrations.ts lists them all, in order). */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m0027_api_key_names: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // What a person calls a key they make on the API keys page ("CI deploys"); null: unnamed, as
    // every key made before this migration and by the CLI without --name.
    await db.schema.alterTable('api_keys').addColumn('name', 'text').execute();
  },
};
