/** Migration 0016_template_lifecycle (src/db/migrations.ts lists them all, in order). */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m0016_template_lifecycle: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // A template's life at the platform after its review (docs/platform.md §2.7–2.8, §4.6–4.7):
    // its quality score; a pause (JSON `{pausedAt, title, description}`) and a flag (JSON
    // `{flaggedAt, disableDate}`) while they last; the advance notice of a category change (JSON
    // `{category, effectiveAt, noticedAt}`) until it happens; the category before the platform
    // changed it; and, for a template made from Meta's Template Library, its library name and inputs.
    await db.schema
      .alterTable('templates')
      .addColumn('quality', 'text', (c) => c.notNull().defaultTo('UNKNOWN'))
      .execute();
    await db.schema.alterTable('templates').addColumn('pause', 'text').execute();
    await db.schema.alterTable('templates').addColumn('flag', 'text').execute();
    await db.schema.alterTable('templates').addColumn('category_update', 'text').execute();
    await db.schema.alterTable('templates').addColumn('previous_category', 'text').execute();
    await db.schema.alterTable('templates').addColumn('library_template_name', 'text').execute();
    await db.schema.alterTable('templates').addColumn('library_inputs', 'text').execute();

    // Every change of a template's life, newest first per template (GET /v1/templates/{id}/history).
    await db.schema
      .createTable('template_changes')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('template_id', 'text', (c) => c.notNull())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('at', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('changes', 'text', (c) => c.notNull())
      .addColumn('detail', 'text')
      .execute();
    await db.schema
      .createIndex('template_changes_by_template')
      .on('template_changes')
      .columns(['template_id', 'id'])
      .execute();

    // When each account's templates were last reconciled with the platform (no row: never), and
    // when that next falls due (the periodic reconciliation claims due rows, templates/template-sync.ts).
    await db.schema
      .createTable('template_syncs')
      .addColumn('account_id', 'text', (c) => c.primaryKey())
      .addColumn('synced_at', 'text')
      .addColumn('due_at', 'text', (c) => c.notNull())
      .execute();

    // A queued message whose template the platform paused waits, named here, until it is approved
    // again (woken at once) or its validity period ends. Only held entries are in the index.
    await db.schema.alterTable('dispatches').addColumn('held_for_template', 'text').execute();
    await sql`create index dispatches_held_for_template on dispatches (held_for_template) where held_for_template is not null`.execute(
      db,
    );
  },
};
