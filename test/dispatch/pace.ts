/**
 * Order and pace: each customer's messages in the order they were accepted, a one-per-second number
 * sent one a second, a number slowed down when the platform answers 130429.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import { dispatched } from '../factories.js';
import { eventually } from '../helpers.js';
import { dispatchKit, copiesAt, type Dispatch } from './kit.js';

export function paceCases(dispatch: () => Dispatch): void {
  const { sendTemplate, numberOf, newAccount } = dispatchKit(dispatch);
  describe('order and pace', () => {
    it("keeps each customer's messages in the order they were accepted, interleaved with others", async () => {
      const { h } = dispatch();
      const [a, b] = ['+16505553301', '+16505553302'];
      await h.customerWrites(a);
      await h.customerWrites(b);
      const ids: Record<string, string[]> = { [a]: [], [b]: [] };
      for (let i = 0; i < 15; i++) {
        for (const to of [a, b]) {
          const res = await h.api<Message>('POST', '/v1/messages/', {
            body: { to, type: 'text', text: `${to} #${i}` },
          });
          ids[to]!.push(res.body.id);
        }
      }
      for (const list of Object.values(ids)) for (const id of list) await dispatched(h, id);
      for (const to of [a, b]) {
        const received = [...h.sim.state.messages.values()]
          .filter((m) => m.to === to.slice(1) && m.type === 'text')
          .map((m) => (m.body as any).text.body);
        assert.deepEqual(
          received,
          Array.from({ length: 15 }, (_, i) => `${to} #${i}`),
        );
      }
    });

    it('sends a one-message-per-second number one message a second, and answers every send 201', async () => {
      const { h } = dispatch();
      const slow = await newAccount('One Per Second', { throughput: 1 });
      const refusedBefore = h.sim.state.sendStats.refused.get(130429) ?? 0;
      const sent: string[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await sendTemplate(`+1650555340${i}`, slow.liveKey);
        assert.equal(res.status, 201, res.text);
        sent.push(res.body.id);
      }
      for (const id of sent) await dispatched(h, id, slow.liveKey);
      const times = [...h.sim.state.messages.values()]
        .filter((m) => m.phoneNumberId === slow.phoneNumberId)
        .map((m) => m.createdAt);
      assert.equal(times.length, 4);
      // 0.96 messages/s: a slot every 1,042 ms. The platform never refused one for throughput, and
      // the four took three slots' time (a busy machine may move any one of them by some tens of ms).
      assert.equal((h.sim.state.sendStats.refused.get(130429) ?? 0) - refusedBefore, 0);
      assert.ok(times[3]! - times[0]! >= 2_900, `four sends within ${times[3]! - times[0]!} ms`);
    });

    it('slows a number down when the platform answers 130429, and still sends everything once', async () => {
      const { h } = dispatch();
      const account = await newAccount('Overestimated Tier');
      await h.simulatorConfig({ throughputByNumber: { [account.phoneNumberId]: 5 } });
      const refusedBefore = h.sim.state.sendStats.refused.get(130429) ?? 0;
      try {
        const ids: string[] = [];
        for (let i = 0; i < 30; i++) {
          const res = await sendTemplate(`+165055350${String(i).padStart(2, '0')}`, account.liveKey);
          assert.equal(res.status, 201, res.text);
          ids.push(res.body.id);
        }
        const slowed = await eventually(async () => {
          const n = await numberOf(account.liveKey);
          return n.heldBack?.reason === 'throughput_exceeded' && n;
        });
        assert.ok(slowed.pace < 76.8, `pace ${slowed.pace}`);
        for (const id of ids) assert.ok((await dispatched(h, id, account.liveKey, 20_000)).platformMessageId);
        for (const id of ids) assert.equal(copiesAt(h, id), 1);
        assert.ok((h.sim.state.sendStats.refused.get(130429) ?? 0) > refusedBefore);
      } finally {
        await h.simulatorConfig({ throughputByNumber: {} });
      }
    });
  });
}
