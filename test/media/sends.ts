/**
 * Media sends: each kind with the right platform type, caption and filename; refused outside the
 * window, for unknown media, and for test media on a live key.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dispatched } from '../factories.js';
import type { Harness } from '../harness.js';
import { eventually } from '../helpers.js';
import { sample, upload } from './kit.js';

export function sendCases(harness: () => Harness): void {
  describe('media sends', () => {
    it('sends media of each kind with the right platform type, caption and filename', async () => {
      const h = harness();
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
      const h = harness();
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
}
