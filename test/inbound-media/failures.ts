/**
 * Downloads that fail: retried with a fresh URL each time, given up after five attempts, a file
 * whose SHA-256 is not the webhook's, a file over the platform's limit for its kind.
 */
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { it } from 'node:test';
import { customerSends, receivedEvent, sample, subscribed, type FilesScope } from './kit.js';

export function failureCases(scope: () => FilesScope): void {
  it('retries a download that fails, asking for a fresh URL each time, and stores the file', async () => {
    const { h, receivers } = scope();
    const { account, receiver } = await subscribed(h, receivers);
    await h.simulatorConfig({ mediaDownloadFailures: 2 });
    const data = sample('sample.ogg');
    const sent = await customerSends(h, account, 'audio', { data, mimeType: 'audio/ogg' });
    const object = await receivedEvent(receiver, sent.wamid);
    assert.equal(h.sim.state.config.mediaDownloadFailures, 0, 'both failures were met');
    assert.deepEqual([object.media!.status, object.media!.failureReason], ['stored', null]);
    const content = await h.app.inject({
      method: 'GET',
      url: `/v1/media/${object.media!.id}/content`,
      headers: { 'x-api-key': account.liveKey },
    });
    assert.ok(content.rawPayload.equals(data));
    assert.equal(content.headers['content-type'], 'audio/ogg');
  });

  it('gives up after five attempts: the file fails with media_download_failed and the event carries it', async () => {
    const { h, receivers } = scope();
    const { account, receiver } = await subscribed(h, receivers);
    await h.simulatorConfig({ mediaDownloadFailures: 8 });
    try {
      const sent = await customerSends(h, account, 'document', {
        data: sample('sample.pdf'),
        mimeType: 'application/pdf',
        filename: 'invoice.pdf',
      });
      const object = await receivedEvent(receiver, sent.wamid);
      assert.deepEqual(
        [object.media!.id, object.media!.status, object.media!.failureReason, object.media!.filename],
        [null, 'failed', 'media_download_failed', 'invoice.pdf'],
      );
      assert.equal(h.sim.state.config.mediaDownloadFailures, 3, 'five attempts');
      assert.deepEqual((await h.api('GET', '/v1/media', { key: account.liveKey })).body.data, []);
    } finally {
      await h.simulatorConfig({ mediaDownloadFailures: 0 });
    }
  });

  it("fails a file whose SHA-256 is not the webhook's (media_hash_mismatch), keeping nothing", async () => {
    const { h, receivers } = scope();
    const { account, receiver } = await subscribed(h, receivers);
    const genuine = await customerSends(h, account, 'image', { data: sample('sample.png'), mimeType: 'image/png' });
    await receivedEvent(receiver, genuine.wamid);
    // The same platform file, announced with another file's hash.
    const wamid = `wamid.mismatch.${account.id}`;
    const res = await h.platformWebhook({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'waba',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550001111', phone_number_id: account.phoneNumberId },
                contacts: [{ profile: { name: 'Maria' }, wa_id: '16505551234' }],
                messages: [
                  {
                    from: '16505551234',
                    id: wamid,
                    timestamp: String(Math.floor(Date.now() / 1000)),
                    type: 'image',
                    image: {
                      mime_type: 'image/png',
                      sha256: createHash('sha256').update('another file').digest('base64'),
                      id: genuine.mediaId,
                    },
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    assert.equal(res.status, 200);
    const object = await receivedEvent(receiver, wamid);
    assert.deepEqual(
      [object.media!.id, object.media!.status, object.media!.failureReason],
      [null, 'failed', 'media_hash_mismatch'],
    );
    assert.deepEqual((await h.api('GET', `/v1/inbound_messages/${object.id}`, { key: account.liveKey })).body, object);
    assert.equal(
      (await h.api('GET', '/v1/media', { key: account.liveKey })).body.data.length,
      1,
      'only the genuine file',
    );
  });

  it("refuses a file over the platform's limit for its kind (media_too_large)", async () => {
    const { h, receivers } = scope();
    const { account, receiver } = await subscribed(h, receivers);
    // A sticker is at most 500 KB (docs/platform.md §3).
    const sent = await customerSends(h, account, 'sticker', {
      data: Buffer.alloc(600 * 1024, 1),
      mimeType: 'image/webp',
    });
    const object = await receivedEvent(receiver, sent.wamid);
    assert.deepEqual(
      [object.media!.id, object.media!.status, object.media!.failureReason],
      [null, 'failed', 'media_too_large'],
    );
  });
}
