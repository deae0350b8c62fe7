/**
 * A number's tier learnt from the platform, its upgrade webhook applied at once, an override kept;
 * test sends queued and paced too, in a queue apart.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import { dispatched } from '../factories.js';
import { eventually } from '../helpers.js';
import { dispatchKit, type Dispatch } from './kit.js';

export function tierCases(dispatch: () => Dispatch): void {
  const { numberOf } = dispatchKit(dispatch);
  describe('tiers and test sends', () => {
    it('learns the tier from the platform, applies its upgrade webhook at once, and keeps an override', async () => {
      const { h } = dispatch();
      const account = await h.newAccount('Tier Co');
      const overridden = await h.newAccount('Override Co', { throughput: 5 });
      assert.equal((await numberOf(account.liveKey)).throughputSource, 'default');
      assert.equal(await h.deps.tiers.refresh(account.phoneNumberId), 80);
      assert.deepEqual(
        [(await numberOf(account.liveKey)).throughput, (await numberOf(account.liveKey)).throughputSource],
        [80, 'platform'],
      );

      for (const id of [account.phoneNumberId, overridden.phoneNumberId]) {
        const res = await fetch(`${h.simUrl}/_simulator/numbers/${id}/throughput`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ level: 'HIGH' }),
        });
        assert.equal(res.status, 200);
      }
      const upgraded = await eventually(async () => {
        const n = await numberOf(account.liveKey);
        return n.throughput === 1000 && n;
      });
      assert.deepEqual([upgraded.throughputSource, upgraded.pace], ['platform', 960]);
      assert.equal(await h.deps.tiers.refresh(account.phoneNumberId), 1000, 'the daily reading agrees');
      await h.sim.webhooks.idle();
      assert.deepEqual(
        [(await numberOf(overridden.liveKey)).throughput, (await numberOf(overridden.liveKey)).throughputSource],
        [5, 'override'],
      );
      assert.equal(await h.deps.tiers.refresh(overridden.phoneNumberId), 1000, 'the platform is still asked');
      assert.equal((await numberOf(overridden.liveKey)).throughput, 5);
    });

    it('queues and paces test sends too, and shows the test queue to a test key', async () => {
      const { h } = dispatch();
      const slow = await h.newAccount('Slow Test Co', { throughput: 1 });
      await h.api('POST', '/v1/test_helpers/inbound_messages', {
        key: slow.testKey,
        body: { from: '+16505553800', text: 'hi' },
      });
      const ids: string[] = [];
      for (let i = 0; i < 3; i++)
        ids.push(
          (
            await h.api<Message>('POST', '/v1/messages/', {
              key: slow.testKey,
              body: { to: '+16505553800', type: 'text', text: `t${i}` },
            })
          ).body.id,
        );
      const queued = await numberOf(slow.testKey);
      assert.ok(queued.queued >= 1, 'a one-per-second number has a queue');
      assert.equal((await numberOf(slow.liveKey)).queued, 0, 'live and test queues are apart');
      const sent = [];
      for (const id of ids) sent.push(await dispatched(h, id, slow.testKey));
      for (let i = 1; i < sent.length; i++)
        assert.ok(Date.parse(sent[i]!.sentAt!) - Date.parse(sent[i - 1]!.sentAt!) >= 950);
    });
  });
}
