/**
 * Webhook endpoints: one added, its secret shown once, its deliveries listed, an event redelivered,
 * the endpoint disabled; a Cloud API app listed beside it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { registerApp, startApp } from '../cloud-api-receiver.js';
import { eventually } from '../helpers.js';
import { dashboardKit, customer, type Browser } from './kit.js';

export function webhookCases(browser: () => Browser): void {
  const { shoot, go } = dashboardKit(browser);
  describe('webhook endpoints', () => {
    it('adds a webhook endpoint, shows its secret once, and lists its deliveries; redelivers', async () => {
      const { h, page, receiver } = browser();
      await go('/events');
      await page.getByLabel('URL').fill(receiver.url);
      await page.getByLabel('Description (optional)').fill('orders service');
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const secret = await page.getByTestId('endpoint-secret').innerText();
      assert.match(secret, /^whsec_/);
      receiver.secrets = [secret];
      await page.getByRole('button', { name: 'Done' }).click();
      assert.equal(await page.getByTestId('endpoint-secret').count(), 0, 'not shown again');

      await h.customerWrites(customer, 'Thanks!');
      await eventually(async () =>
        receiver.received.some((r) => r.type === 'message.received' && r.verifiedWith.length === 1),
      );
      const event = page.locator('li[data-event]').filter({ hasText: 'Thanks!' });
      await event.getByRole('button').click({ timeout: 10_000 });
      await event.locator('.delivery').getByText('succeeded').waitFor();
      await event.getByRole('cell', { name: '200', exact: true }).waitFor();
      await shoot('events');
      await event.getByRole('button', { name: 'Redeliver' }).click();
      await event.getByText('Sent again to 1 endpoint.').waitFor();
      await eventually(
        async () => receiver.received.filter((r) => r.body?.data?.object?.text === 'Thanks!').length === 2,
      );

      await page.getByRole('button', { name: 'Disable' }).click();
      await page.getByText('disabled').first().waitFor();

      // A Cloud API app (docs/api.md §D35) is listed with the others, marked as one.
      const app = await startApp('dashboard');
      try {
        const created = await registerApp(h, app);
        assert.equal(created.status, 201, created.text);
        await page.getByText(`Cloud API app · ${h.account.phoneNumberId}`).waitFor();
        await h.api('DELETE', `/v1/webhook_endpoints/${created.body.id}`);
      } finally {
        await app.close();
      }
    });
  });
}
