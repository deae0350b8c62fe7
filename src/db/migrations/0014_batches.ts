/** Migration 0014_batches (src/db/migrations.ts lists them all, in order). */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m0014_batches: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // Batch and scheduled sends (docs/api.md §D18): what a message belongs to, the client's own
    // reference for it, when it was to be sent, and when it was canceled.
    await db.schema.alterTable('messages').addColumn('batch_id', 'text').execute();
    await db.schema.alterTable('messages').addColumn('client_reference', 'text').execute();
    await db.schema.alterTable('messages').addColumn('scheduled_at', 'text').execute();
    await db.schema.alterTable('messages').addColumn('canceled_at', 'text').execute();
    // A batch's messages by status (its counts, whether it is complete, its list), and messages by
    // the client's reference (the list filter, bulk cancel by prefix): only the rows that have one.
    await db.schema
      .createIndex('messages_batch')
      .on('messages')
      .columns(['batch_id', 'status'])
      .where(sql.ref('batch_id'), 'is not', null)
      .execute();
    // In code-point order on PostgreSQL too (`collate "C"`), whatever the database's collation: a
    // prefix is then one range of the index (a linguistic collation may ignore a hyphen).
    const reference =
      db.getExecutor().adapter instanceof PostgresAdapter
        ? sql`client_reference collate "C"`
        : sql.ref('client_reference');
    await sql`create index messages_client_reference on messages (account_id, mode, ${reference}) where client_reference is not null`.execute(
      db,
    );

    // Messages waiting for their `sendAt`: moved into their number's queue (`dispatches`) when it
    // comes, so a message scheduled for tomorrow never holds up today's messages to its customer.
    await db.schema
      .createTable('scheduled_sends')
      .addColumn('message_id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('phone_number_id', 'text', (c) => c.notNull())
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('send_at', 'text', (c) => c.notNull())
      .addColumn('validity_ms', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    // The next due (the promotion's walk), and an account's by time (bulk cancel `scheduledBefore`).
    await db.schema
      .createIndex('scheduled_sends_due')
      .on('scheduled_sends')
      .columns(['send_at', 'message_id'])
      .execute();
    await db.schema
      .createIndex('scheduled_sends_account')
      .on('scheduled_sends')
      .columns(['account_id', 'mode', 'send_at'])
      .execute();

    // Batches: one per accepted POST /v1/messages/batch. Counts by status are read from the
    // messages (at most 1,000 index entries); `completed_at` is set once, by the unit of work that
    // settled its last message.
    await db.schema
      .createTable('batches')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('phone_number_id', 'text', (c) => c.notNull())
      .addColumn('items', 'integer', (c) => c.notNull())
      .addColumn('accepted', 'integer', (c) => c.notNull())
      .addColumn('send_at', 'text')
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('completed_at', 'text')
      .execute();
    await db.schema
      .createIndex('batches_list')
      .on('batches')
      .columns(['account_id', 'mode', 'created_at', 'id'])
      .execute();

    // Client references in use: unique per account and mode for 24 hours, then purged.
    await db.schema
      .createTable('client_references')
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('reference', 'text', (c) => c.notNull())
      .addColumn('message_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('client_references_pk', ['account_id', 'mode', 'reference'])
      .execute();
    await db.schema.createIndex('client_references_age').on('client_references').column('created_at').execute();
  },
};
