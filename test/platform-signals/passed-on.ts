/**
 * An unhandled webhook field passed on as `platform.webhook` only to an endpoint that names it,
 * answered 200 to the platform; typed events still reach every endpoint. On a WABA shared by two
 * accounts, a field naming one account's number reaches that account only (issue 38, finding 8).
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

    it("reaches only the account of the number it names on a shared WABA, and a WABA's own to each account on it", async () => {
      const { h, wabaId } = harness();
      // A second account on the same WABA, with a number of its own (the service-wide app signs for both).
      const other = await h.deps.accounts.createAccount({
        name: 'Shares the WABA',
        wabaId,
        phoneNumberId: '740000000000008',
        phoneNumber: '+1 555 010 0088',
        accessToken: 'token-shares-the-waba',
      });
      const otherKey = (await h.deps.keys.createKey({ accountId: other.id, mode: 'live' })).key;
      /** A `calls` change (a field Tidings does not handle) with the customer's phone, under the WABA. */
      const call = (callId: string, metadata: Record<string, string>) => ({
        object: 'whatsapp_business_account',
        entry: [
          {
            id: wabaId,
            time: 1764000000,
            changes: [
              {
                field: 'calls',
                value: {
                  messaging_product: 'whatsapp',
                  metadata,
                  contacts: [{ profile: { name: 'Maria' }, wa_id: '16505551234' }],
                  calls: [{ id: callId, from: '16505551234', event: 'connect', timestamp: '1764000000' }],
                },
              },
            ],
          },
        ],
      });
      /** The ids of the calls passed on to the account of `k`. */
      const callsOf = async (k: string) =>
        ((await h.api('GET', '/v1/events?type=platform.webhook&limit=100', { key: k })).body.data as any[]).flatMap(
          (e) => (e.data.object.field === 'calls' ? [e.data.object.value.calls[0].id] : []),
        );
      const posted = [
        await h.platformWebhook(call('call-ours', { phone_number_id: h.account.phoneNumberId })),
        await h.platformWebhook(call('call-theirs', { phone_number_id: '740000000000008' })),
        await h.platformWebhook(call('call-theirs-displayed', { display_phone_number: '15550100088' })),
        await h.platformWebhook(call('call-nobodys', { phone_number_id: '749999999999999' })),
        await h.platformWebhook(call('call-no-number', {})),
      ];
      assert.deepEqual(
        posted.map((r) => r.status),
        [200, 200, 200, 200, 200],
      );
      // The events are stored with the webhook, before its 200.
      assert.deepEqual(await callsOf(key()), ['call-no-number', 'call-ours']);
      assert.deepEqual(await callsOf(otherKey), ['call-no-number', 'call-theirs-displayed', 'call-theirs']);
      const [displayed] = (
        (await h.api('GET', '/v1/events?type=platform.webhook&limit=100', { key: otherKey })).body.data as any[]
      ).filter((e) => e.data.object.value.calls?.[0].id === 'call-theirs-displayed');
      assert.equal(displayed.data.object.phoneNumberId, '740000000000008', 'the displayed number names its id');
    });
  });
}
