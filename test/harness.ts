/**
 * The test harness: the real service (buildDeps + buildApp) on a real database, talking over HTTP to
 * the real Cloud API simulator, whose signed webhooks come back over HTTP. The database is chosen by
 * TIDINGS_TEST_DB (test/database.ts): `sqlite` (a fresh file) or `postgres` (a fresh schema in the
 * `test` database, with rate limits in Redis). Nothing is mocked.
 */
import './serializers.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pino from 'pino';
import { describeFault } from '../src/audit/audit-verify.js';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { buildDeps, type Deps, type DepsOverrides } from '../src/deps.js';
import type { Clock } from '../src/lib/clock.js';
import { loadSecrets } from '../src/secrets.js';
import { buildSimulator, type Simulator } from '../src/simulator/app.js';
import { hubSignature } from '../src/lib/crypto.js';
import type { SimulatorConfig } from '../src/simulator/state.js';
import { freshDatabase } from './database.js';

export interface HarnessOptions {
  clock?: Clock;
  /** Extra environment for loadConfig (e.g. PLATFORM_TIMEOUT_MS). */
  env?: Record<string, string>;
  simulator?: Partial<SimulatorConfig>;
  /** Passed to buildDeps (event delivery timing, host name resolution). */
  deps?: Pick<DepsOverrides, 'deliveryPolicy' | 'resolver' | 'inboundMediaPolicy'>;
}

export interface Harness {
  deps: Deps;
  app: FastifyInstance;
  sim: Simulator;
  simUrl: string;
  /** The service's base URL over real HTTP (for browsers and other processes). */
  url: string;
  dataDir: string;
  env: Record<string, string>;
  account: { id: string; phoneNumberId: string; liveKey: string; testKey: string };
  /** Calls the service in-process; `T` types the answer's body (an API schema's Static type). */
  api<T = any>(
    method: InjectOptions['method'],
    url: string,
    options?: { key?: string | null; body?: unknown; headers?: Record<string, string>; raw?: string },
  ): Promise<Response<T>>;
  /** Posts a platform webhook (a payload or its raw text) signed with `secret` (default: the service's app secret). */
  platformWebhook(payload: unknown, secret?: string): Promise<{ status: number; body: any }>;
  /** A customer writes to the account's number through the simulator (opens the window). */
  customerWrites(from: string, text?: string, phoneNumberId?: string): Promise<string>;
  /**
   * A customer sends `message` (`{type, <type>: {…}, contextMessageId?, name?…}`, docs/simulator.md
   * `POST /inbound`) from `from` to the account's number (or `to`), through the simulator's control
   * API; resolves, once the service took the webhook, with the simulator's answer (HTTP 200 asserted).
   */
  customerSends(
    from: string,
    message: Record<string, unknown>,
    to?: string,
  ): Promise<{ wamid: string; webhook: string; mediaId?: string }>;
  simulatorConfig(config: Partial<SimulatorConfig>): Promise<void>;
  /** A new simulated account with a live and a test key (`rateLimit`: the keys' requests/s, default 100). */
  newAccount(name?: string, options?: { throughput?: number; rateLimit?: number }): Promise<Harness['account']>;
  /**
   * Stops the service (drains requests, stops the job workers, closes the database) and starts a
   * new one on the same database and data directory, as a process restart would.
   */
  restart(): Promise<void>;
  /** Starts a second service on the same database (another process behind the load balancer). */
  startPeer(): Promise<{ deps: Deps; app: FastifyInstance; close(): Promise<void> }>;
  /** Audit chains a test broke on purpose (a removed entry, to see verify fail): `close` does not check them. */
  brokenChains: Set<string>;
  /**
   * Verifies the audit trail (every chain but `brokenChains`, sealed first), then stops the service
   * and the simulator and removes the database: so the whole suite proves that every change it makes
   * is recorded in a chain that verifies (issue 39). @throws Error naming each fault.
   */
  close(): Promise<void>;
}

export interface Response<T = any> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON: `T` for a success, the error envelope otherwise. */
  body: T & { error?: any };
  text: string;
}

/** Fast simulated delivery, so tests wait tens of milliseconds rather than seconds. */
const FAST: Partial<SimulatorConfig> = {
  deliveryDelaysMs: { sent: 20, delivered: 50, read: 80 },
  reviewDelayMs: 50,
  throughput: 1000,
};

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-test-'));
  const database = await freshDatabase();
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', JOB_POLL_MS: '20', ...database.env, ...options.env };
  const config = loadConfig(env);
  const logger = pino({ level: 'silent' });
  const sim = await buildSimulator({ appSecret: loadSecrets(config).appSecret, logger });
  const boot = async (simAddress: string) => {
    const deps = await buildDeps(config, {
      ...(options.clock ? { clock: options.clock } : {}),
      ...options.deps,
      logger,
      // No version in the URL: the service speaks WHATSAPP_GRAPH_VERSION's (default v25.0, docs/api.md §D33).
      graphUrl: simAddress,
    });
    try {
      const app = await buildApp(deps);
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      await deps.startBackground();
      return { deps, app, address };
    } catch (err) {
      await deps.close();
      throw err;
    }
  };
  const stop = async (s: { deps: Deps; app: FastifyInstance }) => {
    s.deps.lifecycle.draining = true;
    // A keep-alive connection busy when the close begins (the simulator posting a webhook, which
    // it retries while the service answers 503) stays open after its answer until Fastify's
    // keepAliveTimeout, 72 s, and the close waits for it. Each is closed once idle, as the
    // process's exit would: requests under way are still answered.
    const idle = setInterval(() => s.app.server.closeIdleConnections(), 20);
    try {
      await s.app.close();
    } finally {
      clearInterval(idle);
    }
    await s.deps.close();
  };
  let simAddress: string;
  let current: Awaited<ReturnType<typeof boot>>;
  try {
    simAddress = await sim.app.listen({ port: 0, host: '127.0.0.1' });
    current = await boot(simAddress);
  } catch (err) {
    await sim.close();
    await database.drop();
    throw err;
  }
  sim.setWebhookUrl(`${current.address}/platform/whatsapp/webhook`);

  const put = async (c: Partial<SimulatorConfig>) => {
    const res = await fetch(`${simAddress}/_simulator/config`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(c),
    });
    if (!res.ok) throw new Error(`simulator config refused: ${await res.text()}`);
  };
  await put({ ...FAST, ...options.simulator });

  const newAccount = async (name = 'Acme', o: { throughput?: number; rateLimit?: number } = {}) => {
    const account = await current.deps.accounts.createAccount({
      name,
      ...(o.throughput ? { throughput: o.throughput } : {}),
    });
    // As `npm start` does for its simulated accounts: the simulator learns the WABA's number.
    const { accessToken } = await current.deps.accounts.credentialsForAccount(account.id);
    sim.registerToken(accessToken, account.wabaId, [account.phoneNumbers[0]!.phoneNumberId]);
    const rateLimit = o.rateLimit ? { rateLimit: o.rateLimit } : {};
    const live = await current.deps.keys.createKey({ accountId: account.id, mode: 'live', ...rateLimit });
    const test = await current.deps.keys.createKey({ accountId: account.id, mode: 'test', ...rateLimit });
    return {
      id: account.id,
      phoneNumberId: account.phoneNumbers[0]!.phoneNumberId,
      liveKey: live.key,
      testKey: test.key,
    };
  };
  const account = await newAccount();

  const harness: Harness = {
    get deps() {
      return current.deps;
    },
    get app() {
      return current.app;
    },
    get url() {
      return current.address;
    },
    sim,
    simUrl: simAddress,
    dataDir,
    env,
    account,
    async api(method, url, o = {}) {
      const headers: Record<string, string> = { ...o.headers };
      const key = o.key === undefined ? account.liveKey : o.key;
      if (key !== null) headers['x-api-key'] = key;
      let payload: string | undefined = o.raw;
      if (o.body !== undefined) {
        payload = JSON.stringify(o.body);
        headers['content-type'] ??= 'application/json';
      }
      const res = await current.app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
      let body: unknown;
      try {
        body = JSON.parse(res.body);
      } catch {
        body = undefined;
      }
      return {
        status: res.statusCode,
        headers: res.headers as Response['headers'],
        body: body as never,
        text: res.body,
      };
    },
    async platformWebhook(payload, secret = current.deps.secrets.appSecret) {
      const raw = typeof payload === 'string' ? payload : JSON.stringify(payload);
      const res = await current.app.inject({
        method: 'POST',
        url: '/platform/whatsapp/webhook',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(raw, secret) },
        payload: raw,
      });
      return { status: res.statusCode, body: res.body ? JSON.parse(res.body) : undefined };
    },
    async customerWrites(from, text = 'Hello', phoneNumberId = account.phoneNumberId) {
      const res = await fetch(`${simAddress}/_simulator/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from, to: phoneNumberId, text }),
      });
      const { wamid } = (await res.json()) as { wamid: string };
      await sim.webhooks.idle();
      return wamid;
    },
    async customerSends(from, message, to = account.phoneNumberId) {
      const res = await fetch(`${simAddress}/_simulator/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from, to, ...message }),
      });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`the simulator refused the customer's message (${res.status}): ${text}`);
      return JSON.parse(text) as { wamid: string; webhook: string; mediaId?: string };
    },
    simulatorConfig: put,
    newAccount,
    async restart() {
      await stop(current);
      current = await boot(simAddress);
      sim.setWebhookUrl(`${current.address}/platform/whatsapp/webhook`);
    },
    async startPeer() {
      const peer = await boot(simAddress);
      return { deps: peer.deps, app: peer.app, close: () => stop(peer) };
    },
    brokenChains: new Set<string>(),
    async close() {
      let faults: string[] = [];
      try {
        await current.deps.auditChains.sealAll();
        const verified = await current.deps.auditChains.verify();
        faults = verified.faults.filter((f) => !harness.brokenChains.has(f.chain)).map(describeFault);
      } finally {
        await closeAll();
      }
      if (faults.length > 0) throw new Error(`the audit trail does not verify: ${faults.join('; ')}`);
    },
  };
  const closeAll = async () => {
    await stop(current);
    await sim.close();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return harness;
}
