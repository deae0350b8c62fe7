/** Migration 0022_template_parameter_format (src/db/migrations.ts lists them all, in order). */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m0022_template_parameter_format: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // How the platform takes the template's values (docs/platform.md §1.2): `POSITIONAL` ({{1}},
    // every template Tidings submits) or `NAMED` ({{first_name}}: templates made in WhatsApp Manager
    // and imported, whose sends must name each value with `parameter_name`).
    await db.schema
      .alterTable('templates')
      .addColumn('parameter_format', 'text', (c) => c.notNull().defaultTo('POSITIONAL'))
      .execute();
  },
};
