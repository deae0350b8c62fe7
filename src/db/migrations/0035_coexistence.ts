/** Migration 0035_coexistence (src/db/migrations.ts lists them all, in order). */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { CHANGE_SIDE_COLUMNS, quarterOfSql } from '../tables/message-stats.js';
import { changed, changeInsertSql, side } from './0017_message_analytics.js';

/**
 * A number shared with the WhatsApp Business app ("coexistence", docs/api.md §D32,
 * docs/platform.md §4.20):
 *
 * - `messages.imported`, `inbound_messages.imported` (0/1): a message of the app's past chats, from
 *   the platform's `history` webhook. Imported messages are in the timeline but open no window
 *   (inbound.repository.ts reads the window from the others) and count in no analytics: the
 *   change log's triggers leave them out (an imported row never stops being one, so no aggregate
 *   ever counted it), and the replies of Meta's agent with them (`counted`; a message's source never
 *   changes either);
 * - `messages.edited_at`, `messages.edits` (JSON `[{ text, caption, at }]`, the earlier versions,
 *   oldest first) and `messages.revoked_at`: a Business-app message the business edited or deleted
 *   in the app (`smb_message_echoes` edit / revoke);
 * - `contacts.app_name`, `app_first_name`, `app_contact` (`saved` | `removed`), `app_synced_at`:
 *   the customer as the business's WhatsApp Business app address book has them (`smb_app_state_sync`).
 */
/**
 * The SQL condition under which a message (row alias `r`) counts in the aggregates: not imported, and
 * not a reply of Meta's agent (`source` `meta_agent`, docs/api.md §D30: the analytics count those
 * apart, in `metaAgent`). The business's own sends, its Business-app echoes included, count.
 */
const counted = (r: string) => `${r}.imported = 0 and ${r}.source <> 'meta_agent'`;

export const m0035_coexistence: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    if (postgres) await sql`lock table messages in share row exclusive mode`.execute(db);
    for (const table of ['messages', 'inbound_messages'])
      await db.schema
        .alterTable(table)
        .addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    for (const column of ['edited_at', 'edits', 'revoked_at'])
      await db.schema.alterTable('messages').addColumn(column, 'text').execute();
    for (const column of ['app_name', 'app_first_name', 'app_contact', 'app_synced_at'])
      await db.schema.alterTable('contacts').addColumn(column, 'text').execute();

    if (postgres) {
      // The statement-level functions of 0031, over the rows that count (`counted`).
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
  insert into message_stat_changes (${columns}) select r.account_id, r.mode, ${values} from ${rows} r where ${counted('r')};
  return null;
end $$`);
      await fn('message_stat_inserts', 'inserted_messages', `${none}, ${of('r')}`).execute(db);
      await fn('message_stat_deletes', 'deleted_messages', `${of('r')}, ${none}`).execute(db);
      await sql`drop trigger message_stats_update on messages`.execute(db);
      await sql
        .raw(
          `create trigger message_stats_update after update on messages for each row when (${counted('new')} and ${changed(true)}) execute function message_stat_change()`,
        )
        .execute(db);
      return;
    }
    const insert = (p: 'old' | 'new' | 'both') => changeInsertSql(p, false, quarterOfSql);
    for (const t of ['insert', 'delete', 'update']) await sql.raw(`drop trigger message_stats_${t}`).execute(db);
    await sql
      .raw(
        `create trigger message_stats_insert after insert on messages when ${counted('new')} begin ${insert('new')} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger message_stats_delete after delete on messages when ${counted('old')} begin ${insert('old')} end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger message_stats_update after update on messages when ${counted('new')} and ${changed(false)} begin ${insert('both')} end`,
      )
      .execute(db);
  },
};
