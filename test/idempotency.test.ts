/**
 * Idempotency keys (docs/api.md §D4, revised): what had an effect is stored and replayed; a refusal
 * that changed nothing is not, so the retry made once its reason is gone runs; a retried upload
 * stores one record and one file; a route with and without its trailing slash is one route.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness } from './harness.js';
import { eventually, ROOT } from './helpers.js';
import { multipart } from './multipart.js';
import { tempUploads } from './factories.js';

describe('idempotency keys', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(() => h.close());

  const send = (to: string, key: string, extra: Record<string, unknown> = {}, url = '/v1/messages/') =>
    h.api('POST', url, {
      body: { to, type: 'text', text: 'Your order 1042 has shipped.', ...extra },
      headers: { 'idempotency-key': key },
    });

  it('does not replay a refusal that changed nothing: the retry runs once the reason is gone, and its success is replayed', async () => {
    const customer = '+16505557001';
    const refused = await send(customer, 'order-1042-shipped');
    assert.deepEqual([refused.status, refused.body.error.code], [409, 'outside_customer_window']);

    await h.customerWrites(customer, 'Where is my order?');
    const accepted = await send(customer, 'order-1042-shipped');
    assert.equal(accepted.status, 201);
    assert.equal(accepted.headers['idempotent-replayed'], undefined);

    const replayed = await send(customer, 'order-1042-shipped');
    assert.equal(replayed.status, 201);
    assert.equal(replayed.headers['idempotent-replayed'], 'true');
    assert.equal(replayed.text, accepted.text);
    const listed = await h.api('GET', `/v1/messages?to=${encodeURIComponent(customer)}&limit=100`);
    assert.equal(listed.body.data.length, 1, 'one message, however often the request was made');
  });

  it('does not store a validation refusal: the corrected request may use the same key', async () => {
    const customer = '+16505557002';
    await h.customerWrites(customer);
    const invalid = await send(customer, 'fix-and-retry', { text: '' });
    assert.equal(invalid.status, 400);
    const fixed = await send(customer, 'fix-and-retry', { text: 'Fixed text' });
    assert.equal(fixed.status, 201);
    assert.equal(fixed.body.text, 'Fixed text');
  });

  it('answers 409 idempotency_request_in_progress while the first request with a key runs', async () => {
    // A template submission waits for the platform; a slower platform keeps the first request running.
    await h.simulatorConfig({ latencyMs: 400 });
    try {
      const key = `slow-${Date.now()}`;
      const create = () =>
        h.api('POST', '/v1/templates/', {
          body: { name: 'slow_submission', category: 'UTILITY', language: 'en_US', body: 'Your order shipped.' },
          headers: { 'idempotency-key': key },
        });
      const first = create();
      // The second request comes while the first holds the key (its row says running).
      await eventually(
        async () =>
          (
            await h.deps.store.read
              .selectFrom('idempotency_keys')
              .select('state')
              .where('key', '=', key)
              .executeTakeFirst()
          )?.state === 'running',
      );
      const b = await create();
      const a = await first;
      assert.equal(a.status, 201, a.text);
      assert.deepEqual(
        [b.status, b.body.error.code, b.headers['retry-after']],
        [409, 'idempotency_request_in_progress', '1'],
      );
    } finally {
      await h.simulatorConfig({ latencyMs: 150 });
    }
  });

  it('treats the path with and without its trailing slash as one route', async () => {
    const customer = '+16505557003';
    await h.customerWrites(customer);
    const first = await send(customer, 'slash-or-not', {}, '/v1/messages/');
    const second = await send(customer, 'slash-or-not', {}, '/v1/messages');
    assert.equal(first.status, 201);
    assert.equal(second.status, 201);
    assert.equal(second.headers['idempotent-replayed'], 'true');
    assert.equal(second.body.id, first.body.id);
  });

  describe('uploads', () => {
    const data = fs.readFileSync(path.join(ROOT, 'test/fixtures/media/sample.jpg'));
    const mediaDir = () => path.join(h.dataDir, 'media');
    const storedFiles = () => fs.readdirSync(mediaDir()).filter((f) => f.startsWith('med_'));
    const tempFiles = () => tempUploads(h.dataDir);
    /** Over real HTTP, as a client would retry it. */
    const upload = async (key: string) => {
      const { body, contentType } = multipart({ file: { filename: 'receipt.jpg', type: 'image/jpeg', data } });
      const res = await fetch(`${h.url}/v1/media/`, {
        method: 'POST',
        headers: { 'x-api-key': h.account.liveKey, 'idempotency-key': key, 'content-type': contentType },
        body: new Uint8Array(body),
      });
      return { status: res.status, replayed: res.headers.get('idempotent-replayed'), body: (await res.json()) as any };
    };
    const records = async () => (await h.api('GET', '/v1/media?limit=100')).body.data as { id: string }[];

    it('stores one record and one file for three retries of an upload', async () => {
      const filesBefore = storedFiles().length;
      const recordsBefore = (await records()).length;
      const answers = [await upload('upload-3x'), await upload('upload-3x'), await upload('upload-3x')];
      assert.deepEqual(
        answers.map((a) => [a.status, a.replayed]),
        [
          [201, null],
          [201, 'true'],
          [201, 'true'],
        ],
      );
      assert.equal(new Set(answers.map((a) => a.body.id)).size, 1);
      assert.equal((await records()).length, recordsBefore + 1);
      assert.equal(storedFiles().length, filesBefore + 1);
      assert.deepEqual(tempFiles(), []);
    });

    it('stores one record and one file for two uploads with the same key at the same time', async () => {
      const filesBefore = storedFiles().length;
      const recordsBefore = (await records()).length;
      const [a, b] = await Promise.all([upload('upload-concurrent'), upload('upload-concurrent')]);
      const statuses = [a.status, b.status].sort();
      // One runs; the other is told it is in progress (409) or, if it came second, gets the replay.
      assert.ok(
        (statuses[0] === 201 && statuses[1] === 409) ||
          (statuses[0] === 201 && statuses[1] === 201 && a.body.id === b.body.id),
        `answers ${JSON.stringify([a, b])}`,
      );
      assert.equal((await records()).length, recordsBefore + 1);
      assert.equal(storedFiles().length, filesBefore + 1);
      const again = await upload('upload-concurrent');
      assert.equal(again.replayed, 'true');
      assert.deepEqual(tempFiles(), []);
    });
  });
});
