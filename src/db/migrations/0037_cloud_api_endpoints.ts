/** Migration 0037_cloud_api_endpoints (src/db/migrations.ts lists them all, in order). */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m0037_cloud_api_endpoints: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // The Cloud API facade's webhooks (docs/api.md §D35): an endpoint of format `cloud_api` is a
    // client's app; it receives its business number's updates in Meta's shapes, signed with the
    // app secret (kept in `secret`, encrypted), after the verification handshake with its verify
    // token (encrypted too). `tidings` endpoints are the events of docs/api.md §D10, as before.
    await db.schema
      .alterTable('webhook_endpoints')
      .addColumn('format', 'text', (c) => c.notNull().defaultTo('tidings'))
      .execute();
    await db.schema.alterTable('webhook_endpoints').addColumn('phone_number_id', 'text').execute();
    await db.schema.alterTable('webhook_endpoints').addColumn('verify_token', 'text').execute();
    // The business number an event is about (a message's sender, a customer message's recipient);
    // null for events about no one number (templates, the account). Written by the insert that
    // writes the event, so recording costs no statement more; read only at fan-out, from the row
    // in hand, so no index.
    await db.schema.alterTable('events').addColumn('phone_number_id', 'text').execute();
  },
};
