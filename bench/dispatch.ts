/**
 * The sending pipeline's benchmarks (`npm run bench:dispatch [-- --db sqlite|postgres|both
 * --duration 10 --profile DIR]`; never part of `npm test`). Tidings runs as `npm start` runs it:
 * `dist/main.js` with the embedded simulator (150 ms per Graph answer, its state file in the data
 * directory), in its own process; the load generator (autocannon) runs in this one. Beside it, in
 * the same run, the ceilings: a bare Fastify hello-world and a bare Fastify route doing one insert
 * (SQLite in WAL with synchronous=FULL, as Tidings; and PostgreSQL).
 *
 * (a) accepting single sends; (b) dispatch of 20,000 queued messages over two numbers at
 * 1,000 messages/s; (c) accepted → taken by the platform, well below the tier; (d) the platform's
 * status webhooks for messages Tidings sent, one status per request; (e) (b) with routed sends
 * (docs/api.md §D19): texts with `"route": "auto"` and a fallback template, to customers who never
 * wrote (their window is closed, so each goes as the fallback template) and, as (e-open), to
 * customers who each wrote first through the simulator (so each goes as written). (b) and (e) also
 * report the statements the dispatcher ran per message taken (the service's own counter,
 * `tidings_db_statements_total{work="dispatch"}`) and, on PostgreSQL, the rows its schema's tables
 * gave up and took (`pg_stat_user_tables`, this run's schema only: the database is shared).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { hubSignature } from '../src/lib/crypto.js';
import { between, perItem, sample, statementsOf, type Cost } from './cost-probe.js';
import { ceilings, json, load, percentile, postgresSchemaUrl, recipient, ROOT, sleep, startServer, stopServer, type Row } from './lib.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DURATION = Number(arg('duration', '10'));
const DIALECTS = arg('db', 'both') === 'both' ? ['sqlite', 'postgres'] : [arg('db', 'sqlite')];
const PROFILE_DIR = arg('profile', '');
/** `--only b,c`: run some of (a)–(e) (`e` runs both of its variants; `e-closed` or `e-open` one). */
const ONLY = new Set(arg('only', 'a,b,c,d,e').split(','));
const ROUTED_CLOSED = ONLY.has('e') || ONLY.has('e-closed');
const ROUTED_OPEN = ONLY.has('e') || ONLY.has('e-open');
/** Messages queued, then drained, by (b) and (e). */
const DRAIN = 20_000;
const METRICS_TOKEN = 'bench-metrics-token-0123456789';
/**
 * Each drain's window in the profiles' clock (the system's monotonic clock, µs), written to
 * `drains.json` in the profile directory: `bench/profile-summary.ts FILE 25 FROM TO` reads one.
 */
const profileWindows: { dialect: string; name: string; fromUs: number; toUs: number; taken: number }[] = [];
const CONNECTIONS = 32;
const PG_URL = process.env.TIDINGS_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

function cli(env: Record<string, string>, ...argv: string[]): Promise<any> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['bin/tidings.js', ...argv], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`tidings ${argv.join(' ')} exited ${code}`))));
  });
}

/** A timed run against Tidings, with this benchmark's connections and duration. */
const run = (name: string, url: string, options: Partial<autocannon.Options>) => load(name, url, { ...options, connections: CONNECTIONS, duration: DURATION });

async function runDialect(dialect: string, dataRoot: string): Promise<{ rows: Row[]; notes: string[] }> {
  const rows: Row[] = [];
  const notes: string[] = [];
  const dataDir = path.join(dataRoot, dialect);
  const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', SIMULATOR_PORT: '4303', METRICS_TOKEN };
  if (dialect === 'postgres') Object.assign(env, { DATABASE_URL: await postgresSchemaUrl(PG_URL, 'bench_dispatch'), REDIS_URL: 'redis://127.0.0.1:6379' });
  const tableStats = dialect === 'postgres' ? () => schemaTableStats(PG_URL, 'bench_dispatch') : null;

  // Two numbers at the top tier, created as an operator would, before the service starts.
  const senders: { key: string; phoneNumberId: string; accountId: string }[] = [];
  for (const name of ['Bench A', 'Bench B']) {
    const account = await cli(env, 'accounts', 'create', '--name', name, '--throughput', '1000');
    const key = await cli(env, 'keys', 'create', '--account', account.id, '--mode', 'live', '--rate-limit', '10000');
    senders.push({ key: key.key, phoneNumberId: account.phoneNumbers[0].phoneNumberId, accountId: account.id });
  }
  const profile = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [];
  const tidings = await startServer(['dist/main.js'], 4302, env, profile);
  const sim = 'http://127.0.0.1:4303';
  const api = (p: string, key: string, method = 'GET', body?: unknown, headers: Record<string, string> = {}) => json(`${tidings.url}/v1${p}`, method, body, { 'x-api-key': key, ...headers });
  try {
    // The simulator: top-tier numbers, statuses only when the benchmark posts them (d).
    // Reviews a second after each create: with 100 ms, on a loaded machine the approval webhook
    // came before Tidings had stored the template's platform id (it commits after the platform's
    // answer), the intake dropped it as naming no template it knew, and the template stayed
    // `processing` for good (seen 2026-11-26; src/templates/template-reviews.ts `apply`).
    await json(`${sim}/_simulator/config`, 'PUT', { throughput: 1000, delivery: 'manual', reviewDelayMs: 1000 });
    /** Waits until Tidings shows the template approved. @throws Error after 60 s, rather than wait for ever. */
    const approved = async (key: string, id: string) => {
      for (const deadline = Date.now() + 60_000; ; await sleep(100)) {
        const t = await api(`/templates/${id}`, key);
        if (t.status === 'approved') return;
        if (Date.now() > deadline) throw new Error(`template ${id} (${t.name}) is still ${t.status} at Tidings 60 s after it was created: compare with the simulator's GET /_simulator/state`);
      }
    };
    const templates: string[] = [];
    for (const s of senders) {
      const t = await api('/templates/', s.key, 'POST', { name: 'bench_shipped', category: 'UTILITY', language: 'en_US', body: 'Your order {{1}} shipped.', variables: [{ example: 'A-1' }] }, { 'idempotency-key': 'bench-template' });
      templates.push(t.id);
    }
    for (const [i, s] of senders.entries()) await approved(s.key, templates[i]!);
    // (e)'s fallback: an approved utility template of each account, created through the API.
    const fallbacks: string[] = [];
    if (ROUTED_CLOSED || ROUTED_OPEN) {
      for (const s of senders) {
        const t = await api('/templates/', s.key, 'POST', { name: 'bench_window_closed', category: 'UTILITY', language: 'en_US', body: 'We tried to reach you about order {{1}}: reply to see it.', variables: [{ example: 'A-1' }] }, { 'idempotency-key': 'bench-fallback' });
        fallbacks.push(t.id);
      }
      for (const [i, s] of senders.entries()) await approved(s.key, fallbacks[i]!);
    }
    const queued = async () => (await Promise.all(senders.map((s) => api('/phone_numbers', s.key)))).reduce((n, r) => n + r.data.find((x: any) => x.sender).queued, 0);
    const drained = async () => {
      while ((await queued()) > 0) await sleep(500);
    };

    let n = 0;
    let failureShown = false;
    /** A send's sender (index in `senders`) and body. */
    type Send = { s: number; body: Record<string, unknown> };
    /** The i-th template send: sender i % 2, a recipient of its own. */
    const templateSend = (i: number): Send => ({ s: i % 2, body: { to: recipient(i), type: 'template', templateId: templates[i % 2], variables: { '1': `A-${i}` } } });
    /**
     * (e)'s sends: the k-th routed text from `base` on (sender k % 2, recipient base + k), with its
     * sender's fallback template.
     */
    const routedSends = (base: number) => {
      let k = 0;
      return (): Send => {
        const i = k++;
        return { s: i % 2, body: { to: recipient(base + i), type: 'text', text: `Your order A-${i} shipped: it arrives on Friday.`, route: 'auto', fallback: { templateId: fallbacks[i % 2], variables: { '1': `A-${i}` } } } };
      };
    };
    const sendRequests = (onAccepted?: (id: string) => void, next: () => Send = () => templateSend(n++)) => ({
      requests: [
        {
          method: 'POST' as const,
          path: '/v1/messages/',
          setupRequest: (req: any) => {
            const { s, body } = next();
            return { ...req, headers: { 'content-type': 'application/json', 'x-api-key': senders[s]!.key }, body: JSON.stringify(body) };
          },
          onResponse: (status: number, body: string) => {
            if (status === 201) onAccepted?.(JSON.parse(body).id);
            else if (!failureShown) {
              failureShown = true;
              console.error(`first refused send: ${status} ${body.slice(0, 300)}`);
            }
          },
        },
      ],
    });

    // Warm-up (code paths, pools, the statement cache), not reported.
    await autocannon({ url: tidings.url, connections: CONNECTIONS, duration: 3, ...sendRequests() } as autocannon.Options);
    await drained();

    // (a) Accepting single sends, as fast as they come; the dispatcher drains at the tier meanwhile.
    if (ONLY.has('a')) {
      rows.push(await run(`(a) accept single sends (template), 2 numbers`, tidings.url, sendRequests()));
      await drained();
    }

    // (b) 20,000 queued while both numbers are in maintenance (131057: a tier upgrade), then drained.
    const stats = (): Promise<{ taken: number; refused: Record<string, number> }> => json(`${sim}/_simulator/stats`);
    const drains: Drain[] = [];
    if (ONLY.has('b')) drains.push(await queueThenDrain('(b) template sends', sendRequests()));

    // (e) The same with routed sends: texts with "route": "auto" and a fallback template.
    if (ROUTED_CLOSED || ROUTED_OPEN) await routedWarmUp();
    if (ROUTED_CLOSED) drains.push(await queueThenDrain('(e) routed texts, window closed (→ fallback template)', sendRequests(undefined, routedSends(1_000_000))));
    if (ROUTED_OPEN) {
      // Each of the 20,000 customers writes first (through the simulator, which posts the
      // platform's webhook to Tidings): their windows are open when their turn comes.
      const base = 2_000_000;
      await json(`${sim}/_simulator/config`, 'PUT', { webhookBatchSize: 50, webhookBatchMs: 20 });
      let k = 0;
      const t0 = Date.now();
      // Each call is answered once the simulator's state file holding it is on disk (every 500 ms)
      // and Tidings took its webhook: many connections, or it takes minutes.
      const wrote = await autocannon({
        url: sim,
        connections: 256,
        amount: DRAIN,
        requests: [
          {
            method: 'POST' as const,
            path: '/_simulator/inbound',
            setupRequest: (req: any) => {
              const i = k++;
              return { ...req, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ to: senders[i % 2]!.phoneNumberId, from: recipient(base + i), text: 'Where is my order?' }) };
            },
          },
        ],
      } as autocannon.Options);
      notes.push(`(e-open) ${wrote['2xx']} customers wrote first (\`POST /_simulator/inbound\`, answered once Tidings had taken the webhook) in ${((Date.now() - t0) / 1000).toFixed(1)} s.`);
      drains.push(await queueThenDrain('(e-open) routed texts, window open (→ as written)', sendRequests(undefined, routedSends(base))));
    }
    // (b) again after (e): the machine's load drifts (other work shares the 2 cores), so (e) is
    // read against (b) measured before and after it.
    if (ONLY.has('b') && (ROUTED_CLOSED || ROUTED_OPEN)) drains.push(await queueThenDrain('(b) template sends, again after (e)', sendRequests()));
    const bRuns = drains.filter((d) => d.name.startsWith('(b)'));
    for (const d of drains) {
      const perMessage = (x: number) => (d.taken ? x / d.taken : NaN);
      const tables = d.tables
        ? `; its schema's tables per message: rows read ${perMessage(d.tables.read).toFixed(1)} (${[...d.tables.readBy].sort((x, y) => y[1] - x[1]).slice(0, 4).map(([t, n]) => `${t} ${perMessage(n).toFixed(1)}`).join(', ')}), inserted ${perMessage(d.tables.inserted).toFixed(2)}, updated ${perMessage(d.tables.updated).toFixed(2)} (messages ${perMessage(d.tables.messagesUpdated).toFixed(2)}), deleted ${perMessage(d.tables.deleted).toFixed(2)}`
        : '';
      const vsB = !d.name.startsWith('(b)') && bRuns.length > 0 ? `; ÷ (b) ${bRuns.map((b) => (d.rate / b.rate).toFixed(2)).join(' / ')}${bRuns.length > 1 ? ' (before / after)' : ''}` : '';
      notes.push(
        `${d.name}: ${d.queued} queued in ${d.fillSeconds.toFixed(1)} s while both numbers were in maintenance; drained at ${d.rate.toFixed(0)} messages/s at the simulator = ${((100 * d.rate) / 2000).toFixed(1)} % of the combined tier (2,000/s), ÷ Tidings' pace (2 × 1,000 × 0.96) ${(d.rate / 1920).toFixed(2)}${vsB}; taken ${d.taken}, refused ${JSON.stringify(d.refused)}; ` +
          `dispatch statements per message ${perItem(statementsOf(d.cost, ['dispatch']), d.taken)}; CPU of the Tidings process per message ${((1e6 * d.cost.cpuSeconds) / Math.max(1, d.taken)).toFixed(0)} µs${tables}; deliveredAs of the last 100 per number: ${JSON.stringify(d.deliveredAs)}.`,
      );
    }

    /** Queues 20,000 sends while both numbers are in maintenance, then drains them: the rate the simulator took them at, and what it cost. */
    async function queueThenDrain(name: string, requests: ReturnType<typeof sendRequests>): Promise<Drain> {
      // In maintenance until the queue is full, however long filling it takes: the drain is
      // measured from a full queue.
      const maintenance = (durationMs: number) => Promise.all(senders.map((s) => json(`${sim}/_simulator/numbers/${s.phoneNumberId}/throughput`, 'POST', { level: 'HIGH', durationMs })));
      await maintenance(3_600_000);
      const fill = await autocannon({ url: tidings.url, connections: CONNECTIONS, amount: DRAIN, ...requests } as autocannon.Options);
      const probeBefore = await sample(tidings.url, METRICS_TOKEN, null);
      const tablesBefore = tableStats && (await tableStats());
      const before = await stats();
      const fromUs = Number(process.hrtime.bigint() / 1000n);
      await maintenance(0);
      // From the first sample that saw a send taken to the last one, every 250 ms, until the
      // simulator took all of them. Only the simulator is asked meanwhile: counting the queues
      // (GET /v1/phone_numbers) reads every queued entry, which would add to the drain's cost; it
      // is asked every 5 s in case some never go (refused, failed).
      let first: { t: number; taken: number } | null = null;
      let last = { t: Date.now(), taken: before.taken };
      for (let i = 1; ; i++) {
        const now = await stats();
        if (!first && now.taken > before.taken) first = { t: Date.now(), taken: now.taken };
        last = { t: Date.now(), taken: now.taken };
        if (now.taken - before.taken >= fill['2xx'] || (i % 20 === 0 && (await queued()) === 0)) break;
        await sleep(250);
      }
      await drained();
      const after = await stats();
      if (PROFILE_DIR) profileWindows.push({ dialect, name, fromUs, toUs: Number(process.hrtime.bigint() / 1000n), taken: after.taken - before.taken });
      const cost = between(probeBefore, await sample(tidings.url, METRICS_TOKEN, null));
      const tablesAfter = tableStats && (await tableStats());
      const refused = Object.fromEntries(Object.entries(after.refused).map(([code, c]) => [code, c - (before.refused[code] ?? 0)]).filter(([, c]) => (c as number) > 0));
      return {
        name,
        queued: fill['2xx'],
        fillSeconds: fill.duration,
        rate: first && last.t > first.t ? (last.taken - first.taken) / ((last.t - first.t) / 1000) : 0,
        taken: after.taken - before.taken,
        refused,
        cost,
        tables: tablesBefore && tablesAfter ? tableDelta(tablesBefore, tablesAfter) : null,
        deliveredAs: await deliveredAs(),
      };
    }

    /** How the last 100 messages of each number went out (`deliveredAs`), counted. */
    async function deliveredAs(): Promise<Record<string, number>> {
      const out: Record<string, number> = {};
      for (const s of senders) for (const m of (await api('/messages?limit=100', s.key)).data) out[m.deliveredAs ?? 'null'] = (out[m.deliveredAs ?? 'null'] ?? 0) + 1;
      return out;
    }

    /**
     * A few hundred routed sends to customers who never wrote, drained, before (e) is measured: the
     * simulator's numbers refuse Direct Send (100), which a number learns on its first routed sends
     * (docs/api.md §D19), as it would once a day in production.
     */
    async function routedWarmUp() {
      const before = await stats();
      await autocannon({ url: tidings.url, connections: CONNECTIONS, amount: 400, ...sendRequests(undefined, routedSends(3_000_000)) } as autocannon.Options);
      await drained();
      const after = await stats();
      const numbers = await Promise.all(senders.map(async (s) => (await api('/phone_numbers', s.key)).data.find((x: any) => x.sender).directSend));
      notes.push(
        `(e) warm-up: 400 routed texts to customers who never wrote: taken ${after.taken - before.taken}, Direct Send refused (100) ${(after.refused['100'] ?? 0) - (before.refused['100'] ?? 0)} times before both numbers knew; the numbers' directSend after it: ${JSON.stringify(numbers)}; deliveredAs of the last 100 per number: ${JSON.stringify(await deliveredAs())}.`,
      );
    }

    // (c) Accepted → taken by the platform, at 200 sends/s (a tenth of the tier).
    if (ONLY.has('c')) await acceptedToTaken();
    async function acceptedToTaken() {
      const accepted = new Map<string, number>();
      await autocannon({ url: tidings.url, connections: 8, duration: DURATION, overallRate: 200, ...sendRequests((id) => accepted.set(id, Date.now())) } as autocannon.Options);
      await drained();
      const state = await json(`${sim}/_simulator/state`);
      const latencies = (state.messages as { callbackData: string | null; createdAt: number }[])
        .filter((m) => m.callbackData && accepted.has(m.callbackData))
        .map((m) => m.createdAt - accepted.get(m.callbackData!)!)
        .sort((a, b) => a - b);
      notes.push(`(c) accepted → taken by the simulator (its 150 ms included), ${latencies.length} sends at 200/s: p50 ${percentile(latencies, 50)} ms, p90 ${percentile(latencies, 90)} ms, p99 ${percentile(latencies, 99)} ms, max ${latencies.at(-1)} ms.`);
    }

    // (d) Status webhooks for messages Tidings sent: sent, delivered, read for each, one per request.
    if (ONLY.has('d')) await statusWebhooks();
    async function statusWebhooks() {
      const state = await json(`${sim}/_simulator/state`);
      const secret = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')).appSecret as string;
      const sentByTidings = (state.messages as { wamid: string; phoneNumberId: string; to: string; callbackData: string | null }[]).filter((m) => m.callbackData?.startsWith('msg_'));
      const bodies: string[] = [];
      for (const [s, status] of ['sent', 'delivered', 'read'].entries()) {
        for (const m of sentByTidings) {
          bodies.push(
            JSON.stringify({
              object: 'whatsapp_business_account',
              entry: [{ id: '1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '15550000000', phone_number_id: m.phoneNumberId }, statuses: [{ id: m.wamid, status, timestamp: String(1_790_000_000 + s), recipient_id: m.to, biz_opaque_callback_data: m.callbackData }] } }] }],
            }),
          );
        }
      }
      let k = 0;
      const intake = await run(`(d) status webhooks for messages Tidings sent, 1 per request`, tidings.url, {
        amount: bodies.length,
        requests: [
          {
            method: 'POST' as const,
            path: '/platform/whatsapp/webhook',
            setupRequest: (req: any) => {
              const body = bodies[k++ % bodies.length]!;
              return { ...req, body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(body, secret) } };
            },
          },
        ],
      } as Partial<autocannon.Options>);
      const read = await api('/messages?status=read&limit=1', senders[0]!.key);
      notes.push(`(d) ${bodies.length} statuses for ${sentByTidings.length} messages; after it, messages are read: ${read.data.length > 0 ? 'yes' : 'no'}.`);
      rows.push(intake);
    }
  } finally {
    await stopServer(tidings);
  }
  return { rows, notes };
}

/** One queue-then-drain run, (b) or (e). */
interface Drain {
  name: string;
  queued: number;
  fillSeconds: number;
  /** Messages/s taken by the simulator during the drain. */
  rate: number;
  taken: number;
  /** The simulator's refusals during the drain, by Graph code. */
  refused: Record<string, number>;
  cost: Cost;
  tables: TableCounts | null;
  deliveredAs: Record<string, number>;
}

/** Rows the tables of one schema gave up (sequential and index reads) and took, per kind of change. */
interface TableCounts {
  read: number;
  inserted: number;
  updated: number;
  deleted: number;
  messagesUpdated: number;
  /** Rows read by table. */
  readBy: Map<string, number>;
}

/**
 * `pg_stat_user_tables` summed over `schema`'s tables (the run's own schema: the database `test` is
 * shared with other work, so `pg_stat_database` would count theirs too). A backend reports its
 * counts when it goes idle, at most once a second, and one that reported less than a second
 * before goes on holding them for up to 10 s (PostgreSQL 15's PGSTAT_IDLE_INTERVAL), hence the
 * wait: without it, the fill's reads were counted in the drain.
 */
async function schemaTableStats(pgUrl: string, schema: string): Promise<TableCounts> {
  await sleep(11_000);
  const c = new pg.Client({ connectionString: pgUrl });
  await c.connect();
  try {
    await c.query('select pg_stat_clear_snapshot()');
    const { rows } = await c.query(
      `select coalesce(sum(coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0)), 0) as read, coalesce(sum(n_tup_ins), 0) as ins, coalesce(sum(n_tup_upd), 0) as upd, coalesce(sum(n_tup_del), 0) as del,
              coalesce(sum(n_tup_upd) filter (where relname = 'messages'), 0) as msg_upd
         from pg_stat_user_tables where schemaname = $1`,
      [schema],
    );
    const by = await c.query('select relname, coalesce(seq_tup_read, 0) + coalesce(idx_tup_fetch, 0) as n from pg_stat_user_tables where schemaname = $1', [schema]);
    const r = rows[0];
    return { read: Number(r.read), inserted: Number(r.ins), updated: Number(r.upd), deleted: Number(r.del), messagesUpdated: Number(r.msg_upd), readBy: new Map(by.rows.map((x) => [x.relname as string, Number(x.n)])) };
  } finally {
    await c.end();
  }
}

function tableDelta(a: TableCounts, b: TableCounts): TableCounts {
  const readBy = new Map([...b.readBy].map(([t, n]) => [t, n - (a.readBy.get(t) ?? 0)] as const).filter(([, n]) => n > 0));
  return { read: b.read - a.read, inserted: b.inserted - a.inserted, updated: b.updated - a.updated, deleted: b.deleted - a.deleted, messagesUpdated: b.messagesUpdated - a.messagesUpdated, readBy };
}

async function main(): Promise<void> {
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-bench-dispatch-'));
  try {
    const { hello, sqlite: sqliteInsert, postgres: pgInsert } = await ceilings(dataRoot, await postgresSchemaUrl(PG_URL, 'bench_ceiling'), CONNECTIONS, DURATION);
    const base = [hello, sqliteInsert, pgInsert];
    const f = (x: number, d = 0) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
    console.log(`\nDispatch benchmarks: ${os.cpus().length} cores, Node ${process.version}, ${DURATION} s per timed run, ${CONNECTIONS} connections\n`);
    const header = () => {
      console.log('| run | 2xx req/s | p50 ms | p99 ms | ÷ hello | ÷ SQLite insert | ÷ PostgreSQL insert | non-2xx |');
      console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    };
    const line = (r: Row) =>
      console.log(`| ${r.name} | ${f(r.reqPerSec)} | ${r.p50} | ${r.p99} | ${f(r.reqPerSec / hello!.reqPerSec, 2)} | ${f(r.reqPerSec / sqliteInsert!.reqPerSec, 2)} | ${f(r.reqPerSec / pgInsert!.reqPerSec, 2)} | ${r.non2xx} |`);
    header();
    base.forEach(line);
    for (const dialect of DIALECTS) {
      const { rows, notes } = await runDialect(dialect, dataRoot);
      console.log(`\n${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL + Redis'}:\n`);
      header();
      rows.forEach(line);
      console.log('');
      for (const n of notes) console.log(`- ${n}`);
    }
  } finally {
    if (PROFILE_DIR) fs.writeFileSync(path.join(path.resolve(PROFILE_DIR), 'drains.json'), JSON.stringify(profileWindows, null, 2));
    fs.rmSync(dataRoot, { recursive: true, force: true });
  }
}

await main();
