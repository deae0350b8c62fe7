/** Migration 0029_erasure (src/db/migrations.ts lists them all, in order; docs/api.md §D28). */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';

/**
 * Erasure of a customer (src/privacy/erasure/, docs/api.md §D28):
 * - `erasures`: one request (by `POST /v1/contacts/{id}/erase` or `POST /v1/erasures`), its status
 *   and progress counts; `erasure_contacts`: the contacts it erases (`ct_` ids only, never an
 *   address: an E.164 number or BSUID asked for is resolved to contacts when the request is taken).
 * - `suppression_tombstones`: what is left of an erased customer's active suppression: the
 *   suppression's id, reason, scope and number, and an HMAC-SHA256 of each address it covered
 *   (key: HKDF of the secrets file's encryption key, info `tidings erasure v1`), so that a later
 *   send to the same number or BSUID is still refused (GDPR Art. 17(3)(b)/21(3): the objection is kept).
 * - `events.contact_id`: the contact an event is about, set by EventService.record and filled here
 *   for the events already stored whose object names one (a message's, an inbound message's or a
 *   suppression's `contactId`; a contact's `id`).
 * - `audit_events.redacted_at`: an entry's `changes` removed by an erasure (the entry stays in its chain).
 * On SQLite the contact search index (FTS5) gets its `secure-delete` option, so a removed
 * contact's words are overwritten in the index, not only marked deleted.
 */
export const m0029_erasure: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('erasures')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('mode', 'text', (c) => c.notNull())
      // JSON `{ type, id, name }`: who asked (the audit trail's actor).
      .addColumn('requested_by', 'text', (c) => c.notNull())
      .addColumn('request_id', 'text')
      .addColumn('status', 'text', (c) => c.notNull())
      // Customers asked for (ids and addresses, each counted once), and contacts erased so far.
      .addColumn('customers', 'integer', (c) => c.notNull())
      .addColumn('erased', 'integer', (c) => c.notNull().defaultTo(0))
      // JSON of the counts removed so far: `{ messages, inboundMessages, files, events, … }`.
      .addColumn('progress', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('started_at', 'text')
      .addColumn('completed_at', 'text')
      // When the SQLite file was rebuilt after it (privacy/erasure/scrub.ts); null until then.
      .addColumn('scrubbed_at', 'text')
      .execute();
    await db.schema
      .createIndex('erasures_list')
      .on('erasures')
      .columns(['account_id', 'mode', 'created_at', 'id'])
      .execute();
    await db.schema
      .createTable('erasure_contacts')
      .addColumn('erasure_id', 'text', (c) => c.notNull())
      .addColumn('contact_id', 'text', (c) => c.notNull())
      // `pending` until every row of the contact is gone, then `erased`.
      .addColumn('state', 'text', (c) => c.notNull())
      .addColumn('erased_at', 'text')
      .addPrimaryKeyConstraint('erasure_contacts_pk', ['erasure_id', 'contact_id'])
      .execute();
    await db.schema
      .createIndex('erasure_contacts_contact')
      .on('erasure_contacts')
      .columns(['contact_id', 'state'])
      .execute();
    await db.schema
      .createTable('suppression_tombstones')
      .addColumn('suppression_id', 'text', (c) => c.notNull())
      .addColumn('account_id', 'text', (c) => c.notNull())
      .addColumn('mode', 'text', (c) => c.notNull())
      .addColumn('phone_number_id', 'text')
      // Hex HMAC-SHA256 of one address (E.164 number, BSUID or parent BSUID) the suppression covered.
      .addColumn('address_hash', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('scope', 'text', (c) => c.notNull())
      // ISO: when the suppression was made.
      .addColumn('since', 'text', (c) => c.notNull())
      .addColumn('erasure_id', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('suppression_tombstones_pk', ['suppression_id', 'address_hash'])
      .execute();
    await db.schema
      .createIndex('suppression_tombstones_address')
      .on('suppression_tombstones')
      .columns(['account_id', 'mode', 'address_hash'])
      .execute();

    // An audit entry whose `changes` named an erased customer keeps its place and hash in its chain,
    // its `changes` removed: `redacted_at` says when (audit-verify.ts checks its link, not its content).
    await db.schema.alterTable('audit_events').addColumn('redacted_at', 'text').execute();
    await db.schema.createIndex('audit_events_object').on('audit_events').columns(['object_id']).execute();

    await db.schema.alterTable('events').addColumn('contact_id', 'text').execute();
    await db.schema.createIndex('events_contact').on('events').columns(['account_id', 'contact_id']).execute();
    if (postgres) {
      await sql`update events set contact_id = coalesce(
          (payload::jsonb) #>> '{data,object,contactId}',
          case when (payload::jsonb) #>> '{data,object,object}' = 'contact' then (payload::jsonb) #>> '{data,object,id}' end)
        where (payload::jsonb) #>> '{data,object,contactId}' like 'ct\\_%'
           or ((payload::jsonb) #>> '{data,object,object}' = 'contact' and (payload::jsonb) #>> '{data,object,id}' like 'ct\\_%')`.execute(
        db,
      );
    } else {
      await sql`update events set contact_id = coalesce(
          json_extract(payload, '$.data.object.contactId'),
          case when json_extract(payload, '$.data.object.object') = 'contact' then json_extract(payload, '$.data.object.id') end)
        where json_extract(payload, '$.data.object.contactId') like 'ct\\_%' escape '\\'
           or (json_extract(payload, '$.data.object.object') = 'contact' and json_extract(payload, '$.data.object.id') like 'ct\\_%' escape '\\')`.execute(
        db,
      );
      // Removed words are overwritten in the FTS5 index's pages, not left there marked deleted (SQLite 3.42+).
      await sql`insert into contacts_search(contacts_search, rank) values ('secure-delete', 1)`.execute(db);
    }
  },
};
