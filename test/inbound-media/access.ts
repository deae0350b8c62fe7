/** A customer's file out of reach of another account and of the other mode (404). */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { customerSends, receivedEvent, sample, subscribed, type FilesScope } from './kit.js';

export function accessCases(scope: () => FilesScope): void {
  it("keeps another account's file and the other mode's out of reach (404)", async () => {
    const { h, receivers } = scope();
    const { account, receiver } = await subscribed(h, receivers);
    const sent = await customerSends(h, account, 'image', { data: sample('sample.png'), mimeType: 'image/png' });
    const { media } = await receivedEvent(receiver, sent.wamid);
    const other = await h.newAccount('Someone else');
    for (const key of [other.liveKey, account.testKey]) {
      for (const url of [`/v1/media/${media!.id}/content`, `/v1/media/${media!.id}`]) {
        const res = await h.api('GET', url, { key });
        assert.deepEqual([res.status, res.body.error.code], [404, 'media_not_found'], url);
      }
    }
    assert.equal((await h.api('GET', `/v1/media/${media!.id}/content`, { key: account.liveKey })).status, 200);
  });
}
