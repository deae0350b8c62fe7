/** Migration 0012_contact_search (src/db/migrations.ts lists them all, in order). */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { contactSearchText } from '../../lib/search-text.js';

/** Contacts filled per statement while the index is built for contacts stored before it. */
const CHUNK = 5_000;

/**
 * The contact search index (src/contacts/contact-search.repository.ts, docs/api.md §D16): each
 * contact's searchable words, folded by the service (lib/search-text.ts) into `search_text`, and an
 * index over them built for word prefixes. SQLite: an FTS5 table reading `contacts` (external
 * content) kept by triggers, with prefix indexes for 1 to 3 characters. PostgreSQL: a GIN index over
 * the words as a tsvector, taken exactly as the service wrote them (no parser, no dictionary, no
 * extension), on a table of the words kept by triggers. On SQLite the list's index gains the words.
 */
export const m0012_contact_search: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    if (postgres) await up(db, true);
    // SQLite: Kysely runs a migration outside any transaction there; this one fills every contact,
    // so it runs in one (all of it, or nothing, should the process stop midway).
    else await db.transaction().execute((tx) => up(tx, false));
  },
};

async function up(db: Kysely<any>, postgres: boolean): Promise<void> {
  await db.schema
    .alterTable('contacts')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await fill(db, postgres);
  if (postgres) return postgresIndex(db);
  // SQLite: the list's index carries the words too, so a search that walks the list in its order
  // (terms that match many contacts) tests each contact from the index alone. Through the table
  // it read a row at random per contact: at 1,000,000 contacts, a page of a common first name
  // took 5 ms of reads (bench/README.md, "Contacts"). It costs a contact's update 10 µs more
  // (37 → 48 µs measured), the index entry being longer.
  await db.schema.dropIndex('contacts_activity').execute();
  await db.schema
    .createIndex('contacts_activity')
    .on('contacts')
    .columns(['phone_number_id', 'mode', 'last_activity_at', 'id', 'search_text'])
    .execute();
  // Words are folded by the service already; unicode61 splits them on the same characters (marks
  // count as letters, as they do in the service's words) and would fold what the service missed.
  // The triggers touch the index only when the words change, not on every message's activity.
  await sql`create virtual table contacts_search using fts5(
    search_text, content = 'contacts', content_rowid = 'rowid',
    tokenize = "unicode61 remove_diacritics 2 categories 'L* N* Co M*'", prefix = '1 2 3')`.execute(db);
  await sql`insert into contacts_search(contacts_search) values ('rebuild')`.execute(db);
  await sql`create trigger contacts_search_insert after insert on contacts begin
    insert into contacts_search(rowid, search_text) values (new.rowid, new.search_text);
  end`.execute(db);
  await sql`create trigger contacts_search_delete after delete on contacts begin
    insert into contacts_search(contacts_search, rowid, search_text) values ('delete', old.rowid, old.search_text);
  end`.execute(db);
  await sql`create trigger contacts_search_update after update of search_text on contacts when old.search_text is not new.search_text begin
    insert into contacts_search(contacts_search, rowid, search_text) values ('delete', old.rowid, old.search_text);
    insert into contacts_search(rowid, search_text) values (new.rowid, new.search_text);
  end`.execute(db);
}

/**
 * PostgreSQL: the words in a table of their own, `contact_words`, kept by triggers, as text and as a
 * tsvector (`array_to_tsvector`: the words exactly as the service wrote them), with a GIN index on
 * the tsvector. On `contacts` itself every message's new activity would write a new row version
 * into the GIN index too (none of its updates are HOT: the list's index holds the activity):
 * measured, a contact's update took 72 µs instead of 41. The tsvector is stored so that reading a
 * match does not build it again (a recheck then costs 15 µs). `fastupdate` off: words change
 * rarely (a new contact, a new name), and a search then never scans a pending list.
 */
async function postgresIndex(db: Kysely<any>): Promise<void> {
  await sql`create table contact_words (
    contact_id text primary key, phone_number_id text not null, mode text not null, words tsvector not null)`.execute(
    db,
  );
  await sql`insert into contact_words select id, phone_number_id, mode, array_to_tsvector(string_to_array(search_text, ' ')) from contacts`.execute(
    db,
  );
  await sql`create index contact_words_search on contact_words using gin (words) with (fastupdate = off)`.execute(db);
  await sql`create function contact_words_sync() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        delete from contact_words where contact_id = old.id;
        return old;
      end if;
      insert into contact_words (contact_id, phone_number_id, mode, words)
        values (new.id, new.phone_number_id, new.mode, array_to_tsvector(string_to_array(new.search_text, ' ')))
        on conflict (contact_id) do update set words = excluded.words;
      return new;
    end $$`.execute(db);
  await sql`create trigger contact_words_insert after insert on contacts for each row execute function contact_words_sync()`.execute(
    db,
  );
  await sql`create trigger contact_words_update after update of search_text on contacts for each row
    when (old.search_text is distinct from new.search_text) execute function contact_words_sync()`.execute(db);
  await sql`create trigger contact_words_delete after delete on contacts for each row execute function contact_words_sync()`.execute(
    db,
  );
}

/** Writes `search_text` of every stored contact, CHUNK at a time in id order. */
async function fill(db: Kysely<any>, postgres: boolean): Promise<void> {
  let after = '';
  for (;;) {
    const rows: { id: string; phone: string | null; profile_name: string | null; username: string | null }[] = await db
      .selectFrom('contacts')
      .select(['id', 'phone', 'profile_name', 'username'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(CHUNK)
      .execute();
    if (rows.length === 0) return;
    const texts = rows.map((r) => contactSearchText(r));
    if (postgres) {
      await sql`update contacts set search_text = v.t from unnest(${rows.map((r) => r.id)}::text[], ${texts}::text[]) as v(id, t) where contacts.id = v.id`.execute(
        db,
      );
    } else {
      for (let i = 0; i < rows.length; i++)
        await db.updateTable('contacts').set({ search_text: texts[i] }).where('id', '=', rows[i]!.id).execute();
    }
    after = rows[rows.length - 1]!.id;
  }
}
