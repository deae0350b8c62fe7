/**
 * Erasure benchmark (`npm run bench:erasure [-- --db sqlite|postgres --messages 100000 --duration 10]`;
 * never part of `npm test`). Tidings runs in its own process (built `dist/`), the simulator and the
 * load generator in this one. One customer with `messages` messages to them (and a tenth as many
 * from them, and their status reports and events) is written straight into the database, with 200
 * other customers whose window is open. Then:
 *
 * - without erasure: text replies to the other customers (`POST /v1/messages`, autocannon, 8
 *   connections) for `duration` seconds: requests per second, p50 and p99;
 * - during erasure: `POST /v1/contacts/{id}/erase`, and the same load until the erasure completes:
 *   the same figures, and the erasure's duration (from its `createdAt` to its `completedAt`).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pino from 'pino';
import { loadConfig } from '../src/config.js';
import { buildDeps } from '../src/deps.js';
import { buildSimulator } from '../src/simulator/app.js';
import { seedCustomer } from './erasure-seed.js';
import { dropPostgresSchema, figure, json, postgresSchemaUrl, sleep, startServer, stopServer } from './lib.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DB = arg('db', 'sqlite') as 'sqlite' | 'postgres';
const MESSAGES = Number(arg('messages', '100000'));
const DURATION = Number(arg('duration', '10'));
const OTHERS = 200;
const CONNECTIONS = 8;
const SECRET = 'bench-erasure-app-secret';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PORT = 4203;

interface Figures {
  reqPerSec: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
}

/** Text replies to the other customers, round robin, until `until` resolves (or `duration` s pass). */
function replies(url: string, key: string, others: string[], until: Promise<unknown> | null): Promise<Figures> {
  let n = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${url}/v1/messages`,
        connections: CONNECTIONS,
        duration: until ? 3600 : DURATION,
        requests: [
          {
            method: 'POST',
            setupRequest: (req) => ({
              ...req,
              headers: { 'x-api-key': key, 'content-type': 'application/json' },
              body: JSON.stringify({ to: others[n++ % others.length], type: 'text', text: 'Your order shipped.' }),
            }),
          },
        ],
      },
      (err, result) => {
        if (err) return reject(err);
        resolve({
          reqPerSec: result['2xx'] / result.duration,
          p50: result.latency.p50,
          p99: result.latency.p99,
          requests: result['2xx'],
          non2xx: result.non2xx + result.errors + result.timeouts,
        });
      },
    );
    void until?.then(() => instance.stop());
  });
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-bench-erasure-'));
  const schema = `bench_erasure_${Date.now()}`;
  const sim = await buildSimulator({ appSecret: SECRET, logger: pino({ level: 'silent' }) });
  const simUrl = await sim.app.listen({ port: 0, host: '127.0.0.1' });
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    WHATSAPP_APP_SECRET: SECRET,
    WHATSAPP_VERIFY_TOKEN: 'bench',
    WHATSAPP_GRAPH_URL: `${simUrl}/v23.0`,
    LOG_LEVEL: 'warn',
    JOB_POLL_MS: '100',
  };
  if (DB === 'postgres') env.DATABASE_URL = await postgresSchemaUrl(PG_URL, schema);
  const config = loadConfig(env);
  const admin = await buildDeps(config, { role: 'admin', logger: pino({ level: 'silent' }) });
  const account = await admin.accounts.createAccount({ name: 'Bench erasure', throughput: 1000 });
  const phoneNumberId = account.phoneNumbers[0]!.phoneNumberId;
  const { key } = await admin.keys.createKey({ accountId: account.id, mode: 'live', rateLimit: 10_000 });
  sim.registerToken((await admin.accounts.credentialsForAccount(account.id)).accessToken, account.wabaId, [
    phoneNumberId,
  ]);
  await admin.close();

  const seeded = await seedCustomer(config.database, account.id, phoneNumberId, {
    phone: '+16505550001',
    name: 'Erasable Customer',
    phrase: 'bench erasure phrase',
    messages: MESSAGES,
    inbound: Math.floor(MESSAGES / 10),
  });
  const others: string[] = [];
  for (let i = 0; i < OTHERS; i++) {
    const phone = `+1415555${String(1000 + i).padStart(4, '0')}`;
    others.push(phone);
    await seedCustomer(config.database, account.id, phoneNumberId, {
      phone,
      name: `Other ${i}`,
      phrase: 'other',
      messages: 0,
      inbound: 1,
    });
  }
  console.log(`seeded ${figure(MESSAGES)} messages of one customer in ${figure(seeded.seconds, 1)} s (${DB})`);

  const server = await startServer(['dist/main.js'], PORT, env);
  let stopped = false;
  try {
    await sleep(1000);
    const without = await replies(server.url, key, others, null);
    const asked = await json(`${server.url}/v1/contacts/${seeded.contactId}/erase`, 'POST', undefined, {
      'x-api-key': key,
    });
    if (!asked.id) throw new Error(`the erasure was refused: ${JSON.stringify(asked)}`);
    const completed = (async () => {
      for (;;) {
        const e = await json(`${server.url}/v1/erasures/${asked.id}`, 'GET', undefined, { 'x-api-key': key });
        if (e.status === 'completed') return e;
        await sleep(100);
      }
    })();
    const during = await replies(server.url, key, others, completed);
    const erasure = await completed;
    const seconds = (Date.parse(erasure.completedAt) - Date.parse(erasure.createdAt)) / 1000;
    const row = (name: string, f: Figures) =>
      `| ${name} | ${figure(f.reqPerSec)} | ${figure(f.p50, 1)} | ${figure(f.p99, 1)} | ${figure(f.requests)} | ${f.non2xx} |`;
    console.log(
      `\nErasure of ${figure(MESSAGES)} messages (${DB}): ${figure(seconds, 1)} s, ${JSON.stringify(erasure.progress)}\n`,
    );
    console.log('| text replies, 8 connections | req/s | p50 ms | p99 ms | requests | non-2xx |');
    console.log('|---|---:|---:|---:|---:|---:|');
    console.log(row('without erasure', without));
    console.log(row('during erasure', during));
    await stopServer(server);
    stopped = true;
    // The file's rebuild after erasures (privacy/erasure/scrub.ts; the service runs it at start and
    // hourly): it holds the database while it runs, so its time is the longest a request waits on it.
    const operator = await buildDeps(config, { role: 'admin', logger: pino({ level: 'silent' }) });
    const size = DB === 'sqlite' ? fs.statSync(path.join(dataDir, 'tidings.sqlite')).size : 0;
    const scrub = await operator.scrubAfterErasures();
    await operator.close();
    if (scrub.vacuumed)
      console.log(`\nThe rebuild after it (VACUUM of a ${figure(size / 1e6, 1)} MB file): ${figure(scrub.ms)} ms`);
  } finally {
    if (!stopped) await stopServer(server);
    await sim.close();
    if (DB === 'postgres') await dropPostgresSchema(PG_URL, schema);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
