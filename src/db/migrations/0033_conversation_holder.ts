/** Migration 0033_conversation_holder (src/db/migrations.ts lists them all, in order). */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m0033_conversation_holder: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // Who holds a contact's conversation on its business number (docs/api.md §D30): `business` (the
    // API and the people on the dashboard) or `meta_agent` (Meta Business Agent, whose traffic comes
    // under the webhook field `standby`, docs/platform.md §4.18), since when (ISO; null: never
    // changed), and why it last changed. Every contact starts held by the business.
    await db.schema
      .alterTable('contacts')
      .addColumn('conversation_holder', 'text', (c) => c.notNull().defaultTo(sql`'business'`))
      .execute();
    await db.schema.alterTable('contacts').addColumn('conversation_holder_since', 'text').execute();
    await db.schema.alterTable('contacts').addColumn('conversation_holder_reason', 'text').execute();
    // A customer message that came under `standby` (Meta's agent held the conversation): `meta_agent`;
    // null for the others. Meta's agent's replies are messages with source `meta_agent` (no column).
    await db.schema.alterTable('inbound_messages').addColumn('held_by', 'text').execute();
    // The analytics' count of the agent's replies apart from the business's sends (`metaAgent`,
    // src/analytics/meta-agent-stats.repository.ts): a range of this index, of those replies only.
    await db.schema
      .createIndex('messages_meta_agent_replies')
      .on('messages')
      .columns(['account_id', 'mode', 'created_at'])
      .where(sql.ref('source'), '=', 'meta_agent')
      .execute();
  },
};
