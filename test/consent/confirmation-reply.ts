/**
 * The confirmation reply to a STOP: sent once inside the window the STOP opened (a redelivered
 * webhook sends nothing more), none outside it; delivered past the suppression it confirms, as the
 * system's (`source: "consent_reply"`), while a normal send is still refused (issue 38, finding 4).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CONSENT_REPLY_JOB } from '../../src/consent/consent-intake.js';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import { eventually } from '../helpers.js';
import { consentKit, type Consent } from './kit.js';

export function confirmationReplyCases(consent: () => Consent): void {
  const { active, textWebhook, sendText } = consentKit(consent);
  describe('the confirmation reply', () => {
    it('sends the confirmation reply once inside the window the STOP opened, and none outside it', async () => {
      const { h, clock } = consent();
      await h.api('PATCH', '/v1/account/consent', { body: { optOutReply: 'You will get no more messages from us.' } });
      const inside = '16505570601';
      const wamid = await h.customerWrites(inside, 'STOP');
      const reference = `consent_reply_${wamid}`;
      const replies = async () =>
        (await h.api<{ data: Message[] }>('GET', `/v1/messages?clientReference=${encodeURIComponent(reference)}`)).body
          .data;
      const [reply] = await eventually(async () => ((await replies()).length > 0 ? replies() : null));
      assert.deepEqual([reply!.to, reply!.text], [`+${inside}`, 'You will get no more messages from us.']);
      // The platform delivers the same webhook again: the job runs again and sends nothing more.
      const redelivered = textWebhook(inside, wamid, Math.floor(clock.now() / 1000));
      assert.equal((await h.platformWebhook(redelivered)).status, 200);
      await eventually(async () => (await h.deps.jobs.pending(CONSENT_REPLY_JOB)) === 0);
      assert.equal((await replies()).length, 1);

      // A STOP written 25 hours ago (delivered late): suppressed, but its window is closed.
      const outside = '16505570602';
      const late = textWebhook(outside, 'wamid.consent-late-stop', Math.floor((clock.now() - 25 * 3600_000) / 1000));
      assert.equal((await h.platformWebhook(late)).status, 200);
      await eventually(async () => (await active(`+${outside}`)).length > 0);
      await eventually(async () => (await h.deps.jobs.pending(CONSENT_REPLY_JOB)) === 0);
      assert.equal(
        (await h.api<{ data: Message[] }>('GET', '/v1/messages?clientReference=consent_reply_wamid.consent-late-stop'))
          .body.data.length,
        0,
      );
      await h.api('PATCH', '/v1/account/consent', { body: { optOutReply: null } });
    });

    it("delivers the confirmation of each STOP past the suppression it confirms, as the system's; a normal send is still refused (issue 38)", async () => {
      const { h } = consent();
      await h.api('PATCH', '/v1/account/consent', {
        body: { optOutReply: 'You will get no more messages from us.', optInReply: 'Welcome back.' },
      });
      const customers = ['16505570611', '16505570612', '16505570613'];
      const byReference = async (reference: string) =>
        (await h.api<{ data: Message[] }>('GET', `/v1/messages?clientReference=${encodeURIComponent(reference)}`)).body
          .data[0];
      // The simulator's customer may read it at once.
      const reached = (m: Message) => m.status === 'delivered' || m.status === 'read';
      const settled = (reference: string) =>
        eventually(async () => {
          const m = await byReference(reference);
          return m && (m.status === 'delivered' || m.status === 'read' || m.status === 'failed') && m;
        });
      for (const customer of customers) {
        const wamid = await h.customerWrites(customer, 'STOP');
        const reply = await settled(`consent_reply_${wamid}`);
        assert.deepEqual(
          [reached(reply), reply.error?.code, reply.source, reply.text],
          [true, undefined, 'consent_reply', 'You will get no more messages from us.'],
          `${reply.status}: ${reply.error?.code}`,
        );
        // Only the confirmation passes: the customer's next message from the business is refused.
        assert.equal((await sendText(`+${customer}`)).body.error?.code, 'recipient_suppressed');
      }
      // START lifts the suppression; its reply arrives, and sends are accepted again.
      const wamid = await h.customerWrites(customers[0]!, 'START');
      const welcome = await settled(`consent_reply_${wamid}`);
      assert.deepEqual([reached(welcome), welcome.source, welcome.text], [true, 'consent_reply', 'Welcome back.']);
      assert.equal((await sendText(`+${customers[0]}`)).status, 201);
      await h.api('PATCH', '/v1/account/consent', { body: { optOutReply: null, optInReply: null } });
    });

    it("a confirmation passes only the opt-out it confirms: a block's or the account's suppression still refuses it", async () => {
      const { h } = consent();
      await h.api('PATCH', '/v1/account/consent', { body: { optOutReply: 'You will get no more messages from us.' } });
      const customer = '16505570621';
      await h.customerWrites(customer, 'Hi');
      assert.equal((await h.api('POST', '/v1/suppressions', { body: { to: `+${customer}` } })).status, 201);
      const wamid = await h.customerWrites(customer, 'STOP');
      await eventually(async () => (await h.deps.jobs.pending(CONSENT_REPLY_JOB)) === 0);
      assert.equal(
        (await h.api<{ data: Message[] }>('GET', `/v1/messages?clientReference=consent_reply_${wamid}`)).body.data
          .length,
        0,
        "the account's own suppression refuses the confirmation at accept",
      );
      await h.api('PATCH', '/v1/account/consent', { body: { optOutReply: null } });
    });
  });
}
