/** Migration 0013_retention (src/db/migrations.ts lists them all, in order). */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m0013_retention: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // Retention per account (src/retention/, docs/api.md §D17): days customers' files and message
    // bodies are kept (null: for ever), and how far bodies were removed (the sweep's watermark: a
    // sweep reads only what came of age since the last one).
    await db.schema.alterTable('accounts').addColumn('retain_customer_files_days', 'integer').execute();
    await db.schema.alterTable('accounts').addColumn('retain_message_bodies_days', 'integer').execute();
    await db.schema.alterTable('accounts').addColumn('bodies_removed_before', 'text').execute();

    // A message whose content was removed (retention) keeps its metadata and says when.
    await db.schema.alterTable('messages').addColumn('content_removed_at', 'text').execute();
    await db.schema.alterTable('inbound_messages').addColumn('content_removed_at', 'text').execute();

    // The files stored, per account, mode and source, kept in the transaction of every insert and
    // delete: the storage figure of /metrics and GET /v1/media/usage is one row read, not a scan.
    await db.schema
      .createTable('media_usage')
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('files', 'bigint', (c) => c.notNull())
      .addColumn('bytes', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('media_usage_pk', ['account_id', 'mode', 'source'])
      .execute();
    await sql`insert into media_usage (account_id, mode, source, files, bytes)
      select account_id, mode, source, count(*), sum(size_bytes) from media group by account_id, mode, source`.execute(
      db,
    );

    // Customers' files of an account by age (the retention sweep), and the messages of both
    // directions that name a file (a file queued to be sent is not deleted; a customer message shows
    // its file deleted): only messages with a file are in them.
    await db.schema
      .createIndex('media_by_source_age')
      .on('media')
      .columns(['account_id', 'source', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('messages_media')
      .on('messages')
      .column('media_id')
      .where(sql.ref('media_id'), 'is not', null)
      .execute();
    await db.schema
      .createIndex('inbound_messages_media')
      .on('inbound_messages')
      .column('media_id')
      .where(sql.ref('media_id'), 'is not', null)
      .execute();
    // Customer messages by arrival (the body sweep's order: a message the platform delivered late
    // is still removed when it comes of age, which the customer's own time would not promise).
    await db.schema
      .createIndex('inbound_messages_created')
      .on('inbound_messages')
      .columns(['account_id', 'mode', 'created_at', 'id'])
      .execute();
  },
};
