/**
 * A hostile filename kept for display only, never as a path; documents served as attachments and
 * pictures inline, never sniffed as another type.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import type { Harness } from '../harness.js';
import { sample, upload } from './kit.js';

export function servingCases(harness: () => Harness): void {
  describe('names and content', () => {
    it('keeps a hostile filename for display only, never as a path', async () => {
      const h = harness();
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
      const h = harness();
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
  });
}
