/** Migration 0031_triggers_per_statement (src/db/migrations.ts lists them all, in order). */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { CHANGE_SIDE_COLUMNS, quarterOfSql } from '../tables/message-stats.js';
import { side } from './0017_message_analytics.js';

/**
 * On PostgreSQL, two tables kept by triggers are written once per statement instead of once per
 * row, from the statement's transition table, so that a set-based write stays one write per table
 * (docs/api.md §D18: a batch of 1,000 sends stores each table in one statement).
 *
 * - The analytics change log (docs/api.md §D22), for statements that insert or delete messages:
 *   a batch of 1,000 messages stored in one statement writes its 1,000 change rows in one insert.
 *   The per-row PL/pgSQL calls were about 40 % of that statement's time (a median 112 ms against
 *   65 ms, 63 without any trigger, for 1,000 messages on a 2-core machine; bench/README.md
 *   "Set-based batches").
 * - The contacts' search words (`contact_words`, migration 0012) of the contacts a statement
 *   inserts: an `insert … on conflict do update` (a send's customers) hands its insert trigger only
 *   the rows it inserted, as the per-row trigger saw them.
 *
 * The rows written are the same as before; updates keep their per-row triggers (their `when`
 * picks the rows that change something), and so do the contacts' deletions. SQLite has no
 * statement-level triggers: nothing changes there.
 */
export const m0031_triggers_per_statement: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
    const columns = [
      'account_id',
      'mode',
      ...CHANGE_SIDE_COLUMNS.map((c) => `o_${c}`),
      ...CHANGE_SIDE_COLUMNS.map((c) => `n_${c}`),
    ].join(', ');
    const none = CHANGE_SIDE_COLUMNS.map(() => 'null').join(', ');
    const of = (alias: string) => side(alias, true, quarterOfSql).join(', ');
    const fn = (name: string, rows: string, values: string) =>
      sql.raw(`create or replace function ${name}() returns trigger language plpgsql as $$
begin
  insert into message_stat_changes (${columns}) select r.account_id, r.mode, ${values} from ${rows} r;
  return null;
end $$`);
    await sql`lock table messages, contacts in share row exclusive mode`.execute(db);
    await fn('message_stat_inserts', 'inserted_messages', `${none}, ${of('r')}`).execute(db);
    await fn('message_stat_deletes', 'deleted_messages', `${of('r')}, ${none}`).execute(db);
    await sql`drop trigger message_stats_insert_delete on messages`.execute(db);
    await sql`create trigger message_stats_insert after insert on messages referencing new table as inserted_messages for each statement execute function message_stat_inserts()`.execute(
      db,
    );
    await sql`create trigger message_stats_delete after delete on messages referencing old table as deleted_messages for each statement execute function message_stat_deletes()`.execute(
      db,
    );
    await sql`create function contact_words_of_inserted() returns trigger language plpgsql as $$
begin
  insert into contact_words (contact_id, phone_number_id, mode, words)
    select r.id, r.phone_number_id, r.mode, array_to_tsvector(string_to_array(r.search_text, ' ')) from inserted_contacts r
    on conflict (contact_id) do update set words = excluded.words;
  return null;
end $$`.execute(db);
    await sql`drop trigger contact_words_insert on contacts`.execute(db);
    await sql`create trigger contact_words_insert after insert on contacts referencing new table as inserted_contacts for each statement execute function contact_words_of_inserted()`.execute(
      db,
    );
  },
};
