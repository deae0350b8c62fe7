/** Webhook endpoints' changes are recorded in their unit, never with the secret; so is an event redelivered on request. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { AuditEvent } from '../../src/audit/audit.schemas.js';
import type { Harness } from '../harness.js';

export function endpointCases(harness: () => Harness) {
  it('records webhook_endpoint created, updated, secret_rolled and deleted, without the secret', async () => {
    const h = harness();
    const key = h.account.liveKey;
    const made = await h.api('POST', '/v1/webhook_endpoints', {
      key,
      body: { url: 'https://example.com/hook', events: ['message.delivered'] },
    });
    assert.equal(made.status, 201, made.text);
    const id = made.body.id;
    await h.api('PATCH', `/v1/webhook_endpoints/${id}`, { key, body: { description: 'audited' } });
    const rolled = await h.api('POST', `/v1/webhook_endpoints/${id}/roll_secret`, { key });
    await h.api('DELETE', `/v1/webhook_endpoints/${id}`, { key });
    const r = await h.api('GET', `/v1/audit_events?objectId=${id}`, { key });
    const all = r.body.data as AuditEvent[];
    assert.deepEqual(
      all.map((e) => e.action),
      [
        'webhook_endpoint.deleted',
        'webhook_endpoint.secret_rolled',
        'webhook_endpoint.updated',
        'webhook_endpoint.created',
      ],
    );
    const text = JSON.stringify(all);
    assert.ok(!text.includes(made.body.secret) && !text.includes(rolled.body.secret ?? 'whsec_none'));
    assert.ok(!text.includes('whsec_'));
  });

  it('records an event redelivered on request, with the endpoint and the delivery it made', async () => {
    const h = harness();
    const key = h.account.liveKey;
    const made = await h.api('POST', '/v1/webhook_endpoints', {
      key,
      body: { url: 'https://example.com/redelivered', events: ['message.received'] },
    });
    assert.equal(made.status, 201, made.text);
    await h.customerWrites('+16505573301', 'Redeliver this');
    const events = await h.api('GET', '/v1/events?limit=100', { key });
    const event = events.body.data.find(
      (e: { type: string; data: { object: { from?: string } } }) =>
        e.type === 'message.received' && e.data.object.from === '+16505573301',
    );
    assert.ok(event, events.text);
    const again = await h.api('POST', `/v1/events/${event.id}/redeliver`, { key, body: { endpointId: made.body.id } });
    assert.equal(again.status, 202, again.text);
    const [entry, ...more] = (await h.api('GET', `/v1/audit_events?objectId=${event.id}`, { key })).body
      .data as AuditEvent[];
    assert.equal(more.length, 0);
    assert.deepEqual([entry!.action, entry!.actor.type], ['event.redelivered', 'key']);
    assert.deepEqual(entry!.changes!.after, { endpointIds: [made.body.id], deliveryIds: [again.body.data[0].id] });
    await h.api('DELETE', `/v1/webhook_endpoints/${made.body.id}`, { key });
  });
}
