/**
 * Batch and scheduled sends (`npm run bench:batch [-- --db sqlite|postgres|both --duration 10
 * --connections 4 --only a,b,c --profile DIR]`; never part of `npm test`). Tidings runs as `npm start` runs it:
 * `dist/main.js` with the embedded simulator, in its own process; autocannon runs in this one.
 * Beside it, in the same run, the ceilings: a bare Fastify hello-world and a bare Fastify route
 * doing one insert per request (SQLite in WAL with synchronous=FULL, as Tidings; and PostgreSQL).
 *
 * (a) batches of 100 and (b) of 1,000 template sends, each item with its own variable and
 * `clientReference`: messages accepted per second and the batch request's latency; (c) 10,000
 * messages scheduled for the same second on a number at the 1,000/s tier: when they leave the queue,
 * at what pace, and how many 130429 the simulator answered.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  ceilings,
  cliWith,
  json,
  load,
  postgresSchemaUrl,
  recipient,
  sleep,
  startServer,
  stopServer,
  type Row,
} from './lib.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DURATION = Number(arg('duration', '10'));
const CONNECTIONS = Number(arg('connections', '4'));
const DIALECTS = arg('db', 'both') === 'both' ? ['sqlite', 'postgres'] : [arg('db', 'sqlite')];
const PROFILE_DIR = arg('profile', '');
/** `--only c`: run some of (a)–(c). */
const ONLY = new Set(arg('only', 'a,b,c').split(','));
const PG_URL = process.env.TIDINGS_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const f = (x: number, d = 0) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

interface Measured extends Row {
  /** Messages accepted per second. */
  messagesPerSec: number;
  size: number;
}

async function runDialect(dialect: string, dataRoot: string): Promise<{ rows: Measured[]; notes: string[] }> {
  const rows: Measured[] = [];
  const notes: string[] = [];
  const env: Record<string, string> = {
    DATA_DIR: path.join(dataRoot, dialect),
    LOG_LEVEL: 'warn',
    SIMULATOR_PORT: '4313',
  };
  if (dialect === 'postgres')
    Object.assign(env, {
      DATABASE_URL: await postgresSchemaUrl(PG_URL, 'bench_batch'),
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
  const cli = cliWith(env);
  // A number at the top tier; keys at the highest rate (10,000 items/s each: the rate counts items),
  // taken in turn, so the key's limit is not what is measured.
  const account = cli('accounts', 'create', '--name', 'Bench Batch', '--throughput', '1000');
  const keys = Array.from(
    { length: 4 },
    () => cli('keys', 'create', '--account', account.id, '--mode', 'live', '--rate-limit', '10000').key as string,
  );
  const key = keys[0]!;
  let turn = 0;
  const profile = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [];
  const tidings = await startServer(['dist/main.js'], 4312, env, profile);
  const sim = 'http://127.0.0.1:4313';
  const api = (p: string, method = 'GET', body?: unknown) =>
    json(`${tidings.url}/v1${p}`, method, body, { 'x-api-key': key });
  try {
    // Statuses only when posted (none here): the dispatcher's sends are the only other load.
    await json(`${sim}/_simulator/config`, 'PUT', { throughput: 1000, delivery: 'manual', reviewDelayMs: 100 });
    const t = await json(
      `${tidings.url}/v1/templates/`,
      'POST',
      {
        name: 'bench_batch',
        category: 'UTILITY',
        language: 'en_US',
        body: 'Your order {{1}} shipped.',
        variables: [{ example: 'A-1' }],
      },
      { 'x-api-key': key, 'idempotency-key': 'bench-batch-template' },
    );
    while ((await api(`/templates/${t.id}`)).status !== 'approved') await sleep(100);
    const queued = async () => (await api('/phone_numbers')).data.find((x: any) => x.sender).queued as number;
    let n = 0;
    const batch = (size: number, sendAt?: string) => {
      const messages = Array.from({ length: size }, () => {
        const i = n++;
        return {
          to: recipient(i),
          type: 'template',
          templateId: t.id,
          variables: { '1': `A-${i}` },
          clientReference: `bench-${i}`,
        };
      });
      return JSON.stringify(sendAt ? { messages, sendAt } : { messages });
    };
    const batches = (size: number) => ({
      requests: [
        {
          method: 'POST' as const,
          path: '/v1/messages/batch',
          setupRequest: (req: any) => ({
            ...req,
            headers: { 'content-type': 'application/json', 'x-api-key': keys[turn++ % keys.length] },
            body: batch(size),
          }),
        },
      ],
    });
    // Warm-up (code paths, pools, statement caches), not reported.
    await autocannon({
      url: tidings.url,
      connections: CONNECTIONS,
      duration: 3,
      ...batches(100),
    } as autocannon.Options);
    for (const size of [100, 1000].filter((n) => ONLY.has(n === 100 ? 'a' : 'b'))) {
      const r = await load(`(${size === 100 ? 'a' : 'b'}) batches of ${f(size)} template sends`, tidings.url, {
        connections: CONNECTIONS,
        duration: DURATION,
        ...batches(size),
      });
      rows.push({ ...r, size, messagesPerSec: r.reqPerSec * size });
    }
    notes.push(
      `messages queued meanwhile and not yet sent at the end: ${f(await queued())} (the dispatcher drains at the 1,000/s tier)`,
    );
    if (!ONLY.has('c')) return { rows, notes };
    // Let the queue drain before (c), so it measures the scheduled messages alone.
    while ((await queued()) > 0) await sleep(1000);

    // (c) 10,000 scheduled for the same second.
    const stats = () => json(`${sim}/_simulator/stats`);
    const sendAt = new Date(Math.ceil((Date.now() + 75_000) / 1000) * 1000).toISOString();
    for (let i = 0; i < 10; i++) {
      const res = await fetch(`${tidings.url}/v1/messages/batch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body: batch(1000, sendAt),
      });
      if (res.status !== 201) throw new Error(`scheduling: ${res.status} ${await res.text()}`);
    }
    const before = await stats();
    while (Date.now() < Date.parse(sendAt)) await sleep(200);
    let first: { t: number; taken: number } | null = null;
    let last = { t: Date.now(), taken: before.taken as number };
    for (;;) {
      const now = await stats();
      if (!first && now.taken > before.taken) first = { t: Date.now(), taken: now.taken };
      if (now.taken !== last.taken) last = { t: Date.now(), taken: now.taken };
      if (now.taken - before.taken >= 10_000 || Date.now() - last.t > 10_000) break;
      await sleep(250);
    }
    const after = await stats();
    const rate = first && last.t > first.t ? (last.taken - first.taken) / ((last.t - first.t) / 1000) : 0;
    const throttled = (after.refused['130429'] ?? 0) - (before.refused['130429'] ?? 0);
    notes.push(
      `(c) 10,000 scheduled for ${sendAt}: the first taken by the simulator ${first ? f(first.t - Date.parse(sendAt)) : '—'} ms after it, ${f(after.taken - before.taken)} taken, at ${f(rate)} messages/s (the tier is 1,000/s; Tidings paces at 96 %); 130429 answers: ${throttled}.`,
    );
  } finally {
    await stopServer(tidings);
  }
  return { rows, notes };
}

async function main(): Promise<void> {
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-bench-batch-'));
  try {
    const {
      hello,
      sqlite: sqliteInsert,
      postgres: pgInsert,
    } = await ceilings(dataRoot, await postgresSchemaUrl(PG_URL, 'bench_ceiling'), 32, DURATION);
    console.log(
      `\nBatch benchmarks: ${os.cpus().length} cores, Node ${process.version}, ${DURATION} s per timed run, ${CONNECTIONS} connections (32 for the ceilings)\n`,
    );
    console.log('| ceiling | req/s | p50 ms | p99 ms |');
    console.log('|---|---:|---:|---:|');
    for (const c of [hello, sqliteInsert, pgInsert])
      console.log(`| ${c.name} | ${f(c.reqPerSec)} | ${c.p50} | ${c.p99} |`);
    for (const dialect of DIALECTS) {
      const { rows, notes } = await runDialect(dialect, dataRoot);
      const insert = dialect === 'sqlite' ? sqliteInsert : pgInsert;
      console.log(`\n${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'}\n`);
      console.log(
        '| run | batches/s | messages/s | p50 ms | p99 ms | messages/s ÷ one-insert req/s | messages/s ÷ hello-world req/s | non-2xx |',
      );
      console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
      for (const r of rows)
        console.log(
          `| ${r.name} | ${f(r.reqPerSec, 1)} | ${f(r.messagesPerSec)} | ${r.p50} | ${r.p99} | ${f(r.messagesPerSec / insert.reqPerSec, 2)} | ${f(r.messagesPerSec / hello.reqPerSec, 2)} | ${r.non2xx} |`,
        );
      for (const n of notes) console.log(`\n${n}`);
    }
  } finally {
    fs.rmSync(dataRoot, { recursive: true, force: true });
  }
}

await main();
