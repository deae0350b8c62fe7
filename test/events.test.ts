/**
 * Events and webhook endpoints end to end (docs/api.md §D10): the service's events reach a real HTTP
 * receiver that verifies every signature with the `standardwebhooks` library.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startHarness, type Harness } from './harness.js';
import { eventually, fixture, valueOf } from './helpers.js';
import { ALLOW_PRIVATE, FAST_POLICY, startReceiver, type Receiver } from './receiver.js';
import { DELIVER_JOB } from '../src/events/event.service.js';

type Account = Harness['account'];

describe('events', () => {
  let h: Harness;
  const receivers: Receiver[] = [];
  before(async () => {
    h = await startHarness({ env: ALLOW_PRIVATE, deps: { deliveryPolicy: FAST_POLICY } });
  });
  after(async () => {
    for (const r of receivers) await r.close();
    await h.close();
  });

  /** A fresh account (so no other test's endpoints receive its events) with an endpoint and a receiver. */
  async function setup(events: string[] = ['*'], mode: 'live' | 'test' = 'live') {
    const account = await h.newAccount();
    const receiver = await startReceiver();
    receivers.push(receiver);
    const key = mode === 'live' ? account.liveKey : account.testKey;
    const res = await h.api('POST', '/v1/webhook_endpoints', {
      key,
      body: { url: receiver.url, events, description: 'orders' },
    });
    assert.equal(res.status, 201, res.text);
    receiver.secrets = [res.body.secret];
    return { account, receiver, key, endpoint: res.body };
  }

  const customerWrites = async (account: Account, from: string, text = 'Hello', contextMessageId?: string) => {
    const res = await fetch(`${h.simUrl}/_simulator/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        from,
        to: account.phoneNumberId,
        text,
        name: 'Maria',
        ...(contextMessageId ? { contextMessageId } : {}),
      }),
    });
    const { wamid } = (await res.json()) as { wamid: string };
    await h.sim.webhooks.idle();
    return wamid;
  };
  const types = (r: Receiver) => r.received.map((x) => x.type);

  it('manages endpoints: the secret only on create, list, get, update, delete', async () => {
    const { account, endpoint, key } = await setup(['message.read', 'message.sent']);
    assert.match(endpoint.id, /^we_/);
    assert.match(endpoint.secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    assert.deepEqual(endpoint.events, ['message.read', 'message.sent']);
    assert.equal(endpoint.enabled, true);
    const got = await h.api('GET', `/v1/webhook_endpoints/${endpoint.id}`, { key });
    assert.equal(got.status, 200);
    assert.equal(got.body.secret, undefined, 'the secret is shown once');
    assert.equal(got.body.url, endpoint.url);
    const list = await h.api('GET', '/v1/webhook_endpoints', { key });
    assert.deepEqual(
      list.body.data.map((e: { id: string }) => e.id),
      [endpoint.id],
    );
    // A test key sees its own endpoints only.
    assert.deepEqual((await h.api('GET', '/v1/webhook_endpoints', { key: account.testKey })).body.data, []);
    assert.equal((await h.api('GET', `/v1/webhook_endpoints/${endpoint.id}`, { key: account.testKey })).status, 404);
    // Another account's endpoint is a 404.
    assert.equal(
      (await h.api('GET', `/v1/webhook_endpoints/${endpoint.id}`)).body.error.code,
      'webhook_endpoint_not_found',
    );

    const patched = await h.api('PATCH', `/v1/webhook_endpoints/${endpoint.id}`, {
      key,
      body: { events: ['*'], description: null, enabled: false },
    });
    assert.equal(patched.status, 200, patched.text);
    assert.deepEqual(
      [patched.body.events, patched.body.description, patched.body.enabled, patched.body.disabledReason],
      [['*'], null, false, 'requested'],
    );
    const on = await h.api('PATCH', `/v1/webhook_endpoints/${endpoint.id}`, { key, body: { enabled: true } });
    assert.deepEqual([on.body.enabled, on.body.disabledReason], [true, null]);
    assert.equal((await h.api('PATCH', `/v1/webhook_endpoints/${endpoint.id}`, { key, body: {} })).status, 400);
    assert.equal(
      (await h.api('PATCH', `/v1/webhook_endpoints/${endpoint.id}`, { key, body: { events: ['message.bounced'] } }))
        .body.error.code,
      'parameter_invalid',
    );

    const del = await h.api('DELETE', `/v1/webhook_endpoints/${endpoint.id}`, { key });
    assert.deepEqual(del.body, { id: endpoint.id, deleted: true });
    assert.equal((await h.api('GET', `/v1/webhook_endpoints/${endpoint.id}`, { key })).status, 404);
  });

  it('delivers every message event, signed, with the message as GET returns it', async () => {
    const { account, receiver, key } = await setup(['*']);
    const customer = '+16505559001';
    await customerWrites(account, customer, 'Where is my order?');
    const sent = await h.api('POST', '/v1/messages/', {
      key,
      body: { to: customer, type: 'text', text: 'On its way' },
    });
    assert.equal(sent.status, 201, sent.text);
    await eventually(async () => types(receiver).includes('message.read'));
    await eventually(async () => receiver.received.length >= 4);
    assert.deepEqual(types(receiver).sort(), ['message.delivered', 'message.read', 'message.received', 'message.sent']);
    for (const r of receiver.received) {
      assert.deepEqual(r.verifiedWith, receiver.secrets, `${r.type} verifies with the endpoint's secret`);
      assert.equal(r.body.id, r.headers['webhook-id']);
      assert.match(r.body.id, /^evt_/);
      assert.equal(r.body.testMode, undefined);
    }
    const received = receiver.received.find((r) => r.type === 'message.received')!.body.data.object;
    assert.deepEqual(
      {
        from: received.from,
        text: received.text,
        contactName: received.contactName,
        type: received.type,
        media: received.media,
        context: received.context,
      },
      { from: customer, text: 'Where is my order?', contactName: 'Maria', type: 'text', media: null, context: null },
    );
    const asGet = await h.api('GET', `/v1/inbound_messages/${received.id}`, { key });
    assert.deepEqual(asGet.body, received, 'message.received carries the customer message as GET returns it');
    assert.deepEqual(
      (await h.api('GET', `/v1/inbound_messages/${encodeURIComponent(received.platformMessageId)}`, { key })).body,
      received,
    );
    assert.equal(
      (await h.api('GET', `/v1/inbound_messages/${received.id}`, { key: account.testKey })).status,
      404,
      'not to a test key',
    );
    const read = receiver.received.find((r) => r.type === 'message.read')!.body.data.object;
    const now = (await h.api('GET', `/v1/messages/${sent.body.id}`, { key })).body;
    // The platform's reports can arrive out of order: a `sent` report (with the pricing) processed
    // after the `read` one updates the message after the event was made, so those two fields may move on.
    const settled = ({ pricing: _p, updatedAt: _u, ...rest }: Record<string, unknown>) => rest;
    assert.deepEqual(settled(read), settled(now), 'the object is the message as GET returns it');
    assert.equal(read.status, 'read');
    // The log has the same events, byte for byte what was delivered.
    const event = await h.api('GET', `/v1/events/${receiver.received[0]!.id}`, { key });
    assert.equal(JSON.stringify(event.body), receiver.received[0]!.raw);
  });

  it('message.failed carries the platform error; a reply carries the quoted message', async () => {
    const { account, receiver, key } = await setup(['message.failed', 'message.received']);
    const customer = '+16505550001'; // the simulator fails sends to numbers ending 0001 (131026)
    await customerWrites(account, customer);
    const sent = await h.api('POST', '/v1/messages/', { key, body: { to: customer, type: 'text', text: 'hello' } });
    const failed = await eventually(async () => receiver.received.find((r) => r.type === 'message.failed'));
    assert.equal(failed.body.data.object.id, sent.body.id);
    assert.equal(failed.body.data.object.error.code, '131026');

    await eventually(async () => (await h.api('GET', `/v1/messages/${sent.body.id}`, { key })).body.platformMessageId);
    const wamid = (await h.api('GET', `/v1/messages/${sent.body.id}`, { key })).body.platformMessageId;
    await customerWrites(account, customer, 'replying', wamid);
    const reply = await eventually(async () =>
      receiver.received.find((r) => r.type === 'message.received' && r.body.data.object.text === 'replying'),
    );
    assert.deepEqual(reply.body.data.object.context, {
      platformMessageId: wamid,
      messageId: sent.body.id,
      forwarded: false,
    });
    assert.deepEqual(
      (await h.api('GET', `/v1/inbound_messages/${reply.body.data.object.id}`, { key })).body,
      reply.body.data.object,
    );
    assert.deepEqual(
      new Set(types(receiver)),
      new Set(['message.failed', 'message.received']),
      'only the subscribed types',
    );
  });

  it("message.received carries media metadata and forwards, from the platform's own payloads (whose files the platform does not know: failed at once)", async () => {
    const { account, receiver } = await setup(['message.received']);
    for (const name of ['webhook-inbound-image.json', 'webhook-inbound-document-forwarded.json']) {
      const payload = fixture(name);
      valueOf(payload).metadata.phone_number_id = account.phoneNumberId;
      valueOf(payload).messages[0].id = `wamid.${name}.${account.id}`;
      assert.equal((await h.platformWebhook(payload)).status, 200);
    }
    await eventually(async () => receiver.received.length === 2);
    const [image, document] = ['image', 'document'].map(
      (t) => receiver.received.find((r) => r.body.data.object.type === t)!.body.data.object,
    );
    assert.deepEqual(
      { text: image!.text, media: image!.media, context: image!.context, from: image!.from },
      {
        text: 'Taj Mahal',
        media: {
          id: null,
          status: 'failed',
          failureReason: 'media_download_failed',
          platformMediaId: '1003383421387256',
          mimeType: 'image/jpeg',
          sha256: 'SfInY0gGKTsJlUWbwxC1k+FAD0FZHvzwfpvO0zX0GUI=',
          filename: null,
        },
        context: null,
        from: '+16505551234',
      },
    );
    assert.deepEqual(document!.media.filename, 'filename.pdf');
    assert.deepEqual(document!.context, { platformMessageId: null, messageId: null, forwarded: true });
  });

  it('delivers template.approved, template.rejected and template.category_updated', async () => {
    const { receiver, account } = await setup(['template.approved', 'template.rejected', 'template.category_updated']);
    const create = (name: string) =>
      h.api('POST', '/v1/templates/', {
        key: account.liveKey,
        headers: { 'idempotency-key': `create-${name}` },
        body: {
          name,
          category: 'UTILITY',
          language: 'en_US',
          body: 'Your order {{1}} has shipped.',
          variables: [{ example: 'A-1' }],
        },
      });
    const approved = await create(`shipped_${Date.now()}`);
    assert.equal(approved.status, 201, approved.text);
    const event = await eventually(async () => receiver.received.find((r) => r.type === 'template.approved'));
    assert.equal(event.body.data.object.id, approved.body.id);
    assert.equal(event.body.data.object.status, 'approved');

    const simTemplate = (name: string) => [...h.sim.state.templates.values()].find((t) => t.name === name)!;
    await fetch(`${h.simUrl}/_simulator/templates/${simTemplate(approved.body.name).id}/category`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ category: 'MARKETING' }),
    });
    const recat = await eventually(async () => receiver.received.find((r) => r.type === 'template.category_updated'));
    assert.equal(recat.body.data.object.category, 'MARKETING');

    await h.simulatorConfig({ reviewDelayMs: 3_600_000 });
    try {
      const rejected = await create(`refused_${Date.now()}`);
      await fetch(`${h.simUrl}/_simulator/templates/${simTemplate(rejected.body.name).id}/review`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ decision: 'REJECTED', reason: 'INVALID_FORMAT' }),
      });
      const ev = await eventually(async () => receiver.received.find((r) => r.type === 'template.rejected'));
      assert.equal(ev.body.data.object.id, rejected.body.id);
      assert.equal(ev.body.data.object.rejectionReason, 'INVALID_FORMAT');
    } finally {
      await h.simulatorConfig({ reviewDelayMs: 50 });
    }
  });

  it('test keys make test events, delivered to test endpoints only', async () => {
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
});
