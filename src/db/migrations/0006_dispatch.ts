/** Migration 0006_dispatch (src/db/migrations.ts lists them all, in order). */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m0006_dispatch: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // The send queue (messages/dispatch/): one row per accepted message until the platform took it.
    await db.schema
      .createTable('dispatches')
      .addColumn('message_id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('phone_number_id', 'text', (c) => c.notNull())
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('seq', 'integer', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('not_before', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('last_error', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    // A number's queue in acceptance order, and one customer's place in it (head of line).
    await db.schema
      .createIndex('dispatches_lane')
      .on('dispatches')
      .columns(['phone_number_id', 'mode', 'created_at', 'message_id'])
      .execute();
    await db.schema
      .createIndex('dispatches_recipient')
      .on('dispatches')
      .columns(['phone_number_id', 'mode', 'recipient', 'seq'])
      .execute();
    // Whether a lane has an entry due, and when its next one is (one index seek per lane).
    await db.schema
      .createIndex('dispatches_due')
      .on('dispatches')
      .columns(['phone_number_id', 'mode', 'not_before'])
      .execute();
    await db.schema.createIndex('dispatches_expiry').on('dispatches').column('expires_at').execute();

    // Each number's shared pace (PostgreSQL, several processes): the next free send slot and the
    // pace's current share of the tier after a 130429.
    await db.schema
      .createTable('dispatch_pacing')
      .addColumn('lane', 'text', (c) => c.primaryKey())
      .addColumn('next_slot_at', 'double precision', (c) => c.notNull())
      .addColumn('factor', 'double precision', (c) => c.notNull())
      .addColumn('slowed_at', 'double precision', (c) => c.notNull())
      .execute();

    // Where a number's tier came from: the platform (read, or its upgrade webhook), an operator's
    // override (the CLI's --throughput), or the default until the platform was asked.
    await db.schema
      .alterTable('phone_numbers')
      .addColumn('throughput_source', 'text', (c) => c.notNull().defaultTo('default'))
      .execute();
    await db.schema.alterTable('phone_numbers').addColumn('throughput_checked_at', 'text').execute();
  },
};
