/**
 * A text send end to end: accepted with 201 and tracked to read, from the numbers GET
 * /v1/phone_numbers lists, with where it came from (the API, the dashboard), and the platform's exact
 * Graph API payload.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dispatched } from '../factories.js';
import type { Harness } from '../harness.js';
import { eventually } from '../helpers.js';
import { messagesKit, CUSTOMER } from './kit.js';

export function sendingCases(harness: () => Harness): void {
  const { send } = messagesKit(harness);
  describe('sending', () => {
    it('accepts a text message with 201 and tracks it to read', async () => {
      const h = harness();
      const res = await send({});
      assert.equal(res.status, 201);
      assert.match(res.body.id, /^msg_/);
      assert.equal(res.body.status, 'accepted');
      assert.equal(res.body.to, CUSTOMER);
      assert.equal(res.body.type, 'text');
      assert.equal(res.body.text, 'Your order shipped');
      assert.equal(res.body.platformMessageId, null, 'the send answers before the platform is called');
      assert.equal(res.body.error, null);
      assert.equal(res.body.testMode, undefined);
      const read = await eventually(async () => {
        const m = (await h.api('GET', `/v1/messages/${res.body.id}`)).body;
        return m.status === 'read' && m;
      });
      assert.match(read.platformMessageId, /^wamid\./);
      assert.ok(read.sentAt && read.deliveredAt && read.readAt);
      assert.ok(read.sentAt <= read.deliveredAt && read.deliveredAt <= read.readAt);
      assert.ok(read.updatedAt >= read.createdAt);
    });

    it("lists the account's business numbers, marking the key's sender and the simulator", async () => {
      const h = harness();
      const res = await h.api('GET', '/v1/phone_numbers');
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.data, [
        {
          phoneNumberId: h.account.phoneNumberId,
          displayPhoneNumber: res.body.data[0].displayPhoneNumber,
          throughput: 80,
          throughputSource: 'default',
          directSend: 'unknown',
          sender: true,
          simulated: true,
          messagingLimit: null,
          pace: 76.8,
          queued: 0,
          oldestQueuedAgeSeconds: null,
          heldBack: null,
        },
      ]);
      assert.equal(res.body.has_more, false);
    });

    it('records where a send came from: the API by default, the dashboard when it says so', async () => {
      const h = harness();
      assert.equal((await send({ text: 'from the API' })).body.source, 'api');
      const dash = await send({ text: 'from the dashboard' }, { 'x-tidings-source': 'dashboard' });
      assert.equal(dash.status, 201);
      assert.equal((await h.api('GET', `/v1/messages/${dash.body.id}`)).body.source, 'dashboard');
      const bad = await send({ text: 'from elsewhere' }, { 'x-tidings-source': 'fax' });
      assert.deepEqual([bad.status, bad.body.error.code], [400, 'parameter_invalid']);
    });

    it('sends the platform exactly the Graph API text payload', async () => {
      const h = harness();
      const res = await send({ text: 'Exact payload' });
      const simMessage = h.sim.state.messages.get((await dispatched(h, res.body.id)).platformMessageId!)!;
      assert.deepEqual(simMessage.body, {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: CUSTOMER,
        type: 'text',
        text: { preview_url: false, body: 'Exact payload' },
        biz_opaque_callback_data: res.body.id,
      });
    });
  });
}
