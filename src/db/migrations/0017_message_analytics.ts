/** Migration 0017_message_analytics (src/db/migrations.ts lists them all, in order). */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import { latencyBinSql } from '../../analytics/latency-bins.js';
import { changeSums, STAT_COUNTERS, STAT_DIMENSIONS, STAT_FLAGS, STAT_KEY, STAT_TABLES } from '../../analytics/stats-columns.js';

/**
 * Delivery and cost analytics (docs/api.md §D22, src/analytics/):
 *
 * - each message keeps the platform's pricing from its status reports (`pricing_billable` 0/1,
 *   `pricing_model`, `pricing_category`, `pricing_type`), its recipient's country (ISO 3166, from
 *   the number), and the status log keeps each report's pricing (a status replayed later brings it);
 * - triggers on `messages` write, in the same statement, one row to the change log
 *   `message_stat_changes` per message inserted (+1), deleted (−1) or changed in what the
 *   aggregates count (−1 as it was, +1 as it is): an append-only log no two transactions contend on;
 * - the fold (analytics/stats-fold.ts) moves the log into the hourly and daily aggregates; a read
 *   adds what is still in the log, so the figures are exact at every moment.
 *
 * Messages stored before this migration are counted into the aggregates here, once.
 */
export const m0017_message_analytics: Migration = {
  async up(db: Kysely<any>): Promise<void> {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    if (postgres) await up(db, true);
    // SQLite runs a migration outside a transaction; this one counts every message, in one.
    else await db.transaction().execute((tx) => up(tx, false));
  },
};

async function up(db: Kysely<any>, postgres: boolean): Promise<void> {
  for (const column of ['pricing_model', 'pricing_category', 'pricing_type', 'recipient_country']) {
    await db.schema.alterTable('messages').addColumn(column, 'text').execute();
  }
  await db.schema.alterTable('messages').addColumn('pricing_billable', 'integer').execute();
  await db.schema.alterTable('status_reports').addColumn('pricing', 'text').execute();

  const dims = STAT_DIMENSIONS.map((d) => `${d} text not null`).join(', ');
  const flags = STAT_FLAGS.map((f) => `f_${f} integer not null`).join(', ');
  const id = postgres ? 'id bigint generated always as identity primary key' : 'id integer primary key';
  await sql.raw(`create table message_stat_changes (${id}, account_id text not null, mode text not null, hour text not null, ${dims}, sign integer not null, ${flags}, as_bin integer, sd_bin integer)`).execute(db);

  const counters = STAT_COUNTERS.map((c) => `${c} integer not null`).join(', ');
  for (const table of Object.values(STAT_TABLES)) {
    // SQLite: clustered by the key, so a range of one account's buckets is read in one sweep.
    await sql.raw(`create table ${table} (${STAT_KEY.map((k) => `${k} text not null`).join(', ')}, ${counters}, primary key (${STAT_KEY.join(', ')}))${postgres ? '' : ' without rowid'}`).execute(db);
  }

  const columns = ['account_id', 'mode', 'hour', ...STAT_DIMENSIONS, 'sign', ...STAT_FLAGS.map((f) => `f_${f}`), 'as_bin', 'sd_bin'].join(', ');
  if (postgres) {
    await sql
      .raw(
        `create function message_stat_change() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then insert into message_stat_changes (${columns}) values (${side('old', -1, true).join(', ')}); end if;
  if tg_op <> 'DELETE' then insert into message_stat_changes (${columns}) values (${side('new', 1, true).join(', ')}); end if;
  return null;
end $$`,
      )
      .execute(db);
    await sql.raw(`create trigger message_stats_insert_delete after insert or delete on messages for each row execute function message_stat_change()`).execute(db);
    await sql.raw(`create trigger message_stats_update after update on messages for each row when (${changed(true)}) execute function message_stat_change()`).execute(db);
  } else {
    const insert = (p: 'old' | 'new', sign: number) => `insert into message_stat_changes (${columns}) values (${side(p, sign, false).join(', ')});`;
    await sql.raw(`create trigger message_stats_insert after insert on messages begin ${insert('new', 1)} end`).execute(db);
    await sql.raw(`create trigger message_stats_delete after delete on messages begin ${insert('old', -1)} end`).execute(db);
    await sql.raw(`create trigger message_stats_update after update on messages when ${changed(false)} begin ${insert('old', -1)} ${insert('new', 1)} end`).execute(db);
  }

  // The messages already stored, counted once, straight into both tables.
  const names = columns.split(', ');
  const select = `select ${side('m', 1, postgres).map((e, i) => `${e} as ${names[i]}`).join(', ')} from messages m`;
  const sums = changeSums();
  for (const [granularity, table] of Object.entries(STAT_TABLES)) {
    const bucket = granularity === 'hour' ? 'hour' : 'substr(hour, 1, 10)';
    await sql
      .raw(
        `insert into ${table} (${STAT_KEY.join(', ')}, ${STAT_COUNTERS.join(', ')})
         select account_id, mode, ${bucket}, ${STAT_DIMENSIONS.join(', ')}, ${sums.join(', ')}
         from (${select}) c group by account_id, mode, ${bucket}, ${STAT_DIMENSIONS.join(', ')}`,
      )
      .execute(db);
  }
}

/**
 * A message's values in the change log, as SQL over row `p` (`new`, `old`, or an alias): its key
 * (the hour it was accepted; its template: the one it was sent as, or a Direct Send's generated
 * one), its flags, its latency bins, then `sign`'s place. A message counts as billable once
 * delivered with pricing that says so (the platform charges delivered messages, docs/platform.md
 * §5); its accepted → sent time runs from its acceptance or, scheduled, its `sendAt`.
 */
function side(p: string, sign: number, postgres: boolean): string[] {
  const ms = (from: string, to: string) => (postgres ? `(extract(epoch from (${to}::timestamptz - ${from}::timestamptz)) * 1000)` : `((julianday(${to}) - julianday(${from})) * 86400000.0)`);
  const start = postgres ? `greatest(${p}.created_at, coalesce(${p}.scheduled_at, ${p}.created_at))` : `max(${p}.created_at, coalesce(${p}.scheduled_at, ${p}.created_at))`;
  const flag = (condition: string) => `case when ${condition} then 1 else 0 end`;
  return [
    `${p}.account_id`,
    `${p}.mode`,
    `substr(${p}.created_at, 1, 13)`,
    `${p}.phone_number_id`,
    `coalesce(${p}.template_id, ${p}.generated_template_id, '')`,
    `coalesce(${p}.type, '')`,
    `${p}.status`,
    `coalesce(${p}.error_code, '')`,
    `coalesce(${p}.pricing_category, '')`,
    `coalesce(${p}.recipient_country, '')`,
    String(sign),
    flag(`${p}.source <> 'external'`),
    flag(`${p}.sent_at is not null`),
    flag(`${p}.delivered_at is not null`),
    flag(`${p}.read_at is not null`),
    flag(`${p}.status = 'failed'`),
    flag(`${p}.status = 'canceled'`),
    flag(`${p}.pricing_billable = 1 and ${p}.delivered_at is not null`),
    `case when ${p}.sent_at is null or ${p}.source = 'external' then null else ${latencyBinSql(ms(start, `${p}.sent_at`))} end`,
    `case when ${p}.sent_at is null or ${p}.delivered_at is null then null else ${latencyBinSql(ms(`${p}.sent_at`, `${p}.delivered_at`))} end`,
  ];
}

/** Whether an update changed anything the aggregates count (the other updates write no change row). */
function changed(postgres: boolean): string {
  const differ = postgres ? 'is distinct from' : 'is not';
  const watched = ['status', 'sent_at', 'delivered_at', 'read_at', 'error_code', 'pricing_category', 'pricing_billable', 'template_id', 'generated_template_id', 'type', 'scheduled_at', 'recipient_country', 'phone_number_id'];
  return `(${watched.map((c) => `old.${c} ${differ} new.${c}`).join(' or ')})`;
}
