/** Migration 0004_media (src/db/migrations.ts lists them all, in order). */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m0004_media: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('media')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('filename', 'text', (c) => c.notNull())
      .addColumn('mime_type', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('size_bytes', 'integer', (c) => c.notNull())
      .addColumn('sha256', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('media_list').on('media').columns(['account_id', 'mode', 'created_at', 'id']).execute();
    // The platform's id for a stored file, per sending number; it expires (docs/platform.md §3: 30 days).
    await db.schema
      .createTable('media_registrations')
      .addColumn('media_id', 'text', (c) => c.notNull().references('media.id'))
      .addColumn('phone_number_id', 'text', (c) => c.notNull())
      .addColumn('platform_media_id', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('media_registrations_pk', ['media_id', 'phone_number_id'])
      .execute();
  },
};
