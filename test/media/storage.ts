/**
 * What is stored: nothing left behind by an upload interrupted midway; an upload retried with the
 * same key and bytes replayed, storing nothing new (other bytes are 409).
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import { describe, it } from 'node:test';
import type { Harness } from '../harness.js';
import { eventually } from '../helpers.js';
import { mediaKit, sample, upload } from './kit.js';

export function storageCases(harness: () => Harness): void {
  const { storedFiles, tmpFiles, noTempFiles } = mediaKit(harness);
  describe('storage', () => {
    it('leaves nothing behind when an upload is interrupted midway', async () => {
      const h = harness();
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
      const h = harness();
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
  });
}
