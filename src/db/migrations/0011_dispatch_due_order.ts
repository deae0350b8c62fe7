/** Migration 0011_dispatch_due_order (src/db/migrations.ts lists them all, in order). */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m0011_dispatch_due_order: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // A claim walks a lane's entries in the order they come due, through this index alone, and
    // stops once it has its batch: entries in flight (leased into the future) are never visited,
    // so a claim costs the same however many messages are queued or in flight.
    await db.schema.dropIndex('dispatches_due').execute();
    await db.schema
      .createIndex('dispatches_due')
      .on('dispatches')
      .columns(['phone_number_id', 'mode', 'not_before', 'created_at', 'message_id'])
      .execute();
  },
};
