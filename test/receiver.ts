/**
 * A customer's webhook receiver over real HTTP: it verifies every delivery's signature with the
 * `standardwebhooks` library (as a customer would) and answers as a test scripts it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  id: string;
  type: string;
  body: any;
  raw: string;
  headers: http.IncomingHttpHeaders;
  /** The secrets (of `receiver.secrets`) whose signature verified. */
  verifiedWith: string[];
  /** The status this receiver answered. */
  answered: number;
}

export interface Receiver {
  url: string;
  /** Secrets to verify with; a delivery counts as verified when at least one of them verifies. */
  secrets: string[];
  received: Received[];
  /** Answers for the next requests, in order (a status, or `hang` to never answer); then 200. */
  script: Array<number | 'hang'>;
  /** Answer bodies are this long (to check the 1 KB kept per attempt). */
  bodyLength: number;
  /** Delay before answering each request, ms. */
  delayMs: number;
  /** Ids of events answered 2xx, with how many times each. */
  succeeded(): Map<string, number>;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const hanging = new Set<http.ServerResponse>();
  const receiver: Receiver = {
    url: '',
    secrets: [],
    received: [],
    script: [],
    bodyLength: 2,
    delayMs: 0,
    succeeded() {
      const out = new Map<string, number>();
      for (const r of receiver.received)
        if (r.answered >= 200 && r.answered < 300) out.set(r.id, (out.get(r.id) ?? 0) + 1);
      return out;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const headers = req.headers as Record<string, string>;
      const verifiedWith = receiver.secrets.filter((secret) => {
        try {
          new Webhook(secret).verify(raw, headers);
          return true;
        } catch {
          return false;
        }
      });
      const next = receiver.script.shift() ?? 200;
      let body: any;
      try {
        body = JSON.parse(raw);
      } catch {
        body = undefined;
      }
      const record: Received = {
        id: String(headers['webhook-id']),
        type: body?.type,
        body,
        raw,
        headers: req.headers,
        verifiedWith,
        answered: next === 'hang' ? 0 : next,
      };
      receiver.received.push(record);
      if (next === 'hang') {
        hanging.add(res);
        return;
      }
      setTimeout(() => {
        res.writeHead(next, { 'content-type': 'text/plain' });
        res.end('x'.repeat(receiver.bodyLength));
      }, receiver.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}

/** Event delivery with short delays, so retries happen in tens of milliseconds. */
export const FAST_POLICY = { retryDelaysMs: [40, 40, 40, 40, 40, 40], disableAfterMs: 60_000, timeoutMs: 1000 };
/** Receivers listen on 127.0.0.1 over http: the service must allow such endpoint URLs. */
export const ALLOW_PRIVATE = { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' };
