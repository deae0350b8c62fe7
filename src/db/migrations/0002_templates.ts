/** Migration 0002_templates (src/db/migrations.ts lists them all, in order). */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m0002_templates: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('templates')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('variables', 'text', (c) => c.notNull())
      .addColumn('header', 'text')
      .addColumn('footer', 'text')
      .addColumn('platform_template_id', 'text')
      .addColumn('rejection_reason', 'text')
      .addColumn('approved_at', 'text')
      .addColumn('submission_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('deleted_at', 'text')
      .execute();
    // The list: newest change first, within an account.
    await db.schema.createIndex('templates_list').on('templates').columns(['account_id', 'updated_at', 'id']).execute();
    await db.schema.createIndex('templates_name').on('templates').columns(['account_id', 'name', 'language']).execute();
    await db.schema.createIndex('templates_platform_id').on('templates').column('platform_template_id').execute();
  },
};
