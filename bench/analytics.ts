/**
 * Delivery analytics (issue 27; `npm run bench:analytics [-- --db sqlite|postgres|both --messages
 * 1000000 --duration 10 --connections 50 --rounds 2 --only read,write --profile DIR]`; never part
 * of `npm test`). `--profile DIR` writes a V8 CPU profile of the Tidings process there
 * (bench/profile-summary.ts reads it).
 *
 * Per dialect, one database and one Tidings (`dist/main.js`) with the Cloud API simulator in its
 * own process (cost-setup.ts); autocannon in this one:
 *
 * (A) reads: `messages` messages over 30 days written with SQL, the triggers firing, the log folded
 * (analytics-seed.ts); then `GET /v1/analytics/messages` 30 days by day and template, 7 days by hour
 * and template, 30 days by day and error code: 200 sequential requests each (p50/p99/max, after 20
 * not counted), then autocannon with 8 connections.
 * (B) the cost of the aggregates on the write paths: template sends accepted (as cost.ts (a)) and
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
import autocannon from 'autocannon';
import { loadConfig } from '../src/config.js';
import { hubSignature } from '../src/lib/crypto.js';
import { seedMessages, triggers, type Seeded, type Triggers } from './analytics-seed.js';
import { setUp, type Setup } from './cost-setup.js';
import { ceilings, cliWith, dropPostgresSchema, load, percentile, postgresSchemaUrl, type Row } from './lib.js';

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
const SEQUENTIAL = 200;
const READ_CONNECTIONS = 8;
/** The business number of setUp's first account (the simulator's, in process mode). */
const INTAKE_NUMBER = '800000000000000';
const DAY_MS = 86_400_000;

/** Events the receiver took (the reads the intake runs make are delivered after them). */
let delivered = 0;
const f = (x: number, d = 0) =>
  Number.isFinite(x) ? x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d }) : '–';
const ms = (x: number) => f(x, x < 10 ? 1 : 0);

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
    if (seeded) out.push(...(await reads(s, key, nowS, seeded, title, ceiling, c.hello)));
    if (ONLY.has('write')) out.push(...(await writes(s, database, title, ceiling)));
  } finally {
    await s.close();
    receiver.close();
    if (pgUrl) await dropPostgresSchema(PG_URL, schema);
  }
  return out;
}

/** (A) The analytics endpoint over the seeded messages: sequential latency, then autocannon. */
async function reads(
  s: Setup,
  key: string,
  nowS: number,
  seeded: Seeded,
  title: string,
  ceiling: Row,
  hello: Row,
): Promise<string[]> {
  const day = (d: number) => new Date(nowS * 1000 - d * DAY_MS).toISOString();
  const queries: [string, string][] = [
    ['30 days by day, groupBy=template', `from=${day(30)}&to=${day(0)}&granularity=day&groupBy=template`],
    ['7 days by hour, groupBy=template', `from=${day(7)}&to=${day(0)}&granularity=hour&groupBy=template`],
    ['30 days by day, groupBy=errorCode', `from=${day(30)}&to=${day(0)}&granularity=day&groupBy=errorCode`],
  ];
  const headers = { 'x-api-key': key };
  const lines = [
    `\n(A) ${title}: ${f(seeded.rows.messages)} messages over 30 days inserted in ${f(seeded.seconds.insert, 1)} s (triggers firing), folded in ${f(seeded.seconds.fold, 1)} s; aggregates: ${f(seeded.rows.hourly)} hourly rows, ${f(seeded.rows.daily)} daily rows, ${f(seeded.rows.changes)} change rows left\n`,
    `| GET /v1/analytics/messages | answer | sequential p50 ms | p90 ms | p99 ms | max ms | req/s (${READ_CONNECTIONS} conn.) | p50 ms | p99 ms | ÷ hello | ÷ one-insert | non-2xx |`,
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  for (const [name, query] of queries) {
    const url = `${s.tidings.url}/v1/analytics/messages?${query}`;
    const times: number[] = [];
    let answer = '';
    for (let i = 0; i < SEQUENTIAL + 20; i++) {
      const t0 = performance.now();
      const res = await fetch(url, { headers });
      const body = await res.text();
      if (i >= 20) times.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`${name}: ${res.status} ${body.slice(0, 300)}`);
      if (i === 0) {
        const r = JSON.parse(body);
        answer = `${r.data.length} rows, ${r.totals.length} groups, ${f(body.length / 1024)} KB; ${f(r.total.accepted)} messages`;
      }
    }
    times.sort((a, b) => a - b);
    const r = await load(name, s.tidings.url, {
      connections: READ_CONNECTIONS,
      duration: DURATION,
      requests: [{ method: 'GET', path: `/v1/analytics/messages?${query}`, headers }],
    });
    lines.push(
      `| ${name} | ${answer} | ${ms(percentile(times, 50))} | ${ms(percentile(times, 90))} | ${ms(percentile(times, 99))} | ${ms(times.at(-1)!)} | ${f(r.reqPerSec)} | ${r.p50} | ${r.p99} | ${f(r.reqPerSec / hello.reqPerSec, 3)} | ${f(r.reqPerSec / ceiling.reqPerSec, 2)} | ${r.non2xx} |`,
    );
    console.error(lines.at(-1));
  }
  return lines;
}

interface Run {
  path: string;
  on: boolean;
  reqPerSec: number;
  itemsPerSec: number;
  p99: number;
  non2xx: number;
}

/** (B) Each write path with the triggers and without, interleaved. */
async function writes(
  s: Setup,
  database: ReturnType<typeof loadConfig>['database'],
  title: string,
  ceiling: Row,
): Promise<string[]> {
  const t = await triggers(database);
  const runs: Run[] = [];
  let k = 0;
  const t0 = Math.floor(Date.now() / 1000);
  const STATUSES = ['sent', 'delivered', 'read'];
  const pricing = { billable: true, pricing_model: 'PMP', category: 'utility', type: 'regular' };
  const status = (i: number) => ({
    id: `wamid.bench-ext-${Math.floor(i / 3)}`,
    status: STATUSES[i % 3],
    timestamp: String(t0 + (i % 3)),
    recipient_id: '16505551234',
    pricing,
  });
  const intake = (batch: number) => ({
    requests: [
      {
        method: 'POST' as const,
        path: '/platform/whatsapp/webhook',
        setupRequest: (req: any) => {
          const value = {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550000000', phone_number_id: INTAKE_NUMBER },
            statuses: Array.from({ length: batch }, () => status(k++)),
          };
          const body = JSON.stringify({
            object: 'whatsapp_business_account',
            entry: [{ id: '1', changes: [{ field: 'messages', value }] }],
          });
          return {
            ...req,
            body,
            headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(body, s.appSecret) },
          };
        },
      },
    ],
  });
  const paths: [string, number, () => Partial<autocannon.Options>][] = [
    ['template sends accepted (POST /v1/messages)', 1, () => s.sendRequests()],
    ['status webhooks, 1 per request', 1, () => intake(1)],
    ['status webhooks, 50 per request', 50, () => intake(50)],
  ];
  try {
    // Warm-up, not counted: sends (then the queue drained) and intake.
    await autocannon({
      url: s.tidings.url,
      connections: CONNECTIONS,
      duration: 3,
      ...s.sendRequests(),
    } as autocannon.Options);
    await s.drained();
    await autocannon({ url: s.tidings.url, connections: CONNECTIONS, duration: 2, ...intake(1) } as autocannon.Options);
    for (let round = 0; round < 2 * ROUNDS; round++) {
      const on = round % 2 === 0;
      await t.set(on);
      for (const [name, items, options] of paths) {
        await settle(s, t);
        const r = await load(name, s.tidings.url, { ...options(), connections: CONNECTIONS, duration: DURATION });
        runs.push({
          path: name,
          on,
          reqPerSec: r.reqPerSec,
          itemsPerSec: r.reqPerSec * items,
          p99: r.p99,
          non2xx: r.non2xx,
        });
        console.error(
          `${title} ${on ? 'with' : 'without'} triggers: ${name}: ${f(r.reqPerSec)} req/s, p99 ${r.p99} ms, non-2xx ${r.non2xx}`,
        );
      }
    }
  } finally {
    await t.set(true);
    await t.close();
  }
  const lines = [
    `\n(B) ${title}: each run ${DURATION} s, ${CONNECTIONS} connections, in the order with, without, with, without…\n`,
    '| path | with triggers: items/s per run | without: items/s per run | with (mean) | without (mean) | with ÷ without | cost | p99 ms with / without | ÷ one-insert (with) | non-2xx |',
    '|---|---|---|---:|---:|---:|---:|---|---:|---:|',
  ];
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  for (const [name] of paths) {
    const w = runs.filter((r) => r.path === name && r.on);
    const wo = runs.filter((r) => r.path === name && !r.on);
    const [a, b] = [mean(w.map((r) => r.itemsPerSec)), mean(wo.map((r) => r.itemsPerSec))];
    const reqs = mean(w.map((r) => r.reqPerSec));
    lines.push(
      `| ${name} | ${w.map((r) => f(r.itemsPerSec)).join(', ')} | ${wo.map((r) => f(r.itemsPerSec)).join(', ')} | ${f(a)} | ${f(b)} | ${f(a / b, 3)} | ${f(100 * (1 - a / b), 1)} % | ${w.map((r) => r.p99).join(', ')} / ${wo.map((r) => r.p99).join(', ')} | ${f(reqs / ceiling.reqPerSec, 2)} | ${[...w, ...wo].reduce((n, r) => n + r.non2xx, 0)} |`,
    );
  }
  return lines;
}

/**
 * Waits until what a run left behind is done, so it does not fall on the next run: the queue
 * drained, the events of the reads delivered (none for 1 s), the change log folded.
 */
async function settle(s: Setup, t: Triggers): Promise<void> {
  await s.drained();
  const start = Date.now();
  for (let seen = -1; seen !== delivered || (await t.pending()) > 0; ) {
    seen = delivered;
    await new Promise((r) => setTimeout(r, 1000));
    // A fold that does not keep up is a finding, not a reason to wait for ever.
    if (Date.now() - start > 60_000)
      return void console.error(`not settled after 60 s: ${await t.pending()} change rows unfolded`);
  }
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
