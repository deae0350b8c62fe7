/**
 * Customers' files downloaded safely (issue 23, items 1 and 2; docs/platform.md §3.1,
 * docs/api.md §D14): the account's token goes only to the platform's media hosts over https (through the
 * address guard) or to the configured Graph base's own origin, never along a redirect; a download
 * has a deadline from its size limit, one account's slow files never hold every slot, a copy of a
 * job does nothing once the file is settled, and the oldest pending download is measured.
 *
 * The service talks to the real simulator through a Graph stand-in (graph-proxy.ts) that passes
 * everything on, except what a scenario changes: a lookup answering an attacker's URL, a file that
 * drips in. The attacker's host records every connection made to it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { buildDeps, type Deps, type DepsOverrides } from '../src/deps.js';
import type { InboundMessage } from '../src/messages/schemas/message.schemas.js';
import { startGraphProxy, startRecorder, type GraphProxy, type Recorder } from './graph-proxy.js';
import { startHarness, type Harness } from './harness.js';
import { eventually } from './helpers.js';
import { Scrape } from './prometheus-text.js';
import { ALLOW_PRIVATE, FAST_POLICY, startReceiver, type Receiver } from './receiver.js';

const JOB = 'media.download_inbound';
const IMAGE = Buffer.alloc(4096, 7);

/** The service under test: built on the harness's database, its Graph base the stand-in; the harness's own workers rest. */
interface Service {
  deps: Deps;
  app: FastifyInstance;
  close(): Promise<void>;
}

async function serviceThrough(
  h: Harness,
  proxy: GraphProxy,
  overrides: Pick<DepsOverrides, 'inboundMediaPolicy'>,
): Promise<Service> {
  await h.deps.stopBackground();
  const deps = await buildDeps(loadConfig(h.env), {
    logger: pino({ level: 'silent' }),
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
async function subscribed(h: Harness, receivers: Receiver[], name: string) {
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
async function imageTo(h: Harness, phoneNumberId: string): Promise<{ wamid: string; mediaId: string }> {
  const sent = await h.customerSends(
    '+16505551234',
    { type: 'image', image: { data: IMAGE.toString('base64'), mimeType: 'image/jpeg' } },
    phoneNumberId,
  );
  return sent as { wamid: string; mediaId: string };
}

async function receivedEvent(receiver: Receiver, wamid: string, timeoutMs = 10_000): Promise<InboundMessage> {
  const event = await eventually(
    async () =>
      receiver.received.find((r) => r.type === 'message.received' && r.body.data.object.platformMessageId === wamid),
    timeoutMs,
  );
  return event.body.data.object as InboundMessage;
}

const media = (m: InboundMessage) => [m.media!.status, m.media!.failureReason];

describe('where a media download takes the access token', () => {
  let h: Harness;
  let proxy: GraphProxy;
  let service: Service;
  let attacker: Recorder;
  const receivers: Receiver[] = [];
  before(async () => {
    // `localhost` is a media host here, so what keeps the token from it is the scheme or the address guard.
    h = await startHarness({ env: { ...ALLOW_PRIVATE, PLATFORM_MEDIA_HOSTS: 'lookaside.fbsbx.com,localhost' } });
    proxy = await startGraphProxy(h.simUrl);
    service = await serviceThrough(h, proxy, { inboundMediaPolicy: { retryDelaysMs: [30] } });
    attacker = await startRecorder();
  });
  after(async () => {
    for (const r of receivers) await r.close();
    await service?.close();
    await proxy?.close();
    await attacker?.close();
    await h?.close();
  });

  it("follows a URL on the configured Graph base's own origin (the simulator's, over http on loopback)", async () => {
    const { account, receiver } = await subscribed(h, receivers, 'Plain');
    const sent = await imageTo(h, account.phoneNumberId);
    const object = await receivedEvent(receiver, sent.wamid);
    assert.deepEqual(media(object), ['stored', null]);
    assert.equal(proxy.downloads.get(sent.mediaId), 1);
  });

  const attacks: Array<[string, (port: number) => string]> = [
    ['a host that is not a media host', (port) => `http://127.0.0.1:${port}/whatsapp_business/attachments/?mid=1`],
    [
      "the Graph base's host on another port",
      (port) => `http://127.0.0.1:${port}/v23.0/whatsapp_business/attachments/?mid=2`,
    ],
    ['http: on a media host', (port) => `http://localhost:${port}/whatsapp_business/attachments/?mid=3`],
    [
      'a media host whose name resolves to a private address (the address guard)',
      (port) => `https://localhost:${port}/whatsapp_business/attachments/?mid=4`,
    ],
  ];
  for (const [what, urlAt] of attacks) {
    it(`never connects to ${what}: the file fails at once with media_download_failed`, async () => {
      const { account, receiver, token } = await subscribed(h, receivers, 'Target');
      const before = { connections: attacker.connections, requests: attacker.requests.length };
      proxy.lookup = (_id, caller) => (caller === token ? urlAt(attacker.port) : undefined);
      try {
        const sent = await imageTo(h, account.phoneNumberId);
        const object = await receivedEvent(receiver, sent.wamid);
        const reached = attacker.requests.slice(before.requests).map((r) => r.headers.authorization);
        assert.deepEqual(
          [attacker.connections - before.connections, reached],
          [0, []],
          "nothing reached the attacker's host (connections, Authorization headers)",
        );
        assert.deepEqual(media(object), ['failed', 'media_download_failed']);
        assert.equal(proxy.lookups.get(sent.mediaId), 1, 'refused for good at the first attempt');
      } finally {
        proxy.lookup = () => undefined;
      }
    });
  }

  it('does not follow a redirect from the media URL', async () => {
    const { account, receiver, token } = await subscribed(h, receivers, 'Redirected');
    const before = attacker.connections;
    proxy.download = (_id, caller) =>
      caller === token ? { redirectTo: `http://127.0.0.1:${attacker.port}/steal` } : undefined;
    try {
      const sent = await imageTo(h, account.phoneNumberId);
      assert.deepEqual(media(await receivedEvent(receiver, sent.wamid)), ['failed', 'media_download_failed']);
    } finally {
      proxy.download = () => undefined;
    }
    assert.equal(attacker.connections - before, 0);
  });
});

describe('slow files', () => {
  let h: Harness;
  let proxy: GraphProxy;
  let service: Service;
  const receivers: Receiver[] = [];
  before(async () => {
    h = await startHarness({ env: ALLOW_PRIVATE });
    proxy = await startGraphProxy(h.simUrl);
    // Deadlines of seconds: 4 s, plus 5 MB (an image's limit) at 5 MB/s at least. One attempt.
    service = await serviceThrough(h, proxy, {
      inboundMediaPolicy: {
        retryDelaysMs: [],
        deadlineFloorMs: 4000,
        minBytesPerSecond: 5 * 1024 * 1024,
        settledCheckMs: 200,
      },
    });
  });
  after(async () => {
    for (const r of receivers) await r.close();
    proxy?.cutDrips();
    await service?.close();
    await proxy?.close();
    await h?.close();
  });

  it('ends a download that drips at its deadline: the file fails with media_download_failed, once, and the connection is cut', async () => {
    const { account, receiver, token } = await subscribed(h, receivers, 'Dripping');
    proxy.download = (_id, caller) => (caller === token ? { dripEveryMs: 100 } : undefined);
    try {
      const started = Date.now();
      const sent = await imageTo(h, account.phoneNumberId);
      const object = await receivedEvent(receiver, sent.wamid, 15_000);
      assert.deepEqual(media(object), ['failed', 'media_download_failed']);
      const took = Date.now() - started;
      assert.ok(took >= 4500 && took < 9000, `failed after ${took} ms, at the 5 s deadline`);
      await eventually(async () => !proxy.dripping.has(sent.mediaId));
      assert.equal(proxy.downloads.get(sent.mediaId), 1, 'downloaded once');
    } finally {
      proxy.download = () => undefined;
      proxy.cutDrips();
    }
  });

  it("leaves download slots to other accounts while one account's files drip, and measures the oldest pending download", async () => {
    const hog = await subscribed(h, receivers, 'Hog');
    const other = await subscribed(h, receivers, 'Other');
    proxy.download = (_id, caller) => (caller === hog.token ? { dripEveryMs: 100 } : undefined);
    try {
      // Four dripping files: as many as there are slots.
      const hogs = [];
      for (let i = 0; i < 4; i++) hogs.push(await imageTo(h, hog.account.phoneNumberId));
      await eventually(async () => proxy.dripping.size >= 2);
      const sent = await imageTo(h, other.account.phoneNumberId);
      const object = await receivedEvent(other.receiver, sent.wamid, 3000);
      assert.deepEqual(media(object), ['stored', null]);
      assert.equal(proxy.dripping.size, 2, 'the hog holds two slots of four (MEDIA_DOWNLOAD_ACCOUNT_LIMIT), not all');
      await new Promise((r) => setTimeout(r, 1100));
      const pending = new Scrape((await service.deps.metrics.scrape()).text);
      assert.ok(
        pending.one('tidings_media_download_oldest_pending_seconds') >= 1,
        'the oldest pending download is over a second old',
      );
      for (const { wamid } of hogs)
        assert.equal((await receivedEvent(hog.receiver, wamid, 15_000)).media!.status, 'failed');
      assert.equal(
        new Scrape((await service.deps.metrics.scrape()).text).one('tidings_media_download_oldest_pending_seconds'),
        0,
      );
    } finally {
      proxy.download = () => undefined;
      proxy.cutDrips();
    }
  });

  it('does nothing for a copy of a job whose file is settled, and stops a download once another copy settled its message', async () => {
    const { account, receiver, token } = await subscribed(h, receivers, 'Copies');
    const copy = async (sent: { mediaId: string }, inboundMessageId: string) => {
      const payload = {
        inboundMessageId,
        accountId: account.id,
        phoneNumberId: account.phoneNumberId,
        platformMediaId: sent.mediaId,
        kind: 'image',
        mimeType: 'image/jpeg',
        sha256: null,
        filename: null,
        attempt: 1,
      };
      await service.deps.store.write((tx) =>
        service.deps.jobs.enqueue(tx, [{ type: JOB, payload, runAt: Date.now() }]),
      );
      service.deps.jobs.wake(JOB);
    };
    const stored = await imageTo(h, account.phoneNumberId);
    const first = await receivedEvent(receiver, stored.wamid);
    assert.deepEqual(media(first), ['stored', null]);
    await copy(stored, first.id);
    await eventually(async () => (await service.deps.jobs.pending(JOB)) === 0);
    assert.deepEqual(
      [proxy.lookups.get(stored.mediaId), proxy.downloads.get(stored.mediaId)],
      [1, 1],
      'the copy asked the platform nothing',
    );

    // The first download drips; a copy of its job downloads the file at once and settles the message.
    proxy.download = (_id, caller, nth) => (caller === token && nth === 1 ? { dripEveryMs: 100 } : undefined);
    try {
      const slow = await imageTo(h, account.phoneNumberId);
      await eventually(async () => proxy.dripping.has(slow.mediaId));
      const message = await eventually(
        async () =>
          (
            await h.api<InboundMessage>('GET', `/v1/inbound_messages/${encodeURIComponent(slow.wamid)}`, {
              key: account.liveKey,
            })
          ).body,
      );
      const started = Date.now();
      await copy(slow, message.id);
      assert.deepEqual(media(await receivedEvent(receiver, slow.wamid)), ['stored', null]);
      await eventually(async () => !proxy.dripping.has(slow.mediaId));
      assert.ok(Date.now() - started < 3000, 'the dripping download stopped well before its deadline');
      assert.equal(
        (await h.api('GET', '/v1/media', { key: account.liveKey })).body.data.length,
        2,
        'one file per message',
      );
    } finally {
      proxy.download = () => undefined;
      proxy.cutDrips();
    }
  });
});
