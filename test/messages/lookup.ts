/**
 * Finding a message: by its platform message id too, a wamid pasted as it is (its / and +, a / at
 * its end) for ours and the customer's, and 404 message_not_found for one there is not.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dispatched } from '../factories.js';
import type { Harness } from '../harness.js';
import { fixture, valueOf } from '../helpers.js';
import { messagesKit } from './kit.js';

export function lookupCases(harness: () => Harness): void {
  const { send } = messagesKit(harness);
  describe('finding a message', () => {
    it('gets a message by its platform message id too', async () => {
      const h = harness();
      const sent = await dispatched(h, (await send({})).body.id);
      const res = await h.api('GET', `/v1/messages/${encodeURIComponent(sent.platformMessageId!)}`);
      assert.equal(res.status, 200);
      assert.equal(res.body.id, sent.id);
    });

    it('finds a message by a wamid pasted with its / and + as they are, not percent-encoded, a / at its end included', async () => {
      const h = harness();
      // A wamid is base64: status reports for ones holding both characters, and ending with `/` (the
      // router ignores a trailing slash, so `/v1/messages/` and `/v1/messages` are one route).
      const wamids = [
        'wamid.HBgLMTY1MDU1NTEyMzQVAgAR/GBI5QTNDQT+VCM0Q0Q2RTY3RTc=',
        'wamid.HBgLMTY1MDU1NTEyMzQVAgAR/GBI5QTNDQT+VCM0Q0Q2RTY3R/',
        'wamid.HBgLMTY1MDU1NTEyMzQVAgARGBI5QTNDQTVCM0Q0Q2RTY3RTc/',
      ];
      for (const wamid of wamids) {
        const payload = fixture('webhook-status-sent.json');
        const value = valueOf(payload);
        value.metadata.phone_number_id = h.account.phoneNumberId;
        value.statuses[0].id = wamid;
        assert.equal((await h.platformWebhook(payload)).status, 200);
        for (const path of [`/v1/messages/${wamid}`, `/v1/messages/${encodeURIComponent(wamid)}`]) {
          const res = await h.api('GET', path);
          assert.equal(res.status, 200, `${path}: ${res.text}`);
          assert.equal(res.body.platformMessageId, wamid);
        }
      }
      const stray = await h.api('GET', `/v1/messages/${encodeURIComponent(wamids[0]!)}/`);
      assert.equal(stray.body.platformMessageId, wamids[0], 'a stray slash after an id that does not end with one');
    });

    it('finds a customer message by a wamid ending with / pasted as it is, by the id route and the raw one', async () => {
      const h = harness();
      for (const wamid of [
        'wamid.HBgLMTY1MDU1NTEyMzQVAgARGBI5QTNDQTVCM0Q0Q2RTY3RTc/',
        'wamid.HBgLMTY1MDU1NTEyMzQVAgAR/GBI5QTNDQTVCM0Q0Q2RTY3R/',
      ]) {
        const payload = fixture('webhook-inbound-text.json');
        const value = valueOf(payload);
        value.metadata.phone_number_id = h.account.phoneNumberId;
        value.messages[0].id = wamid;
        assert.equal((await h.platformWebhook(payload)).status, 200);
        const res = await h.api('GET', `/v1/inbound_messages/${wamid}`);
        assert.equal(res.status, 200, res.text);
        assert.equal(res.body.platformMessageId, wamid);
      }
    });

    it('answers an unknown message with 404 message_not_found', async () => {
      const h = harness();
      const res = await h.api('GET', '/v1/messages/msg_doesnotexist');
      assert.equal(res.status, 404);
      assert.equal(res.body.error.code, 'message_not_found');
    });
  });
}
