/** Uploads and media as Meta serves them: resumable uploads with either auth scheme, media upload, get, download and delete. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { PNID, TOKEN, type SimHarness } from '../conformance/sim.js';
import { fixture } from '../helpers.js';

export function mediaCases(sim: () => SimHarness): void {
  it('takes resumable uploads with either auth scheme and any content type, reports their offset, and shapes handles like Meta', async () => {
    const s = sim();
    const bytes = Buffer.from('%PDF-1.4 tiny');
    const open = await s.graph(
      'POST',
      `/v23.0/100000000000001/uploads?file_name=a.pdf&file_length=${bytes.length}&file_type=application/pdf`,
    );
    assert.match(open.body.id, /^upload:[A-Za-z0-9+=]+\?sig=AR[\w-]+$/);
    const status = await s.graph('GET', `/v23.0/${open.body.id}`);
    assert.deepEqual(status.body, { id: open.body.id, file_offset: 0 });
    const first = await s.graph('POST', `/v23.0/${open.body.id}`, undefined, {
      raw: bytes.subarray(0, 5),
      headers: { authorization: `OAuth ${TOKEN}`, file_offset: '0', 'content-type': 'application/pdf' },
    });
    assert.equal(first.body.file_offset, 5);
    const done = await s.graph('POST', `/v23.0/${open.body.id}`, undefined, {
      raw: bytes.subarray(5),
      headers: { file_offset: '5', 'content-type': 'application/octet-stream' },
    });
    assert.match(done.body.h, /^4::YXBwbGljYXRpb24vcGRm:[\w-]+:e:\d+:\d+:\d+:AR[\w-]+$/);
    assert.equal((await s.graph('GET', `/v23.0/${open.body.id}`)).body.file_offset, bytes.length);
  });

  it('takes messaging_product in the query string of a media upload, and serves media get, download and delete', async () => {
    const s = sim();
    const form = new FormData();
    form.append('file', new Blob([Buffer.from('\x89PNG fake')], { type: 'image/png' }), 'a.png');
    const up = await fetch(`${s.base}/v23.0/${PNID}/media?messaging_product=whatsapp`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}` },
      body: form,
    });
    const { id } = (await up.json()) as { id: string };
    assert.match(id, /^\d+$/);
    const got = await s.graph('GET', `/v23.0/${id}?phone_number_id=${PNID}`);
    assert.deepEqual(Object.keys(got.body).sort(), Object.keys(fixture('media-get-url-response.json')).sort());
    const download = await fetch(got.body.url, { headers: { authorization: `Bearer ${TOKEN}` } });
    assert.deepEqual(
      [download.status, download.headers.get('content-type'), Buffer.from(await download.arrayBuffer()).toString()],
      [200, 'image/png', '\x89PNG fake'],
    );
    assert.equal((await fetch(got.body.url)).status, 401, 'the download needs the token');
    assert.deepEqual((await s.graph('DELETE', `/v23.0/${id}`)).body, { success: true });
    assert.equal((await s.graph('GET', `/v23.0/${id}`)).body.error.error_subcode, 33);
  });
}
