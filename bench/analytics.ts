/**
 * Delivery analytics (issue 27; `npm run bench:analytics [-- --db sqlite|postgres|both --messages
 * 1000000 --duration 10 --connections 50 --rounds 2 --only read,write --profile DIR]`; never part
 * of `npm test`). `--profile DIR` writes a V8 CPU profile of the Tidings process there
 * (bench/profile-summary.ts reads it).
 *
 * Per dialect, one database and one Tidings (`dist/main.js`) with the Cloud API simulator in its
 * own process (cost-setup.ts); autocannon in this one:
 *
 * (A) reads (analytics-reads.ts): `messages` messages over 30 days written with SQL, the triggers
 * firing, the log folded (analytics-seed.ts); then `GET /v1/analytics/messages` 30 days by day and
 * template, 7 days by hour and template, 30 days by day and error code: 200 sequential requests
 * each (p50/p99/max, after 20 not counted), then autocannon with 8 connections.
 * (B) (analytics-writes.ts) the cost of the aggregates on the write paths: template sends accepted (as cost.ts (a)) and
 * signed status webhooks for messages Tidings had not seen (each message's sent, delivered, read:
 * an insert then two updates of `messages`), 1 and 50 per request (as bench/README (b)), with the
 * triggers and without (dropped on this database; the fold keeps running and finds nothing),
 * interleaved: with, without, with, without… (`--rounds` pairs), so drift and a neighbour's load
 * fall on both alike.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { reads } from './analytics-reads.js';
import { seedMessages, type Seeded } from './analytics-seed.js';
import { writes } from './analytics-writes.js';
import { setUp } from './cost-setup.js';
import { ceilings, cliWith, dropPostgresSchema, figure as f, postgresSchemaUrl, type Row } from './lib.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DIALECTS =
  arg('db', 'both') === 'both' ? (['sqlite', 'postgres'] as const) : ([arg('db', 'sqlite')] as ['sqlite' | 'postgres']);
const MESSAGES = Number(arg('messages', '1000000'));
const DURATION = Number(arg('duration', '10'));
const CONNECTIONS = Number(arg('connections', '50'));
const ROUNDS = Number(arg('rounds', '2'));
const ONLY = new Set(arg('only', 'read,write').split(','));
const PROFILE_DIR = arg('profile', '');
const PG_URL = process.env.TIDINGS_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Events the receiver took (the reads the intake runs make are delivered after them). */
let delivered = 0;

interface Ceilings {
  hello: Row;
  sqlite: Row;
  postgres: Row;
}

async function runDialect(dialect: 'sqlite' | 'postgres', dataRoot: string, c: Ceilings): Promise<string[]> {
  const out: string[] = [];
  const schema = 'bench_analytics';
  const pgUrl = dialect === 'postgres' ? await postgresSchemaUrl(PG_URL, schema) : null;
  const dataDir = path.join(dataRoot, dialect);
  fs.mkdirSync(dataDir, { recursive: true });
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    WHATSAPP_APP_SECRET: 'bench-analytics',
    WHATSAPP_VERIFY_TOKEN: 'bench',
    WHATSAPP_GRAPH_URL: 'http://127.0.0.1:9/v23.0',
    ...(pgUrl ? { DATABASE_URL: pgUrl } : {}),
  };
  const database = loadConfig(env).database;
  const ceiling = dialect === 'sqlite' ? c.sqlite : c.postgres;
  const title = dialect === 'sqlite' ? 'SQLite (WAL, synchronous=FULL)' : 'PostgreSQL + Redis';

  // The account read from, made as an operator would (the CLI migrates the database), then seeded.
  const cli = cliWith(env);
  const account = cli('accounts', 'create', '--name', 'Bench analytics');
  const key = cli('keys', 'create', '--account', account.id, '--mode', 'live', '--rate-limit', '10000').key as string;
  const nowS = Math.floor(Date.now() / 1000);
  let seeded: Seeded | null = null;
  if (ONLY.has('read'))
    seeded = await seedMessages(
      database,
      account.id,
      [account.phoneNumbers[0].phoneNumberId, '100000000000002'],
      MESSAGES,
      nowS,
    );

  const receiver = http.createServer((req, res) =>
    req.resume().on('end', () => (delivered++, res.writeHead(204).end())),
  );
  await new Promise<void>((r) => receiver.listen(4304, '127.0.0.1', r));
  const profile = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR, dialect)}`] : [];
  const s = await setUp({
    dialect,
    dataDir,
    pgUrl,
    simulator: 'process',
    receiverUrl: 'http://127.0.0.1:4304/events',
    execArgv: profile,
  });
  try {
    if (seeded) out.push(...(await reads(s, key, nowS, seeded, title, ceiling, c.hello, DURATION)));
    if (ONLY.has('write'))
      out.push(
        ...(await writes(s, database, title, ceiling, {
          duration: DURATION,
          connections: CONNECTIONS,
          rounds: ROUNDS,
          delivered: () => delivered,
        })),
      );
  } finally {
    await s.close();
    receiver.close();
    if (pgUrl) await dropPostgresSchema(PG_URL, schema);
  }
  return out;
}

async function main(): Promise<void> {
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-bench-analytics-'));
  const load0 = os.loadavg()[0]!;
  try {
    const c = await ceilings(dataRoot, await postgresSchemaUrl(PG_URL, 'bench_ceiling'), CONNECTIONS, DURATION);
    const out: string[] = [];
    for (const dialect of DIALECTS) out.push(...(await runDialect(dialect, dataRoot, c)));
    console.log(
      `\nDelivery analytics: ${os.cpus().length} cores, Node ${process.version}, ${DURATION} s per timed run; load average ${f(load0, 2)} at start, ${f(os.loadavg()[0]!, 2)} at end\n`,
    );
    console.log(`| ceiling (${CONNECTIONS} connections) | req/s | p50 ms | p99 ms |\n|---|---:|---:|---:|`);
    for (const r of [c.hello, c.sqlite, c.postgres])
      console.log(`| ${r.name} | ${f(r.reqPerSec)} | ${r.p50} | ${r.p99} |`);
    console.log(out.join('\n'));
  } finally {
    await dropPostgresSchema(PG_URL, 'bench_ceiling');
    fs.rmSync(dataRoot, { recursive: true, force: true });
  }
}

await main();
