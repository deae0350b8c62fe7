/**
 * Slow files: a download that drips ends at its deadline, one account's dripping files leave slots
 * to others (and the oldest pending download is measured), and a copy of a job does nothing once
 * the file is settled, or stops a download another copy settled. Why a download ended is read from
 * what the service logged, not from the clock.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { InboundMessage } from '../../src/messages/schemas/message.schemas.js';
import type { GraphProxy } from '../graph-proxy.js';
import type { Harness } from '../harness.js';
import { eventually } from '../helpers.js';
import { Scrape } from '../prometheus-text.js';
import type { Receiver } from '../receiver.js';
import { imageTo, JOB, logsAbout, media, receivedEvent, subscribed, type LogLine, type Service } from './kit.js';

/** The harness, the Graph stand-in, the service under test, the receivers to close and the service's log. */
export interface SlowWorld {
  h: Harness;
  proxy: GraphProxy;
  service: Service;
  receivers: Receiver[];
  logs: LogLine[];
}

export function slowFileCases(world: () => SlowWorld): void {
  it('ends a download that drips at its deadline: the file fails with media_download_failed, once, and the connection is cut', async () => {
    const { h, proxy, receivers, logs } = world();
    const { account, receiver, token } = await subscribed(h, receivers, 'Dripping');
    proxy.download = (_id, caller) => (caller === token ? { dripEveryMs: 100 } : undefined);
    try {
      const started = Date.now();
      const sent = await imageTo(h, account.phoneNumberId);
      const object = await receivedEvent(receiver, sent.wamid, 15_000);
      assert.deepEqual(media(object), ['failed', 'media_download_failed']);
      const took = Date.now() - started;
      assert.ok(took >= 4500, `failed after ${took} ms, not before the 5 s deadline`);
      // Why it ended, as the service logged it: the deadline, once.
      assert.deepEqual(
        logsAbout(logs, object.id).map((l) => [
          l.msg,
          l.final,
          /did not finish within its deadline of 5 s/.test(l.error),
        ]),
        [['customer media download failed', true, true]],
      );
      await eventually(async () => !proxy.dripping.has(sent.mediaId));
      assert.equal(proxy.downloads.get(sent.mediaId), 1, 'downloaded once');
    } finally {
      proxy.download = () => undefined;
      proxy.cutDrips();
    }
  });

  it("leaves download slots to other accounts while one account's files drip, and measures the oldest pending download", async () => {
    const { h, proxy, service, receivers } = world();
    const hog = await subscribed(h, receivers, 'Hog');
    const other = await subscribed(h, receivers, 'Other');
    proxy.download = (_id, caller) => (caller === hog.token ? { dripEveryMs: 100 } : undefined);
    try {
      // Four dripping files: as many as there are slots.
      const hogs = [];
      for (let i = 0; i < 4; i++) hogs.push(await imageTo(h, hog.account.phoneNumberId));
      await eventually(async () => proxy.dripping.size >= 2);
      const sent = await imageTo(h, other.account.phoneNumberId);
      const object = await receivedEvent(other.receiver, sent.wamid, 3000);
      assert.deepEqual(media(object), ['stored', null]);
      assert.equal(proxy.dripping.size, 2, 'the hog holds two slots of four (MEDIA_DOWNLOAD_ACCOUNT_LIMIT), not all');
      await new Promise((r) => setTimeout(r, 1100));
      const pending = new Scrape((await service.deps.metrics.scrape()).text);
      assert.ok(
        pending.one('tidings_media_download_oldest_pending_seconds') >= 1,
        'the oldest pending download is over a second old',
      );
      for (const { wamid } of hogs)
        assert.equal((await receivedEvent(hog.receiver, wamid, 15_000)).media!.status, 'failed');
      assert.equal(
        new Scrape((await service.deps.metrics.scrape()).text).one('tidings_media_download_oldest_pending_seconds'),
        0,
      );
    } finally {
      proxy.download = () => undefined;
      proxy.cutDrips();
    }
  });

  it('does nothing for a copy of a job whose file is settled, and stops a download once another copy settled its message', async () => {
    const { h, proxy, service, receivers, logs } = world();
    const { account, receiver, token } = await subscribed(h, receivers, 'Copies');
    const copy = async (sent: { mediaId: string }, inboundMessageId: string) => {
      const payload = {
        inboundMessageId,
        accountId: account.id,
        phoneNumberId: account.phoneNumberId,
        platformMediaId: sent.mediaId,
        kind: 'image',
        mimeType: 'image/jpeg',
        sha256: null,
        filename: null,
        attempt: 1,
      };
      await service.deps.store.write((tx) =>
        service.deps.jobs.enqueue(tx, [{ type: JOB, payload, runAt: Date.now() }]),
      );
      service.deps.jobs.wake(JOB);
    };
    const stored = await imageTo(h, account.phoneNumberId);
    const first = await receivedEvent(receiver, stored.wamid);
    assert.deepEqual(media(first), ['stored', null]);
    await copy(stored, first.id);
    await eventually(async () => (await service.deps.jobs.pending(JOB)) === 0);
    assert.deepEqual(
      [proxy.lookups.get(stored.mediaId), proxy.downloads.get(stored.mediaId)],
      [1, 1],
      'the copy asked the platform nothing',
    );

    // The first download drips; a copy of its job downloads the file at once and settles the message.
    proxy.download = (_id, caller, nth) => (caller === token && nth === 1 ? { dripEveryMs: 100 } : undefined);
    try {
      const slow = await imageTo(h, account.phoneNumberId);
      await eventually(async () => proxy.dripping.has(slow.mediaId));
      const message = await eventually(
        async () =>
          (
            await h.api<InboundMessage>('GET', `/v1/inbound_messages/${encodeURIComponent(slow.wamid)}`, {
              key: account.liveKey,
            })
          ).body,
      );
      await copy(slow, message.id);
      assert.deepEqual(media(await receivedEvent(receiver, slow.wamid)), ['stored', null]);
      await eventually(async () => !proxy.dripping.has(slow.mediaId));
      // Why the dripping download ended, as the service logged it: the copy settled its message, not its deadline.
      const ended = await eventually(async () => {
        const lines = logsAbout(logs, message.id).filter((l) => l.attempt === 1);
        return lines.length > 0 && lines;
      });
      assert.deepEqual(
        ended.map((l) => l.msg),
        ['customer media settled by another copy while downloading: this download stopped'],
        'the dripping download stopped when the copy settled its message, not at its deadline',
      );
      assert.equal(
        (await h.api('GET', '/v1/media', { key: account.liveKey })).body.data.length,
        2,
        'one file per message',
      );
    } finally {
      proxy.download = () => undefined;
      proxy.cutDrips();
    }
  });
}
