/**
 * Event delivery benchmark (`npm run bench:events [-- --db sqlite|postgres --duration 10]`; never part
 * of `npm test`). Tidings runs in its own process (built `dist/`); a webhook receiver and the load
 * generator run in this one. Status reports are posted to the platform webhook route, signed as
 * the platform signs them; each new status makes one `message.*` event, delivered to one endpoint.
 *
 * - Throughput: statuses posted as fast as the intake takes them (50 per request) for `duration`
 *   seconds; events delivered per second while the load runs and until the backlog is drained.
 * - Added latency: one status per request at a steady rate; from the moment the status was posted
 *   to the moment the receiver had the signed event (p50, p99). This includes the intake's own
 *   commit, which is the change the event reports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { cliWith, dropPostgresSchema, postgresSchemaUrl, ROOT } from './lib.js';
import { Webhook } from 'standardwebhooks';
import { hubSignature } from '../src/lib/crypto.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DB = arg('db', 'sqlite') as 'sqlite' | 'postgres';
const DURATION = Number(arg('duration', '10'));
const LATENCY_RATE = Number(arg('rate', '200'));
const SECRET = 'bench-app-secret';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PORT = 4202;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-bench-events-'));
  const schema = `bench_${Date.now()}`;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    WHATSAPP_APP_SECRET: SECRET,
    WHATSAPP_VERIFY_TOKEN: 'bench',
    WHATSAPP_GRAPH_URL: 'http://127.0.0.1:9/v23.0', // never called: only webhooks come in
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    LOG_LEVEL: 'warn',
    JOB_POLL_MS: '200',
    PORT: String(PORT),
  };
  if (DB === 'postgres') env.DATABASE_URL = await postgresSchemaUrl(PG_URL, schema);
  const cli = cliWith(env);

  // The receiver: verifies every signature, records arrival times.
  let secret = '';
  const arrivals = new Map<string, number>();
  let received = 0;
  let badSignatures = 0;
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const at = performance.now();
      const raw = Buffer.concat(chunks).toString('utf8');
      try {
        const event = new Webhook(secret).verify(raw, req.headers as Record<string, string>) as {
          data: { object: { platformMessageId: string } };
        };
        arrivals.set(event.data.object.platformMessageId, at);
        received++;
      } catch {
        badSignatures++;
      }
      res.writeHead(204).end();
    });
  });
  receiver.keepAliveTimeout = 10_000;
  await new Promise<void>((r) => receiver.listen(4299, '127.0.0.1', () => r()));

  let tidings: ChildProcess | undefined;
  try {
    const account = cli('accounts', 'create', '--name', 'Bench events', '--throughput', '1000');
    const key = cli('keys', 'create', '--account', account.id, '--mode', 'live', '--rate-limit', '10000').key;
    const phoneNumberId = account.phoneNumbers[0].phoneNumberId as string;
    tidings = spawn(
      process.execPath,
      [
        ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
        'dist/main.js',
      ],
      { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    const url = `http://127.0.0.1:${PORT}`;
    for (let i = 0; ; i++) {
      try {
        await fetch(`${url}/health`);
        break;
      } catch {
        if (i > 200) throw new Error('tidings did not start');
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const endpoint = (await (
      await fetch(`${url}/v1/webhook_endpoints`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body: JSON.stringify({ url: 'http://127.0.0.1:4299/hooks', events: ['*'] }),
      })
    ).json()) as { secret: string };
    secret = endpoint.secret;

    const envelope = (statuses: unknown[]) =>
      JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: '1',
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: '15550783881', phone_number_id: phoneNumberId },
                  statuses,
                },
              },
            ],
          },
        ],
      });
    let k = 0;
    const status = (wamid: string) => ({
      id: wamid,
      status: 'sent',
      timestamp: String(Math.floor(Date.now() / 1000)),
      recipient_id: '16505551234',
    });

    // Warm-up (code paths, pools, the job workers), not reported.
    for (let i = 0; i < 200; i++) {
      const body = envelope([status(`wamid.warm-${i}`)]);
      await fetch(`${url}/platform/whatsapp/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(body, SECRET) },
        body,
      });
    }
    while (received < 200) await new Promise((r) => setTimeout(r, 20));

    // 1. Throughput.
    const startReceived = received;
    const started = performance.now();
    const load = await autocannon({
      url,
      connections: 8,
      duration: DURATION,
      requests: [
        {
          method: 'POST',
          path: '/platform/whatsapp/webhook',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req: any) => {
            const body = envelope(Array.from({ length: 50 }, () => status(`wamid.tp-${k++}`)));
            return { ...req, body, headers: { ...req.headers, 'x-hub-signature-256': hubSignature(body, SECRET) } };
          },
        },
      ],
    } as autocannon.Options);
    const posted = load['2xx'] * 50;
    const loadSeconds = (performance.now() - started) / 1000;
    const duringLoad = received - startReceived;
    // Drained when nothing more arrives for a second.
    let last = received;
    let lastProgress = performance.now();
    while (performance.now() - lastProgress < 1000) {
      await new Promise((r) => setTimeout(r, 50));
      if (received !== last) [last, lastProgress] = [received, performance.now()];
    }
    const drainSeconds = (lastProgress - started) / 1000;
    const delivered = received - startReceived;

    // 2. Added latency at a steady rate, one status per request.
    const sentAt = new Map<string, number>();
    const count = LATENCY_RATE * DURATION;
    const interval = 1000 / LATENCY_RATE;
    const t0 = performance.now();
    const inflight: Promise<unknown>[] = [];
    for (let i = 0; i < count; i++) {
      const due = t0 + i * interval;
      const wait = due - performance.now();
      if (wait > 1) await new Promise((r) => setTimeout(r, wait));
      const wamid = `wamid.lat-${i}`;
      const body = envelope([status(wamid)]);
      sentAt.set(wamid, performance.now());
      inflight.push(
        fetch(`${url}/platform/whatsapp/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(body, SECRET) },
          body,
        }).then((r) => r.arrayBuffer()),
      );
    }
    await Promise.all(inflight);
    for (let i = 0; i < 200 && [...sentAt.keys()].some((w) => !arrivals.has(w)); i++)
      await new Promise((r) => setTimeout(r, 50));
    const latencies = [...sentAt]
      .filter(([w]) => arrivals.has(w))
      .map(([w, t]) => arrivals.get(w)! - t)
      .sort((a, b) => a - b);

    const f = (x: number, d = 0) => x.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
    console.log(
      `\nEvent delivery: ${os.cpus().length} cores, Node ${process.version}, ${DB === 'postgres' ? 'PostgreSQL (pg-boss)' : 'SQLite (WAL, synchronous=FULL)'}, receiver and load generator in one process\n`,
    );
    console.log(
      `Throughput: ${f(posted)} statuses posted in ${f(loadSeconds, 1)} s (${f(posted / loadSeconds)}/s); ${f(duringLoad)} events delivered during the load (${f(duringLoad / loadSeconds)}/s); all ${f(delivered)} delivered after ${f(drainSeconds, 1)} s: ${f(delivered / drainSeconds)} events/s end to end.`,
    );
    console.log(
      `Added latency at ${LATENCY_RATE} statuses/s (${f(latencies.length)} of ${f(count)} delivered): p50 ${f(percentile(latencies, 50), 1)} ms, p90 ${f(percentile(latencies, 90), 1)} ms, p99 ${f(percentile(latencies, 99), 1)} ms, max ${f(latencies.at(-1)!, 1)} ms.`,
    );
    console.log(`Signatures that failed verification: ${badSignatures}.`);
  } finally {
    tidings?.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    receiver.closeAllConnections();
    receiver.close();
    if (process.env.BENCH_KEEP) console.log(`kept ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
    if (DB === 'postgres') await dropPostgresSchema(PG_URL, schema);
  }
}

await main();
