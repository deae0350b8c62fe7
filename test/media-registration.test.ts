/**
 * Files and the platform (docs/api.md §D9, docs/platform.md §2.6, §3): a stored file is registered
 * again when its platform id has expired, and a template's media header goes through the Resumable
 * Upload API and is sent as the header parameter.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { platformRequest, uploaded } from './factories.js';
import { startHarness } from './harness.js';
import { eventually } from './helpers.js';

describe('media after the platform forgot it', () => {
  it('registers the stored file again when the platform id has expired', async () => {
    const h = await startHarness({ simulator: { mediaExpiryMs: 500 } });
    try {
      await h.customerWrites('+16505551234');
      const up = await uploaded(h, 'sample.jpg', 'image/jpeg');
      const firstId = [...h.sim.state.media.values()].at(-1)!.id;
      // Until the simulator's id has expired (by the simulator's own clock).
      await eventually(async () => h.sim.state.media.get(firstId)!.expiresAt < Date.now());
      // …and, as 30 days later, Tidings' record of it says so.
      await h.deps.store.write((tx) =>
        tx
          .updateTable('media_registrations')
          .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
          .execute(),
      );
      const res = await h.api('POST', '/v1/messages/', { body: { to: '+16505551234', type: 'media', mediaId: up.id } });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      const sentId = (await platformRequest(h, res.body.id)).image.id;
      assert.notEqual(sentId, firstId, 'a fresh platform id');
      assert.equal(h.sim.state.media.size, 2);
    } finally {
      await h.close();
    }
  });
});

describe('templates with a media header', () => {
  it('creates a template with an image header through the Resumable Upload API, and sends it with that image', async () => {
    const h = await startHarness();
    try {
      const image = await uploaded(h, 'sample.png', 'image/png');
      const pdf = await uploaded(h, 'sample.pdf', 'application/pdf');
      const template = {
        name: 'order_with_banner',
        category: 'UTILITY',
        language: 'en_US',
        header: { type: 'image', mediaId: image.id },
        body: 'Hi {{1}}, your order {{2}} is ready for pickup.',
        variables: [{ example: 'Ana' }, { example: 'A-1042' }],
      };
      const mismatch = await h.api('POST', '/v1/templates/validate', {
        body: { ...template, name: 'pdf_as_image', header: { type: 'image', mediaId: pdf.id } },
      });
      assert.deepEqual(
        mismatch.body.issues.map((i: { code: string }) => i.code),
        ['header_media_type_mismatch'],
      );

      const created = await h.api('POST', '/v1/templates/', {
        body: template,
        headers: { 'idempotency-key': 'banner' },
      });
      assert.equal(created.status, 201, created.text);
      const sim = [...h.sim.state.templates.values()].find((t) => t.name === 'order_with_banner')!;
      const header = sim.components[0] as { type: string; format: string; example: { header_handle: string[] } };
      assert.deepEqual([header.type, header.format], ['HEADER', 'IMAGE']);
      assert.ok(h.sim.state.handles.has(header.example.header_handle[0]!), 'a handle from the Resumable Upload API');
      await eventually(async () => (await h.api('GET', `/v1/templates/${created.body.id}`)).body.status === 'approved');

      const sent = await h.api('POST', '/v1/messages/', {
        body: {
          to: '+16505551234',
          type: 'template',
          templateId: created.body.id,
          variables: { '1': 'Jessica', '2': 'A-1042' },
        },
      });
      assert.equal(sent.status, 201, sent.text);
      const components = (await platformRequest(h, sent.body.id)).template.components;
      const registered = [...h.sim.state.media.values()].find((m) => m.mimeType === 'image/png')!;
      // Shaped like send-template-media-request.json, by id rather than link.
      assert.deepEqual(components[0], {
        type: 'header',
        parameters: [{ type: 'image', image: { id: registered.id } }],
      });
      assert.deepEqual(components[1], {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Jessica' },
          { type: 'text', text: 'A-1042' },
        ],
      });
      await eventually(async () => (await h.api('GET', `/v1/messages/${sent.body.id}`)).body.status === 'read');
    } finally {
      await h.close();
    }
  });
});
