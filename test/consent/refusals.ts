/**
 * Sends to a suppressed customer: refused up front with 409 (the override rule: "suppression":
 * "ignore" only where the account allows it), the account's list held for the accept check until it
 * changes, the one suppressed customer among concurrent sends and in a batch; and a scheduled message
 * failed at dispatch with no platform call.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Suppression } from '../../src/consent/consent.schemas.js';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import { DIALECT } from '../database.js';
import { eventually } from '../helpers.js';
import { consentKit, type Consent } from './kit.js';

export function refusalCases(consent: () => Consent): void {
  const { sendText, sendTemplate } = consentKit(consent);
  describe('sends refused', () => {
    it('refuses a send to a suppressed customer with 409; "suppression": "ignore" only where the account allows it', async () => {
      const { h } = consent();
      const phone = '+16505570201';
      await h.customerWrites(phone.slice(1), 'Hi');
      assert.equal((await h.api('POST', '/v1/suppressions', { body: { to: phone } })).status, 201);
      assert.equal((await sendText(phone)).body.error.code, 'recipient_suppressed');
      assert.equal((await sendTemplate(phone)).body.error.code, 'recipient_suppressed');
      let res = await sendText(phone, { suppression: 'ignore' });
      assert.deepEqual(
        [res.status, res.body.error.code, res.body.error.param],
        [403, 'suppression_override_not_allowed', 'suppression'],
      );
      // The operator allows it (the admin CLI; a key cannot: override.ts).
      assert.equal(
        (await h.deps.suppressions.updateSettings(h.account.id, { allowSuppressionOverride: true }, 'operator'))
          .allowSuppressionOverride,
        true,
      );
      res = await sendText(phone, { suppression: 'ignore' });
      assert.equal(res.status, 201, res.text);
      assert.equal((await sendText(phone)).status, 409, 'without the override it is still refused');
      await h.deps.suppressions.updateSettings(h.account.id, { allowSuppressionOverride: false }, 'operator');
      assert.equal((await sendText(phone, { suppression: 'ignore' })).status, 403);
      assert.equal((await sendText(phone, { suppression: 'sometimes' })).status, 400);
    });

    it("holds the account's list for the accept check until it changes: a suppression, a lift, and (PostgreSQL) another process's suppression are each seen", async () => {
      const { h } = consent();
      const [phone, other] = ['+16505570211', '+16505570212'];
      assert.equal((await sendTemplate(phone)).status, 201, 'the list is read and held');
      const created = await h.api<Suppression>('POST', '/v1/suppressions', { body: { to: phone } });
      assert.equal(
        (await sendTemplate(phone)).body.error?.code,
        'recipient_suppressed',
        'a suppression made here is seen at once',
      );
      await h.api('DELETE', `/v1/suppressions/${created.body.id}`);
      assert.equal((await sendTemplate(phone)).status, 201, 'and its lift');
      if (DIALECT !== 'postgres') return;
      const peer = await h.startPeer();
      assert.equal((await sendTemplate(other)).status, 201);
      assert.equal(
        (
          await peer.app.inject({
            method: 'POST',
            url: '/v1/suppressions',
            headers: { 'x-api-key': h.account.liveKey, 'content-type': 'application/json' },
            payload: { to: other },
          })
        ).statusCode,
        201,
      );
      await eventually(async () => (await sendTemplate(other)).status === 409).finally(() => peer.close()); // told by NOTIFY once the peer's unit commits
    });

    it('refuses only the suppressed customer among concurrent sends and in a batch', async () => {
      const { h, templateId } = consent();
      const phones = ['+16505570301', '+16505570302', '+16505570303', '+16505570304'];
      await h.api('POST', '/v1/suppressions', { body: { to: phones[2] } });
      const answers = await Promise.all(phones.map((p) => sendTemplate(p)));
      assert.deepEqual(
        answers.map((a) => a.status),
        [201, 201, 409, 201],
      );
      const batch = await h.api('POST', '/v1/messages/batch', {
        body: { messages: phones.map((to) => ({ to, type: 'template', templateId })) },
      });
      assert.equal(batch.status, 201, batch.text);
      assert.deepEqual(
        batch.body.data.map((r: any) => r.error?.code ?? 'accepted'),
        ['accepted', 'accepted', 'recipient_suppressed', 'accepted'],
      );
      assert.equal(batch.body.data[2].error.param, 'messages[2].to');
    });

    it('fails a scheduled message whose customer was suppressed meanwhile, with no platform call', async () => {
      const { h, clock } = consent();
      const phone = '+16505570401';
      const sendAt = new Date(clock.now() + 61_000).toISOString();
      const scheduled = await sendTemplate(phone, { sendAt });
      const other = await sendTemplate('+16505570402', { sendAt });
      assert.equal(scheduled.body.status, 'scheduled', scheduled.text);
      assert.equal((await h.api('POST', '/v1/suppressions', { body: { to: phone } })).status, 201);
      clock.advance(62_000);
      const failed = await eventually(async () => {
        const m = (await h.api<Message>('GET', `/v1/messages/${scheduled.body.id}`)).body;
        return m.status === 'failed' && m;
      });
      assert.equal(failed.error?.code, 'recipient_suppressed');
      await eventually(
        async () => (await h.api<Message>('GET', `/v1/messages/${other.body.id}`)).body.platformMessageId !== null,
      );
      assert.equal(
        [...h.sim.state.messages.values()].filter((m) => m.callbackData === scheduled.body.id).length,
        0,
        'never sent to the platform',
      );
    });
  });
}
