/** Migration 0001_foundation (src/db/migrations.ts lists them all, in order). */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m0001_foundation: Migration = {
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
};
