/**
 * Overriding a suppression is an operator's decision (issue 38, finding 3; docs/api.md §D23): a key
 * cannot change `allowSuppressionOverride` (403 `operator_only`), the admin CLI can (test/cli.test.ts),
 * and every send that passes a suppression records which one and the key that asked, a single send,
 * a batch item and a scheduled send that meets the suppression at dispatch alike.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { ConsentSettings, Suppression } from '../../src/consent/consent.schemas.js';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import { eventually } from '../helpers.js';
import { consentKit, type Consent } from './kit.js';

export function overrideCases(consent: () => Consent): void {
  const { sendTemplate } = consentKit(consent);
  describe('the override, an operator decision', () => {
    it('refuses a key that turns allowSuppressionOverride on (403 operator_only); sends may not override', async () => {
      const { h } = consent();
      const phone = '+16505571201';
      assert.equal((await h.api('POST', '/v1/suppressions', { body: { to: phone } })).status, 201);
      const res = await h.api('PATCH', '/v1/account/consent', { body: { allowSuppressionOverride: true } });
      assert.deepEqual(
        [res.status, res.body.error?.code, res.body.error?.param],
        [403, 'operator_only', 'allowSuppressionOverride'],
      );
      assert.match(res.body.error.message, /npx tidings accounts consent acc_\w+ --allow-suppression-override/);
      assert.equal((await h.api<ConsentSettings>('GET', '/v1/account/consent')).body.allowSuppressionOverride, false);
      assert.equal(
        (await sendTemplate(phone, { suppression: 'ignore' })).body.error?.code,
        'suppression_override_not_allowed',
      );
      // The value as it is, with other changes, is accepted (a client that PATCHes what it read back).
      const same = await h.api('PATCH', '/v1/account/consent', {
        body: { allowSuppressionOverride: false, optInReply: null },
      });
      assert.equal(same.status, 200, same.text);
    });

    it('records on each overridden send the suppression it passed and the key that asked, single and batch', async () => {
      const { h, templateId } = consent();
      const [phone, other] = ['+16505571211', '+16505571212'];
      const sup = (await h.api<Suppression>('POST', '/v1/suppressions', { body: { to: phone } })).body;
      await h.deps.suppressions.updateSettings(h.account.id, { allowSuppressionOverride: true }, 'operator');
      try {
        const liveKeys = (await h.deps.keys.listKeys(h.account.id)).filter((k) => k.mode === 'live').map((k) => k.id);
        const sent = await sendTemplate(phone, { suppression: 'ignore' });
        assert.equal(sent.status, 201, sent.text);
        const record = sent.body.suppressionOverride!;
        assert.equal(record.suppressionId, sup.id);
        assert.ok(liveKeys.includes(record.keyId), `${record.keyId} is the live key's id`);
        assert.deepEqual(
          (await h.api<Message>('GET', `/v1/messages/${sent.body.id}`)).body.suppressionOverride,
          record,
        );
        assert.equal(
          (await sendTemplate(other, { suppression: 'ignore' })).body.suppressionOverride,
          null,
          'nothing passed',
        );
        const batch = await h.api('POST', '/v1/messages/batch', {
          body: { messages: [phone, other].map((to) => ({ to, type: 'template', templateId, suppression: 'ignore' })) },
        });
        assert.equal(batch.status, 201, batch.text);
        assert.deepEqual(
          batch.body.data.map((r: { message: Message }) => r.message.suppressionOverride),
          [record, null],
        );
        // Turning it off is the operator's too.
        const off = await h.api('PATCH', '/v1/account/consent', { body: { allowSuppressionOverride: false } });
        assert.equal(off.body.error?.code, 'operator_only');
      } finally {
        await h.deps.suppressions.updateSettings(h.account.id, { allowSuppressionOverride: false }, 'operator');
      }
    });

    it('records a send that passes at dispatch a suppression made after it was accepted', async () => {
      const { h, clock } = consent();
      const phone = '+16505571221';
      const sendAt = new Date(clock.now() + 61_000).toISOString();
      const scheduled = await sendTemplate(phone, { sendAt, suppression: 'ignore' });
      assert.deepEqual([scheduled.body.status, scheduled.body.suppressionOverride], ['scheduled', null]);
      const sup = (await h.api<Suppression>('POST', '/v1/suppressions', { body: { to: phone } })).body;
      await h.deps.suppressions.updateSettings(h.account.id, { allowSuppressionOverride: true }, 'operator');
      try {
        clock.advance(62_000);
        const sent = await eventually(async () => {
          const m = (await h.api<Message>('GET', `/v1/messages/${scheduled.body.id}`)).body;
          return m.platformMessageId !== null && m;
        });
        assert.equal(sent.error, null);
        assert.equal(sent.suppressionOverride?.suppressionId, sup.id);
        assert.match(sent.suppressionOverride!.keyId, /\S/);
      } finally {
        await h.deps.suppressions.updateSettings(h.account.id, { allowSuppressionOverride: false }, 'operator');
      }
    });
  });
}
