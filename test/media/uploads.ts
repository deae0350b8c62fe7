/**
 * Uploads of every kind the platform takes, typed by their content (not by a declared type or
 * extension) and registered with the platform in the same call; the key's uploads listed and got.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Harness } from '../harness.js';
import { sample, upload } from './kit.js';

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

export function uploadCases(harness: () => Harness): void {
  describe('uploads', () => {
    for (const [name, mime] of KINDS) {
      it(`uploads ${name} typed by content as ${mime} and registers it with the platform`, async () => {
        const h = harness();
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
      const h = harness();
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
      const h = harness();
      const res = await upload(h, { filename: 'invoice.pdf', type: 'application/pdf', data: sample('sample.png') });
      assert.deepEqual([res.status, res.body.mimeType, res.body.filename], [201, 'image/png', 'invoice.pdf']);
    });
  });
}
