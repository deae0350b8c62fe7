/**
 * Batch and scheduled sends (docs/api.md §D18, README "Sending in bulk and later"): a batch checks
 * each item on its own and accepts the valid ones together; a scheduled message enters its queue at
 * its time and not before, across restarts and processes; a batch counts its messages as reports
 * arrive and completes once; a dry run stores nothing; messages are canceled until they are taken.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../src/lib/clock.js';
import type { Batch } from '../src/messages/schemas/batch.schemas.js';
import type { Message } from '../src/messages/schemas/message.schemas.js';
import { approvedTemplate } from './factories.js';
import { DIALECT } from './database.js';
import { startHarness, type Harness } from './harness.js';
import { eventually, fixture, valueOf } from './helpers.js';

type BatchAnswer = {
  batch: Batch;
  data: (
    | { index: number; message: Message }
    | { index: number; error: { code: string; message: string; param?: string } }
  )[];
};

describe('batch sends', () => {
  let h: Harness;
  let templateId: string;
  let acct: Harness['account'];
  /** Requests as the batch account's live key (its rate limit fits batches of 1,000). */
  const api = <T = any>(
    method: 'GET' | 'POST',
    url: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ) => h.api<T>(method, url, { key: acct.liveKey, ...options });
  before(async () => {
    h = await startHarness();
    acct = await h.newAccount('Batch Co', { rateLimit: 10_000 });
    templateId = (
      await approvedTemplate(
        h,
        { name: 'batch_notice', body: 'Hello {{1}}, your order shipped.', variables: [{ example: 'Jessica' }] },
        acct.liveKey,
      )
    ).id;
  });
  after(() => h.close());

  const item = (i: number, extra: Record<string, unknown> = {}) => ({
    to: `+1650556${String(i).padStart(4, '0')}`,
    type: 'template',
    templateId,
    variables: { '1': `Customer ${i}` },
    ...extra,
  });

  it('accepts the 993 valid items of 1,000 in order, names the 7 refused by index and reason, and replays on retry', async () => {
    const messages: unknown[] = Array.from({ length: 1000 }, (_, i) => item(i, { clientReference: `order-${i}` }));
    const bad: Record<number, [unknown, string]> = {
      3: [{ ...item(3), to: '+1650' }, 'phone_number_invalid'],
      50: [{ ...item(50), templateId: 'tpl_doesnotexist' }, 'template_not_found'],
      199: [{ ...item(199), variables: { '7': 'x' } }, 'variables_invalid'],
      400: [{ to: '+16505560400', type: 'text', text: 'Hi' }, 'outside_customer_window'],
      512: [{ ...item(512), sendAt: '2020-01-01T00:00:00Z' }, 'parameter_invalid'],
      777: [{ ...item(777), colour: 'blue' }, 'parameter_unknown'],
      998: [{ ...item(998), clientReference: 'order-5' }, 'client_reference_in_use'],
    };
    for (const [i, [body]] of Object.entries(bad)) messages[Number(i)] = body;
    const res = await api<BatchAnswer>('POST', '/v1/messages/batch', {
      body: { messages },
      headers: { 'idempotency-key': 'batch-1000' },
    });
    assert.equal(res.status, 201, res.text.slice(0, 2000));
    assert.equal(res.body.data.length, 1000);
    res.body.data.forEach((r, i) => assert.equal(r.index, i));
    const refused = res.body.data.filter((r) => 'error' in r) as {
      index: number;
      error: { code: string; param?: string };
    }[];
    assert.deepEqual(
      refused.map((r) => [r.index, r.error.code]),
      Object.entries(bad).map(([i, [, code]]) => [Number(i), code]),
    );
    assert.equal(refused.find((r) => r.index === 3)!.error.param, 'messages[3].to');
    const accepted = res.body.data.filter((r) => 'message' in r) as { index: number; message: Message }[];
    assert.equal(accepted.length, 993);
    assert.ok(accepted.every((r) => r.message.batchId === res.body.batch.id && r.message.status === 'accepted'));
    assert.equal(accepted.find((r) => r.index === 4)!.message.clientReference, 'order-4');
    assert.deepEqual([res.body.batch.items, res.body.batch.accepted, res.body.batch.refused], [1000, 993, 7]);

    // The same key replays the first answer and queues nothing more.
    const again = await api<BatchAnswer>('POST', '/v1/messages/batch', {
      body: { messages },
      headers: { 'idempotency-key': 'batch-1000' },
    });
    assert.equal(again.status, 201);
    assert.equal(again.body.batch.id, res.body.batch.id);
    assert.equal(again.headers['idempotent-replayed'], 'true');
    const batch = await api<Batch>('GET', `/v1/batches/${res.body.batch.id}`);
    const { scheduled, accepted: queued, sent, delivered, read, failed, canceled } = batch.body.counts;
    assert.equal(scheduled + queued + sent + delivered + read + failed + canceled, 993, 'every message counted once');
    const byReference = await api<{ data: Message[] }>('GET', '/v1/messages?clientReference=order-10');
    assert.deepEqual(
      byReference.body.data.map((m) => m.id),
      [accepted.find((r) => r.index === 10)!.message.id],
    );
    const listed = await api<{ data: Message[]; has_more: boolean }>(
      'GET',
      `/v1/messages?batch=${res.body.batch.id}&limit=100`,
    );
    assert.equal(listed.body.data.length, 100);
    assert.ok(listed.body.has_more && listed.body.data.every((m) => m.batchId === res.body.batch.id));
    // A later request reusing a reference within 24 hours: that item is refused, the others go.
    const reuse = await api<BatchAnswer>('POST', '/v1/messages/batch', {
      body: { messages: [item(1, { clientReference: 'order-1' }), item(2, { clientReference: 'order-new' })] },
    });
    assert.equal(reuse.status, 201, reuse.text);
    assert.equal((reuse.body.data[0] as { error: { code: string } }).error.code, 'client_reference_in_use');
    assert.ok('message' in reuse.body.data[1]!);
    const single = await api('POST', '/v1/messages', { body: item(3, { clientReference: 'order-new' }) });
    assert.equal(single.status, 409, single.text);
    assert.equal(single.body.error.code, 'client_reference_in_use');
  });

  it('answers 400 batch_rejected with every reason when no item is valid, storing nothing', async () => {
    const before = (await api<{ data: Batch[] }>('GET', '/v1/batches?limit=100')).body.data.length;
    const res = await api('POST', '/v1/messages/batch', {
      body: { messages: [{ to: 'nope', type: 'template', templateId }, { type: 'text' }] },
    });
    assert.equal(res.status, 400, res.text);
    assert.equal(res.body.error.code, 'batch_rejected');
    assert.deepEqual(
      res.body.error.items.map((i: { index: number; error: { code: string } }) => [i.index, i.error.code]),
      [
        [0, 'phone_number_invalid'],
        [1, 'parameter_missing'],
      ],
    );
    assert.equal((await api<{ data: Batch[] }>('GET', '/v1/batches?limit=100')).body.data.length, before);
    const empty = await api('POST', '/v1/messages/batch', { body: { messages: [] } });
    assert.equal(empty.status, 400);
  });

  it('dry-runs a batch: valid items, windows and pricing, with nothing stored or sent', async () => {
    await h.customerWrites('+16505569001', 'Hello', acct.phoneNumberId);
    const countMessages = async () =>
      (await api<{ data: Message[] }>('GET', '/v1/messages?limit=100')).body.data.length;
    const before = await countMessages();
    const res = await api('POST', '/v1/messages/batch?dryRun=true', {
      body: {
        messages: [
          item(9001),
          { to: '+16505569001', type: 'text', text: 'Hi' },
          item(9002),
          { to: '+16505569003', type: 'text', text: 'Hi' },
          { ...item(9004), templateId: 'tpl_nope' },
        ],
      },
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual([res.body.items, res.body.valid, res.body.refused], [5, 3, 2]);
    // The customer of items 0 and 1 wrote: a template inside the window, and a free-form (service) message.
    assert.deepEqual(res.body.windows, { open: 2, closed: 1 });
    assert.deepEqual(res.body.pricing, { utility_outside_window: 1, utility_inside_window: 1, service: 1 });
    assert.equal(res.body.data[3].error.code, 'outside_customer_window');
    assert.equal(await countMessages(), before, 'nothing stored');

    // The same Idempotency-Key on a dry run and then on the send: the send runs (a dry run keeps
    // nothing under the key, and its query string makes it another request).
    const body = { messages: [item(9010)] };
    const dry = await api('POST', '/v1/messages/batch?dryRun=true', {
      body,
      headers: { 'idempotency-key': 'check-then-send' },
    });
    assert.equal(dry.status, 200, dry.text);
    const sent = await api<BatchAnswer>('POST', '/v1/messages/batch', {
      body,
      headers: { 'idempotency-key': 'check-then-send' },
    });
    assert.equal(sent.status, 201, sent.text);
    assert.equal(sent.headers['idempotent-replayed'], undefined);
    assert.equal(sent.body.batch.accepted, 1);
  });

  it("refuses a batch larger than the key's burst with 429, saying why", async () => {
    const { key } = await h.deps.keys.createKey({ accountId: acct.id, mode: 'live', rateLimit: 5 });
    const res = await h.api('POST', '/v1/messages/batch', {
      key,
      body: { messages: Array.from({ length: 20 }, (_, i) => item(i)) },
    });
    assert.equal(res.status, 429, res.text);
    assert.match(
      res.body.error.message,
      /batch holds 20.*A batch of more than 6 \(the key's rate, and one\) never fits/,
    );
  });
});

describe('scheduled sends and cancelling', () => {
  const clock = new ManualClock();
  let h: Harness;
  let templateId: string;
  before(async () => {
    h = await startHarness({ clock });
    templateId = (await approvedTemplate(h, { name: 'later_notice', body: 'Your appointment is tomorrow.' })).id;
  });
  after(() => h.close());

  const at = (ms: number) => new Date(clock.now() + ms).toISOString();
  const send = (to: string, extra: Record<string, unknown> = {}) =>
    h.api<Message>('POST', '/v1/messages', { body: { to, type: 'template', templateId, ...extra } });
  const get = async (id: string) => (await h.api<Message>('GET', `/v1/messages/${id}`)).body;

  it('sends a scheduled message at its time and not before, and after a restart', async () => {
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
});

describe('batch progress', () => {
  let h: Harness;
  let templateId: string;
  before(async () => {
    h = await startHarness();
    templateId = (await approvedTemplate(h, { name: 'progress_notice', body: 'Your order shipped.' })).id;
  });
  after(() => h.close());

  it("counts a batch's messages through shuffled and repeated status reports, and completes it once", async () => {
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
});
