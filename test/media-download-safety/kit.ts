/**
 * What the cases of media-download-safety.test.ts share: the service under test built on the
 * harness's database with the Graph stand-in (graph-proxy.ts) as its Graph base, an account
 * subscribed to `message.received`, a customer's image, and the event that tells how its file ended.
 */
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { buildDeps, type Deps, type DepsOverrides } from '../../src/deps.js';
import type { InboundMessage } from '../../src/messages/schemas/message.schemas.js';
import type { GraphProxy } from '../graph-proxy.js';
import type { Harness } from '../harness.js';
import { eventually } from '../helpers.js';
import { FAST_POLICY, startReceiver, type Receiver } from '../receiver.js';

export const JOB = 'media.download_inbound';
const IMAGE = Buffer.alloc(4096, 7);

/** The service under test: built on the harness's database, its Graph base the stand-in; the harness's own workers rest. */
export interface Service {
  deps: Deps;
  app: FastifyInstance;
  close(): Promise<void>;
}

export async function serviceThrough(
  h: Harness,
  proxy: GraphProxy,
  overrides: Pick<DepsOverrides, 'inboundMediaPolicy'>,
  logger: Logger = pino({ level: 'silent' }),
): Promise<Service> {
  await h.deps.stopBackground();
  const deps = await buildDeps(loadConfig(h.env), {
    logger,
    graphUrl: `${proxy.url}/v23.0`,
    deliveryPolicy: FAST_POLICY,
    ...overrides,
  });
  const app = await buildApp(deps);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  await deps.startBackground();
  h.sim.setWebhookUrl(`${address}/platform/whatsapp/webhook`);
  return {
    deps,
    app,
    async close() {
      deps.lifecycle.draining = true;
      await app.close();
      await deps.close();
    },
  };
}

/** A fresh account subscribed to `message.received`, with its platform token (what the stand-in sees). */
export async function subscribed(h: Harness, receivers: Receiver[], name: string) {
  const account = await h.newAccount(name);
  const receiver = await startReceiver();
  receivers.push(receiver);
  const res = await h.api('POST', '/v1/webhook_endpoints', {
    key: account.liveKey,
    body: { url: receiver.url, events: ['message.received'] },
  });
  assert.equal(res.status, 201, res.text);
  receiver.secrets = [res.body.secret];
  const { accessToken } = await h.deps.accounts.credentialsForAccount(account.id);
  return { account, receiver, token: accessToken };
}

/** A customer sends the account's number an image through the simulator. */
export async function imageTo(h: Harness, phoneNumberId: string): Promise<{ wamid: string; mediaId: string }> {
  const sent = await h.customerSends(
    '+16505551234',
    { type: 'image', image: { data: IMAGE.toString('base64'), mimeType: 'image/jpeg' } },
    phoneNumberId,
  );
  return sent as { wamid: string; mediaId: string };
}

export async function receivedEvent(receiver: Receiver, wamid: string, timeoutMs = 10_000): Promise<InboundMessage> {
  const event = await eventually(
    async () =>
      receiver.received.find((r) => r.type === 'message.received' && r.body.data.object.platformMessageId === wamid),
    timeoutMs,
  );
  return event.body.data.object as InboundMessage;
}

export const media = (m: InboundMessage) => [m.media!.status, m.media!.failureReason];

/** A line the service logged (pino's JSON). */
export type LogLine = Record<string, any>;

/** A logger that keeps every line at `info` and above in `lines`. */
export const keptLogger = (lines: LogLine[]): Logger =>
  pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });

/** What the service logged about the download of customer message `inboundMessageId`'s file. */
export const logsAbout = (lines: LogLine[], inboundMessageId: string) =>
  lines.filter((l) => l.inboundMessageId === inboundMessageId && String(l.msg).startsWith('customer media'));
