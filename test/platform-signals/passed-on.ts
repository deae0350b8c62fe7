/**
 * An unhandled webhook field passed on as `platform.webhook` only to an endpoint that names it,
 * answered 200 to the platform; typed events still reach every endpoint.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { eventually } from '../helpers.js';
import { signalsKit, type SignalHarness } from './kit.js';

export function passedOnCases(harness: () => SignalHarness): void {
  const { key, ours, events } = signalsKit(harness);
  describe('platform.webhook', () => {
    it('delivers an unknown field as platform.webhook only to an endpoint that names it, and answers the platform 200', async () => {
      const { h, wabaId, receiver } = harness();
      const everything = await h.api('POST', '/v1/webhook_endpoints', {
        key: key(),
        body: { url: `${receiver.url}/all`, events: ['*'] },
      });
      const optedIn = await h.api('POST', '/v1/webhook_endpoints', {
        key: key(),
        body: { url: `${receiver.url}/raw`, events: ['*', 'platform.webhook'] },
      });
      assert.equal(everything.status, 201);
      assert.deepEqual(optedIn.body.events, ['*', 'platform.webhook'], 'the opt-in type stays listed beside "*"');
      const value = {
        event: 'SOMETHING_NEW',
        detail: { nested: [1, 'two', null] },
        metadata: { phone_number_id: h.account.phoneNumberId },
      };
      const res = await h.platformWebhook({
        object: 'whatsapp_business_account',
        entry: [{ id: wabaId, time: 1764000000, changes: [{ field: 'security_center_update', value }] }],
      });
      assert.equal(res.status, 200);
      const got = await eventually(async () => receiver.received.find((r) => r.type === 'platform.webhook'));
      assert.deepEqual(
        { ...got.body.data.object, receivedAt: undefined },
        {
          field: 'security_center_update',
          value,
          wabaId,
          phoneNumberId: h.account.phoneNumberId,
          platformAt: '2025-11-24T16:00:00.000Z',
          receivedAt: undefined,
        },
      );
      const [event] = await events('platform.webhook');
      const deliveries = (await h.api('GET', `/v1/events/${event.id}/deliveries`, { key: key() })).body.data as any[];
      assert.deepEqual(
        deliveries.map((d) => d.endpointId),
        [optedIn.body.id],
        'the endpoint subscribed to "*" alone does not get it',
      );
      // Both endpoints get a typed event.
      await h.platformWebhook(ours('webhook-account-review-update.json'));
      const review = await eventually(async () => (await events('account.review_updated'))[0]);
      const reviewDeliveries = await eventually(async () => {
        const list = (await h.api('GET', `/v1/events/${review.id}/deliveries`, { key: key() })).body.data as any[];
        return list.length === 2 ? list : undefined;
      });
      assert.deepEqual(reviewDeliveries.map((d) => d.endpointId).sort(), [everything.body.id, optedIn.body.id].sort());
      for (const id of [everything.body.id, optedIn.body.id])
        await h.api('DELETE', `/v1/webhook_endpoints/${id}`, { key: key() });
    });
  });
}
