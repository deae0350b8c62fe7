/** Migration 0010_rich_messages (src/db/migrations.ts lists them all, in order). */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m0010_rich_messages: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // What a rich send carried (interactive, location, contacts, reaction), as JSON; null otherwise.
    await db.schema.alterTable('messages').addColumn('content', 'text').execute();
    // Answers to a message (replies, taps, reactions) are found by the wamid they point at.
    await db.schema
      .createIndex('inbound_messages_context')
      .on('inbound_messages')
      .columns(['context_message_id', 'sent_at'])
      .execute();
  },
};
