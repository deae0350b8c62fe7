/**
 * Scheduled sends: each enters its queue at its time and not before, across a restart and two
 * processes; a free-form one not past the window, none without an offset or too far ahead; and
 * cancelling, one at a time or in bulk, until a message is taken.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { ManualClock } from '../../src/lib/clock.js';
import type { Batch } from '../../src/messages/schemas/batch.schemas.js';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import { DIALECT } from '../database.js';
import type { Harness } from '../harness.js';
import { eventually } from '../helpers.js';
import type { BatchAnswer } from './kit.js';

/** The harness on its manual clock, and an approved template. */
export interface ScheduleScope {
  h: Harness;
  clock: ManualClock;
  templateId: string;
}

export function scheduleCases(scope: () => ScheduleScope): void {
  const at = (ms: number) => new Date(scope().clock.now() + ms).toISOString();
  const send = (to: string, extra: Record<string, unknown> = {}) =>
    scope().h.api<Message>('POST', '/v1/messages', {
      body: { to, type: 'template', templateId: scope().templateId, ...extra },
    });
  const get = async (id: string) => (await scope().h.api<Message>('GET', `/v1/messages/${id}`)).body;

  it('sends a scheduled message at its time and not before, and after a restart', async () => {
    const { h, clock } = scope();
    const early = await send('+16505571011', { sendAt: at(60_000) });
    const later = await send('+16505571012', { sendAt: at(120_000) });
    assert.equal(early.status, 201, early.text);
    assert.deepEqual([early.body.status, early.body.scheduledAt], ['scheduled', at(60_000)]);
    // With an offset other than Z, as written.
    const offset = await send('+16505571013', {
      sendAt: new Date(clock.now() + 3600_000).toISOString().replace('Z', '+00:00'),
    });
    assert.equal(offset.body.status, 'scheduled');
    await h.restart();
    clock.advance(90_000);
    // The one due is sent; the other, due 30 s later, is still scheduled once the first has gone:
    // both were looked at by the same moves into the queue.
    await eventually(
      async () =>
        (await get(early.body.id)).status === 'sent' ||
        (await get(early.body.id)).status === 'delivered' ||
        (await get(early.body.id)).status === 'read',
    );
    assert.equal((await get(later.body.id)).status, 'scheduled');
    clock.advance(30_000);
    await eventually(async () => (await get(later.body.id)).sentAt !== null);
    assert.equal(
      [...h.sim.state.messages.values()].filter((m) => m.callbackData === later.body.id).length,
      1,
      'sent once',
    );
  });

  it('moves each scheduled message into the queue once across two processes' +
    (DIALECT === 'postgres' ? '' : ' (PostgreSQL only)'), { skip: DIALECT !== 'postgres' }, async () => {
    const { h, clock, templateId } = scope();
    const peer = await h.startPeer();
    try {
      const sendAt = at(61_000);
      const res = await h.api<BatchAnswer>('POST', '/v1/messages/batch', {
        body: {
          sendAt,
          messages: Array.from({ length: 50 }, (_, i) => ({
            to: `+165055952${String(i).padStart(2, '0')}`,
            type: 'template',
            templateId,
          })),
        },
      });
      assert.equal(res.status, 201, res.text);
      const ids = res.body.data.map((r) => (r as { message: Message }).message.id);
      // Both processes poll; the time comes for both at once.
      clock.advance(61_000);
      await eventually(async () => {
        const b = (await h.api<Batch>('GET', `/v1/batches/${res.body.batch.id}`)).body;
        return b.counts.scheduled === 0 && b.counts.accepted === 0;
      }, 20_000);
      for (const id of ids)
        assert.equal(
          [...h.sim.state.messages.values()].filter((m) => m.callbackData === id).length,
          1,
          `${id} sent once`,
        );
    } finally {
      await peer.close();
    }
  });

  it('refuses a free-form message scheduled past the end of the customer service window', async () => {
    const { h } = scope();
    await h.customerWrites('+16505570011');
    const inside = await h.api<Message>('POST', '/v1/messages', {
      body: { to: '+16505570011', type: 'text', text: 'See you soon', sendAt: at(3600_000) },
    });
    assert.equal(inside.status, 201, inside.text);
    const after = await h.api('POST', '/v1/messages', {
      body: { to: '+16505570011', type: 'text', text: 'See you soon', sendAt: at(25 * 3600_000) },
    });
    assert.equal(after.status, 409, after.text);
    assert.equal(after.body.error.code, 'outside_customer_window');
    assert.equal(after.body.error.param, 'sendAt');
  });

  it('refuses a sendAt without an offset, in the past, or more than 35 days ahead', async () => {
    for (const sendAt of ['2026-12-01T09:00:00', at(-1000), at(10_000), at(36 * 86_400_000), 'tomorrow']) {
      const res = await send('+16505570010', { sendAt });
      assert.equal(res.status, 400, `${sendAt}: ${res.text}`);
      assert.equal(res.body.error.param, 'sendAt');
    }
  });

  it('cancels a scheduled message and a queued one, but not one sent; in bulk by reference prefix and by time', async () => {
    const { h } = scope();
    const scheduled = await send('+16505570020', { sendAt: at(600_000), clientReference: 'appt-1' });
    const canceled = await h.api<Message>('POST', `/v1/messages/${scheduled.body.id}/cancel`);
    assert.equal(canceled.status, 200, canceled.text);
    assert.equal(canceled.body.status, 'canceled');
    assert.ok(canceled.body.canceledAt);
    assert.equal(
      (await h.api<Message>('POST', `/v1/messages/${scheduled.body.id}/cancel`)).status,
      200,
      'canceling again answers it',
    );
    const events = await h.api<{ data: { type: string; data: { object: Message } }[] }>(
      'GET',
      '/v1/events?type=message.canceled',
    );
    assert.ok(events.body.data.some((e) => e.data.object.id === scheduled.body.id));

    const sent = await send('+16505570021');
    await eventually(async () => (await get(sent.body.id)).sentAt !== null);
    const late = await h.api('POST', `/v1/messages/${sent.body.id}/cancel`);
    assert.equal(late.status, 409, late.text);
    assert.equal(late.body.error.code, 'message_not_cancelable');

    // Queued behind an outage: still cancelable, and never sent.
    await h.simulatorConfig({ errorRate: 1 });
    try {
      const queued = await send('+16505570022');
      await eventually(async () => {
        const res = await h.api('POST', `/v1/messages/${queued.body.id}/cancel`);
        return res.status === 200 && res.body.status === 'canceled';
      });
    } finally {
      await h.simulatorConfig({ errorRate: 0 });
    }

    for (let i = 0; i < 3; i++) await send(`+1650557003${i}`, { sendAt: at(600_000), clientReference: `wave-7/${i}` });
    await send('+16505570039', { sendAt: at(600_000), clientReference: 'wave-8/0' });
    const byPrefix = await h.api('POST', '/v1/messages/cancel', { body: { clientReferencePrefix: 'wave-7/' } });
    assert.deepEqual(byPrefix.body, { canceled: 3, notCancelable: 0 });
    const wave8 = (await h.api<{ data: Message[] }>('GET', '/v1/messages?clientReference=wave-8/0')).body.data[0]!;
    assert.equal(wave8.status, 'scheduled');
    const byTime = await h.api('POST', '/v1/messages/cancel', { body: { scheduledBefore: at(3 * 3600_000) } });
    assert.equal(byTime.status, 200, byTime.text);
    assert.ok(byTime.body.canceled >= 2, byTime.text);
    assert.equal((await get(wave8.id)).status, 'canceled');
    const both = await h.api('POST', '/v1/messages/cancel', {
      body: { clientReferencePrefix: 'x', scheduledBefore: at(1000) },
    });
    assert.equal(both.status, 400);
  });
}
