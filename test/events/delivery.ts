/**
 * Who receives events and how: test events to test endpoints only, retries kept attempt by
 * attempt, redelivery on request, an endpoint disabled after failing and taken back, nothing
 * recorded for a change that rolls back.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { DELIVER_JOB } from '../../src/events/event.service.js';
import { startHarness } from '../harness.js';
import { eventually } from '../helpers.js';
import { ALLOW_PRIVATE, startReceiver } from '../receiver.js';
import { eventsKit, type EventsScope } from './kit.js';

export function deliveryCases(scope: () => EventsScope): void {
  const { setup, customerWrites, types } = eventsKit(scope);

  it('test keys make test events, delivered to test endpoints only', async () => {
    const { h, receivers } = scope();
    const { account, receiver, key } = await setup(['*'], 'test');
    const live = await startReceiver();
    receivers.push(live);
    await h.api('POST', '/v1/webhook_endpoints', { key: account.liveKey, body: { url: live.url, events: ['*'] } });
    await h.api('POST', '/v1/test_helpers/inbound_messages', { key, body: { from: '+16505557000', text: 'test hi' } });
    await h.api('POST', '/v1/messages/', { key, body: { to: '+16505557000', type: 'text', text: 'test reply' } });
    await eventually(async () => types(receiver).includes('message.read'));
    assert.deepEqual(types(receiver).sort(), ['message.delivered', 'message.read', 'message.received', 'message.sent']);
    for (const r of receiver.received) assert.equal(r.body.testMode, true);
    assert.equal(live.received.length, 0, 'no test event reaches a live endpoint');
    const listed = await h.api('GET', '/v1/events?type=message.received', { key });
    assert.deepEqual(
      listed.body.data.map((e: { type: string }) => e.type),
      ['message.received'],
    );
    assert.deepEqual((await h.api('GET', '/v1/events', { key: account.liveKey })).body.data, []);
  });

  it('retries a failing receiver until it answers, keeping each attempt', async () => {
    const { h } = scope();
    const { account, receiver, key } = await setup(['message.received']);
    receiver.script = [500, 503, 'hang', 200];
    receiver.bodyLength = 5000;
    await customerWrites(account, '+16505559100');
    await eventually(async () => receiver.succeeded().size === 1);
    const eventId = receiver.received[0]!.id;
    assert.ok(receiver.received.every((r) => r.id === eventId && r.verifiedWith.length === 1));
    const deliveries = await eventually(async () => {
      const d = (await h.api('GET', `/v1/events/${eventId}/deliveries`, { key })).body.data;
      return d[0]?.status === 'succeeded' && d;
    });
    assert.equal(deliveries.length, 1);
    const attempts = deliveries[0].attempts;
    assert.deepEqual(
      attempts.map((a: { statusCode: number | null }) => a.statusCode),
      [500, 503, null, 200],
    );
    assert.equal(attempts[2].error, 'timeout');
    assert.ok(attempts[2].durationMs >= 900, `the timeout attempt took ${attempts[2].durationMs} ms`);
    assert.equal(attempts[0].responseBody, 'x'.repeat(1024), 'the first 1 KB of the answer');
    assert.equal(deliveries[0].attemptCount, 4);
    const endpoint = (await h.api('GET', '/v1/webhook_endpoints', { key })).body.data[0];
    assert.equal(endpoint.failingSince, null, 'a success ends the failing run');
  });

  it('redelivers an event on request, with the same id and body', async () => {
    const { h } = scope();
    const { account, receiver, key, endpoint } = await setup(['message.received']);
    await customerWrites(account, '+16505559200');
    await eventually(async () => receiver.succeeded().size === 1);
    const first = receiver.received[0]!;
    const res = await h.api('POST', `/v1/events/${first.id}/redeliver`, { key });
    assert.equal(res.status, 202, res.text);
    assert.equal(res.body.data[0].endpointId, endpoint.id);
    await eventually(async () => receiver.received.length === 2);
    assert.equal(receiver.received[1]!.raw, first.raw);
    assert.equal(receiver.received[1]!.verifiedWith.length, 1);
    const byEndpoint = await h.api('POST', `/v1/events/${first.id}/redeliver`, {
      key,
      body: { endpointId: endpoint.id },
    });
    assert.equal(byEndpoint.status, 202);
    assert.equal(
      (await h.api('POST', `/v1/events/${first.id}/redeliver`, { key, body: { endpointId: 'we_nope' } })).body.error
        .code,
      'webhook_endpoint_not_found',
    );
    assert.equal((await h.api('POST', '/v1/events/evt_nope/redeliver', { key })).body.error.code, 'event_not_found');
    assert.equal((await h.api('GET', '/v1/events/evt_nope', { key })).status, 404);
    await eventually(
      async () =>
        (await h.api('GET', `/v1/events/${first.id}/deliveries`, { key })).body.data.filter(
          (d: { status: string }) => d.status === 'succeeded',
        ).length === 3,
    );
    void account;
  });

  it('disables an endpoint whose deliveries fail for the disable period, and takes it back on PATCH', async () => {
    const f = await startHarness({
      env: ALLOW_PRIVATE,
      deps: { deliveryPolicy: { retryDelaysMs: Array(40).fill(30), disableAfterMs: 300, timeoutMs: 1000 } },
    });
    const receiver = await startReceiver();
    try {
      receiver.script = Array(100).fill(500);
      const key = f.account.liveKey;
      const created = await f.api('POST', '/v1/webhook_endpoints', { key, body: { url: receiver.url, events: ['*'] } });
      await f.customerWrites('+16505559300');
      const disabled = await eventually(async () => {
        const e = (await f.api('GET', `/v1/webhook_endpoints/${created.body.id}`, { key })).body;
        return e.enabled === false && e;
      });
      assert.equal(disabled.disabledReason, 'failing');
      assert.ok(disabled.failingSince);
      const event = (await f.api('GET', '/v1/events', { key })).body.data[0];
      const delivery = (await f.api('GET', `/v1/events/${event.id}/deliveries`, { key })).body.data[0];
      assert.equal(delivery.status, 'failed');
      assert.ok(delivery.attemptCount >= 2);
      const count = receiver.received.length;
      // No delivery job is left that could send anything more to the disabled endpoint.
      await eventually(async () => (await f.deps.jobs.pending(DELIVER_JOB)) === 0);
      assert.equal(receiver.received.length, count, 'nothing more is sent to a disabled endpoint');
      const on = await f.api('PATCH', `/v1/webhook_endpoints/${created.body.id}`, { key, body: { enabled: true } });
      assert.deepEqual([on.body.enabled, on.body.disabledReason, on.body.failingSince], [true, null, null]);
    } finally {
      await receiver.close();
      await f.close();
    }
  });

  it('records nothing for a change that rolls back', async () => {
    const { h } = scope();
    const { account } = await setup(['*']);
    const before = await h.deps.jobs.pending(DELIVER_JOB);
    await assert.rejects(
      h.deps.store.write(async (tx) => {
        await h.deps.events.record(tx, [
          { accountId: account.id, mode: 'live', type: 'message.sent', object: { id: 'msg_x' } },
        ]);
        throw new Error('the change failed');
      }),
    );
    assert.deepEqual((await h.api('GET', '/v1/events', { key: account.liveKey })).body.data, []);
    assert.equal(await h.deps.jobs.pending(DELIVER_JOB), before);
  });
}
