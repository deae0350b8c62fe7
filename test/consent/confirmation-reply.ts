/**
 * The confirmation reply to a STOP: sent once inside the window the STOP opened (a redelivered
 * webhook sends nothing more), none outside it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CONSENT_REPLY_JOB } from '../../src/consent/consent-intake.js';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import { eventually } from '../helpers.js';
import { consentKit, type Consent } from './kit.js';

export function confirmationReplyCases(consent: () => Consent): void {
  const { active, textWebhook } = consentKit(consent);
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
  });
}
