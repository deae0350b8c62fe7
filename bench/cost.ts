/**
 * The cost of a message (`npm run bench:cost [-- --db sqlite|postgres|both --duration 10
 * --connections 50 --simulator process|embedded --accounts 1000 --only a,b,c,scale --profile DIR]`;
 * never part of `npm test`). `--profile DIR` writes a V8 CPU profile of the Tidings process there
 * (bench/profile-summary.ts reads it).
 *
 * Tidings (`dist/main.js`) runs in its own process with the Cloud API simulator in another (as Meta
 * is; `--simulator embedded` runs it inside Tidings, as `npm start` does), 150 ms per Graph answer,
 * two numbers at the 1,000 messages/s tier; autocannon and a webhook receiver run in this process.
 * Beside the ceilings measured in the same run, each step of a message's life is measured for its
 * throughput, and for what it costs the Tidings process (cost-probe.ts): statements and rows per
 * message, read from its own counters where statements reach the driver, CPU time per message, and
 * on PostgreSQL the server's transactions and rows fetched per message.
 *
 * (a) accepting template sends (the simulator sends no statuses; the dispatcher drains meanwhile:
 * "dispatch while accepting"); (b) 20,000 messages queued while both numbers are in maintenance,
 * then drained ("dispatch alone"); (c) the platform's status webhooks for the messages sent, one
 * status per signed request (sent, delivered, read: each a forward transition), and (d) the event
 * each read makes, delivered to an endpoint; then (a) and (c) again with `--accounts` accounts (each
 * with an app secret of its own), to show what grows with the data.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { hubSignature } from '../src/lib/crypto.js';
import { between, perItem, rowsOf, sample, statementsOf, tablesRead, type Cost } from './cost-probe.js';
import { setUp, type Setup } from './cost-setup.js';
import { ceilings, load, postgresSchemaUrl, sleep, startReceiver, type Row } from './lib.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DURATION = Number(arg('duration', '10'));
const CONNECTIONS = Number(arg('connections', '50'));
const DIALECTS =
  arg('db', 'both') === 'both' ? (['sqlite', 'postgres'] as const) : ([arg('db', 'sqlite')] as ['sqlite' | 'postgres']);
const SIMULATOR = arg('simulator', 'process') as 'process' | 'embedded';
const ACCOUNTS = Number(arg('accounts', '1000'));
const ONLY = new Set(arg('only', 'a,b,c,scale').split(','));
const PROFILE_DIR = arg('profile', '');
const DRAIN = 20_000;
const PG_URL = process.env.TIDINGS_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

const ACCEPT = ['POST /v1/messages'];
const DISPATCH = ['dispatch'];
const STATUSES = ['POST /platform/whatsapp/webhook'];
const EVENTS = ['job:events.deliver'];

const f = (x: number, d = 0) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

interface Measured extends Row {
  items: number;
  cost: Cost;
  note?: string;
}

/** Statements, rows, server rows and CPU per item of `works`, as a table row's tail. */
function costCells(m: Measured, works: string[], pgUrl: string | null): string {
  const s = statementsOf(m.cost, works);
  const server =
    pgUrl && m.cost.server
      ? `${f(m.cost.server.transactions / m.items, 2)} / ${f(m.cost.server.fetched / m.items, 1)}`
      : '–';
  return `${perItem(s, m.items)} | ${f(rowsOf(m.cost, works) / m.items, 1)} | ${server} | ${f((1e6 * m.cost.cpuSeconds) / m.items)}`;
}

async function runDialect(dialect: 'sqlite' | 'postgres', dataRoot: string, ceiling: Row): Promise<void> {
  const pgUrl = dialect === 'postgres' ? await postgresSchemaUrl(PG_URL, 'bench_cost') : null;
  const receiver = await startReceiver(4304);
  const server = receiver.server;
  const profile = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR, dialect)}`] : [];
  const s = await setUp({
    dialect,
    dataDir: path.join(dataRoot, dialect),
    pgUrl,
    simulator: SIMULATOR,
    receiverUrl: 'http://127.0.0.1:4304/events',
    execArgv: profile,
  });
  const measured: { name: string; m: Measured; works: string[] }[] = [];
  try {
    const probe = () => sample(s.tidings.url, s.metricsToken, pgUrl);
    const measure = async (
      name: string,
      works: string[],
      run: () => Promise<{ row: Row; items: number; note?: string }>,
    ) => {
      const before = await probe();
      const { row, items, note } = await run();
      const m: Measured = { ...row, name, items, cost: between(before, await probe()), ...(note ? { note } : {}) };
      measured.push({ name, m, works });
      return m;
    };
    const sends = (onAccepted?: () => void) => s.sendRequests(onAccepted);

    await autocannon({ url: s.tidings.url, connections: CONNECTIONS, duration: 3, ...sends() } as autocannon.Options);
    await s.drained();

    if (ONLY.has('a')) await acceptPhase();
    if (ONLY.has('b')) await drainPhase();
    if (ONLY.has('c')) await statusPhase();
    if (ONLY.has('scale') && ACCOUNTS > 1) await scalePhase();

    /** (a) Accepting sends; the dispatcher drains at the tier meanwhile. */
    async function acceptPhase() {
      let seconds = 0;
      let taken = 0;
      const a = await measure('(a) accept template sends', ACCEPT, async () => {
        const takenBefore = (await s.stats()).taken;
        const row = await load('accept', s.tidings.url, { connections: CONNECTIONS, duration: DURATION, ...sends() });
        taken = (await s.stats()).taken - takenBefore;
        seconds = row.result.duration;
        return { row, items: row.result['2xx'] };
      });
      const share = `${f(taken / seconds)} messages/s = ${f((100 * taken) / seconds / 2000, 1)} % of 2 × 1,000`;
      measured.push({
        name: '(a) dispatch while accepting',
        m: { ...a, name: '', items: taken, reqPerSec: taken / seconds, p50: NaN, p99: NaN, note: share },
        works: DISPATCH,
      });
      await s.drained();
    }

    /** (b) 20,000 queued while both numbers are in maintenance (131057), then drained. */
    async function drainPhase() {
      await s.maintenance(3_600_000);
      await autocannon({
        url: s.tidings.url,
        connections: CONNECTIONS,
        amount: DRAIN,
        ...sends(),
      } as autocannon.Options);
      await measure('(b) dispatch alone (drain)', DISPATCH, async () => {
        const before = await s.stats();
        await s.maintenance(0);
        // The steady rate: from the moment a tenth was taken to the moment nine tenths were (each
        // number's hold after its 131057 ends at its own moment; the last sends trickle out).
        const samples: { t: number; taken: number }[] = [];
        while ((await s.queued()) > 0) {
          samples.push({ t: Date.now(), taken: (await s.stats()).taken - before.taken });
          await sleep(100);
        }
        const after = await s.stats();
        const total = after.taken - before.taken;
        const at = (share: number) => samples.find((x) => x.taken >= share * total) ?? samples.at(-1)!;
        const [p10, p90] = [at(0.1), at(0.9)];
        const rate = p90.t > p10.t ? (p90.taken - p10.taken) / ((p90.t - p10.t) / 1000) : 0;
        const throttled = (after.refused['130429'] ?? 0) - (before.refused['130429'] ?? 0);
        const note = `${f(rate)} messages/s = ${f((100 * rate) / 2000, 1)} % of 2 × 1,000; 130429: ${throttled}; send attempts by outcome: ${[...(await probe()).outcomes].map(([k, v]) => `${k} ${v}`).join(', ')} (cumulative)`;
        return {
          row: { name: '', reqPerSec: rate, p50: NaN, p99: NaN, non2xx: throttled },
          items: after.taken - before.taken,
          note,
        };
      });
    }

    /**
     * (c) Status webhooks, one per request, every one a forward transition; (d) the event each read
     * makes, delivered to an endpoint meanwhile: one window, until every read's event arrived.
     */
    async function statusPhase() {
      const bodies = await s.statusBodies();
      const deliveredBefore = receiver.count;
      let delivery = { n: 0, seconds: 0 };
      let reads = 0;
      const c = await measure('(c) status webhooks, 1 per request', STATUSES, async () => {
        const start = Date.now();
        const { row, posted } = await statusLoad(s, bodies);
        // Bodies go sent, delivered, read, message by message: every third was a read.
        reads = Math.floor(Math.min(posted, bodies.length) / 3);
        while (receiver.count - deliveredBefore < reads && Date.now() - start < 300_000) await sleep(100);
        delivery = { n: receiver.count - deliveredBefore, seconds: (Date.now() - start) / 1000 };
        return { row, items: row.result['2xx'] };
      });
      const note = `${f(delivery.n)} of ${f(reads)} events delivered, ${f(delivery.seconds, 1)} s from the first status to the last delivery`;
      measured.push({
        name: '(d) event deliveries (message.read)',
        m: { ...c, name: '', items: delivery.n, reqPerSec: delivery.n / delivery.seconds, p50: NaN, p99: NaN, note },
        works: EVENTS,
      });
    }

    /** (a) and (c) again with ACCOUNTS accounts: what a message reads must not grow with them. */
    async function scalePhase() {
      await s.addAccounts(ACCOUNTS - 2);
      await measure(`(a) accept, ${f(ACCOUNTS)} accounts`, ACCEPT, async () => {
        const row = await load('accept', s.tidings.url, {
          connections: CONNECTIONS,
          duration: Math.min(DURATION, 5),
          ...sends(),
        });
        return { row, items: row.result['2xx'] };
      });
      await s.drained();
      const more = await s.statusBodies();
      await measure(`(c) status webhooks, ${f(ACCOUNTS)} accounts`, STATUSES, async () => {
        const { row } = await statusLoad(s, more, Math.min(DURATION, 5));
        return { row, items: row.result['2xx'] };
      });
    }
  } finally {
    await s.close();
    server.close();
  }

  console.log(`\n${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL + Redis'} (simulator: ${SIMULATOR}):\n`);
  console.log(
    '| run | items/s | p50 ms | p99 ms | ÷ one-insert ceiling | statements per item (by kind) | rows per item | server xact / rows fetched per item | CPU µs per item |',
  );
  console.log('|---|---:|---:|---:|---:|---|---:|---:|---:|');
  for (const { name, m, works } of measured) {
    console.log(
      `| ${name} | ${f(m.reqPerSec)} | ${Number.isNaN(m.p50) ? '' : m.p50} | ${Number.isNaN(m.p99) ? '' : m.p99} | ${f(m.reqPerSec / ceiling.reqPerSec, 2)} | ${costCells(m, works, pgUrl)} |`,
    );
  }
  const per = (name: string, works: string[]) => {
    const x = measured.find((r) => r.name === name);
    return x ? statementsOf(x.m.cost, works).total / x.m.items : NaN;
  };
  const life =
    per('(a) accept template sends', ACCEPT) +
    per('(b) dispatch alone (drain)', DISPATCH) +
    3 * per('(c) status webhooks, 1 per request', STATUSES) +
    per('(d) event deliveries (message.read)', EVENTS);
  console.log('');
  for (const { name, m } of measured) if (m.note) console.log(`- ${name}: ${m.note}.`);
  if (pgUrl)
    for (const { name, m } of measured)
      console.log(
        `- ${name}: rows read per item by table (sequential and index scans): ${tablesRead(m.cost, m.items)}.`,
      );
  console.log(`- Statements per message life (accept + dispatch + 3 statuses + 1 event delivery): ${f(life, 1)}.`);
}

/** Posts `bodies` (signed), one per request, for `duration` s: @returns the run and how many were posted. */
async function statusLoad(s: Setup, bodies: string[], duration = DURATION) {
  let k = 0;
  const row = await load('statuses', s.tidings.url, {
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: 'POST' as const,
        path: '/platform/whatsapp/webhook',
        setupRequest: (req: any) => {
          const body = bodies[k++ % bodies.length]!;
          return {
            ...req,
            body,
            headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(body, s.appSecret) },
          };
        },
      },
    ],
  } as Partial<autocannon.Options> & { connections: number; duration: number });
  return { row, posted: k };
}

async function main(): Promise<void> {
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-bench-cost-'));
  try {
    const c = await ceilings(dataRoot, await postgresSchemaUrl(PG_URL, 'bench_ceiling'), CONNECTIONS, DURATION);
    console.log(
      `\nThe cost of a message: ${os.cpus().length} cores, Node ${process.version}, ${DURATION} s per timed run, ${CONNECTIONS} connections\n`,
    );
    console.log('| ceiling | req/s | p50 ms | p99 ms |');
    console.log('|---|---:|---:|---:|');
    for (const r of [c.hello, c.sqlite, c.postgres])
      console.log(`| ${r.name} | ${f(r.reqPerSec)} | ${r.p50} | ${r.p99} |`);
    for (const dialect of DIALECTS) await runDialect(dialect, dataRoot, dialect === 'sqlite' ? c.sqlite : c.postgres);
  } finally {
    fs.rmSync(dataRoot, { recursive: true, force: true });
  }
}

await main();
