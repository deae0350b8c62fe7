/** Migration 0007_contacts (src/db/migrations.ts lists them all, in order). */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m0007_contacts: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // The customers of each business number (src/contacts/): one row per person per number and
    // mode, known by phone number and/or business-scoped user id (docs/platform.md §4.9).
    await db.schema
      .createTable('contacts')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('phone_number_id', 'text', (c) => c.notNull())
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('phone', 'text')
      .addColumn('user_id', 'text')
      .addColumn('parent_user_id', 'text')
      .addColumn('profile_name', 'text')
      .addColumn('username', 'text')
      .addColumn('last_inbound_at', 'text')
      .addColumn('last_outbound_at', 'text')
      .addColumn('last_activity_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // One contact per identifier (NULLs are distinct in unique indexes on both dialects).
    await db.schema
      .createIndex('contacts_phone')
      .unique()
      .on('contacts')
      .columns(['phone_number_id', 'mode', 'phone'])
      .execute();
    await db.schema
      .createIndex('contacts_user_id')
      .unique()
      .on('contacts')
      .columns(['phone_number_id', 'mode', 'user_id'])
      .execute();
    await db.schema
      .createIndex('contacts_parent_user_id')
      .on('contacts')
      .columns(['phone_number_id', 'mode', 'parent_user_id'])
      .execute();
    // The list: most recent activity first, keyset paging on (last_activity_at, id).
    await db.schema
      .createIndex('contacts_activity')
      .on('contacts')
      .columns(['phone_number_id', 'mode', 'last_activity_at', 'id'])
      .execute();

    // Messages of both directions point at their contact: a contact's timeline is two index range scans.
    await db.schema.alterTable('messages').addColumn('contact_id', 'text').execute();
    await db.schema
      .createIndex('messages_contact')
      .on('messages')
      .columns(['contact_id', 'created_at', 'id'])
      .execute();
    await db.schema.alterTable('inbound_messages').addColumn('contact_id', 'text').execute();
    await db.schema.alterTable('inbound_messages').addColumn('read_at', 'text').execute();
    await db.schema
      .createIndex('inbound_messages_contact')
      .on('inbound_messages')
      .columns(['contact_id', 'sent_at', 'id'])
      .execute();
    await db.schema
      .createIndex('inbound_messages_list')
      .on('inbound_messages')
      .columns(['account_id', 'mode', 'sent_at', 'id'])
      .execute();
  },
};
