/**
 * The world of the dispatch benchmarks (dispatch.ts): two accounts with a number each at the top
 * tier (1,000 messages/s) and a live key, made with the CLI before the service starts; Tidings
 * (`dist/main.js` with the embedded simulator on port 4303) on port 4302; an approved template per
 * account; and the requests and probes the runs share.
 */
import path from 'node:path';
import { cliWith, json, postgresSchemaUrl, recipient, sleep, startServer, stopServer, type Server } from './lib.js';

/** A business number the benchmark sends from: its live key, its id at the platform, its account. */
export interface Sender {
  key: string;
  phoneNumberId: string;
  accountId: string;
}

/** Tidings running for one dialect, and what the runs use of it. */
export interface Pipeline {
  tidings: Server;
  /** The embedded simulator's base URL (its `/_simulator/…` routes). */
  sim: string;
  dataDir: string;
  senders: Sender[];
  /** A request to `/v1{p}` with `key`: @returns the parsed answer. */
  api: (p: string, key: string, method?: string, body?: unknown, headers?: Record<string, string>) => Promise<any>;
  /** The messages queued on both numbers. */
  queued: () => Promise<number>;
  /** Waits until nothing is queued. */
  drained: () => Promise<void>;
  /**
   * autocannon's `requests` for template sends alternating over the two numbers, each to a new
   * recipient; `onAccepted` hears each accepted message's id, and the first refusal is printed.
   */
  sendRequests: (onAccepted?: (id: string) => void) => { requests: object[] };
}

/**
 * Starts Tidings for `dialect` in `dataRoot/<dialect>` (on PostgreSQL: the schema `bench_dispatch`
 * of `o.pgUrl` made afresh, and Redis), with a CPU profile in `o.profileDir` when given.
 * @returns the pipeline once both templates are approved; the caller stops `tidings`.
 */
export async function setUpDispatch(
  dialect: string,
  dataRoot: string,
  o: { pgUrl: string; profileDir: string },
): Promise<Pipeline> {
  const dataDir = path.join(dataRoot, dialect);
  const env: Record<string, string> = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', SIMULATOR_PORT: '4303' };
  if (dialect === 'postgres')
    Object.assign(env, {
      DATABASE_URL: await postgresSchemaUrl(o.pgUrl, 'bench_dispatch'),
      REDIS_URL: 'redis://127.0.0.1:6379',
    });

  // Two numbers at the top tier, created as an operator would, before the service starts.
  const cli = cliWith(env);
  const senders: Sender[] = [];
  for (const name of ['Bench A', 'Bench B']) {
    const account = cli('accounts', 'create', '--name', name, '--throughput', '1000');
    const key = cli('keys', 'create', '--account', account.id, '--mode', 'live', '--rate-limit', '10000');
    senders.push({ key: key.key, phoneNumberId: account.phoneNumbers[0].phoneNumberId, accountId: account.id });
  }
  const profile = o.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(o.profileDir)}`] : [];
  const tidings = await startServer(['dist/main.js'], 4302, env, profile);
  const sim = 'http://127.0.0.1:4303';
  const api = (p: string, key: string, method = 'GET', body?: unknown, headers: Record<string, string> = {}) =>
    json(`${tidings.url}/v1${p}`, method, body, { 'x-api-key': key, ...headers });
  try {
    // The simulator: top-tier numbers, statuses only when the benchmark posts them (d).
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
    }
    for (const [i, s] of senders.entries())
      while ((await api(`/templates/${templates[i]}`, s.key)).status !== 'approved') await sleep(100);
    const queued = async () =>
      (await Promise.all(senders.map((s) => api('/phone_numbers', s.key)))).reduce(
        (n, r) => n + r.data.find((x: any) => x.sender).queued,
        0,
      );
    const drained = async () => {
      while ((await queued()) > 0) await sleep(500);
    };

    let n = 0;
    let failureShown = false;
    const sendRequests = (onAccepted?: (id: string) => void) => ({
      requests: [
        {
          method: 'POST' as const,
          path: '/v1/messages/',
          setupRequest: (req: any) => {
            const i = n++;
            const s = i % 2;
            return {
              ...req,
              headers: { 'content-type': 'application/json', 'x-api-key': senders[s]!.key },
              body: JSON.stringify({
                to: recipient(i),
                type: 'template',
                templateId: templates[s],
                variables: { '1': `A-${i}` },
              }),
            };
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
    return { tidings, sim, dataDir, senders, api, queued, drained, sendRequests };
  } catch (err) {
    await stopServer(tidings);
    throw err;
  }
}
