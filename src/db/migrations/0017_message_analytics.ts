/** Migration 0017_message_analytics (src/db/migrations.ts lists them all, in order). */
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import {
  CHANGE_SIDE_COLUMNS,
  changeSums,
  latencyBinSql,
  STAT_COUNTERS,
  STAT_DIMENSIONS,
  STAT_KEY,
  STAT_TABLES,
} from '../tables/message-stats.js';

/**
 * Delivery and cost analytics (docs/api.md §D22, src/analytics/):
 *
 * - each message keeps the platform's pricing from its status reports (`pricing_billable` 0/1,
 *   `pricing_model`, `pricing_category`, `pricing_type`), its recipient's country (ISO 3166, from
 *   the number), and the status log keeps each report's pricing (a status replayed later brings it);
 * - triggers on `messages` write, in the same statement, one row to the change log
 *   `message_stat_changes` per message inserted, deleted or changed in what the aggregates count
 *   (the message as it was and as it is): an append-only log no two transactions contend on;
 * - the fold (analytics/stats-fold.repository.ts) moves the log into the hourly and daily aggregates; a read
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

  // The change log: one row per change, the message as it was (`o_`) and as it is (`n_`). No index
  // on PostgreSQL (the fold takes rows by their place, reads scan it while it is short): each
  // change costs the send and status paths one row written and nothing more (bench/README.md,
  // "Delivery analytics").
  const sideColumns = (prefix: 'o' | 'n') =>
    CHANGE_SIDE_COLUMNS.map(
      (c) =>
        `${prefix}_${c} ${c === 'hour' || (STAT_DIMENSIONS as readonly string[]).includes(c) ? 'text' : 'integer'}`,
    ).join(', ');
  const id = postgres ? '' : 'id integer primary key, ';
  await sql
    .raw(
      `create table message_stat_changes (${id}account_id text not null, mode text not null, ${sideColumns('o')}, ${sideColumns('n')})`,
    )
    .execute(db);

  const counters = STAT_COUNTERS.map((c) => `${c} integer not null`).join(', ');
  for (const table of Object.values(STAT_TABLES)) {
    // SQLite: clustered by the key, so a range of one account's buckets is read in one sweep.
    await sql
      .raw(
        `create table ${table} (${STAT_KEY.map((k) => `${k} text not null`).join(', ')}, ${counters}, primary key (${STAT_KEY.join(', ')}))${postgres ? '' : ' without rowid'}`,
      )
      .execute(db);
  }

  const insert = (p: 'old' | 'new' | 'both') => changeInsertSql(p, postgres);
  if (postgres) {
    await sql
      .raw(
        `create function message_stat_change() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then ${insert('new')}
  elsif tg_op = 'DELETE' then ${insert('old')}
  else ${insert('both')}
  end if;
  return null;
end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger message_stats_insert_delete after insert or delete on messages for each row execute function message_stat_change()`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger message_stats_update after update on messages for each row when (${changed(true)}) execute function message_stat_change()`,
      )
      .execute(db);
  } else {
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

  // The messages already stored, counted once, straight into both tables.
  // (Each message as one side, +1, in the shape `changeSidesSql` gives the log.)
  const select = `select m.account_id, m.mode, 1 as sign, ${side('m', postgres)
    .map((e, i) => `${e} as ${CHANGE_SIDE_COLUMNS[i]}`)
    .join(', ')} from messages m`;
  const sums = changeSums();
  for (const [granularity, table] of Object.entries(STAT_TABLES)) {
    const bucket = granularity === 'hour' ? 'hour' : 'substr(hour, 1, 10)';
    await sql
      .raw(
        `insert into ${table} (${STAT_KEY.join(', ')}, ${STAT_COUNTERS.join(', ')})
         select account_id, mode, ${bucket}, ${STAT_DIMENSIONS.join(', ')}, ${sums.join(', ')}
         from (${select}) s group by account_id, mode, ${bucket}, ${STAT_DIMENSIONS.join(', ')}`,
      )
      .execute(db);
  }
}

/**
 * The statement a trigger runs to append one change row for the message as it was (`old`), as it
 * is (`new`) or both, its time bucket written by `bucketOf` (here the hour, `YYYY-MM-DDTHH`;
 * migration 0025 writes the quarter hour with the same statement).
 */
export function changeInsertSql(
  p: 'old' | 'new' | 'both',
  postgres: boolean,
  bucketOf: (createdAt: string) => string = (c) => `substr(${c}, 1, 13)`,
): string {
  const columns = [
    'account_id',
    'mode',
    ...CHANGE_SIDE_COLUMNS.map((c) => `o_${c}`),
    ...CHANGE_SIDE_COLUMNS.map((c) => `n_${c}`),
  ].join(', ');
  const none = CHANGE_SIDE_COLUMNS.map(() => 'null').join(', ');
  const of = (q: 'old' | 'new') => side(q, postgres, bucketOf).join(', ');
  const row =
    p === 'both'
      ? `new.account_id, new.mode, ${of('old')}, ${of('new')}`
      : p === 'old'
        ? `old.account_id, old.mode, ${of('old')}, ${none}`
        : `new.account_id, new.mode, ${none}, ${of('new')}`;
  return `insert into message_stat_changes (${columns}) values (${row});`;
}

/**
 * One side of a change, as SQL over row `p` (`new`, `old`, or an alias), in `CHANGE_SIDE_COLUMNS`
 * order: the hour it was accepted, its dimensions (its template: the one it was sent as, or a
 * Direct Send's generated one), its flags and its latency bins. A message counts as billable once
 * delivered with pricing that says so: the platform charges delivered messages (see
 * docs/platform.md §4.4). Its accepted → sent time runs from its acceptance or, when it was
 * scheduled, from its `sendAt`.
 */
export function side(
  p: string,
  postgres: boolean,
  bucketOf: (createdAt: string) => string = (c) => `substr(${c}, 1, 13)`,
): string[] {
  const ms = (from: string, to: string) =>
    postgres
      ? `(extract(epoch from (${to}::timestamptz - ${from}::timestamptz)) * 1000)`
      : `((julianday(${to}) - julianday(${from})) * 86400000.0)`;
  const start = postgres
    ? `greatest(${p}.created_at, coalesce(${p}.scheduled_at, ${p}.created_at))`
    : `max(${p}.created_at, coalesce(${p}.scheduled_at, ${p}.created_at))`;
  const flag = (condition: string) => `case when ${condition} then 1 else 0 end`;
  return [
    bucketOf(`${p}.created_at`),
    `${p}.phone_number_id`,
    `coalesce(${p}.template_id, ${p}.generated_template_id, '')`,
    `coalesce(${p}.type, '')`,
    `${p}.status`,
    `coalesce(${p}.error_code, '')`,
    `coalesce(${p}.pricing_category, '')`,
    `coalesce(${p}.recipient_country, '')`,
    flag(`${p}.source <> 'external'`),
    flag(`${p}.sent_at is not null`),
    flag(`${p}.delivered_at is not null`),
    flag(`${p}.read_at is not null`),
    flag(`${p}.status = 'failed'`),
    flag(`${p}.status = 'canceled'`),
    flag(`${p}.pricing_billable = 1 and ${p}.delivered_at is not null`),
    `case when ${p}.sent_at is null or ${p}.source = 'external' then null else ${latencyBinSql(ms(start, `${p}.sent_at`), postgres)} end`,
    `case when ${p}.sent_at is null or ${p}.delivered_at is null then null else ${latencyBinSql(ms(`${p}.sent_at`, `${p}.delivered_at`), postgres)} end`,
  ];
}

/** Whether an update changed anything the aggregates count (the other updates write no change row). */
export function changed(postgres: boolean): string {
  const differ = postgres ? 'is distinct from' : 'is not';
  const watched = [
    'status',
    'sent_at',
    'delivered_at',
    'read_at',
    'error_code',
    'pricing_category',
    'pricing_billable',
    'template_id',
    'generated_template_id',
    'type',
    'scheduled_at',
    'recipient_country',
    'phone_number_id',
  ];
  return `(${watched.map((c) => `old.${c} ${differ} new.${c}`).join(' or ')})`;
}
