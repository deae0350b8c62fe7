/** Migration 0025_analytics_quarter_hours (src/db/migrations.ts lists them all, in order). */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import {
  changeSidesSql,
  changeSums,
  CHANGE_SIDE_COLUMNS,
  QUARTER_TABLE,
  quarterOfSql,
  STAT_COUNTERS,
  STAT_DIMENSIONS,
  STAT_KEY,
  STAT_TABLES,
} from '../tables/message-stats.js';
import { changed, changeInsertSql, side } from './0017_message_analytics.js';

/**
 * Analytics in any time zone (docs/api.md §D22): the quarter-hour aggregates
 * (`message_stats_quarter`), from which a day or hour of a zone whose offset is not whole hours is
 * summed (India +5:30, Nepal +5:45).
 *
 * - what the change log holds is folded first into the hourly and daily aggregates (its rows name
 *   hours, which no quarter can be told from);
 * - the triggers then write the quarter hour to the log's `hour` columns (`2026-11-20T18:30`), which
 *   the fold and the readers cut to the hour and the day;
 * - the messages already stored are counted into the quarter-hour aggregates, once.
 *
 * On PostgreSQL, writes to `messages` wait for the migration (a lock until it commits): no change
 * row of the old shape can be written after the log was folded.
 */
export const m0025_analytics_quarter_hours: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    if (postgres) await up(db, true);
    // SQLite runs a migration outside a transaction; this one counts every message, in one.
    else await db.transaction().execute((tx) => up(tx, false));
  },
};

async function up(db: Kysely<any>, postgres: boolean): Promise<void> {
  if (postgres) await sql`lock table messages in share row exclusive mode`.execute(db);
  const key = STAT_KEY.join(', ');
  const counters = STAT_COUNTERS.join(', ');
  const sums = changeSums().join(', ');
  const upsert = (table: string, bucket: string, source: string) => {
    const groupBy = ['account_id', 'mode', bucket, ...STAT_DIMENSIONS].join(', ');
    return `insert into ${table} (${key}, ${counters})
      select ${groupBy}, ${sums} from (${source}) s where true group by ${groupBy}
      on conflict (${key}) do update set ${STAT_COUNTERS.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ')}`;
  };
  // The log as it is (hours), into the hourly and daily aggregates, then emptied.
  const log = changeSidesSql('message_stat_changes');
  await sql.raw(upsert(STAT_TABLES.hour, 'hour', log)).execute(db);
  await sql.raw(upsert(STAT_TABLES.day, 'substr(hour, 1, 10)', log)).execute(db);
  await sql`delete from message_stat_changes`.execute(db);

  await sql
    .raw(
      `create table ${QUARTER_TABLE} (${STAT_KEY.map((k) => `${k} text not null`).join(', ')}, ${STAT_COUNTERS.map((c) => `${c} integer not null`).join(', ')}, primary key (${key}))${postgres ? '' : ' without rowid'}`,
    )
    .execute(db);

  const insert = (p: 'old' | 'new' | 'both') => changeInsertSql(p, postgres, quarterOfSql);
  if (postgres) {
    // The triggers call this function: replacing it is enough.
    await sql
      .raw(
        `create or replace function message_stat_change() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then ${insert('new')}
  elsif tg_op = 'DELETE' then ${insert('old')}
  else ${insert('both')}
  end if;
  return null;
end $$`,
      )
      .execute(db);
  } else {
    for (const t of ['insert', 'delete', 'update']) await sql.raw(`drop trigger message_stats_${t}`).execute(db);
    await sql
      .raw(`create trigger message_stats_insert after insert on messages begin ${insert('new')} end`)
      .execute(db);
    await sql
      .raw(`create trigger message_stats_delete after delete on messages begin ${insert('old')} end`)
      .execute(db);
    await sql
      .raw(
        `create trigger message_stats_update after update on messages when ${changed(false)} begin ${insert('both')} end`,
      )
      .execute(db);
  }

  // The messages already stored, counted once into the quarter hours.
  const select = `select m.account_id, m.mode, 1 as sign, ${side('m', postgres, quarterOfSql)
    .map((e, i) => `${e} as ${CHANGE_SIDE_COLUMNS[i]}`)
    .join(', ')} from messages m`;
  await sql
    .raw(
      `insert into ${QUARTER_TABLE} (${key}, ${counters})
       select account_id, mode, hour, ${STAT_DIMENSIONS.join(', ')}, ${sums}
       from (${select}) s group by account_id, mode, hour, ${STAT_DIMENSIONS.join(', ')}`,
    )
    .execute(db);
}
