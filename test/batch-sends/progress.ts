/** A batch's progress: its messages counted through shuffled and repeated status reports, completed once. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Batch } from '../../src/messages/schemas/batch.schemas.js';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import type { Harness } from '../harness.js';
import { eventually, fixture, valueOf } from '../helpers.js';
import type { BatchAnswer } from './kit.js';

/** The harness, and an approved template. */
export interface ProgressScope {
  h: Harness;
  templateId: string;
}

export function progressCases(scope: () => ProgressScope): void {
  it("counts a batch's messages through shuffled and repeated status reports, and completes it once", async () => {
    const { h, templateId } = scope();
    await h.simulatorConfig({ delivery: 'manual' });
    // Recipients ending 0001–0003 are the simulator's failing and stopping numbers (docs/simulator.md).
    const to = ['+16505585001', '+16505585002', '+16505585003', '+16505585004'];
    const res = await h.api<BatchAnswer>('POST', '/v1/messages/batch', {
      body: { messages: to.map((t) => ({ to: t, type: 'template', templateId })) },
    });
    assert.equal(res.status, 201, res.text);
    const ids = res.body.data.map((r) => (r as { message: Message }).message.id);
    const wamids = await eventually(async () => {
      const all = await Promise.all(
        ids.map(async (id) => (await h.api<Message>('GET', `/v1/messages/${id}`)).body.platformMessageId),
      );
      return all.every((w) => w !== null) && (all as string[]);
    });
    const report = (wamid: string, status: string) => {
      const name = status === 'failed' ? 'webhook-status-failed.json' : `webhook-status-${status}.json`;
      const payload = fixture(name);
      const value = valueOf(payload);
      value.metadata.phone_number_id = h.account.phoneNumberId;
      value.statuses[0].id = wamid;
      return payload;
    };
    // Read before delivered, repeated, a failure: in an order the platform may use.
    const reports = [
      report(wamids[0]!, 'read'),
      report(wamids[1]!, 'delivered'),
      report(wamids[0]!, 'delivered'),
      report(wamids[2]!, 'failed'),
      report(wamids[1]!, 'delivered'),
      report(wamids[0]!, 'sent'),
    ];
    for (const r of reports) assert.equal((await h.platformWebhook(r)).status, 200);
    let batch = (await h.api<Batch>('GET', `/v1/batches/${res.body.batch.id}`)).body;
    // The fourth was taken by the platform (it has a wamid) but no report came: still `accepted`.
    assert.deepEqual(batch.counts, {
      scheduled: 0,
      accepted: 1,
      sent: 0,
      delivered: 1,
      read: 1,
      failed: 1,
      canceled: 0,
    });
    assert.equal(batch.status, 'processing');
    const completedEvents = async () =>
      (
        await h.api<{ data: { data: { object: Batch } }[] }>('GET', '/v1/events?type=batch.completed&limit=100')
      ).body.data.filter((e) => e.data.object.id === res.body.batch.id);
    assert.equal((await completedEvents()).length, 0);
    await h.platformWebhook(report(wamids[3]!, 'delivered'));
    await h.platformWebhook(report(wamids[3]!, 'read'));
    await h.platformWebhook(report(wamids[1]!, 'read'));
    batch = (await h.api<Batch>('GET', `/v1/batches/${res.body.batch.id}`)).body;
    assert.equal(batch.status, 'completed');
    assert.deepEqual(batch.counts, {
      scheduled: 0,
      accepted: 0,
      sent: 0,
      delivered: 0,
      read: 3,
      failed: 1,
      canceled: 0,
    });
    const events = await completedEvents();
    assert.equal(events.length, 1, 'completed once');
    assert.equal(events[0]!.data.object.status, 'completed');
    await h.simulatorConfig({ delivery: 'auto' });
  });
}
