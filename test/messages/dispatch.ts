/**
 * What becomes of a send at dispatch: a reply threaded by msg_ id, wamid or in_ id (an unknown or
 * another customer's target refused), and a failure the platform reports later (131026).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dispatched } from '../factories.js';
import type { Harness } from '../harness.js';
import { eventually } from '../helpers.js';
import { messagesKit, CUSTOMER } from './kit.js';

export function dispatchCases(harness: () => Harness): void {
  const { send } = messagesKit(harness);
  describe('replies and platform failures', () => {
    it('threads a reply by msg_ id (quoting a message still queued by its wamid once sent) and by wamid, and refuses an unknown target with 404', async () => {
      const h = harness();
      const first = await send({ text: 'first' });
      const byId = await send({ text: 'reply by id', replyTo: first.body.id });
      assert.equal(byId.status, 201);
      assert.equal(byId.body.replyTo, first.body.id);
      const [firstSent, replySent] = [await dispatched(h, first.body.id), await dispatched(h, byId.body.id)];
      assert.deepEqual((h.sim.state.messages.get(replySent.platformMessageId!)!.body as any).context, {
        message_id: firstSent.platformMessageId,
      });
      const inboundWamid = await h.customerWrites(CUSTOMER, 'question?');
      const byWamid = await send({ text: 'answer', replyTo: inboundWamid });
      assert.equal(byWamid.status, 201);
      assert.deepEqual(
        (h.sim.state.messages.get((await dispatched(h, byWamid.body.id)).platformMessageId!)!.body as any).context,
        { message_id: inboundWamid },
      );
      for (const replyTo of ['msg_unknown', 'wamid.unknown']) {
        const res = await send({ replyTo });
        assert.deepEqual(
          [res.status, res.body.error.code, res.body.error.param],
          [404, 'reply_target_not_found', 'replyTo'],
        );
      }
      // A quote of another customer's message is refused up front (it would wait on their queue).
      await h.customerWrites('+16505550177');
      const elsewhere = await send({ to: '+16505550177', text: 'not yours', replyTo: first.body.id });
      assert.deepEqual(
        [elsewhere.status, elsewhere.body.error.code, elsewhere.body.error.param],
        [400, 'parameter_invalid', 'replyTo'],
      );
      assert.match(elsewhere.body.error.message, /not part of the conversation with \+16505550177/);
      const byInboundId = await send({
        text: 'by in_ id',
        replyTo: (await h.api('GET', `/v1/inbound_messages/${inboundWamid}`)).body.id,
      });
      assert.deepEqual(
        (h.sim.state.messages.get((await dispatched(h, byInboundId.body.id)).platformMessageId!)!.body as any).context,
        { message_id: inboundWamid },
      );
    });

    it('reports an asynchronous platform failure (131026) as failed with the platform error', async () => {
      const h = harness();
      await h.customerWrites('+16505550001');
      const res = await send({ to: '+16505550001' });
      assert.equal(res.status, 201);
      const failed = await eventually(async () => {
        const m = (await h.api('GET', `/v1/messages/${res.body.id}`)).body;
        return m.status === 'failed' && m;
      });
      assert.equal(failed.error.code, '131026');
      assert.match(failed.error.message, /undeliverable/i);
    });
  });
}
