/**
 * Marketing preferences from the platform: `user_preferences` (the fixture; repeats and older
 * reports change nothing), a failed status with 131050, and the simulator's marketing stop and resume
 * end to end.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Contact } from '../../src/contacts/contact.schemas.js';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import { parseWebhook } from '../../src/platform/cloud-api/webhook-payload.js';
import { eventually, fixture } from '../helpers.js';
import { consentKit, type Consent } from './kit.js';

export function marketingCases(consent: () => Consent): void {
  const { active, sendTemplate, events } = consentKit(consent);
  describe('marketing preferences', () => {
    it('applies user_preferences from the fixture: stop suppresses marketing only, repeats and older reports change nothing', async () => {
      const { h, clock } = consent();
      const parsed = parseWebhook(fixture('webhook-user-preferences-resume.json'))!;
      assert.deepEqual(parsed.userPreferences, [
        {
          phoneNumberId: '106540352242922',
          waId: '16505551234',
          userId: null,
          category: 'marketing_messages',
          value: 'resume',
          at: '2024-11-15T21:22:01.000Z',
          detail: 'User requested to resume marketing messages',
        },
      ]);
      assert.equal(parsed.ignored, 0);
      const phone = '+16505570701';
      const report = (value: 'stop' | 'resume', seconds: number) => {
        const body = structuredClone(fixture('webhook-user-preferences-resume.json'));
        const v = body.entry[0].changes[0].value;
        v.metadata.phone_number_id = h.account.phoneNumberId;
        v.contacts[0].wa_id = phone.slice(1);
        Object.assign(v.user_preferences[0], {
          wa_id: phone.slice(1),
          value,
          timestamp: seconds,
          detail: `User requested to ${value} marketing messages`,
        });
        return body;
      };
      const t = Math.floor(clock.now() / 1000);
      assert.equal((await h.platformWebhook(report('stop', t))).status, 200);
      const [stop] = await active(phone);
      assert.deepEqual([stop?.reason, stop?.scope, stop?.source], ['platform_preference', 'marketing', 'webhook']);
      await h.platformWebhook(report('stop', t));
      assert.equal((await active(phone)).length, 1, 'a repeat adds nothing');
      assert.equal((await events('contact.suppressed')).filter((e) => e.data.object.phone === phone).length, 1);
      // A marketing-scope suppression does not refuse a utility template.
      assert.equal((await sendTemplate(phone)).status, 201);
      // An older resume, delivered late, does not undo the newer stop.
      await h.platformWebhook(report('resume', t - 60));
      assert.equal((await active(phone)).length, 1);
      await h.platformWebhook(report('resume', t + 60));
      assert.deepEqual(await active(phone), []);
      // And the older stop, delivered again after the resume, does not bring it back.
      await h.platformWebhook(report('stop', t));
      assert.deepEqual(await active(phone), []);
    });

    it('takes a failed status with 131050 as a marketing stop', async () => {
      const { h } = consent();
      const phone = '+16505570801';
      const res = await sendTemplate(phone);
      const sent = await eventually(
        async () => (await h.api<Message>('GET', `/v1/messages/${res.body.id}`)).body.platformMessageId,
      );
      const failed = await fetch(`${h.simUrl}/_simulator/messages/${encodeURIComponent(sent)}/status`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'failed', errorCode: 131050 }),
      });
      assert.equal(failed.status, 200, await failed.text());
      const [s] = await eventually(async () => ((await active(phone)).length > 0 ? active(phone) : null));
      assert.deepEqual([s!.reason, s!.scope], ['platform_preference', 'marketing']);
      const [contact] = (await h.api<{ data: Contact[] }>('GET', `/v1/contacts?q=${phone.slice(1)}`)).body.data;
      assert.deepEqual(
        [contact?.marketingConsent?.value, contact?.suppression?.reason],
        ['revoked', 'platform_preference'],
      );
    });

    it("takes the simulator's marketing stop end to end, and its resume", async () => {
      const { h } = consent();
      const phone = '+16505570901';
      const marketing = (value: string) =>
        fetch(`${h.simUrl}/_simulator/users/${encodeURIComponent(phone)}/marketing`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ value, to: h.account.phoneNumberId }),
        });
      const stop = await marketing('stop');
      assert.equal(stop.status, 200, await stop.clone().text());
      assert.deepEqual((await stop.json()).value.user_preferences[0].category, 'marketing_messages');
      const [s] = await eventually(async () => ((await active(phone)).length > 0 ? active(phone) : null));
      assert.deepEqual([s!.reason, s!.scope, s!.source], ['platform_preference', 'marketing', 'webhook']);
      assert.equal((await marketing('resume')).status, 200);
      await eventually(async () => (await active(phone)).length === 0);
      assert.equal((await marketing('later')).status, 400);

      // Stopped again, and lifted in Tidings by hand: a marketing template sent to them anyway (outside
      // Tidings, straight to the platform) fails with 131050, and that brings the suppression back.
      assert.equal((await marketing('stop')).status, 200);
      const [again] = await eventually(async () => ((await active(phone)).length > 0 ? active(phone) : null));
      assert.equal((await h.api('DELETE', `/v1/suppressions/${again!.id}`)).status, 200);
      const creds = await h.deps.accounts.senderCredentials(h.account.phoneNumberId);
      const graph = (path: string, body: unknown) =>
        fetch(`${h.simUrl}/v23.0${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${creds.accessToken}` },
          body: JSON.stringify(body),
        });
      const simTemplate = await fetch(`${h.simUrl}/_simulator/templates`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          wabaId: creds.wabaId,
          name: 'consent_offer',
          language: 'en_US',
          category: 'MARKETING',
          body: 'Our winter sale starts today.',
        }),
      });
      assert.equal(simTemplate.status, 200, await simTemplate.clone().text());
      const sent = await graph(`/${h.account.phoneNumberId}/messages`, {
        messaging_product: 'whatsapp',
        to: phone.slice(1),
        type: 'template',
        template: { name: 'consent_offer', language: { code: 'en_US' } },
      });
      assert.equal(sent.status, 200, await sent.clone().text());
      const wamid = (await sent.json()).messages[0].id as string;
      await eventually(async () => h.sim.state.messages.get(wamid)?.statuses.includes('failed'));
      const [back] = await eventually(async () => ((await active(phone)).length > 0 ? active(phone) : null));
      assert.deepEqual([back!.reason, back!.scope], ['platform_preference', 'marketing']);
    });
  });
}
