/**
 * A simulator of its own for the simulator's tests: listening on a port, with a webhook receiver
 * over real HTTP that keeps every raw body, and small helpers to call the Graph API and the control
 * API with a token the simulator issued.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { verifyHubSignature } from '../../src/lib/crypto.js';
import { buildSimulator, simulatorAccessToken, type Simulator } from '../../src/simulator/app.js';
import type { SimulatorConfig } from '../../src/simulator/config.js';
import type { Clock } from '../../src/lib/clock.js';
import { eventually, valueOf } from '../helpers.js';

export const SECRET = 'conformance-app-secret';
export const WABA = '102290129340398';
export const PNID = '106540352242922';
export const TOKEN = simulatorAccessToken(SECRET, WABA);

export interface Hook {
  raw: Buffer;
  body: any;
  signature: string;
  valid: boolean;
}

export interface SimHarness {
  sim: Simulator;
  base: string;
  hooks: Hook[];
  /** A Graph call with the simulator-issued token (or `token`, null for none). */
  graph(
    method: string,
    path: string,
    body?: unknown,
    options?: { token?: string | null; headers?: Record<string, string>; raw?: string | Buffer },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  control(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }>;
  config(c: Partial<SimulatorConfig> & Record<string, unknown>): Promise<void>;
  /** The webhook `value`s of field `messages` that carry statuses of `wamid`. */
  statuses(wamid: string): any[];
  /** Waits for the webhook carrying message `wamid` (inbound). */
  inboundHook(wamid: string): Promise<Hook>;
  close(): Promise<void>;
}

/** `options.clock`: the simulator's clock (TTLs, the date sends are priced by); default the system's. */
export async function startSim(
  config: Partial<SimulatorConfig> = {},
  options: { clock?: Clock } = {},
): Promise<SimHarness> {
  const hooks: Hook[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const signature = String(req.headers['x-hub-signature-256'] ?? '');
      hooks.push({
        raw,
        body: JSON.parse(raw.toString('utf8')),
        signature,
        valid: verifyHubSignature(raw, signature, SECRET),
      });
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  const sim = await buildSimulator({
    appSecret: SECRET,
    webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
    logger: pino({ level: 'silent' }),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const base = await sim.app.listen({ port: 0, host: '127.0.0.1' });
  const h: SimHarness = {
    sim,
    base,
    hooks,
    async graph(method, path, body, o = {}) {
      const headers: Record<string, string> = { ...o.headers };
      const token = o.token === undefined ? TOKEN : o.token;
      if (token !== null && headers.authorization === undefined) headers.authorization = `Bearer ${token}`;
      let payload: string | Uint8Array | undefined =
        typeof o.raw === 'string' || o.raw === undefined ? o.raw : new Uint8Array(o.raw);
      if (body !== undefined) {
        payload = JSON.stringify(body);
        headers['content-type'] ??= 'application/json';
      }
      const res = await fetch(`${base}${path}`, {
        method,
        headers,
        ...(payload !== undefined ? { body: payload as BodyInit } : {}),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {}
      return { status: res.status, body: parsed, headers: res.headers };
    },
    async control(method, path, body) {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { 'content-type': 'application/json' },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      return { status: res.status, body: await res.json() };
    },
    async config(c) {
      const res = await h.control('PUT', '/_simulator/config', c);
      if (res.status !== 200) throw new Error(JSON.stringify(res.body));
    },
    statuses(wamid) {
      return hooks
        .flatMap((k) => k.body.entry.flatMap((e: any) => e.changes.flatMap((c: any) => c.value?.statuses ?? [])))
        .filter((s: any) => s.id === wamid);
    },
    inboundHook(wamid) {
      return eventually(async () => hooks.find((k) => valueOf(k.body).messages?.some((m: any) => m.id === wamid)));
    },
    async close() {
      await sim.close();
      receiver.closeAllConnections();
      await new Promise<void>((r) => receiver.close(() => r()));
    },
  };
  await h.config({ deliveryDelaysMs: { sent: 10, delivered: 20, read: 30 }, reviewDelayMs: 20, ...config });
  return h;
}

/** A text send body to `to`. */
export const textTo = (to: string, extra: Record<string, unknown> = {}) => ({
  messaging_product: 'whatsapp',
  recipient_type: 'individual',
  to,
  type: 'text',
  text: { preview_url: false, body: 'hi' },
  ...extra,
});
