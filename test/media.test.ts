/** Media (docs/api.md §2.3, §4.8, §D4, §D9): upload, typing, limits, storage, registration, sends. Registering a file again and template media headers: media-registration.test.ts. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { dispatched, tempUploads } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { eventually, ROOT } from './helpers.js';
import { multipart } from './multipart.js';

const SAMPLES = path.join(ROOT, 'test/fixtures/media');
const sample = (name: string) => fs.readFileSync(path.join(SAMPLES, name));

async function upload(
  h: Harness,
  file: { filename: string; type: string; data: Buffer } | null,
  options: { key?: string; extra?: Record<string, string>; idempotencyKey?: string } = {},
) {
  const { body, contentType } = multipart({ ...(file ? { file } : {}), ...options.extra });
  const res = await h.app.inject({
    method: 'POST',
    url: '/v1/media/',
    headers: {
      'x-api-key': options.key ?? h.account.liveKey,
      'content-type': contentType,
      ...(options.idempotencyKey ? { 'idempotency-key': options.idempotencyKey } : {}),
    },
    payload: body,
  });
  return { status: res.statusCode, body: JSON.parse(res.body), headers: res.headers, text: res.body };
}

const KINDS: [string, string, string][] = [
  ['sample.jpg', 'image/jpeg', 'image'],
  ['sample.png', 'image/png', 'image'],
  ['sample.mp4', 'video/mp4', 'video'],
  ['sample.3gp', 'video/3gpp', 'video'],
  ['sample.aac', 'audio/aac', 'audio'],
  ['sample.mp3', 'audio/mpeg', 'audio'],
  ['sample.ogg', 'audio/ogg', 'audio'],
  ['sample.amr', 'audio/amr', 'audio'],
  ['sample.webp', 'image/webp', 'sticker'],
  ['sample.pdf', 'application/pdf', 'document'],
  ['sample.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'document'],
  ['sample.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'document'],
  ['sample.pptx', 'application/vnd.openxmlformats-officedocument.presentationml.presentation', 'document'],
  ['sample.txt', 'text/plain', 'document'],
];

describe('media', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness();
    await h.customerWrites('+16505551234');
  });
  after(() => h.close());

  const storedFiles = () => fs.readdirSync(path.join(h.dataDir, 'media')).filter((f) => f !== 'tmp');
  const tmpFiles = () => tempUploads(h.dataDir);
  /** Temporary files are removed when a request ends, including one the client abandoned. */
  const noTempFiles = () => eventually(async () => tmpFiles().length === 0);

  for (const [name, mime] of KINDS) {
    it(`uploads ${name} typed by content as ${mime} and registers it with the platform`, async () => {
      const data = sample(name);
      const res = await upload(h, { filename: name, type: 'application/octet-stream', data });
      assert.equal(res.status, 201, res.text);
      assert.match(res.body.id, /^med_/);
      assert.deepEqual([res.body.mimeType, res.body.sizeBytes, res.body.filename], [mime, data.length, name]);
      assert.ok(fs.existsSync(path.join(h.dataDir, 'media', res.body.id)));
      const registered = [...h.sim.state.media.values()].find(
        (m) => m.sha256 && m.size === data.length && m.mimeType === mime,
      );
      assert.ok(registered, 'registered with the platform in the same call');
    });
  }

  it("lists the key's uploads newest first with paging, and gets one by id", async () => {
    const other = await h.newAccount('Media Lister');
    const ids: string[] = [];
    for (const name of ['sample.png', 'sample.pdf', 'sample.txt'])
      ids.push(
        (
          await upload(
            h,
            { filename: name, type: 'application/octet-stream', data: sample(name) },
            { key: other.liveKey },
          )
        ).body.id,
      );
    const first = await h.api('GET', '/v1/media?limit=2', { key: other.liveKey });
    assert.equal(first.status, 200);
    assert.deepEqual(
      first.body.data.map((m: { id: string }) => m.id),
      [ids[2], ids[1]],
    );
    assert.equal(first.body.has_more, true);
    const second = await h.api('GET', `/v1/media?limit=2&starting_after=${ids[1]}`, { key: other.liveKey });
    assert.deepEqual([second.body.data.map((m: { id: string }) => m.id), second.body.has_more], [[ids[0]], false]);
    const one = await h.api('GET', `/v1/media/${ids[0]}`, { key: other.liveKey });
    assert.deepEqual(
      [one.body.filename, one.body.mimeType, one.body.sizeBytes],
      ['sample.png', 'image/png', sample('sample.png').length],
    );
    // Mode and account partition: a test key and another account see none of them.
    assert.deepEqual((await h.api('GET', '/v1/media', { key: other.testKey })).body.data, []);
    assert.equal((await h.api('GET', `/v1/media/${ids[0]}`)).body.error.code, 'media_not_found');
    assert.equal(
      (await h.api('GET', '/v1/media?starting_after=med_unknown', { key: other.liveKey })).body.error.code,
      'parameter_invalid',
    );
  });

  it('trusts the content over a declared type and extension that lie', async () => {
    const res = await upload(h, { filename: 'invoice.pdf', type: 'application/pdf', data: sample('sample.png') });
    assert.deepEqual([res.status, res.body.mimeType, res.body.filename], [201, 'image/png', 'invoice.pdf']);
  });

  it('refuses a file the platform would refuse with 400 media_type_unsupported', async () => {
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

  it('keeps a hostile filename for display only, never as a path', async () => {
    const res = await upload(h, {
      filename: '../../../etc/passwd\u0000.txt',
      type: 'text/plain',
      data: sample('sample.txt'),
    });
    assert.equal(res.status, 201);
    assert.equal(res.body.filename, 'passwd.txt');
    assert.ok(fs.existsSync(path.join(h.dataDir, 'media', res.body.id)));
    const win = await upload(h, { filename: '..\\..\\boot.ini', type: 'text/plain', data: sample('sample.txt') });
    assert.equal(win.body.filename, 'boot.ini');
    // A right-to-left override would show "invoice\u202efdp.exe" as "invoiceexe.pdf".
    const bidi = await upload(h, {
      filename: 'invoice\u202efdp.exe\u2066\u200f',
      type: 'text/plain',
      data: sample('sample.txt'),
    });
    assert.equal(bidi.body.filename, 'invoicefdp.exe');
  });

  it('serves documents as attachments and pictures inline, never letting a browser sniff another type', async () => {
    const content = async (sampleName: string, type: string, filename: string) => {
      const file = await upload(h, { filename, type, data: sample(sampleName) });
      assert.equal(file.status, 201, JSON.stringify(file.body));
      return (
        await h.app.inject({
          method: 'GET',
          url: `/v1/media/${file.body.id}/content`,
          headers: { 'x-api-key': h.account.liveKey },
        })
      ).headers;
    };
    const pdf = await content('sample.pdf', 'application/pdf', 'Rechnung März.pdf');
    assert.deepEqual(
      [pdf['content-type'], pdf['content-disposition'], pdf['x-content-type-options']],
      ['application/pdf', "attachment; filename*=UTF-8''Rechnung%20M%C3%A4rz.pdf", 'nosniff'],
    );
    const png = await content('sample.png', 'image/png', 'parcel.png');
    assert.deepEqual([png['content-type'], png['content-disposition']], ['image/png', 'inline']);
  });

  it('leaves nothing behind when an upload is interrupted midway', async () => {
    const before = storedFiles().length;
    const address = h.app.server.address() as { port: number };
    const boundary = 'cut-off';
    const req = http.request({
      port: address.port,
      method: 'POST',
      path: '/v1/media/',
      headers: { 'x-api-key': h.account.liveKey, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    req.on('error', () => {});
    req.write(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    req.write(sample('sample.pdf'));
    req.write(Buffer.alloc(256 * 1024));
    await eventually(async () => tmpFiles().length === 1); // the upload is being written…
    req.destroy(); // …when the client goes away
    await eventually(async () => tmpFiles().length === 0);
    assert.equal(storedFiles().length, before);
  });

  it('replays an upload retried with the same key and bytes, storing nothing new; other bytes are 409', async () => {
    const before = storedFiles().length;
    const simBefore = h.sim.state.media.size;
    const file = { filename: 'receipt.pdf', type: 'application/pdf', data: sample('sample.pdf') };
    const first = await upload(h, file, { idempotencyKey: 'upload-receipt' });
    const again = await upload(h, file, { idempotencyKey: 'upload-receipt' });
    assert.equal(again.status, 201);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    assert.equal(again.text, first.text);
    assert.equal(storedFiles().length, before + 1);
    assert.equal(h.sim.state.media.size, simBefore + 1);
    const other = await upload(h, { ...file, data: sample('sample.txt') }, { idempotencyKey: 'upload-receipt' });
    assert.deepEqual([other.status, other.body.error.code], [409, 'idempotency_key_reused']);
    await noTempFiles();
  });

  it('sends media of each kind with the right platform type, caption and filename', async () => {
    const send = async (name: string, extra: Record<string, unknown> = {}) => {
      const up = await upload(h, { filename: name, type: 'application/octet-stream', data: sample(name) });
      const res = await h.api('POST', '/v1/messages/', {
        body: { to: '+16505551234', type: 'media', mediaId: up.body.id, ...extra },
      });
      return {
        up,
        res,
        sent:
          res.status === 201
            ? (h.sim.state.messages.get((await dispatched(h, res.body.id)).platformMessageId!)!.body as any)
            : null,
      };
    };
    const image = await send('sample.jpg', { caption: 'Your receipt' });
    assert.equal(image.res.status, 201, image.res.text);
    assert.equal(image.sent.type, 'image');
    assert.deepEqual(Object.keys(image.sent.image).sort(), ['caption', 'id']);
    assert.equal(image.sent.image.caption, 'Your receipt');
    assert.deepEqual([image.res.body.mediaId, image.res.body.caption], [image.up.body.id, 'Your receipt']);
    const doc = await send('sample.pdf', { caption: 'Invoice' });
    assert.deepEqual(doc.sent.document, { id: doc.sent.document.id, caption: 'Invoice', filename: 'sample.pdf' });
    for (const [name, type] of [
      ['sample.mp4', 'video'],
      ['sample.ogg', 'audio'],
      ['sample.webp', 'sticker'],
      ['sample.docx', 'document'],
    ] as const) {
      const r = await send(name);
      assert.equal(r.sent.type, type, name);
    }
    const audioCaption = await send('sample.mp3', { caption: 'no' });
    assert.deepEqual(
      [audioCaption.res.status, audioCaption.res.body.error.code, audioCaption.res.body.error.param],
      [400, 'parameter_unknown', 'caption'],
    );
    await eventually(async () => (await h.api('GET', `/v1/messages/${image.res.body.id}`)).body.status === 'read');
  });

  it('refuses media sends outside the window, unknown media, and test media on a live key', async () => {
    const up = await upload(h, { filename: 'a.png', type: 'image/png', data: sample('sample.png') });
    const closed = await h.api('POST', '/v1/messages/', {
      body: { to: '+16505559999', type: 'media', mediaId: up.body.id },
    });
    assert.equal(closed.body.error.code, 'outside_customer_window');
    const unknown = await h.api('POST', '/v1/messages/', {
      body: { to: '+16505551234', type: 'media', mediaId: 'med_nope' },
    });
    assert.deepEqual([unknown.status, unknown.body.error.code], [404, 'media_not_found']);
    const testUpload = await upload(
      h,
      { filename: 't.png', type: 'image/png', data: sample('sample.png') },
      { key: h.account.testKey },
    );
    assert.equal(testUpload.body.testMode, true);
    const simMedia = h.sim.state.media.size;
    const crossMode = await h.api('POST', '/v1/messages/', {
      body: { to: '+16505551234', type: 'media', mediaId: testUpload.body.id },
    });
    assert.equal(crossMode.body.error.code, 'media_not_found');
    await h.api('POST', '/v1/test_helpers/inbound_messages', {
      key: h.account.testKey,
      body: { from: '+16505551234', text: 'hi' },
    });
    const testSend = await h.api('POST', '/v1/messages/', {
      key: h.account.testKey,
      body: { to: '+16505551234', type: 'media', mediaId: testUpload.body.id, caption: 'test' },
    });
    assert.deepEqual([testSend.status, testSend.body.testMode], [201, true]);
    assert.equal(h.sim.state.media.size, simMedia, 'test media is never registered with the platform');
  });
});
