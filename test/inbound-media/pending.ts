/** `message.received` waiting for a file still pending (its next download attempt far away), while the message reads at once. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { InboundMessage } from '../../src/messages/schemas/message.schemas.js';
import { eventually } from '../helpers.js';
import { customerSends, receivedEvent, sample, subscribed, type FilesScope } from './kit.js';

export function pendingCases(scope: () => FilesScope): void {
  it('the message reads at once with the file pending, and no event goes out before the file is settled', async () => {
    const { h, receivers } = scope();
    const { account, receiver } = await subscribed(h, receivers);
    await h.simulatorConfig({ mediaDownloadFailures: 1 });
    const sent = await customerSends(h, account, 'image', { data: sample('sample.jpg'), mimeType: 'image/jpeg' });
    // A text sent after it is told at once.
    const text = await fetch(`${h.simUrl}/_simulator/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ from: '+16505551234', to: account.phoneNumberId, text: 'did you get it?' }),
    });
    const { wamid: textWamid } = (await text.json()) as { wamid: string };
    await receivedEvent(receiver, textWamid);
    // The first attempt has run (and failed): the next is far away.
    await eventually(async () => h.sim.state.config.mediaDownloadFailures === 0);
    const message = await h.api<InboundMessage>('GET', `/v1/inbound_messages/${encodeURIComponent(sent.wamid)}`, {
      key: account.liveKey,
    });
    assert.equal(message.status, 200, message.text);
    assert.deepEqual(
      [message.body.media!.id, message.body.media!.status, message.body.media!.failureReason],
      [null, 'pending', null],
    );
    await eventually(async () => (await h.deps.jobs.pending('media.download_inbound')) === 1);
    const events = await h.api('GET', '/v1/events?type=message.received', { key: account.liveKey });
    assert.deepEqual(
      events.body.data.map((e: { data: { object: InboundMessage } }) => e.data.object.platformMessageId),
      [textWamid],
      'no event for the pending file',
    );
  });
}
