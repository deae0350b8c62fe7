/** Migration 0024_batch_details (src/db/migrations.ts lists them all, in order). */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m0024_batch_details: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // What a batch keeps beyond its counts (docs/api.md §D18): its refused items, as the answer gave
    // them (a JSON array of `{ index, error }`, null for a batch stored before this migration), and
    // the one template all its accepted items send (null when none or several).
    await db.schema.alterTable('batches').addColumn('refusals', 'text').execute();
    await db.schema.alterTable('batches').addColumn('template_id', 'text').execute();
    await db.schema.alterTable('batches').addColumn('template_name', 'text').execute();
    // A batch's message's place in its request (from 0), so `GET /v1/messages?batch=` lists them in
    // the batch's order; null for messages outside a batch and those stored before this migration.
    await db.schema.alterTable('messages').addColumn('batch_index', 'integer').execute();
    await sql`create index messages_batch_order on messages (batch_id, batch_index) where batch_id is not null`.execute(
      db,
    );
  },
};
