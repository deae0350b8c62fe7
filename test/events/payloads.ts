/**
 * What each event carries, signed: every message event with the message as GET returns it, the
 * platform error and the quoted message, media metadata and forwards, the template events.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { eventually, fixture, valueOf } from '../helpers.js';
import { eventsKit, type EventsScope } from './kit.js';

export function payloadCases(scope: () => EventsScope): void {
  const { setup, customerWrites, types } = eventsKit(scope);

  it('delivers every message event, signed, with the message as GET returns it', async () => {
    const { h } = scope();
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
    const { h } = scope();
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
    const { h } = scope();
    const { account, receiver } = await setup(['message.received']);
    for (const name of ['webhook-inbound-image.json', 'webhook-inbound-document-forwarded.json']) {
      const payload = fixture(name);
      valueOf(payload).metadata.phone_number_id = account.phoneNumberId;
      valueOf(payload).messages[0].id = `wamid.${name}.${account.id}`;
      assert.equal((await h.platformWebhook(payload)).status, 200);
    }
    await eventually(async () => types(receiver).length === 2);
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
    const { h } = scope();
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
}
