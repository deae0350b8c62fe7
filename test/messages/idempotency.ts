/**
 * Idempotent sends: replayed without sending twice, the key refused for another body, scoped by
 * account and mode; a malformed Idempotency-Key refused.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Harness } from '../harness.js';
import { messagesKit, CUSTOMER } from './kit.js';

export function idempotencyCases(harness: () => Harness): void {
  const { send } = messagesKit(harness);
  describe('idempotency', () => {
    it('replays an idempotent send without sending twice, and refuses the key for another body', async () => {
      const h = harness();
      const key = `order-${Date.now()}`;
      const first = await send({ text: 'once' }, { 'idempotency-key': key });
      const before = h.sim.state.messages.size;
      const again = await send({ text: 'once' }, { 'idempotency-key': key });
      assert.equal(again.status, 201);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.equal(again.text, first.text);
      assert.equal(h.sim.state.messages.size, before);
      const other = await send({ text: 'twice' }, { 'idempotency-key': key });
      assert.deepEqual([other.status, other.body.error.code], [409, 'idempotency_key_reused']);
      // Scoped by account and mode: the same key on a test key is a new request.
      await h.api('POST', '/v1/test_helpers/inbound_messages', {
        key: h.account.testKey,
        body: { from: CUSTOMER, text: 'hi' },
      });
      const testSend = await h.api('POST', '/v1/messages/', {
        key: h.account.testKey,
        body: { to: CUSTOMER, type: 'text', text: 'once' },
        headers: { 'idempotency-key': key },
      });
      assert.equal(testSend.status, 201);
      assert.notEqual(testSend.body.id, first.body.id);
    });

    it('refuses a malformed Idempotency-Key with 400 idempotency_key_invalid', async () => {
      for (const key of ['has space', 'x'.repeat(256), 'ünïcode']) {
        const res = await send({}, { 'idempotency-key': key });
        assert.deepEqual([res.status, res.body.error.code], [400, 'idempotency_key_invalid'], key);
      }
    });
  });
}
