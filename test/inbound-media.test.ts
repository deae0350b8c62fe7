/**
 * Customers' files (docs/api.md §D14): downloaded from the platform (the simulator, over HTTP) by a
 * durable job, checked against the webhook's SHA-256, kept as `med_` files with `source: "inbound"`;
 * `message.received` waits for the file; `GET /v1/media/{id}/content` streams any file, with ranges.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Media } from '../src/media/media.schemas.js';
import type { InboundMessage } from '../src/messages/schemas/message.schemas.js';
import { uploaded } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { eventually, ROOT } from './helpers.js';
import { ALLOW_PRIVATE, FAST_POLICY, startReceiver, type Receiver } from './receiver.js';

const sample = (name: string) => fs.readFileSync(path.join(ROOT, 'test/fixtures/media', name));
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
type Account = Harness['account'];

/** A registered endpoint for `message.received` on a fresh account, and its receiver. */
async function subscribed(h: Harness, receivers: Receiver[]): Promise<{ account: Account; receiver: Receiver }> {
  const account = await h.newAccount('Files');
  const receiver = await startReceiver();
  receivers.push(receiver);
  const res = await h.api('POST', '/v1/webhook_endpoints', {
    key: account.liveKey,
    body: { url: receiver.url, events: ['message.received'] },
  });
  assert.equal(res.status, 201, res.text);
  receiver.secrets = [res.body.secret];
  return { account, receiver };
}

/** A customer sends a file through the simulator; resolves once the service took the webhook. */
async function customerSends(
  h: Harness,
  account: Account,
  type: string,
  file: { data: Buffer; mimeType: string; caption?: string; filename?: string },
) {
  const body = await h.customerSends(
    '+16505551234',
    { type, [type]: { ...file, data: file.data.toString('base64') } },
    account.phoneNumberId,
  );
  assert.equal(body.webhook, 'delivered');
  return body as typeof body & { mediaId: string };
}

/** The `message.received` event of `wamid`, once delivered (verified with the endpoint's secret). */
async function receivedEvent(receiver: Receiver, wamid: string): Promise<InboundMessage> {
  const event = await eventually(async () =>
    receiver.received.find((r) => r.type === 'message.received' && r.body.data.object.platformMessageId === wamid),
  );
  assert.equal(event.verifiedWith.length, 1);
  return event.body.data.object as InboundMessage;
}

describe('files customers send', () => {
  let h: Harness;
  const receivers: Receiver[] = [];
  before(async () => {
    h = await startHarness({
      env: ALLOW_PRIVATE,
      deps: { deliveryPolicy: FAST_POLICY, inboundMediaPolicy: { retryDelaysMs: [30, 30, 30, 30] } },
    });
  });
  after(async () => {
    for (const r of receivers) await r.close();
    await h.close();
  });

  it('downloads an image, checks it, and names the stored file in the message and its event; the content streams back', async () => {
    const { account, receiver } = await subscribed(h, receivers);
    const data = sample('sample.jpg');
    const sent = await customerSends(h, account, 'image', { data, mimeType: 'image/jpeg', caption: 'My receipt' });
    const object = await receivedEvent(receiver, sent.wamid);
    assert.match(object.media!.id!, /^med_/);
    assert.deepEqual(
      { ...object.media, id: null },
      {
        id: null,
        status: 'stored',
        failureReason: null,
        platformMediaId: sent.mediaId,
        mimeType: 'image/jpeg',
        sha256: createHash('sha256').update(data).digest('base64'),
        filename: null,
      },
    );
    assert.equal(object.text, 'My receipt');
    // The message reads as its event carried it.
    assert.deepEqual((await h.api('GET', `/v1/inbound_messages/${object.id}`, { key: account.liveKey })).body, object);

    const media = await h.api<Media>('GET', `/v1/media/${object.media!.id}`, { key: account.liveKey });
    assert.equal(media.status, 200, media.text);
    assert.deepEqual(
      { ...media.body, createdAt: null },
      {
        id: object.media!.id,
        filename: 'image.jpg',
        mimeType: 'image/jpeg',
        sizeBytes: data.length,
        source: 'inbound',
        createdAt: null,
      },
    );
    const listed = await h.api('GET', '/v1/media', { key: account.liveKey });
    assert.deepEqual(
      listed.body.data.map((m: Media) => [m.id, m.source]),
      [[object.media!.id, 'inbound']],
    );

    const content = await h.app.inject({
      method: 'GET',
      url: `/v1/media/${object.media!.id}/content`,
      headers: { 'x-api-key': account.liveKey },
    });
    assert.equal(content.statusCode, 200);
    assert.ok(content.rawPayload.equals(data), 'byte-identical');
    assert.deepEqual(
      [
        content.headers['content-type'],
        content.headers['content-length'],
        content.headers.etag,
        content.headers['accept-ranges'],
        content.headers['x-content-type-options'],
      ],
      ['image/jpeg', String(data.length), `"${sha256(data)}"`, 'bytes', 'nosniff'],
    );
  });

  it('serves byte ranges (206 with Content-Range), suffix ranges, If-Range, HEAD, and 416 beyond the file', async () => {
    const data = sample('sample.pdf');
    const file = await uploaded(h, 'sample.pdf', 'application/pdf');
    assert.equal(file.source, 'upload');
    const get = (headers: Record<string, string>, method: 'GET' | 'HEAD' = 'GET') =>
      h.app.inject({
        method,
        url: `/v1/media/${file.id}/content`,
        headers: { 'x-api-key': h.account.liveKey, ...headers },
      });

    const whole = await get({});
    assert.deepEqual([whole.statusCode, whole.headers['content-type']], [200, 'application/pdf']);
    assert.ok(whole.rawPayload.equals(data));

    const part = await get({ range: 'bytes=10-29' });
    assert.deepEqual(
      [part.statusCode, part.headers['content-range'], part.headers['content-length']],
      [206, `bytes 10-29/${data.length}`, '20'],
    );
    assert.ok(part.rawPayload.equals(data.subarray(10, 30)), 'exactly bytes 10 to 29');

    const tail = await get({ range: 'bytes=-7' });
    assert.deepEqual(
      [tail.statusCode, tail.headers['content-range']],
      [206, `bytes ${data.length - 7}-${data.length - 1}/${data.length}`],
    );
    assert.ok(tail.rawPayload.equals(data.subarray(data.length - 7)));

    const open = await get({ range: `bytes=${data.length - 3}-` });
    assert.equal(open.statusCode, 206);
    assert.ok(open.rawPayload.equals(data.subarray(data.length - 3)));

    const beyondEnd = await get({ range: 'bytes=0-999999999' });
    assert.deepEqual(
      [beyondEnd.statusCode, beyondEnd.headers['content-range']],
      [206, `bytes 0-${data.length - 1}/${data.length}`],
    );

    const unsatisfiable = await get({ range: `bytes=${data.length}-` });
    assert.equal(unsatisfiable.statusCode, 416);
    assert.equal(unsatisfiable.headers['content-range'], `bytes */${data.length}`);
    assert.equal(JSON.parse(unsatisfiable.body).error.code, 'range_not_satisfiable');

    // A range for another version of the file (If-Range with another ETag) gets the whole file.
    const stale = await get({ range: 'bytes=0-9', 'if-range': '"0000"' });
    assert.equal(stale.statusCode, 200);
    assert.ok(stale.rawPayload.equals(data));
    const fresh = await get({ range: 'bytes=0-9', 'if-range': `"${sha256(data)}"` });
    assert.equal(fresh.statusCode, 206);

    const head = await get({}, 'HEAD');
    assert.deepEqual(
      [head.statusCode, head.headers['content-length'], head.headers.etag, head.rawPayload.length],
      [200, String(data.length), `"${sha256(data)}"`, 0],
    );
  });

  it('retries a download that fails, asking for a fresh URL each time, and stores the file', async () => {
    const { account, receiver } = await subscribed(h, receivers);
    await h.simulatorConfig({ mediaDownloadFailures: 2 });
    const data = sample('sample.ogg');
    const sent = await customerSends(h, account, 'audio', { data, mimeType: 'audio/ogg' });
    const object = await receivedEvent(receiver, sent.wamid);
    assert.equal(h.sim.state.config.mediaDownloadFailures, 0, 'both failures were met');
    assert.deepEqual([object.media!.status, object.media!.failureReason], ['stored', null]);
    const content = await h.app.inject({
      method: 'GET',
      url: `/v1/media/${object.media!.id}/content`,
      headers: { 'x-api-key': account.liveKey },
    });
    assert.ok(content.rawPayload.equals(data));
    assert.equal(content.headers['content-type'], 'audio/ogg');
  });

  it('gives up after five attempts: the file fails with media_download_failed and the event carries it', async () => {
    const { account, receiver } = await subscribed(h, receivers);
    await h.simulatorConfig({ mediaDownloadFailures: 8 });
    try {
      const sent = await customerSends(h, account, 'document', {
        data: sample('sample.pdf'),
        mimeType: 'application/pdf',
        filename: 'invoice.pdf',
      });
      const object = await receivedEvent(receiver, sent.wamid);
      assert.deepEqual(
        [object.media!.id, object.media!.status, object.media!.failureReason, object.media!.filename],
        [null, 'failed', 'media_download_failed', 'invoice.pdf'],
      );
      assert.equal(h.sim.state.config.mediaDownloadFailures, 3, 'five attempts');
      assert.deepEqual((await h.api('GET', '/v1/media', { key: account.liveKey })).body.data, []);
    } finally {
      await h.simulatorConfig({ mediaDownloadFailures: 0 });
    }
  });

  it("fails a file whose SHA-256 is not the webhook's (media_hash_mismatch), keeping nothing", async () => {
    const { account, receiver } = await subscribed(h, receivers);
    const genuine = await customerSends(h, account, 'image', { data: sample('sample.png'), mimeType: 'image/png' });
    await receivedEvent(receiver, genuine.wamid);
    // The same platform file, announced with another file's hash.
    const wamid = `wamid.mismatch.${account.id}`;
    const res = await h.platformWebhook({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'waba',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550001111', phone_number_id: account.phoneNumberId },
                contacts: [{ profile: { name: 'Maria' }, wa_id: '16505551234' }],
                messages: [
                  {
                    from: '16505551234',
                    id: wamid,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    type: 'image',
                    image: {
                      mime_type: 'image/png',
                      sha256: createHash('sha256').update('another file').digest('base64'),
                      id: genuine.mediaId,
                    },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    assert.equal(res.status, 200);
    const object = await receivedEvent(receiver, wamid);
    assert.deepEqual(
      [object.media!.id, object.media!.status, object.media!.failureReason],
      [null, 'failed', 'media_hash_mismatch'],
    );
    assert.deepEqual((await h.api('GET', `/v1/inbound_messages/${object.id}`, { key: account.liveKey })).body, object);
    assert.equal(
      (await h.api('GET', '/v1/media', { key: account.liveKey })).body.data.length,
      1,
      'only the genuine file',
    );
  });

  it("refuses a file over the platform's limit for its kind (media_too_large)", async () => {
    const { account, receiver } = await subscribed(h, receivers);
    // A sticker is at most 500 KB (docs/platform.md §3).
    const sent = await customerSends(h, account, 'sticker', {
      data: Buffer.alloc(600 * 1024, 1),
      mimeType: 'image/webp',
    });
    const object = await receivedEvent(receiver, sent.wamid);
    assert.deepEqual(
      [object.media!.id, object.media!.status, object.media!.failureReason],
      [null, 'failed', 'media_too_large'],
    );
  });

  it("keeps another account's file and the other mode's out of reach (404)", async () => {
    const { account, receiver } = await subscribed(h, receivers);
    const sent = await customerSends(h, account, 'image', { data: sample('sample.png'), mimeType: 'image/png' });
    const { media } = await receivedEvent(receiver, sent.wamid);
    const other = await h.newAccount('Someone else');
    for (const key of [other.liveKey, account.testKey]) {
      for (const url of [`/v1/media/${media!.id}/content`, `/v1/media/${media!.id}`]) {
        const res = await h.api('GET', url, { key });
        assert.deepEqual([res.status, res.body.error.code], [404, 'media_not_found'], url);
      }
    }
    assert.equal((await h.api('GET', `/v1/media/${media!.id}/content`, { key: account.liveKey })).status, 200);
  });
});

describe('message.received waits for the file', () => {
  let h: Harness;
  const receivers: Receiver[] = [];
  before(async () => {
    // The second attempt is ten minutes away: the file stays pending for the whole test.
    h = await startHarness({
      env: ALLOW_PRIVATE,
      deps: { deliveryPolicy: FAST_POLICY, inboundMediaPolicy: { retryDelaysMs: [600_000] } },
    });
  });
  after(async () => {
    for (const r of receivers) await r.close();
    await h.close();
  });

  it('the message reads at once with the file pending, and no event goes out before the file is settled', async () => {
    const { account, receiver } = await subscribed(h, receivers);
    await h.simulatorConfig({ mediaDownloadFailures: 1 });
    const sent = await customerSends(h, account, 'image', { data: sample('sample.jpg'), mimeType: 'image/jpeg' });
    // A text sent after it is told at once.
    const text = await fetch(`${h.simUrl}/_simulator/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: '+16505551234', to: account.phoneNumberId, text: 'did you get it?' }),
    });
    const { wamid: textWamid } = (await text.json()) as { wamid: string };
    await receivedEvent(receiver, textWamid);
    // The first attempt has run (and failed): the next is far away.
    await eventually(async () => h.sim.state.config.mediaDownloadFailures === 0);
    const message = await h.api<InboundMessage>('GET', `/v1/inbound_messages/${encodeURIComponent(sent.wamid)}`, {
      key: account.liveKey,
    });
    assert.equal(message.status, 200, message.text);
    assert.deepEqual(
      [message.body.media!.id, message.body.media!.status, message.body.media!.failureReason],
      [null, 'pending', null],
    );
    await eventually(async () => (await h.deps.jobs.pending('media.download_inbound')) === 1);
    const events = await h.api('GET', '/v1/events?type=message.received', { key: account.liveKey });
    assert.deepEqual(
      events.body.data.map((e: { data: { object: InboundMessage } }) => e.data.object.platformMessageId),
      [textWamid],
      'no event for the pending file',
    );
  });
});
