/**
 * The hot path (issue 41; `npm run bench:hotpath [-- --db sqlite|postgres|both --duration 10
 * --connections 50 --customers 800 --profile DIR]`; never part of `npm test`).
 *
 * Tidings as `npm start` runs it (`dist/main.js`, the dispatcher in the same process, SQLite
 * `synchronous=FULL`), the simulator in its own process answering every Graph call in 150 ms, two
 * accounts each with one number at the 1,000 messages/s tier (cost-setup.ts), `--customers`
 * customers whose window is open (each sent Tidings a message, through the signed webhook), and in
 * the same run the ceilings on the same cores: a Fastify hello-world, a Fastify route doing one
 * insert (bench/lib.ts `ceilings`). Runs, each `--duration` s with `--connections` connections:
 *
 * - text replies to the customers, round-robin (about 15 each), the dispatcher keeping pace;
 * - template sends, a new customer each;
 * - the platform's status webhooks for the messages sent (sent, delivered, read: one per request),
 *   and the `message.read` event each read makes, delivered to an endpoint;
 * - batches of 1,000 template sends, 4 requests at once.
 *
 * Each run reports req/s (messages/s for batches), p50 and p99, and its ratio to the hello-world and
 * to the one-insert ceiling; and the CPU time the Tidings process spent per message life (accept,
 * dispatch, three statuses, one event), from its own `process_cpu_seconds_total`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { hubSignature } from '../src/lib/crypto.js';
import { sample } from './cost-probe.js';
import { setUp, type Setup } from './cost-setup.js';
import { ceilings, figure as f, load, postgresSchemaUrl, recipient, sleep, startReceiver, type Row } from './lib.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DURATION = Number(arg('duration', '10'));
const CONNECTIONS = Number(arg('connections', '50'));
const CUSTOMERS = Number(arg('customers', '800'));
const PROFILE_DIR = arg('profile', '');
const BATCH = 1_000;
const DIALECTS =
  arg('db', 'both') === 'both' ? (['sqlite', 'postgres'] as const) : ([arg('db', 'sqlite')] as ['sqlite' | 'postgres']);
const PG_URL = process.env.TIDINGS_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The customers with an open window: numbers far from those the template sends use. */
const customer = (j: number) => recipient(7_000_000 + j);

interface Measured extends Row {
  /** Messages per second where a request carries many (batches); else req/s. */
  perSecond: number;
}

/** A signed-ready webhook body: customer `j` writes to the number of account `j % 2`. */
function inboundBody(s: Setup, j: number): string {
  const account = s.accounts[j % 2]!;
  const from = customer(j).slice(1);
  const value = {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: '15550000000', phone_number_id: account.phoneNumberId },
    contacts: [{ profile: { name: `Customer ${j}` }, wa_id: from }],
    messages: [
      {
        from,
        id: `wamid.bench-in-${j}`,
        timestamp: String(Math.floor(Date.now() / 1000)),
        type: 'text',
        text: { body: 'Hi' },
      },
    ],
  };
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: account.wabaId, changes: [{ field: 'messages', value }] }],
  });
}

/** autocannon requests posting `bodies` to the platform webhook, signed, round-robin. */
function webhookRequests(s: Setup, bodies: string[]) {
  let k = 0;
  return [
    {
      method: 'POST' as const,
      path: '/platform/whatsapp/webhook',
      setupRequest: (req: any) => {
        const body = bodies[k++ % bodies.length]!;
        const headers = { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(body, s.appSecret) };
        return { ...req, body, headers };
      },
    },
  ];
}

/** autocannon requests for `POST /v1/messages` (or the batch route) with bodies from `make(i)`. */
function sendRequests(s: Setup, routePath: string, make: (i: number, account: number) => unknown, failures: string[]) {
  let i = 0;
  return [
    {
      method: 'POST' as const,
      path: routePath,
      setupRequest: (req: any) => {
        const n = i++;
        const account = n % 2;
        const headers = { 'content-type': 'application/json', 'x-api-key': s.accounts[account]!.key };
        return { ...req, headers, body: JSON.stringify(make(n, account)) };
      },
      onResponse: (status: number, body: string) => {
        if (status >= 300 && failures.length < 3) failures.push(`${status} ${body.slice(0, 200)}`);
      },
    },
  ];
}

async function runDialect(
  dialect: 'sqlite' | 'postgres',
  dataRoot: string,
): Promise<{ rows: Measured[]; lifeUs: number }> {
  const pgUrl = dialect === 'postgres' ? await postgresSchemaUrl(PG_URL, 'bench_hotpath') : null;
  const receiver = await startReceiver(4304);
  const server = receiver.server;
  const profile = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR, dialect)}`] : [];
  const s = await setUp({
    dialect,
    dataDir: path.join(dataRoot, dialect),
    pgUrl,
    simulator: 'process',
    receiverUrl: 'http://127.0.0.1:4304/events',
    execArgv: profile,
  });
  const rows: Measured[] = [];
  const failures: string[] = [];
  const cpu = async () => (await sample(s.tidings.url, s.metricsToken, null)).cpuSeconds;
  const run = async (name: string, options: Partial<autocannon.Options>, perRequest = 1) => {
    const row = await load(name, s.tidings.url, { ...options, connections: CONNECTIONS, duration: DURATION });
    const m = { ...row, perSecond: row.reqPerSec * perRequest };
    rows.push(m);
    return m;
  };
  try {
    // The customers' windows: each writes first (one signed webhook each).
    const inbound = Array.from({ length: CUSTOMERS }, (_, j) => inboundBody(s, j));
    await autocannon({
      url: s.tidings.url,
      connections: 10,
      amount: CUSTOMERS,
      requests: webhookRequests(s, inbound),
    } as autocannon.Options);
    // Warm-up: every route compiled, the caches filled.
    const reply = (n: number) => ({ to: customer(n % CUSTOMERS), type: 'text', text: `Reply ${n}` });
    await autocannon({
      url: s.tidings.url,
      connections: CONNECTIONS,
      duration: 3,
      requests: sendRequests(s, '/v1/messages', reply, failures),
    } as autocannon.Options);
    await s.drained();

    // Text replies, the dispatcher keeping pace; the CPU from the first accept to the last send.
    const cpuBefore = await cpu();
    const replies = await run('text replies accepted (dispatcher running)', {
      requests: sendRequests(s, '/v1/messages', reply, failures),
    });
    await s.drained();
    const acceptAndDispatch = (await cpu()) - cpuBefore;
    const accepted = replies.result['2xx'];

    let fresh = 0;
    await run('template sends, a new customer each', {
      requests: sendRequests(
        s,
        '/v1/messages',
        (_n, account) => ({
          to: recipient(3_000_000 + fresh++),
          type: 'template',
          templateId: s.accounts[account]!.templateId,
          variables: { '1': 'A-1' },
        }),
        failures,
      ),
    });
    await s.drained();

    // Status webhooks for every message sent so far; the CPU until every read's event arrived.
    const bodies = await s.statusBodies();
    const eventsBefore = receiver.count;
    const cpuStatuses = await cpu();
    const statuses = await run('status webhooks, one per request', { requests: webhookRequests(s, bodies) });
    const reads = Math.floor(Math.min(statuses.result['2xx'], bodies.length) / 3);
    const waitUntil = Date.now() + 120_000;
    while (receiver.count - eventsBefore < reads && Date.now() < waitUntil) await sleep(100);
    const statusesAndEvents = (await cpu()) - cpuStatuses;

    let batchRecipient = 0;
    const batchBody = (_n: number, account: number) => ({
      messages: Array.from({ length: BATCH }, () => ({
        to: recipient(5_000_000 + batchRecipient++),
        type: 'template',
        templateId: s.accounts[account]!.templateId,
        variables: { '1': 'B-1' },
      })),
    });
    const batches = await load('batches', s.tidings.url, {
      connections: 4,
      duration: DURATION,
      requests: sendRequests(s, '/v1/messages/batch', batchBody, failures),
    });
    rows.push({
      ...batches,
      name: `batches of ${f(BATCH)}, 4 at once (messages/s)`,
      perSecond: batches.reqPerSec * BATCH,
    });

    if (failures.length > 0) console.error(`[${dialect}] first refusals:\n  ${failures.join('\n  ')}`);
    // Per message life: its accept and dispatch (measured over the replies), and 3 statuses + 1 event.
    const messages = reads;
    const lifeUs = (1e6 * acceptAndDispatch) / accepted + (messages > 0 ? (1e6 * statusesAndEvents) / messages : NaN);
    return { rows, lifeUs };
  } finally {
    await s.close();
    server.close();
  }
}

async function main(): Promise<void> {
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-bench-hotpath-'));
  try {
    const c = await ceilings(dataRoot, await postgresSchemaUrl(PG_URL, 'bench_ceiling'), CONNECTIONS, DURATION);
    console.log(
      `\nThe hot path: ${os.cpus().length} cores, Node ${process.version}, ${DURATION} s per timed run, ${CONNECTIONS} connections, ${CUSTOMERS} customers with an open window\n`,
    );
    console.log('| ceiling | req/s | p50 ms | p99 ms |');
    console.log('|---|---:|---:|---:|');
    for (const r of [c.hello, c.sqlite, c.postgres])
      console.log(`| ${r.name} | ${f(r.reqPerSec)} | ${r.p50} | ${r.p99} |`);
    for (const dialect of DIALECTS) {
      const { rows, lifeUs } = await runDialect(dialect, dataRoot);
      const insert = dialect === 'sqlite' ? c.sqlite : c.postgres;
      console.log(`\n${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL + Redis'}:\n`);
      console.log('| run | per s | p50 ms | p99 ms | non-2xx | ÷ hello-world | ÷ one insert |');
      console.log('|---|---:|---:|---:|---:|---:|---:|');
      for (const r of rows)
        console.log(
          `| ${r.name} | ${f(r.perSecond)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.perSecond === r.reqPerSec ? f(r.reqPerSec / c.hello.reqPerSec, 3) : '–'} | ${r.perSecond === r.reqPerSec ? f(r.reqPerSec / insert.reqPerSec, 2) : '–'} |`,
        );
      console.log(`\n- CPU per message life (accept, dispatch, 3 statuses, 1 event): ${f(lifeUs)} µs.`);
    }
  } finally {
    fs.rmSync(dataRoot, { recursive: true, force: true });
  }
}

await main();
