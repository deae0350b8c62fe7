/** Migration 0019_consent (src/db/migrations.ts lists them all, in order). */
import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

export const m0019_consent: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    // The suppression list (docs/api.md §D23): customers no message may be sent to, per account and
    // number (phone_number_id null: every number of the account). A customer is named by whatever
    // was known when they were suppressed: contact, E.164 phone, BSUID (at least one). A lift keeps
    // the row (lifted_at, lifted_by); only rows with lifted_at null are active.
    await db.schema
      .createTable('suppressions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('phone_number_id', 'text')
      .addColumn('contact_id', 'text')
      .addColumn('phone', 'text')
      .addColumn('bsuid', 'text')
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull())
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('lifted_at', 'text')
      .addColumn('lifted_by', 'text')
      // The customer as one text (`phone|bsuid|contact`), for the uniqueness of active rows below.
      .addColumn('customer_key', 'text', (c) => c.notNull())
      // The number as one text (`*` for every number): a unique index treats nulls as distinct.
      .addColumn('number_key', 'text', (c) => c.notNull())
      .addCheckConstraint(
        'suppressions_customer',
        sql`contact_id is not null or phone is not null or bsuid is not null`,
      )
      .execute();
    // The send checks' one read per request or claimed batch: active rows by phone, BSUID, contact.
    await db.schema
      .createIndex('suppressions_active_phone')
      .on('suppressions')
      .columns(['account_id', 'phone'])
      .where(sql.ref('lifted_at'), 'is', null)
      .execute();
    await db.schema
      .createIndex('suppressions_active_bsuid')
      .on('suppressions')
      .columns(['account_id', 'bsuid'])
      .where(sql.ref('lifted_at'), 'is', null)
      .execute();
    await db.schema
      .createIndex('suppressions_active_contact')
      .on('suppressions')
      .columns(['account_id', 'contact_id'])
      .where(sql.ref('lifted_at'), 'is', null)
      .execute();
    // A customer is suppressed at most once per number, scope and reason while active.
    await db.schema
      .createIndex('suppressions_active_unique')
      .unique()
      .on('suppressions')
      .columns(['account_id', 'number_key', 'customer_key', 'scope', 'reason'])
      .where(sql.ref('lifted_at'), 'is', null)
      .execute();
    // A customer's rows, lifted ones too (a keyword's order against the last lift, consent-intake.ts).
    await db.schema
      .createIndex('suppressions_by_customer')
      .on('suppressions')
      .columns(['account_id', 'customer_key', 'number_key'])
      .execute();
    // GET /v1/suppressions: newest first.
    await db.schema.createIndex('suppressions_by_account').on('suppressions').columns(['account_id', 'id']).execute();

    // Each account's consent settings (GET/PATCH /v1/account/consent); no row: the defaults.
    // Keyword lists are JSON arrays of folded keywords (consent/keywords.ts); null: the defaults.
    await db.schema
      .createTable('consent_settings')
      .addColumn('account_id', 'text', (c) => c.primaryKey())
      .addColumn('allow_suppression_override', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('opt_out_keywords', 'text')
      .addColumn('opt_in_keywords', 'text')
      .addColumn('opt_out_reply', 'text')
      .addColumn('opt_in_reply', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    // Customers' marketing consent as the platform last reported it (user_preferences, 131050;
    // docs/platform.md §4.11), per number: `granted` or `revoked`, with the time of that report (an
    // older report never overrides it). Kept here, not on contacts: a report may name a customer
    // Tidings has no contact for yet; GET /v1/contacts shows it by the contact's phone or BSUID.
    await db.schema
      .createTable('marketing_consents')
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('phone_number_id', 'text', (c) => c.notNull())
      .addColumn('customer_key', 'text', (c) => c.notNull())
      .addColumn('phone', 'text')
      .addColumn('bsuid', 'text')
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('reported_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('marketing_consents_pk', ['phone_number_id', 'customer_key'])
      .execute();
  },
};
