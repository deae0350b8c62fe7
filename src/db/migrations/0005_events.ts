/** Migration 0005_events (src/db/migrations.ts lists them all, in order). */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m0005_events: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema.createIndex('jobs_type_due').on('jobs').columns(['type', 'run_at']).execute();
    await db.schema
      .createTable('webhook_endpoints')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('url', 'text', (c) => c.notNull())
      .addColumn('events', 'text', (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('enabled', 'integer', (c) => c.notNull())
      .addColumn('disabled_reason', 'text')
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('previous_secret', 'text')
      .addColumn('previous_secret_expires_at', 'text')
      .addColumn('failing_since', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addColumn('deleted_at', 'text')
      .execute();
    await db.schema
      .createIndex('webhook_endpoints_account')
      .on('webhook_endpoints')
      .columns(['account_id', 'mode', 'created_at', 'id'])
      .execute();
    await db.schema
      .createTable('events')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('events_list')
      .on('events')
      .columns(['account_id', 'mode', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex('events_type_list')
      .on('events')
      .columns(['account_id', 'mode', 'type', 'created_at', 'id'])
      .execute();
    await db.schema.createIndex('events_created').on('events').column('created_at').execute();
    await db.schema
      .createTable('event_deliveries')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('event_id', 'text', (c) => c.notNull().references('events.id').onDelete('cascade'))
      .addColumn('endpoint_id', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('attempt_count', 'integer', (c) => c.notNull())
      .addColumn('next_attempt_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('event_deliveries_event')
      .on('event_deliveries')
      .columns(['event_id', 'created_at'])
      .execute();
    await db.schema
      .createIndex('event_deliveries_endpoint')
      .on('event_deliveries')
      .columns(['endpoint_id', 'status'])
      .execute();
    await db.schema
      .createTable('delivery_attempts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('delivery_id', 'text', (c) => c.notNull().references('event_deliveries.id').onDelete('cascade'))
      .addColumn('attempted_at', 'text', (c) => c.notNull())
      .addColumn('status_code', 'integer')
      .addColumn('duration_ms', 'integer', (c) => c.notNull())
      .addColumn('response_body', 'text')
      .addColumn('error', 'text')
      .execute();
    await db.schema
      .createIndex('delivery_attempts_delivery')
      .on('delivery_attempts')
      .columns(['delivery_id', 'attempted_at'])
      .execute();
  },
};
