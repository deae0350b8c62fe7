/** A long history paged through, a reader who leaves, and the per-account limit (test/contact-export.test.ts). */
import assert from 'node:assert/strict';
import http from 'node:http';
import path from 'node:path';
import { it } from 'node:test';
import { seedExportCustomer } from '../../bench/export-seed.js';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import { EXPORT_PAGE } from '../../src/privacy/export/contact-document.js';
import type { Harness } from '../harness.js';
import { eventually } from '../helpers.js';
import { exported, rowsOf, sha256 } from './kit.js';

const ALICE = '+16505550101';

/** The cases, given the suite's harness and its two customers' contact ids (Alice's, Bob's). */
export function streamingCases(ctx: () => { h: Harness; alice: string; bob: string }): void {
  it('pages through a long history: every message and event of several pages, in order, each once', async () => {
    const { h } = ctx();
    const n = EXPORT_PAGE * 2 + 17;
    const seeded = await seedExportCustomer(h.deps.store, {
      accountId: h.account.id,
      phoneNumberId: h.account.phoneNumberId,
      phone: '+16505550404',
      outbound: n,
      inbound: n + 1,
      files: 3,
      fileBytes: 300_000,
      mediaDir: path.join(h.dataDir, 'media'),
    });
    const res = await exported(h, seeded.contactId, { 'x-api-key': h.account.liveKey });
    assert.equal(res.status, 200);
    const rows = await rowsOf(h, seeded.contactId);
    const ids = (list: { id: string }[]) => list.map((m) => m.id);
    // Oldest first, and no id twice across the pages' seams.
    assert.deepEqual(ids(res.document.messages), rows.outbound);
    assert.deepEqual(ids(res.document.inboundMessages), rows.inbound);
    assert.equal(res.document.messages.length, n);
    assert.equal(res.document.inboundMessages.length, n + 1);
    assert.deepEqual(
      res.document.events.map((e: any) => e.data.object.id),
      rows.outbound,
    );
    for (const m of res.document.messages)
      assert.deepEqual(
        m.statuses.map((s: any) => s.status),
        ['sent', 'delivered', 'read'],
      );
    assert.deepEqual(
      res.document.files.map((f: any) => [f.id, f.sha256]),
      seeded.files.map((f) => [f.id, f.sha256]),
    );
    for (const f of seeded.files)
      assert.equal(sha256(res.entries.find((e) => e.name.startsWith(`files/${f.id}/`))!.data), f.sha256);
  });

  it('stops the work when the reader goes away', async () => {
    const { h, alice } = ctx();
    // A file large enough that the export cannot be done before the reader leaves (sockets hold a few MB).
    const big = Buffer.alloc(48 * 1024 * 1024, 7);
    big.write('%PDF-1.4\n');
    const { multipart } = await import('../multipart.js');
    const form = multipart({ file: { filename: 'big.pdf', type: 'application/pdf', data: big } });
    const up = await h.app.inject({
      method: 'POST',
      url: '/v1/media/',
      headers: { 'x-api-key': h.account.liveKey, 'content-type': form.contentType },
      payload: form.body,
    });
    assert.equal(up.statusCode, 201, up.body);
    const res = await h.api<Message>('POST', '/v1/messages/', {
      body: { to: ALICE, type: 'media', mediaId: JSON.parse(up.body).id },
    });
    assert.equal(res.status, 201, res.text);

    const ended = { ...h.deps.contactExport.ended };
    await new Promise<void>((resolve, reject) => {
      const req = http.get(`${h.url}/v1/contacts/${alice}/export`, { headers: { 'x-api-key': h.account.liveKey } });
      req.on('response', (r) => {
        assert.equal(r.statusCode, 200);
        r.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (e) => ((e as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(e)));
    });
    await eventually(async () => h.deps.contactExport.ended.stopped === ended.stopped + 1);
    assert.equal(h.deps.contactExport.ended.completed, ended.completed, 'it did not go on to the end');
    assert.equal(h.deps.contactExport.running, 0);
  });

  it('runs two exports of an account at once; a third is 429 rate_limited until one ends', async () => {
    const { h, alice, bob } = ctx();
    // Alice's history holds the 48 MB file of the case before: an export that is not read stays open.
    const open = () =>
      new Promise<http.ClientRequest>((resolve, reject) => {
        const req = http.get(`${h.url}/v1/contacts/${alice}/export`, { headers: { 'x-api-key': h.account.liveKey } });
        req.on('response', (r) => {
          assert.equal(r.statusCode, 200);
          r.pause();
          resolve(req);
        });
        req.on('error', (e) => ((e as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(e)));
      });
    const held = [await open(), await open()];
    assert.equal(h.deps.contactExport.running, 2);
    const third = await exported(h, alice, { 'x-api-key': h.account.liveKey });
    assert.deepEqual([third.status, third.body.error.code], [429, 'rate_limited']);
    assert.equal(third.headers['retry-after'], '5');
    // Another account is not held up by this one's.
    const other = await h.newAccount('Elsewhere');
    const theirs = await h.api('POST', '/v1/test_helpers/inbound_messages', {
      key: other.testKey,
      body: { from: '+16505550505', text: 'Hi' },
    });
    assert.equal((await exported(h, theirs.body.contactId, { 'x-api-key': other.testKey })).status, 200);
    held[0]!.destroy();
    await eventually(async () => h.deps.contactExport.running === 1);
    const res = await exported(h, bob, { 'x-api-key': h.account.liveKey });
    assert.equal(res.status, 200);
    held[1]!.destroy();
    await eventually(async () => h.deps.contactExport.running === 0);
  });
}
