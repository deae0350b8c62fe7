/** Migration 0008_inbound_media (src/db/migrations.ts lists them all, in order). */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m0008_inbound_media: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // Where a stored file came from: `upload` (POST /v1/media) or `inbound` (a customer's message,
    // downloaded from the platform; docs/api.md §D14).
    await db.schema
      .alterTable('media')
      .addColumn('source', 'text', (c) => c.notNull().defaultTo('upload'))
      .execute();
    // A customer's file: `pending` while it is downloaded, then `stored` (with its `med_` id) or
    // `failed` (with the reason); null for messages without a file.
    await db.schema.alterTable('inbound_messages').addColumn('media_id', 'text').execute();
    await db.schema.alterTable('inbound_messages').addColumn('media_status', 'text').execute();
    await db.schema.alterTable('inbound_messages').addColumn('media_failure', 'text').execute();
    // Files of customers' messages received before this migration were never downloaded.
    await db
      .updateTable('inbound_messages')
      .set({ media_status: 'failed', media_failure: 'media_not_downloaded' })
      .where('type', 'in', ['image', 'video', 'audio', 'document', 'sticker'])
      .execute();
  },
};
