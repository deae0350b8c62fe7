/** Webhook intake metrics, on a service of its own: platform webhooks counted by outcome, and the updates each carried. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Harness } from '../harness.js';
import { fixture, valueOf } from '../helpers.js';
import { scrapeOf } from './kit.js';

export function webhookIntakeCases(harness: () => Harness): void {
  const scrape = () => scrapeOf(harness());

  it('counts platform webhooks by outcome, and the updates each accepted one carried', async () => {
    const h = harness();
    const before = await scrape();
    await h.customerWrites('16505550103', 'Hi'); // signed by the simulator, over HTTP
    const statuses = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'waba',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550000000', phone_number_id: h.account.phoneNumberId },
                statuses: ['a', 'b', 'c'].map((x) => ({
                  id: `wamid.unknown-${x}`,
                  status: 'delivered',
                  timestamp: '1750000000',
                  recipient_id: '16505550103',
                })),
              },
            },
          ],
        },
      ],
    };
    assert.equal((await h.platformWebhook(statuses)).status, 200);
    assert.equal((await h.platformWebhook(statuses, 'not-the-app-secret')).status, 401);
    assert.equal((await h.platformWebhook('{not json')).status, 400);
    assert.equal((await h.platformWebhook({ object: 'page', entry: [] })).status, 400);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      after.sum(name, labels) - before.sum(name, labels);

    assert.equal(delta('tidings_webhook_intake_requests_total', { outcome: 'accepted' }), 2);
    assert.equal(delta('tidings_webhook_intake_requests_total', { outcome: 'signature_refused' }), 1);
    assert.equal(delta('tidings_webhook_intake_requests_total', { outcome: 'invalid' }), 2);
    assert.equal(delta('tidings_webhook_intake_batch_updates_count'), 2);
    assert.equal(delta('tidings_webhook_intake_batch_updates_sum'), 1 + 3);
    assert.equal(delta('tidings_webhook_intake_batch_updates_bucket', { le: '2' }), 1, "the customer's message alone");
  });

  it('counts a batch signed by an app that does not cover its account as tenant_refused', async () => {
    const h = harness();
    // An account on an app secret of its own: that secret speaks for it alone (webhook-tenants.test.ts).
    const secret = 'app-secret-of-another-tenant';
    await h.deps.accounts.createAccount({
      name: 'Tenant',
      wabaId: '9740000000000004',
      phoneNumberId: '740000000000004',
      phoneNumber: '+15550000004',
      accessToken: 'token-tenant',
      appSecret: secret,
    });
    const before = await scrape();
    // Under the tenant's own WABA (its secret verifies), naming another account's number.
    const batch = fixture('webhook-inbound-text.json');
    batch.entry[0].id = '9740000000000004';
    valueOf(batch).metadata.phone_number_id = h.account.phoneNumberId;
    assert.equal((await h.platformWebhook(batch, secret)).status, 401);
    const after = await scrape();
    const delta = (outcome: string) =>
      after.sum('tidings_webhook_intake_requests_total', { outcome }) -
      before.sum('tidings_webhook_intake_requests_total', { outcome });
    assert.deepEqual([delta('tenant_refused'), delta('signature_refused'), delta('accepted')], [1, 0, 0]);
  });
}
