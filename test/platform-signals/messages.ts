/**
 * Messages that come as signals: a Business-app echo stored as a message (source business_app) and
 * moved on by a later status; a Flows answer parsed onto the customer message, a malformed one kept
 * as text.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { signalsKit, type SignalHarness } from './kit.js';

export function messageCases(harness: () => SignalHarness): void {
  const { key, ours, events } = signalsKit(harness);
  describe('messages in signals', () => {
    it('stores a Business-app echo as a message with source business_app, moved on by a later status', async () => {
      const { h, wabaId } = harness();
      const echo = ours('webhook-smb-message-echoes-pywa.json');
      const item = echo.entry[0].changes[0].value.message_echoes[0];
      Object.assign(item, {
        id: 'wamid.ECHO1',
        to: '16505559001',
        to_user_id: 'US.13491208655302741918',
        timestamp: '1764000000',
      });
      assert.equal((await h.platformWebhook(echo)).status, 200);
      assert.equal((await h.platformWebhook(echo)).status, 200);
      const listed = ((await h.api('GET', '/v1/messages?limit=100', { key: key() })).body.data as any[]).filter(
        (m) => m.platformMessageId === 'wamid.ECHO1',
      );
      assert.equal(listed.length, 1, 'a repeated echo is stored once');
      const [message] = listed;
      assert.deepEqual(
        [message.source, message.status, message.type, message.text, message.to, message.sentAt],
        ['business_app', 'sent', 'text', 'Test message', '+16505559001', '2025-11-24T16:00:00.000Z'],
      );
      assert.match(message.contactId, /^ct_/, "the customer's contact, made from the echo");
      assert.equal((await events('message.sent')).filter((e) => e.data.object.id === message.id).length, 1);
      const status = {
        object: 'whatsapp_business_account',
        entry: [
          {
            id: wabaId,
            changes: [
              {
                field: 'messages',
                value: {
                  messaging_product: 'whatsapp',
                  metadata: { display_phone_number: '15550783881', phone_number_id: h.account.phoneNumberId },
                  statuses: [
                    { id: 'wamid.ECHO1', status: 'delivered', timestamp: '1764000060', recipient_id: '16505559001' },
                  ],
                },
              },
            ],
          },
        ],
      };
      assert.equal((await h.platformWebhook(status)).status, 200);
      const delivered = (await h.api('GET', `/v1/messages/${message.id}`, { key: key() })).body;
      assert.deepEqual(
        [delivered.status, delivered.deliveredAt, delivered.source],
        ['delivered', '2025-11-24T16:01:00.000Z', 'business_app'],
      );
    });

    it('parses a Flows answer onto the customer message, and keeps a malformed one as text', async () => {
      const { h } = harness();
      const flow = ours('webhook-inbound-flow-nfm-reply-pywa.json');
      const message = flow.entry[0].changes[0].value.messages[0];
      message.id = 'wamid.FLOW1';
      assert.equal((await h.platformWebhook(flow)).status, 200);
      const bad = structuredClone(flow);
      Object.assign(bad.entry[0].changes[0].value.messages[0], { id: 'wamid.FLOW2' });
      bad.entry[0].changes[0].value.messages[0].interactive.nfm_reply.response_json = '{"comment_text": "cut off';
      assert.equal((await h.platformWebhook(bad)).status, 200);
      const inbound = (await h.api('GET', '/v1/inbound_messages?limit=100', { key: key() })).body.data as any[];
      const good = inbound.find((m) => m.platformMessageId === 'wamid.FLOW1');
      assert.deepEqual(good.flowReply, {
        name: 'flow',
        body: 'Sent',
        response: {
          comment_text: 'Comment Text',
          delivery_rating: '4',
          flow_token: 'AQAAAAACS5FpgQ_cAAAAAD0QI3s.',
          purchase_rating: '2',
          recommend_radio: '0',
          cs_rating: '0',
        },
        responseText: null,
        error: null,
      });
      assert.equal(good.text, 'Sent');
      const broken = inbound.find((m) => m.platformMessageId === 'wamid.FLOW2');
      assert.deepEqual([broken.flowReply.response, broken.flowReply.responseText], [null, '{"comment_text": "cut off']);
      assert.match(broken.flowReply.error, /not valid JSON/);
    });
  });
}
