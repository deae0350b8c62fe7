/**
 * Migrations, run at start by `connectDatabase`. Each is written once with Kysely's schema builder
 * and runs on both SQLite and PostgreSQL. Never edit a migration that has shipped; add one.
 */
import type { Kysely, Migration, MigrationProvider } from 'kysely';

const migrations: Record<string, Migration> = {
  '0001_foundation': {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('waba_id', 'text', (c) => c.notNull())
        .addColumn('access_token_enc', 'text', (c) => c.notNull())
        .addColumn('app_secret_enc', 'text')
        .addColumn('simulated', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('accounts_waba_id').on('accounts').column('waba_id').execute();

      await db.schema
        .createTable('phone_numbers')
        .addColumn('phone_number_id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('display_phone_number', 'text', (c) => c.notNull())
        .addColumn('throughput', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('phone_numbers_account').on('phone_numbers').column('account_id').execute();

      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('phone_number_id', 'text', (c) => c.notNull().references('phone_numbers.phone_number_id'))
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('key_hint', 'text', (c) => c.notNull())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('rate_limit', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema.createIndex('api_keys_account').on('api_keys').column('account_id').execute();

      await db.schema
        .createTable('messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('phone_number_id', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('type', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('platform_message_id', 'text', (c) => c.unique())
        .addColumn('source', 'text', (c) => c.notNull())
        .addColumn('text', 'text')
        .addColumn('caption', 'text')
        .addColumn('media_id', 'text')
        .addColumn('template_id', 'text')
        .addColumn('reply_to', 'text')
        .addColumn('error_code', 'text')
        .addColumn('error_message', 'text')
        .addColumn('sent_at', 'text')
        .addColumn('delivered_at', 'text')
        .addColumn('read_at', 'text')
        .addColumn('failed_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('messages_list')
        .on('messages')
        .columns(['account_id', 'mode', 'created_at', 'id'])
        .execute();

      await db.schema
        .createTable('inbound_messages')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('phone_number_id', 'text', (c) => c.notNull())
        .addColumn('sender', 'text', (c) => c.notNull())
        .addColumn('platform_message_id', 'text', (c) => c.notNull().unique())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('text', 'text')
        .addColumn('contact_name', 'text')
        .addColumn('context_message_id', 'text')
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('sent_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // The customer service window check: latest inbound from one customer to one number.
      await db.schema
        .createIndex('inbound_window')
        .on('inbound_messages')
        .columns(['phone_number_id', 'sender', 'mode', 'sent_at'])
        .execute();

      await db.schema
        .createTable('status_reports')
        .addColumn('platform_message_id', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('occurred_at', 'text', (c) => c.notNull())
        .addColumn('error_code', 'text')
        .addColumn('error_message', 'text')
        .addColumn('callback_data', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('status_reports_pk', ['platform_message_id', 'status'])
        .execute();

      await db.schema
        .createTable('idempotency_keys')
        .addColumn('account_id', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('fingerprint', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('response_status', 'integer')
        .addColumn('response_headers', 'text')
        .addColumn('response_body', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['account_id', 'mode', 'key'])
        .execute();
      await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();

      await db.schema
        .createTable('jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('run_at', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('jobs_due').on('jobs').column('run_at').execute();
    },
  },
  '0002_templates': {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('templates')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('language', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('variables', 'text', (c) => c.notNull())
        .addColumn('header', 'text')
        .addColumn('footer', 'text')
        .addColumn('platform_template_id', 'text')
        .addColumn('rejection_reason', 'text')
        .addColumn('approved_at', 'text')
        .addColumn('submission_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'text')
        .execute();
      // The list: newest change first, within an account.
      await db.schema.createIndex('templates_list').on('templates').columns(['account_id', 'updated_at', 'id']).execute();
      await db.schema.createIndex('templates_name').on('templates').columns(['account_id', 'name', 'language']).execute();
      await db.schema.createIndex('templates_platform_id').on('templates').column('platform_template_id').execute();
    },
  },
  '0003_templates_status_index': {
    async up(db: Kysely<any>): Promise<void> {
      // The list filtered by status (`?status=rejected`) without scanning the account's templates.
      await db.schema.createIndex('templates_status_list').on('templates').columns(['account_id', 'status', 'updated_at', 'id']).execute();
    },
  },
  '0004_media': {
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
      // The platform's id for a stored file, per sending number; it expires (CLOUD_API.md §3: 30 days).
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
  },
  '0005_events': {
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
      await db.schema.createIndex('webhook_endpoints_account').on('webhook_endpoints').columns(['account_id', 'mode', 'created_at', 'id']).execute();
      await db.schema
        .createTable('events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('events_list').on('events').columns(['account_id', 'mode', 'created_at', 'id']).execute();
      await db.schema.createIndex('events_type_list').on('events').columns(['account_id', 'mode', 'type', 'created_at', 'id']).execute();
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
      await db.schema.createIndex('event_deliveries_event').on('event_deliveries').columns(['event_id', 'created_at']).execute();
      await db.schema.createIndex('event_deliveries_endpoint').on('event_deliveries').columns(['endpoint_id', 'status']).execute();
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
      await db.schema.createIndex('delivery_attempts_delivery').on('delivery_attempts').columns(['delivery_id', 'attempted_at']).execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
