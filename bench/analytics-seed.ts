/**
 * The world of the analytics benchmark (analytics.ts): `count` messages written with SQL into a
 * database the service migrated, in batches of 100,000 rows (`insert … select` over a recursive
 * CTE on SQLite, over `generate_series` on PostgreSQL), with the triggers of migration 0017 firing
 * on each, then the change log folded by the service's own `foldStatChanges`; and the triggers
 * dropped and recreated, for the runs without them.
 */
import Database from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { foldStatChanges } from '../src/analytics/stats-fold.repository.js';
import { connectDatabase } from '../src/db/connect.js';
import type { DatabaseConfig } from '../src/config.js';

const BATCH = 100_000;
const DAY_S = 86_400;
/** Templates' share of messages is ~88 %; the rest are text (service) messages. */
export const TEMPLATES = 20;
const ERRORS = ['131049', '131026', '131047', '130472'];
const COUNTRIES: [string, string][] = [
  ['US', '+16505551234'],
  ['BR', '+5511987654321'],
  ['IN', '+919876543210'],
];

export interface Seeded {
  seconds: { insert: number; fold: number };
  rows: { messages: number; hourly: number; daily: number; changes: number };
}

/**
 * Writes `count` messages of `accountId` (live mode), accepted evenly over the 30 days before `nowS`
 * (epoch seconds), on `numbers` (70/30), and `TEMPLATES` templates (`tpl_bench_00`…) they refer to,
 * then folds the change log until it is empty and refreshes the planner's statistics.
 * Mix: 12 % text (category `service`), 88 % templates (template k drawn ∝ 2k+1; every fifth is
 * `marketing`, the others `utility`); statuses 3 % failed (4 platform codes), 5 % sent, 37 %
 * delivered, 55 % read; 60 % US, 30 % BR, 10 % IN; priced (PMP, billable once delivered) unless failed.
 */
export async function seedMessages(
  database: DatabaseConfig,
  accountId: string,
  numbers: [string, string],
  count: number,
  nowS: number,
): Promise<Seeded> {
  const store = await connectDatabase(database);
  const postgres = store.dialect === 'postgres';
  try {
    const at = new Date((nowS - 31 * DAY_S) * 1000).toISOString();
    const templates = Array.from({ length: TEMPLATES }, (_, k) => ({
      id: `tpl_bench_${String(k).padStart(2, '0')}`,
      account_id: accountId,
      name: `bench_${k % 5 === 4 ? 'offer' : 'order_update'}_${k}`,
      language: 'en_US',
      category: k % 5 === 4 ? 'MARKETING' : 'UTILITY',
      status: 'approved',
      body: 'Your order {{1}} shipped.',
      variables: '[{"example":"A-1"}]',
      platform_template_id: String(2_000_000_000_000 + k),
      approved_at: at,
      created_at: at,
      updated_at: at,
    }));
    await store.write((tx) =>
      tx
        .insertInto('templates')
        .values(templates as never)
        .execute(),
    );

    const t0 = performance.now();
    for (let from = 1; from <= count; from += BATCH) {
      const to = Math.min(count, from + BATCH - 1);
      await store.write(
        async (tx) => void (await sql.raw(insertSql(postgres, accountId, numbers, from, to, count, nowS)).execute(tx)),
      );
    }
    const insert = (performance.now() - t0) / 1000;
    const t1 = performance.now();
    while ((await foldStatChanges(store)) > 0);
    await store.write(async (tx) => void (await sql`analyze`.execute(tx)));
    const fold = (performance.now() - t1) / 1000;
    const n = async (table: string) =>
      Number(
        (await sql.raw<{ n: number | string }>(`select count(*) as n from ${table}`).execute(store.read)).rows[0]!.n,
      );
    return {
      seconds: { insert, fold },
      rows: {
        messages: await n('messages'),
        hourly: await n('message_stats_hourly'),
        daily: await n('message_stats_daily'),
        changes: await n('message_stat_changes'),
      },
    };
  } finally {
    await store.close();
  }
}

/** One batch (`i` from `from` to `to`) of the insert, as SQL of the dialect. */
function insertSql(
  postgres: boolean,
  accountId: string,
  numbers: [string, string],
  from: number,
  to: number,
  count: number,
  nowS: number,
): string {
  const series = postgres
    ? `generate_series(${from}::bigint, ${to}) as n(i)`
    : `(with recursive n(i) as (select ${from} union all select i + 1 from n where i < ${to}) select i from n) n`;
  const ts = (seconds: string) =>
    postgres
      ? `to_char(to_timestamp(${seconds}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : `strftime('%Y-%m-%dT%H:%M:%fZ', ${seconds}, 'unixepoch')`;
  const pick = (list: string[], index: string) =>
    `case ${list.map((v, k) => `when ${index} = ${k} then '${v}'`).join(' ')} end`;
  const pad = postgres ? `lpad(tix::text, 2, '0')` : `substr('0' || tix, -2, 2)`;
  // Per row: c accepted (epoch s, with ms), sb status bucket 0–99, tix template (−1: text), cix country.
  const inner = `select i,
      ${nowS - 30 * DAY_S} + (i - 1) * ${(30 * DAY_S) / count} + (i % 1000) / 1000.0 as c,
      (i * 7919) % 100 as sb,
      case when (i * 104729) % 100 < 12 then -1 else ${postgres ? 'floor(sqrt((i * 7907) % 400))::int' : 'cast(sqrt((i * 7907) % 400) as integer)'} end as tix,
      case when (i * 13) % 10 < 6 then 0 when (i * 13) % 10 < 9 then 1 else 2 end as cix
    from ${series}`;
  const status = `case when sb < 3 then 'failed' when sb < 8 then 'sent' when sb < 45 then 'delivered' else 'read' end`;
  const sent = `case when sb >= 3 then c + 1 + i % 3 end`;
  const delivered = `case when sb >= 8 then c + 4 + i % 30 end`;
  const read = `case when sb >= 45 then c + 60 + i % 3600 end`;
  const priced = (v: string) => `case when sb >= 3 then ${v} end`;
  const columns = [
    'id',
    'account_id',
    'mode',
    'phone_number_id',
    'recipient',
    'type',
    'status',
    'platform_message_id',
    'source',
    'text',
    'template_id',
    'error_code',
    'error_message',
    'sent_at',
    'delivered_at',
    'read_at',
    'failed_at',
    'created_at',
    'updated_at',
    'delivered_as',
    'pricing_billable',
    'pricing_model',
    'pricing_category',
    'pricing_type',
    'recipient_country',
  ];
  const values = [
    `'msg_bench' || i`,
    `'${accountId}'`,
    `'live'`,
    `case when i % 10 < 7 then '${numbers[0]}' else '${numbers[1]}' end`,
    pick(
      COUNTRIES.map((x) => x[1]),
      'cix',
    ),
    `case when tix < 0 then 'text' else 'template' end`,
    status,
    `'wamid.bench.' || i`,
    `'api'`,
    `case when tix < 0 then 'Your order shipped.' end`,
    `case when tix >= 0 then 'tpl_bench_' || ${pad} end`,
    `case when sb < 3 then ${pick(ERRORS, '(i / 100) % 4')} end`,
    `case when sb < 3 then 'Message failed' end`,
    ts(sent),
    ts(delivered),
    ts(read),
    `case when sb < 3 then ${ts('c + 2')} end`,
    ts('c'),
    ts(`coalesce(${read}, ${delivered}, ${sent}, c + 2)`),
    `case when tix < 0 then 'free_form' else 'template' end`,
    priced(`case when sb >= 8 then 1 else 0 end`),
    priced(`'PMP'`),
    priced(`case when tix < 0 then 'service' when tix % 5 = 4 then 'marketing' else 'utility' end`),
    priced(`'regular'`),
    pick(
      COUNTRIES.map((x) => x[0]),
      'cix',
    ),
  ];
  return `insert into messages (${columns.join(', ')}) select ${values.join(', ')} from (${inner}) s`;
}

/** The aggregate triggers on `messages` (migration 0017), to drop and recreate between runs. */
export interface Triggers {
  set(on: boolean): Promise<void>;
  /** Rows in the change log, not folded yet. */
  pending(): Promise<number>;
  close(): Promise<void>;
}

/** Reads the triggers' definitions from the database (SQLite file `file`, or PostgreSQL at `pgUrl`). */
export async function triggers(database: DatabaseConfig): Promise<Triggers> {
  let on = true;
  if (database.dialect === 'sqlite') {
    const db = new Database(database.file);
    db.pragma('busy_timeout = 10000');
    const defs = db
      .prepare(
        `select name, sql from sqlite_master where type = 'trigger' and tbl_name = 'messages' and name like 'message_stats_%'`,
      )
      .all() as { name: string; sql: string }[];
    if (defs.length !== 3) throw new Error(`expected 3 triggers on messages, found ${defs.map((d) => d.name)}`);
    return {
      async set(want) {
        if (want !== on) for (const d of defs) db.exec(want ? d.sql : `drop trigger ${d.name}`);
        on = want;
      },
      pending: async () => (db.prepare('select count(*) as n from message_stat_changes').get() as { n: number }).n,
      async close() {
        db.close();
      },
    };
  }
  const c = new pg.Client({ connectionString: database.url });
  await c.connect();
  const defs = (
    await c.query(
      `select tgname as name, pg_get_triggerdef(oid) as sql from pg_trigger where tgrelid = 'messages'::regclass and not tgisinternal and tgname like 'message_stats_%'`,
    )
  ).rows as { name: string; sql: string }[];
  if (defs.length !== 2) throw new Error(`expected 2 triggers on messages, found ${defs.map((d) => d.name)}`);
  return {
    async set(want) {
      if (want !== on) for (const d of defs) await c.query(want ? d.sql : `drop trigger ${d.name} on messages`);
      on = want;
    },
    pending: async () => Number((await c.query('select count(*) as n from message_stat_changes')).rows[0].n),
    async close() {
      await c.end();
    },
  };
}
