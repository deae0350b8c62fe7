/**
 * A customer's file stored: downloaded, checked against the webhook's SHA-256, named in the message
 * and its event as a `med_` file; its content streamed back whole, in byte ranges, or as HEAD.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { it } from 'node:test';
import type { Media } from '../../src/media/media.schemas.js';
import { uploaded } from '../factories.js';
import { customerSends, receivedEvent, sample, sha256, subscribed, type FilesScope } from './kit.js';

export function storedCases(scope: () => FilesScope): void {
  it('downloads an image, checks it, and names the stored file in the message and its event; the content streams back', async () => {
    const { h, receivers } = scope();
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
    const { h } = scope();
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
}
