/**
 * The world the cost benchmark (cost.ts) runs in: Tidings (`dist/main.js`) on SQLite or PostgreSQL
 * with Redis, the Cloud API simulator in its own process (or embedded), two accounts whose numbers
 * are at the 1,000 messages/s tier, each with a live key, an approved template and a webhook
 * endpoint that receives `message.read`; and what the benchmark asks of that world.
 */
import { spawn } from 'node:child_process';
import type autocannon from 'autocannon';
import { loadConfig } from '../src/config.js';
import { buildDeps } from '../src/deps.js';
import { simulatorAccessToken } from '../src/lib/simulated-identity.js';
import { json, recipient, ROOT, sleep, startServer, stopServer, type Server } from './lib.js';

const APP_SECRET = 'bench-app-secret';
const METRICS_TOKEN = 'bench-metrics-token-0123456789';
const TIDINGS_PORT = 4302;
const SIMULATOR_PORT = 4303;

export interface Setup {
  tidings: Server;
  /** The simulator's base URL (`http://127.0.0.1:4303`). */
  simulatorUrl: string;
  /** The two accounts: a live key, the WABA, the number and the approved template of each. */
  accounts: { key: string; wabaId: string; phoneNumberId: string; templateId: string }[];
  appSecret: string;
  metricsToken: string;
  /** autocannon's `requests` for template sends to distinct recipients over both numbers. */
  sendRequests(
    onAccepted?: () => void,
    credentials?: (account: number) => Record<string, string>,
  ): Pick<autocannon.Options, 'requests'>;
  /** The environment Tidings runs with (for code that opens its database beside it: people-setup.ts). */
  env: Record<string, string>;
  /** Messages queued on both numbers. */
  queued(): Promise<number>;
  /** Resolves once both queues are empty. */
  drained(): Promise<void>;
  /** The simulator's counts: sends taken, and refused by Graph error code. */
  stats(): Promise<{ taken: number; refused: Record<string, number> }>;
  /** Both numbers in maintenance (131057) for `ms` (0 ends it). */
  maintenance(ms: number): Promise<void>;
  /** Signed-ready bodies of sent, delivered, read for every message Tidings sent that had none yet, one status each, message by message. */
  statusBodies(): Promise<string[]>;
  /** `n` more accounts, each with an app secret of its own, written through the service's own code. */
  addAccounts(n: number): Promise<void>;
  close(): Promise<void>;
}

export async function setUp(o: {
  dialect: 'sqlite' | 'postgres';
  dataDir: string;
  pgUrl: string | null;
  simulator: 'process' | 'embedded';
  receiverUrl: string;
  execArgv?: string[];
}): Promise<Setup> {
  const env: Record<string, string> = {
    DATA_DIR: o.dataDir,
    LOG_LEVEL: 'warn',
    METRICS_TOKEN,
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    // A signed-in person's rate as the bench's keys' (10,000/s), so both ways meet the same limit.
    SESSION_RATE_LIMIT: '10000',
    SIMULATOR_PORT: String(SIMULATOR_PORT),
    ...(o.pgUrl ? { DATABASE_URL: o.pgUrl, REDIS_URL: 'redis://127.0.0.1:6379' } : {}),
    ...(o.simulator === 'process'
      ? {
          WHATSAPP_GRAPH_URL: `http://127.0.0.1:${SIMULATOR_PORT}/v23.0`,
          WHATSAPP_APP_SECRET: APP_SECRET,
          WHATSAPP_VERIFY_TOKEN: 'bench',
        }
      : {}),
  };
  const sim = `http://127.0.0.1:${SIMULATOR_PORT}`;
  const simulator =
    o.simulator === 'process'
      ? await startServer(
          ['dist/simulator/main.js'],
          SIMULATOR_PORT,
          {
            WHATSAPP_APP_SECRET: APP_SECRET,
            SIMULATOR_PORT: String(SIMULATOR_PORT),
            SIMULATOR_WEBHOOK_URL: `http://127.0.0.1:${TIDINGS_PORT}/platform/whatsapp/webhook`,
            HOST: '127.0.0.1',
            LOG_LEVEL: 'warn',
          },
          [],
          '/_simulator/stats',
        )
      : null;

  // Two numbers at the top tier, created as an operator would, before the service starts.
  const senders: { key: string; phoneNumberId: string; wabaId: string; token: string | null }[] = [];
  for (const [i, name] of ['Bench A', 'Bench B'].entries()) {
    const platform =
      o.simulator === 'process'
        ? { wabaId: `90000000000000${i}`, phoneNumberId: `80000000000000${i}`, phone: `+1555000000${i}` }
        : null;
    const token = platform ? simulatorAccessToken(APP_SECRET, platform.wabaId) : null;
    const account = await cli(
      env,
      'accounts',
      'create',
      '--name',
      name,
      '--throughput',
      '1000',
      ...(platform
        ? [
            '--waba-id',
            platform.wabaId,
            '--phone-number-id',
            platform.phoneNumberId,
            '--phone-number',
            platform.phone,
            '--access-token',
            token!,
          ]
        : []),
    );
    const key = await cli(env, 'keys', 'create', '--account', account.id, '--mode', 'live', '--rate-limit', '10000');
    senders.push({ key: key.key, phoneNumberId: account.phoneNumbers[0].phoneNumberId, wabaId: account.wabaId, token });
  }
  for (const s of senders)
    if (s.token)
      await json(`${sim}/_simulator/tokens`, 'POST', {
        token: s.token,
        wabaId: s.wabaId,
        phoneNumberIds: [s.phoneNumberId],
      });

  const tidings = await startServer(['dist/main.js'], TIDINGS_PORT, env, o.execArgv ?? []);
  const appSecret =
    o.simulator === 'process'
      ? APP_SECRET
      : (JSON.parse(await import('node:fs').then((fs) => fs.readFileSync(`${o.dataDir}/secrets.json`, 'utf8')))
          .appSecret as string);
  const api = (p: string, key: string, method = 'GET', body?: unknown, headers: Record<string, string> = {}) =>
    json(`${tidings.url}/v1${p}`, method, body, { 'x-api-key': key, ...headers });
  // The simulator: top-tier numbers, statuses only when the benchmark posts them.
  await json(`${sim}/_simulator/config`, 'PUT', { throughput: 1000, delivery: 'manual', reviewDelayMs: 100 });
  const templates: string[] = [];
  for (const s of senders) {
    const t = await api(
      '/templates/',
      s.key,
      'POST',
      {
        name: 'bench_shipped',
        category: 'UTILITY',
        language: 'en_US',
        body: 'Your order {{1}} shipped.',
        variables: [{ example: 'A-1' }],
      },
      { 'idempotency-key': 'bench-template' },
    );
    templates.push(t.id);
    await api(
      '/webhook_endpoints',
      s.key,
      'POST',
      { url: o.receiverUrl, events: ['message.read'] },
      { 'idempotency-key': 'bench-endpoint' },
    );
  }
  for (const [i, s] of senders.entries())
    while ((await api(`/templates/${templates[i]}`, s.key)).status !== 'approved') await sleep(100);

  let n = 0;
  let failureShown = false;
  const used = new Set<string>();
  const queued = async () =>
    (await Promise.all(senders.map((s) => api('/phone_numbers', s.key)))).reduce(
      (sum, r) => sum + r.data.find((x: any) => x.sender).queued,
      0,
    );
  return {
    tidings,
    simulatorUrl: sim,
    accounts: senders.map((s, i) => ({
      key: s.key,
      wabaId: s.wabaId,
      phoneNumberId: s.phoneNumberId,
      templateId: templates[i]!,
    })),
    appSecret,
    metricsToken: METRICS_TOKEN,
    sendRequests: (onAccepted, credentials) => ({
      requests: [
        {
          method: 'POST' as const,
          path: '/v1/messages/',
          setupRequest: (req: any) => {
            const i = n++;
            const s = i % 2;
            return {
              ...req,
              headers: {
                'content-type': 'application/json',
                ...(credentials ? credentials(s) : { 'x-api-key': senders[s]!.key }),
              },
              body: JSON.stringify({
                to: recipient(i),
                type: 'template',
                templateId: templates[s],
                variables: { '1': `A-${i}` },
              }),
            };
          },
          onResponse: (status: number, body: string) => {
            if (status === 201) onAccepted?.();
            else if (!failureShown) {
              failureShown = true;
              console.error(`first refused send: ${status} ${body.slice(0, 300)}`);
            }
          },
        },
      ],
    }),
    queued,
    async drained() {
      while ((await queued()) > 0) await sleep(250);
    },
    stats: () => json(`${sim}/_simulator/stats`),
    async maintenance(ms) {
      await Promise.all(
        senders.map((s) =>
          json(`${sim}/_simulator/numbers/${s.phoneNumberId}/throughput`, 'POST', { level: 'HIGH', durationMs: ms }),
        ),
      );
    },
    async statusBodies() {
      const state = await json(`${sim}/_simulator/state`);
      const fresh = (
        state.messages as { wamid: string; phoneNumberId: string; to: string; callbackData: string | null }[]
      ).filter((m) => m.callbackData?.startsWith('msg_') && !used.has(m.wamid));
      const bodies: string[] = [];
      for (const m of fresh) {
        used.add(m.wamid);
        for (const [i, status] of ['sent', 'delivered', 'read'].entries()) {
          const value = {
            messaging_product: 'whatsapp',
            metadata: { display_phone_number: '15550000000', phone_number_id: m.phoneNumberId },
            statuses: [
              {
                id: m.wamid,
                status,
                timestamp: String(1_790_000_000 + i),
                recipient_id: m.to.replace('+', ''),
                biz_opaque_callback_data: m.callbackData,
              },
            ],
          };
          bodies.push(
            JSON.stringify({
              object: 'whatsapp_business_account',
              entry: [{ id: '1', changes: [{ field: 'messages', value }] }],
            }),
          );
        }
      }
      return bodies;
    },
    async addAccounts(count) {
      const deps = await buildDeps(loadConfig({ ...process.env, ...env }), { role: 'admin' });
      try {
        for (let i = 0; i < count; i++)
          await deps.accounts.createAccount({ name: `Scale ${i}`, appSecret: `scale-app-secret-${i}` });
      } finally {
        await deps.close();
      }
    },
    env,
    async close() {
      await stopServer(tidings);
      if (simulator) await stopServer(simulator);
    },
  };
}

/** The admin CLI with `env`: @returns its JSON answer. */
function cli(env: Record<string, string>, ...argv: string[]): Promise<any> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['bin/tidings.js', ...argv], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`tidings ${argv.join(' ')} exited ${code}`)),
    );
  });
}
