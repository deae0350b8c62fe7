/**
 * The thread's Block / Unblock button, and the refusals it shows: Tidings' 24-hour rule, the
 * platform's own 131047.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Contact } from '../../src/contacts/contact.schemas.js';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import { fixture, valueOf } from '../helpers.js';
import { customer, type Thread } from './kit.js';

export function blockCases(thread: () => Thread): void {
  describe('Block and Unblock', () => {
    it("blocks and unblocks the customer from the thread, and shows the refusals: Tidings' 24-hour rule, the platform's own 131047", async () => {
      const { h, dashboard, page, ours, contact } = thread();
      const platformList = async () => {
        const token = (await h.deps.accounts.senderCredentials(h.account.phoneNumberId)).accessToken;
        const res = await fetch(`${h.simUrl}/v23.0/${h.account.phoneNumberId}/block_users`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return ((await res.json()) as { data: { wa_id: string }[] }).data.map((u) => u.wa_id);
      };
      page.on('dialog', (dialog) => void dialog.accept());
      await dashboard.go(`/inbox/${contact.id}`);
      const control = page.getByTestId('block-control');
      await control.getByRole('button', { name: 'Block', exact: true }).click();
      await control.getByTestId('blocked').waitFor();
      assert.deepEqual(await platformList(), [customer.slice(1)]);
      await dashboard.shoot('thread-blocked');
      await control.getByRole('button', { name: 'Unblock', exact: true }).click();
      await control.getByRole('button', { name: 'Block', exact: true }).waitFor();
      assert.equal(await control.getByTestId('blocked').count(), 0);
      assert.deepEqual(await platformList(), []);

      // A customer who only ever received a template: the platform would refuse, so Tidings does first.
      const stranger = await h.api<Message>('POST', '/v1/messages/', {
        body: {
          to: '+16505551971',
          type: 'template',
          templateId: ours.template!.templateId,
          variables: { order: 'B-13', '2': 'the front desk' },
        },
      });
      assert.equal(stranger.status, 201, stranger.text);
      await dashboard.go(`/inbox/${stranger.body.contactId}`);
      await page.getByTestId('block-control').getByRole('button', { name: 'Block', exact: true }).click();
      const refusal = page.getByTestId('block-control').getByRole('alert');
      await refusal.waitFor();
      assert.match(await refusal.innerText(), /block_window_closed/);
      assert.match(await refusal.innerText(), /24 hours/);

      // A customer message the service received but the platform has no record of: the platform refuses that user (131047).
      const payload = fixture('webhook-inbound-text.json');
      payload.entry[0].id = (await h.deps.accounts.senderCredentials(h.account.phoneNumberId)).wabaId;
      Object.assign(valueOf(payload).metadata, { phone_number_id: h.account.phoneNumberId });
      valueOf(payload).contacts[0].wa_id = '16505551972';
      Object.assign(valueOf(payload).messages[0], {
        from: '16505551972',
        id: 'wamid.thread-block-1972',
        timestamp: String(Math.floor(Date.now() / 1000)),
      });
      assert.equal((await h.platformWebhook(payload)).status, 200);
      const unknown = (await h.api<{ data: Contact[] }>('GET', '/v1/contacts?q=16505551972')).body.data[0]!;
      await dashboard.go(`/inbox/${unknown.id}`);
      await page.getByTestId('block-control').getByRole('button', { name: 'Block', exact: true }).click();
      const platformRefusal = page.getByTestId('block-control').getByRole('alert');
      await platformRefusal.waitFor();
      assert.match(await platformRefusal.innerText(), /Platform:[\s\S]*131047/);
    });
  });
}
