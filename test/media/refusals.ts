/**
 * Uploads refused, keeping nothing: a type the platform would refuse, an empty file, no file or
 * another part, a broken multipart body (400, never 503), a file over its kind's size limit, a
 * streamed document over 100 MB.
 */
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { describe, it } from 'node:test';
import type { Harness } from '../harness.js';
import { multipart } from '../multipart.js';
import { mediaKit, sample, upload } from './kit.js';

export function refusalCases(harness: () => Harness): void {
  const { storedFiles, noTempFiles } = mediaKit(harness);
  describe('refused uploads', () => {
    it('refuses a file the platform would refuse with 400 media_type_unsupported', async () => {
      const h = harness();
      const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0]), Buffer.from(';')]);
      for (const data of [gif, Buffer.from([0, 1, 2, 3, 0xff, 0xfe, 0, 0, 9, 9])]) {
        const res = await upload(h, { filename: 'x.jpg', type: 'image/jpeg', data });
        assert.deepEqual(
          [res.status, res.body.error.code, res.body.error.param],
          [400, 'media_type_unsupported', 'file'],
        );
      }
      await noTempFiles();
    });

    it('refuses an empty file, no file, and any other part', async () => {
      const h = harness();
      let res = await upload(h, { filename: 'empty.txt', type: 'text/plain', data: Buffer.alloc(0) });
      assert.deepEqual([res.status, res.body.error.code], [400, 'media_empty']);
      res = await upload(h, null, { extra: { note: 'hi' } });
      assert.deepEqual([res.status, res.body.error.code, res.body.error.param], [400, 'parameter_unknown', 'note']);
      res = await upload(h, null);
      assert.deepEqual([res.status, res.body.error.code, res.body.error.param], [400, 'parameter_missing', 'file']);
      res = await upload(
        h,
        { filename: 'a.txt', type: 'text/plain', data: sample('sample.txt') },
        { extra: { caption: 'x' } },
      );
      assert.deepEqual([res.status, res.body.error.code], [400, 'parameter_unknown']);
      const json = await h.api('POST', '/v1/media/', { body: { file: 'x' } });
      assert.deepEqual([json.status, json.body.error.code], [400, 'parameter_missing']);
      await noTempFiles();
    });

    it('answers a broken multipart body with 400 parameter_invalid, never 503 (security issue 10)', async () => {
      const h = harness();
      const raw = (contentType: string, payload: Buffer) =>
        h.app.inject({
          method: 'POST',
          url: '/v1/media/',
          headers: { 'x-api-key': h.account.liveKey, 'content-type': contentType },
          payload,
        });
      const whole = multipart({ file: { filename: 'a.txt', type: 'text/plain', data: sample('sample.txt') } });
      const cases: [string, string, Buffer][] = [
        ['no boundary', 'multipart/form-data', whole.body],
        ['cut short', whole.contentType, whole.body.subarray(0, whole.body.length - 40)],
        ['garbage', whole.contentType, Buffer.from('this is not multipart at all')],
        [
          'a broken part header',
          whole.contentType,
          Buffer.from(
            whole.body
              .toString('latin1')
              .replace('Content-Disposition: form-data;', 'Content-Disposition')
              .replace(/\r\n\r\n/, '\r\n'),
            'latin1',
          ),
        ],
      ];
      for (const [title, contentType, payload] of cases) {
        const res = await raw(contentType, payload);
        const body = JSON.parse(res.body);
        assert.equal(res.statusCode, 400, `${title}: ${res.body}`);
        assert.ok(['parameter_invalid', 'parameter_missing'].includes(body.error.code), `${title}: ${res.body}`);
        assert.equal(body.error.param, 'file', title);
        assert.match(body.error.requestId, /^req_/);
      }
      await noTempFiles();
    });

    it('enforces the size limit of each kind, keeping nothing', async () => {
      const h = harness();
      const before = storedFiles().length;
      const pad = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(size - head.length)]);
      for (const [name, limit] of [
        ['sample.png', 5 * 1024 * 1024],
        ['sample.webp', 500 * 1024],
        ['sample.mp4', 16 * 1024 * 1024],
        ['sample.mp3', 16 * 1024 * 1024],
      ] as const) {
        const res = await upload(h, {
          filename: name,
          type: 'application/octet-stream',
          data: pad(sample(name), limit + 1),
        });
        assert.deepEqual([res.status, res.body.error.code], [400, 'media_too_large'], name);
        const ok = await upload(h, {
          filename: name,
          type: 'application/octet-stream',
          data: pad(sample(name), Math.min(limit, 2 * 1024 * 1024)),
        });
        assert.equal(ok.status, 201, `${name} under the limit: ${ok.text}`);
      }
      assert.equal(storedFiles().length, before + 4);
      await noTempFiles();
    });

    it('enforces the 100 MB document limit on a streamed upload, keeping nothing', async () => {
      const h = harness();
      const boundary = 'big-document';
      // A real PDF header and 100 MB of padding: one sample's length over the limit.
      async function* body() {
        yield Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
        );
        yield sample('sample.pdf');
        const mb = Buffer.alloc(1024 * 1024, 0x20);
        for (let i = 0; i < 100; i++) yield mb;
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      }
      const before = storedFiles().length;
      const res = await h.app.inject({
        method: 'POST',
        url: '/v1/media/',
        headers: { 'x-api-key': h.account.liveKey, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Readable.from(body()),
      });
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(JSON.parse(res.body).error.code, 'media_too_large');
      assert.equal(storedFiles().length, before);
      await noTempFiles();
    });
  });
}
