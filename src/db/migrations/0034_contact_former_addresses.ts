/** Migration 0034_contact_former_addresses (src/db/migrations.ts lists them all, in order; docs/api.md §D31). */
import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * `contact_former_addresses`: the phone numbers, BSUIDs and parent BSUIDs a contact was known by
 * before the customer changed number or BSUID (the platform's `user_changed_number` and
 * `user_changed_user_id` system messages, docs/platform.md §4.19). The send checks read them
 * (contacts/people.repository.ts `peopleOf`), so a suppression follows the person: a send to an old
 * address is the person's, and a suppression made by an old address covers their new ones. Written
 * once per identity change; removed with the contact (erasure) and moved with it (a merge).
 */
export const m0034_contact_former_addresses: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    await db.schema
      .createTable('contact_former_addresses')
      .addColumn('phone_number_id', 'text', (c) => c.notNull())
      .addColumn('mode', 'text', (c) => c.notNull())
      // E.164 number, BSUID or parent BSUID.
      .addColumn('address', 'text', (c) => c.notNull())
      .addColumn('contact_id', 'text', (c) => c.notNull())
      // ISO: when the customer left it (the system message's time).
      .addColumn('left_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('contact_former_addresses_pk', ['phone_number_id', 'mode', 'address', 'contact_id'])
      .execute();
    // A contact's own (merge, erasure).
    await db.schema
      .createIndex('contact_former_addresses_contact')
      .on('contact_former_addresses')
      .column('contact_id')
      .execute();
  },
};
