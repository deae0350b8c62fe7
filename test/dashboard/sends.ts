/**
 * Sends from the dashboard: a text in the window the customer opened, watched to read; reply buttons
 * and the one the customer taps; the customer's reaction and its removal; the number's send queue and
 * why it is held back; an API error and a platform failure shown in words with their codes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dashboardKit, customer, type Browser } from './kit.js';

export function sendCases(browser: () => Browser): void {
  const { shoot, go, customerSends, sentWamid } = dashboardKit(browser);
  describe('sends', () => {
    it('sends a text message in the window the customer opened and watches it reach read', async () => {
      const { h, page } = browser();
      await h.customerWrites(customer, 'Is my order ready?');
      await go('/send');
      await page.getByLabel('To (E.164)').fill(customer);
      await page.getByLabel('Text', { exact: true }).fill('Yes, ready for pickup.');
      await shoot('send');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.waitForURL(/#\/messages\/msg_/);
      await page.locator('li[data-step="read"].done').waitFor({ timeout: 15_000 });
      const id = decodeURIComponent(page.url().split('/').pop()!);
      const message = (await h.api('GET', `/v1/messages/${id}`)).body;
      assert.equal(message.status, 'read');
      assert.equal(message.source, 'dashboard', 'recorded as sent from the dashboard');
      await page.getByText('the dashboard').waitFor();
      await shoot('message');
      await go('/messages');
      await page.getByRole('link', { name: 'Yes, ready for pickup.' }).waitFor();
      await shoot('messages');
    });

    it('sends reply buttons from the form; the button the customer taps shows on the message page', async () => {
      const { h, page } = browser();
      await go('/send');
      await page.getByLabel('reply buttons').check();
      await page.getByLabel('To (E.164)').fill(customer);
      await page.getByLabel('Body').fill('Deliver on Friday?');
      await page.getByLabel('Button 1').fill('Friday is fine');
      await page.getByRole('button', { name: 'Add a button' }).click();
      await page.getByLabel('Button 2').fill('Later, please');
      await shoot('send-buttons');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.waitForURL(/#\/messages\/msg_/);
      const id = decodeURIComponent(page.url().split('/').pop()!);
      const message = (await h.api('GET', `/v1/messages/${id}`)).body;
      assert.deepEqual(message.interactive, {
        kind: 'buttons',
        body: 'Deliver on Friday?',
        buttons: [
          { id: 'button-1', title: 'Friday is fine' },
          { id: 'button-2', title: 'Later, please' },
        ],
      });
      await page.getByText('Friday is fine · Later, please').waitFor();
      const wamid = await sentWamid(id);
      await customerSends({
        type: 'interactive',
        interactive: { type: 'button_reply', button_reply: { id: 'button-2', title: 'Later, please' } },
        contextMessageId: wamid,
      });
      const answer = page.getByTestId('answer');
      await answer.getByText('Later, please').waitFor({ timeout: 10_000 });
      assert.match(await answer.innerText(), /Tapped Later, please button-2/);
      await shoot('message-tapped');
    });

    it("shows the customer's reaction on the message page, and its removal", async () => {
      const { page } = browser();
      await go('/send');
      await page.getByLabel('To (E.164)').fill(customer);
      await page.getByLabel('Text', { exact: true }).fill('Your parcel arrived.');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.waitForURL(/#\/messages\/msg_/);
      const id = decodeURIComponent(page.url().split('/').pop()!);
      await page.getByTestId('customer-reaction').getByText('none').waitFor();
      const wamid = await sentWamid(id);
      await customerSends({ type: 'reaction', reaction: { message_id: wamid, emoji: '🎉' } });
      await page.getByTestId('customer-reaction').getByText('🎉').waitFor({ timeout: 10_000 });
      await shoot('message-reaction');
      await customerSends({ type: 'reaction', reaction: { message_id: wamid, emoji: '' } });
      await page.getByTestId('customer-reaction').getByText('none').waitFor({ timeout: 10_000 });
    });

    it("shows the number's send queue on the messages screen, and why it is held back", async () => {
      const { h, page } = browser();
      await go('/messages');
      const queues = page.getByTestId('send-queues');
      await queues.getByText('idle').waitFor();
      await h.simulatorConfig({ errorRate: 1 });
      try {
        assert.equal(
          (await h.api('POST', '/v1/messages/', { body: { to: customer, type: 'text', text: 'Held back for now' } }))
            .status,
          201,
        );
        await queues.getByText(/held back: the platform is failing/).waitFor({ timeout: 10_000 });
        assert.equal(await queues.locator('td[data-label="Queued"]').first().innerText(), '1');
        await shoot('messages-queue-held');
      } finally {
        await h.simulatorConfig({ errorRate: 0 });
      }
      await queues.getByText('idle').waitFor({ timeout: 10_000 });
    });

    it('shows an API error in words with its code', async () => {
      const { h, page } = browser();
      await go('/send');
      await page.getByLabel('To (E.164)').fill('+16505551999');
      await page.getByLabel('Text', { exact: true }).fill('Nobody wrote to us');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      const alert = page.getByRole('alert');
      await alert.getByText('outside_customer_window').waitFor();
      assert.match(await alert.innerText(), /24 hours/);

      // A message the platform fails shows the platform's error on its page (the simulator fails
      // recipients ending 0001 with 131026).
      await h.customerWrites('+16505550001');
      await page.getByLabel('To (E.164)').fill('+16505550001');
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await page.waitForURL(/#\/messages\/msg_/);
      await page.locator('li[data-step="failed"].done').waitFor({ timeout: 15_000 });
      await page.getByRole('alert').getByText('131026').waitFor();
      await shoot('message-failed');
    });
  });
}
