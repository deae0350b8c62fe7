/**
 * A Cloud API client as the facade's tests drive it, on whatsapp-api-js's own code unchanged: its
 * calls pointed at the service's `/graph` (`facadeClient`, docs/api.md §D34), and its webhook
 * receiver over real HTTP (`startApp`: `get()` answers the verification handshake, `post()`
 * verifies `X-Hub-Signature-256` and parses, docs/api.md §D35), answering as a test scripts it and
 * keeping what it took, registered as a `cloud_api` endpoint by `registerApp`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WhatsAppAPI } from 'whatsapp-api-js';
import type { Harness } from './harness.js';

/** One update a receiver took: what whatsapp-api-js handed its handler, or the raw body it verified. */
export interface Update {
  kind: 'message' | 'status' | 'other';
  field: string;
  value: any;
  args?: any;
}

export interface App {
  url: string;
  verifyToken: string;
  appSecret: string;
  updates: Update[];
  /** Bodies whose signature whatsapp-api-js refused. */
  refused: number;
  /** Answers for the next POSTs, in order; then 200. */
  script: number[];
  posts: number;
  close(): Promise<void>;
}

/** A receiver on whatsapp-api-js (`echo`: what the handshake answers instead of the challenge). */
export async function startApp(name: string, echo?: string): Promise<App> {
  const app: App = {
    url: '',
    verifyToken: `verify-${name}`,
    appSecret: `secret-${name}-${'x'.repeat(24)}`,
    updates: [],
    refused: 0,
    script: [],
    posts: 0,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const api = new WhatsAppAPI({
    token: 'unused',
    appSecret: app.appSecret,
    webhookVerifyToken: app.verifyToken,
    v: 'v25.0',
  });
  // What the handlers got for the POST being answered: kept only when it is answered 200.
  let taken: Update[] = [];
  const value = (args: any) => args.raw.entry[0].changes[0].value;
  api.on.message = (args) => void taken.push({ kind: 'message', field: 'messages', value: value(args), args });
  api.on.status = (args) => void taken.push({ kind: 'status', field: 'messages', value: value(args), args });
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const url = new URL(req.url!, 'http://x');
      if (req.method === 'GET') {
        try {
          const challenge = api.get(Object.fromEntries(url.searchParams) as any);
          res.writeHead(200).end(echo ?? challenge);
        } catch {
          res.writeHead(403).end();
        }
        return;
      }
      app.posts++;
      const raw = Buffer.concat(chunks).toString();
      const data = JSON.parse(raw);
      const status = app.script.shift() ?? 200;
      taken = [];
      try {
        await api.post(data, raw, req.headers['x-hub-signature-256'] as string);
      } catch (err) {
        if (/Signature doesn't match/.test((err as Error).message)) {
          app.refused++;
          res.writeHead(401).end();
          return;
        }
        // Verified, but a field whatsapp-api-js has no handler for (the template updates).
        const change = data.entry[0].changes[0];
        taken = [{ kind: 'other', field: change.field, value: change.value }];
      }
      if (status === 200) app.updates.push(...taken);
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  app.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`;
  return app;
}

/**
 * whatsapp-api-js as a client's code uses it, changed only in its token (a Tidings key) and where
 * its fetch goes: the library always calls `https://graph.facebook.com`, rewritten to `<service>/graph`.
 */
export function facadeClient(h: Harness, token: string, appSecret = 'not-used-by-calls'): WhatsAppAPI {
  return new WhatsAppAPI({
    token,
    appSecret,
    v: 'v25.0',
    ponyfill: {
      fetch: ((url: string | URL, init?: RequestInit) =>
        fetch(String(url).replace('https://graph.facebook.com', `${h.url}/graph`), init)) as typeof fetch,
    },
  });
}

/** Registers `app` as a Cloud API app of the key's number (`POST /v1/webhook_endpoints`, format `cloud_api`). */
export function registerApp(h: Harness, app: App, key = h.account.liveKey) {
  return h.api('POST', '/v1/webhook_endpoints', {
    key,
    body: { url: app.url, events: ['*'], format: 'cloud_api', verifyToken: app.verifyToken, appSecret: app.appSecret },
  });
}
