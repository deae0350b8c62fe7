/**
 * Benchmarks (`npm run bench`; never part of `npm test`). Every server runs in its own process; the
 * load generator (autocannon) runs in this one. Each Tidings figure is shown beside two ceilings
 * measured in the same run: a bare Fastify hello-world and a bare Fastify route doing one SQLite
 * insert. Usage: `npm run bench [-- --duration 10 --only sends,intake]`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { hubSignature } from '../src/lib/crypto.js';
import { cliWith, json, startServer, type Server } from './lib.js';
import { measure, type Result } from './run-measure.js';
import { report, type UploadResult } from './run-report.js';
import { uploadBench } from './run-upload.js';

const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DURATION = Number(arg('duration', '10'));
const ONLY = arg('only', 'media,sends,intake,templates').split(',');
const CONNECTIONS = Number(arg('connections', '32'));
const SECRET = 'bench-app-secret';
/** `--profile DIR`: write V8 CPU profiles of the Tidings and simulator processes there (Chrome DevTools opens them). */
const PROFILE_DIR = arg('profile', '');

/** A timed run with this benchmark's connections and duration (`options` may override them). */
const load = (name: string, server: Server, options: Parameters<typeof measure>[2]) =>
  measure(name, server, { connections: CONNECTIONS, duration: DURATION, ...options });

async function main(): Promise<void> {
  const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-bench-'));
  const results: Result[] = [];
  const servers: Server[] = [];
  const mediaResults: UploadResult[] = [];
  try {
    // Ceilings.
    const hello = await startServer(['bench/servers/hello.mjs'], 4100, {});
    servers.push(hello);
    results.push(await load('ceiling: Fastify hello-world', hello, { method: 'GET' }));
    const insert = await startServer(['bench/servers/insert.mjs'], 4101, { DATA_DIR: path.join(dataRoot, 'insert') });
    servers.push(insert);
    results.push(
      await load('ceiling: Fastify + one SQLite insert', insert, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ to: '+16505551234', type: 'text', text: 'Your order shipped' }),
      }),
    );

    // Tidings and the simulator, each in its own process.
    const env = {
      DATA_DIR: path.join(dataRoot, 'tidings'),
      WHATSAPP_APP_SECRET: SECRET,
      WHATSAPP_VERIFY_TOKEN: 'bench',
      WHATSAPP_GRAPH_URL: 'http://127.0.0.1:4103/v23.0',
      LOG_LEVEL: 'warn',
    };
    const profile = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`] : [];
    const sim = await startServer(
      ['dist/simulator/main.js'],
      4103,
      {
        SIMULATOR_PORT: '4103',
        SIMULATOR_WEBHOOK_URL: 'http://127.0.0.1:4102/platform/whatsapp/webhook',
        LOG_LEVEL: 'warn',
        WHATSAPP_APP_SECRET: SECRET,
      },
      profile,
    );
    servers.push(sim);
    const tidings = await startServer(['dist/main.js'], 4102, env, profile);
    servers.push(tidings);

    // Two numbers at the platform's top tier (1,000 messages/s each), keys without a practical rate limit.
    const senders: { key: string; phoneNumberId: string; accountId: string }[] = [];
    const cli = cliWith(env);
    for (const name of ['Bench A', 'Bench B', 'Bench C', 'Bench D']) {
      const account = cli('accounts', 'create', '--name', name, '--throughput', '1000');
      const key = cli('keys', 'create', '--account', account.id, '--mode', 'live', '--rate-limit', '10000');
      senders.push({ key: key.key, phoneNumberId: account.phoneNumbers[0].phoneNumberId, accountId: account.id });
    }
    if (ONLY.includes('media')) {
      const testKey = cli('keys', 'create', '--account', senders[0]!.accountId, '--mode', 'test');
      await uploadBench(tidings, testKey.key, 1024 * 1024); // warm-up (code paths, pools), not reported
      mediaResults.push({ label: 'test key: stored only', ...(await uploadBench(tidings, testKey.key)) });
      mediaResults.push({ label: 'test key again', ...(await uploadBench(tidings, testKey.key)) });
      mediaResults.push({
        label: 'live key: stored, then registered with the simulator in the same call',
        ...(await uploadBench(tidings, senders[0]!.key)),
      });
    }
    await json(`${sim.url}/_simulator/config`, 'PUT', {
      throughput: 1000,
      delivery: 'manual',
      webhookBatchSize: 50,
      webhookBatchMs: 20,
    });
    const RECIPIENTS = 400;
    const recipients = Array.from({ length: RECIPIENTS }, (_, i) => `+1650555${String(2000 + i).padStart(4, '0')}`);
    for (const s of senders) {
      for (const r of recipients)
        await json(`${sim.url}/_simulator/inbound`, 'POST', { from: r, to: s.phoneNumberId, text: 'hi' });
    }
    await new Promise((r) => setTimeout(r, 2000)); // inbound webhooks reach Tidings: windows open

    let n = 0;
    /** Sends rotating over the first `numbers` senders and over the recipients. */
    const sendOptions = (numbers: number) => ({
      requests: [
        {
          method: 'POST' as const,
          path: '/v1/messages/',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req: any) => {
            const i = n++;
            const s = senders[i % numbers]!;
            return {
              ...req,
              headers: { ...req.headers, 'x-api-key': s.key },
              body: JSON.stringify({
                to: recipients[(i >> 2) % RECIPIENTS],
                type: 'text',
                text: `Your order ${i} shipped`,
              }),
            };
          },
        },
      ],
    });

    if (ONLY.includes('sends')) {
      await autocannon({
        url: tidings.url,
        connections: CONNECTIONS,
        duration: 2,
        ...sendOptions(4),
      } as autocannon.Options); // warm-up, not reported
      results.push(
        await load('(a) text sends, 2 numbers at 1,000/s, 2,000/s offered (goal)', tidings, {
          ...sendOptions(2),
          overallRate: 2000,
        }),
      );
      results.push(await load('(a) text sends, 4 numbers at 1,000/s, as fast as it goes', tidings, sendOptions(4)));
      await json(`${sim.url}/_simulator/config`, 'PUT', {
        delivery: 'auto',
        deliveryDelaysMs: { sent: 50, delivered: 100, read: 150 },
      });
      results.push(
        await load('(a) text sends + their 3 statuses back (batched webhooks), 2,000/s offered', tidings, {
          ...sendOptions(2),
          overallRate: 2000,
        }),
      );
      await json(`${sim.url}/_simulator/config`, 'PUT', { delivery: 'manual' });
    }

    if (ONLY.includes('intake')) {
      const STATUSES = ['sent', 'delivered', 'read'];
      const envelope = (phoneNumberId: string, statuses: unknown[]) =>
        JSON.stringify({
          object: 'whatsapp_business_account',
          entry: [
            {
              id: '102290129340398',
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
      const status = (i: number) => ({
        id: `wamid.bench-${Math.floor(i / 3)}`,
        status: STATUSES[i % 3],
        timestamp: String(1750030073 + (i % 3)),
        recipient_id: '16505551234',
      });
      let k = 0;
      const intake = (batch: number) => (req: any) => {
        const statuses = Array.from({ length: batch }, () => status(k++));
        const body = envelope(senders[0]!.phoneNumberId, statuses);
        return { ...req, body, headers: { ...req.headers, 'x-hub-signature-256': hubSignature(body, SECRET) } };
      };
      const intakeOptions = (batch: number) => ({
        requests: [
          {
            method: 'POST' as const,
            path: '/platform/whatsapp/webhook',
            headers: { 'content-type': 'application/json' },
            setupRequest: intake(batch),
          },
        ],
        itemsPerRequest: batch,
      });
      results.push(await load('(b) webhook intake, 1 status per request', tidings, intakeOptions(1)));
      results.push(await load('(b) webhook intake, 50 statuses per request', tidings, intakeOptions(50)));
    }
    if (ONLY.includes('templates')) {
      // 10,000 templates in one account, written straight into its database (the service is running).
      const { seedTemplates } = await import('./seed-templates.js');
      await seedTemplates(env.DATA_DIR, senders[3]!.accountId, 10_000);
      const list = (query: string) => ({
        requests: [
          { method: 'GET' as const, path: `/v1/templates/${query}`, headers: { 'x-api-key': senders[3]!.key } },
        ],
      });
      await autocannon({
        url: tidings.url,
        connections: CONNECTIONS,
        duration: 2,
        ...list('?limit=10'),
      } as autocannon.Options); // warm-up, not reported
      results.push(
        await load('templates: list, 10,000 in the account, limit 10, 1,000/s offered', tidings, {
          ...list('?limit=10'),
          overallRate: 1000,
        }),
      );
      results.push(
        await load('templates: list, 10,000 in the account, limit 10, as fast as it goes', tidings, list('?limit=10')),
      );
      results.push(await load('templates: list, limit 100', tidings, list('?limit=100')));
      results.push(
        await load(
          'templates: list, status=rejected (2 % of them), limit 10',
          tidings,
          list('?limit=10&status=rejected'),
        ),
      );
      results.push(
        await load(
          'templates: list, updatedAfter (last 100 changes), limit 100',
          tidings,
          list(
            `?limit=100&updatedAfter=${encodeURIComponent(new Date(Date.parse('2026-01-01T00:00:00Z') + 9_900 * 1000).toISOString())}`,
          ),
        ),
      );
    }
  } finally {
    for (const s of servers) s.proc.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    fs.rmSync(dataRoot, { recursive: true, force: true });
  }

  report(results, mediaResults, { duration: DURATION, connections: CONNECTIONS });
}

await main();
