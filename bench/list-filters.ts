/**
 * List filters benchmark (`npm run bench:lists [-- --db sqlite|postgres --messages 1000000 --duration 5]`;
 * never part of `npm test`). Tidings runs in its own process (built `dist/`), autocannon in this one.
 * An account with `messages` messages (a tenth as many customer messages; bench/list-seed.ts: one in
 * 1,000 scheduled, 2,000 recipients, one in 500 customer messages a reaction) is written straight
 * into the database. Then each list below is read for `duration` seconds (8 connections,
 * `limit=20`): requests per second, p50 and p99, and the rows the page's statement reads, first
 * with migration 0032's indexes ("after"), then with them dropped ("before": the statements are
 * those of main before 0032, which read the filter's rows off the general list index), then with
 * them made again ("after, again").
 *
 * Rows read: the rows of the index the statement walks until its page is full. On PostgreSQL from
 * EXPLAIN (ANALYZE) of the page's query (the scan nodes' rows, plus those they removed by filter);
 * on SQLite, which does not count them, the place of the page's last row in the index walked (the
 * filter's own index: the page, as test/list-indexes.test.ts checks; the list's: every row down to it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pino from 'pino';
import { loadConfig } from '../src/config.js';
import { connectDatabase } from '../src/db/connect.js';
import { buildDeps } from '../src/deps.js';
import { dropPostgresSchema, figure, postgresSchemaUrl, sleep, startServer, stopServer } from './lib.js';
import { seededRecipient, seedLists } from './list-seed.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DB = arg('db', 'sqlite') as 'sqlite' | 'postgres';
const MESSAGES = Number(arg('messages', '1000000'));
const DURATION = Number(arg('duration', '5'));
const CONNECTIONS = 8;
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PORT = 4207;

/** The lists read, each with the table, order and filter its page walks (for the rows read). */
const LISTS = [
  { name: 'messages, no filter', path: '/v1/messages?limit=20', table: 'messages', at: 'created_at', where: sql`true` },
  {
    name: 'messages ?status=scheduled',
    path: '/v1/messages?status=scheduled&limit=20',
    table: 'messages',
    at: 'created_at',
    where: sql`status = 'scheduled'`,
  },
  {
    name: 'messages ?to=',
    path: `/v1/messages?to=${encodeURIComponent(seededRecipient(42))}&limit=20`,
    table: 'messages',
    at: 'created_at',
    where: sql`recipient = ${seededRecipient(42)}`,
  },
  {
    name: 'inbound ?type=reaction',
    path: '/v1/inbound_messages?type=reaction&limit=20',
    table: 'inbound_messages',
    at: 'sent_at',
    where: sql`type = 'reaction'`,
  },
] as const;

/** The indexes of migration 0032 on the lists measured, as it makes them: dropped for "before". */
const NEW_INDEXES = {
  messages_status_list: sql`messages (account_id, mode, status, created_at, id) where status not in ('delivered', 'read')`,
  messages_recipient_list: sql`messages (account_id, mode, recipient, created_at, id)`,
  inbound_messages_type_list: sql`inbound_messages (account_id, mode, type, sent_at, id)`,
};

interface Figures {
  reqPerSec: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
}

function load(url: string, key: string, duration = DURATION): Promise<Figures> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers: { 'x-api-key': key } }, (err, r) => {
      if (err) return reject(err);
      resolve({
        reqPerSec: r['2xx'] / r.duration,
        p50: r.latency.p50,
        p99: r.latency.p99,
        requests: r['2xx'],
        non2xx: r.non2xx + r.errors + r.timeouts,
      });
    });
  });
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-bench-lists-'));
  const schema = `bench_lists_${Date.now()}`;
  const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', JOB_POLL_MS: '100' };
  if (DB === 'postgres') env.DATABASE_URL = await postgresSchemaUrl(PG_URL, schema);
  const config = loadConfig(env);
  const admin = await buildDeps(config, { role: 'admin', logger: pino({ level: 'silent' }) });
  const account = await admin.accounts.createAccount({ name: 'Bench lists', throughput: 1000 });
  const phoneNumberId = account.phoneNumbers[0]!.phoneNumberId;
  const { key } = await admin.keys.createKey({ accountId: account.id, mode: 'live', rateLimit: 10_000 });
  await admin.close();

  const store = await connectDatabase(config.database);
  const seconds = await seedLists(store, {
    accountId: account.id,
    phoneNumberId,
    messages: MESSAGES,
    inbound: Math.floor(MESSAGES / 10),
    contacts: 0,
    suppressions: 0,
    audit: 0,
    auditChain: account.id,
  });
  console.log(
    `seeded ${figure(MESSAGES)} messages, ${figure(MESSAGES / 10)} inbound in ${figure(seconds, 1)} s (${DB})`,
  );

  /** The rows the page's statement reads (see the file's comment). */
  const rowsRead = async (l: (typeof LISTS)[number], indexed: boolean): Promise<number> => {
    const scope = sql`account_id = ${account.id} and mode = 'live'`;
    const order = sql.raw(`${l.at} desc, id desc`);
    if (DB === 'postgres') {
      const { rows } = await sql<{ 'QUERY PLAN': any }>`explain (analyze, format json)
        select * from ${sql.table(l.table)} where ${scope} and ${l.where} order by ${order} limit 21`.execute(
        store.read,
      );
      let read = 0;
      const walk = (n: any) => {
        if (/Scan/.test(n['Node Type']) && n['Node Type'] !== 'Bitmap Heap Scan')
          read += (n['Actual Rows'] ?? 0) + (n['Rows Removed by Filter'] ?? 0);
        for (const c of n.Plans ?? []) walk(c);
      };
      walk(rows[0]!['QUERY PLAN'][0].Plan);
      return read;
    }
    const last = await sql<{ at: string; id: string }>`select ${sql.ref(l.at)} as at, id from ${sql.table(l.table)}
      where ${scope} and ${l.where} order by ${order} limit 1 offset 20`.execute(store.read);
    if (indexed || l.name.endsWith('no filter')) return 21;
    const edge = last.rows[0];
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(l.table)} where ${scope}
      ${edge ? sql`and (${sql.ref(l.at)}, id) >= (${edge.at}, ${edge.id})` : sql``}`.execute(store.read);
    return Number(rows[0]!.n);
  };

  const results: string[] = [];
  const run = async (label: 'after' | 'before' | 'after, again') => {
    const server = await startServer(['dist/main.js'], PORT, env);
    try {
      await sleep(500);
      // Warm: the first requests compile the routes' serializers.
      await load(`${server.url}${LISTS[0].path}`, key, 1);
      for (const l of LISTS) {
        await fetch(`${server.url}${l.path}`, { headers: { 'x-api-key': key } });
        const f = await load(`${server.url}${l.path}`, key);
        const read = await rowsRead(l, label !== 'before');
        results.push(
          `| ${l.name} | ${label} | ${figure(f.reqPerSec, 1)} | ${figure(f.p50, 1)} | ${figure(f.p99, 1)} | ${figure(read)} | ${f.non2xx} |`,
        );
        console.log(results.at(-1));
      }
    } finally {
      await stopServer(server);
    }
  };
  try {
    // The first start after the seed does the start's own work (the sweeps, the planner's and the
    // cache's first reads of a fresh million rows): a start, and 10 s of lists, before measuring.
    const settle = await startServer(['dist/main.js'], PORT, env);
    await load(`${settle.url}${LISTS[0].path}`, key, 10).finally(() => stopServer(settle));
    // after, before, after again: the two "after" runs show what the machine's noise is.
    await run('after');
    await store.write(async (tx) => {
      for (const index of Object.keys(NEW_INDEXES)) await sql`drop index ${sql.ref(index)}`.execute(tx);
    });
    await run('before');
    await store.write(async (tx) => {
      for (const [index, on] of Object.entries(NEW_INDEXES))
        await sql`create index ${sql.ref(index)} on ${on}`.execute(tx);
      // As migration 0032 does on an analyzed SQLite database (PostgreSQL's statistics are the columns').
      if (DB === 'sqlite')
        for (const t of ['messages', 'inbound_messages']) await sql`analyze ${sql.table(t)}`.execute(tx);
    });
    await run('after, again');
    console.log(
      `\nList filters, ${figure(MESSAGES)} messages (${DB}), ${CONNECTIONS} connections, ${DURATION} s each\n`,
    );
    console.log('| list, `limit=20` | indexes | req/s | p50 ms | p99 ms | rows read | non-2xx |');
    console.log('|---|---|---:|---:|---:|---:|---:|');
    for (const r of results.sort()) console.log(r);
  } finally {
    await store.close();
    if (DB === 'postgres') await dropPostgresSchema(PG_URL, schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
