/** Files through the facade with whatsapp-api-js (docs/api.md §D34, "Media and templates"). */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { eventually } from '../helpers.js';
import { form, graph, sample, sha256, type FacadeScope } from './kit.js';

export function mediaCases(scope: () => FacadeScope): void {
  it("uploads, retrieves, downloads and deletes files through whatsapp-api-js, a customer's too; refusals in Meta's codes", async () => {
    const s = scope();
    const { h, api, pnid } = s;
    const pdf = sample('sample.pdf');
    const { id } = (await api.uploadMedia(pnid, form(pdf, 'application/pdf', 'invoice.pdf'))) as { id: string };
    assert.match(id, /^med_/);
    const info = (await api.retrieveMedia(id, pnid)) as any;
    assert.deepEqual(info, {
      url: `${h.url}/graph/v25.0/${id}/content`,
      mime_type: 'application/pdf',
      sha256: sha256(pdf),
      file_size: pdf.length,
      id,
      messaging_product: 'whatsapp',
    });
    const file = await api.fetchMedia(info.url);
    assert.equal(file.status, 200);
    assert.equal(file.headers.get('content-type'), 'application/pdf');
    assert.deepEqual(Buffer.from(await file.arrayBuffer()), pdf);
    // Tidings' own file: /v1 shows it; the same Idempotency-Key and file replay the same id.
    assert.equal((await h.api('GET', `/v1/media/${id}`)).body.filename, 'invoice.pdf');
    const png = sample('sample.png');
    const fields = { messaging_product: 'whatsapp', type: 'image/png' };
    const once = await graph(h, 'POST', `/v25.0/${pnid}/media`, {
      form: form(png, 'image/png', 'a.png', fields),
      headers: { 'idempotency-key': 'facade-upload-1' },
    });
    const twice = await graph(h, 'POST', `/v25.0/${pnid}/media`, {
      form: form(png, 'image/png', 'a.png', fields),
      headers: { 'idempotency-key': 'facade-upload-1' },
    });
    assert.deepEqual([once.status, twice.body], [200, once.body]);
    // A test key stores the file (no platform call); the live key does not see it.
    const test = await graph(h, 'POST', `/v25.0/${pnid}/media`, {
      key: h.account.testKey,
      form: form(png, 'image/png', 't.png', fields),
    });
    assert.equal((await h.api('GET', `/v1/media/${test.body.id}`, { key: h.account.testKey })).body.testMode, true);
    const hidden = (await api.retrieveMedia(test.body.id)) as any;
    assert.deepEqual([hidden.error.code, hidden.error.error_subcode], [100, 33]);

    assert.deepEqual(await api.deleteMedia(id), { success: true });
    for (const gone of [id, 'med_nothing']) {
      const e = ((await api.retrieveMedia(gone)) as any).error;
      assert.deepEqual([e.code, e.error_subcode, e.type], [100, 33, 'GraphMethodException'], gone);
    }
    assert.equal((await graph(h, 'GET', `/v25.0/${once.body.id}?phone_number_id=999`)).body.error.error_subcode, 33);

    // Refusals: the platform's 131053 for a type, a size or an empty file; 100 without messaging_product; 131008 without a file.
    const refusals: [FormData, number, string][] = [
      [
        form(Buffer.from('PK\x03\x04 not a document'), 'application/pdf', 'x.pdf', fields),
        131053,
        'media_type_unsupported',
      ],
      [
        form(Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024)]), 'image/png', 'big.png', fields),
        131053,
        'media_too_large',
      ],
      [form(Buffer.alloc(0), 'image/png', 'empty.png', fields), 131053, 'media_empty'],
      [form(png, 'image/png', 'a.png', { type: 'image/png' }), 100, 'parameter_missing'],
      [form(png, 'image/gif', 'a.gif', { ...fields, type: 'image/gif' }), 131053, 'media_type_unsupported'],
    ];
    for (const [body, code, tidings] of refusals) {
      const res = await graph(h, 'POST', `/v25.0/${pnid}/media`, { form: body });
      assert.equal(res.status, 400, JSON.stringify(res.body));
      assert.equal(res.body.error.code, code, tidings);
      assert.match(res.body.error.error_data.details, new RegExp(`^${tidings}: `));
    }
    const noFile = new FormData();
    noFile.append('messaging_product', 'whatsapp');
    assert.equal((await graph(h, 'POST', `/v25.0/${pnid}/media`, { form: noFile })).body.error.code, 131008);
    const notForm = await graph(h, 'POST', `/v25.0/${pnid}/media`, { body: { messaging_product: 'whatsapp' } });
    assert.equal(notForm.body.error.code, 100);

    // A customer's image: kept by Tidings with a med_ id, retrieved and downloaded the same way.
    const jpg = sample('sample.jpg');
    const sent = await h.customerSends('+16505551234', {
      type: 'image',
      image: { data: jpg.toString('base64'), mimeType: 'image/jpeg' },
    });
    const mediaId = await eventually(async () => {
      const m = (await h.api('GET', `/v1/inbound_messages/${encodeURIComponent(sent.wamid)}`)).body.media;
      return m?.status === 'stored' && (m.id as string);
    });
    const theirs = (await api.retrieveMedia(mediaId)) as any;
    assert.deepEqual([theirs.mime_type, theirs.sha256, theirs.file_size], ['image/jpeg', sha256(jpg), jpg.length]);
    assert.deepEqual(Buffer.from(await (await api.fetchMedia(theirs.url)).arrayBuffer()), jpg);
    assert.equal((await graph(h, 'GET', `/v25.0/${mediaId}/content`, { key: 'sk_live_nope' })).body.error.code, 190);
  });
}
