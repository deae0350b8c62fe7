/**
 * A number's throughput: its tier read from the Graph API, 80 sends a second enforced, the upgrade to
 * 1,000 with its webhook; and a send the platform takes in full but never answers (lostAnswerRate), or
 * holds before recording anything (timeoutRate).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PNID, TOKEN, textTo, type SimHarness } from '../conformance/sim.js';
import { eventually, fieldOf, valueOf } from '../helpers.js';
import { platformKit } from './kit.js';

export function throughputCases(sim: () => SimHarness): void {
  const { send } = platformKit(sim);
  describe('throughput and lost answers', () => {
    it('reads a number’s throughput tier and other fields, enforces 80/s, and upgrades to 1,000/s with a webhook', async () => {
      const s = sim();
      const pnid = '300000000000001';
      await send(textTo('+16505551000'), pnid);
      const fields = await s.graph(
        'GET',
        `/v23.0/${pnid}?fields=throughput,quality_rating,messaging_limit_tier,display_phone_number,verified_name`,
      );
      assert.deepEqual(Object.keys(fields.body), [
        'throughput',
        'quality_rating',
        'messaging_limit_tier',
        'display_phone_number',
        'verified_name',
        'id',
      ]);
      assert.deepEqual(fields.body.throughput, { level: 'STANDARD' });
      assert.deepEqual((await s.graph('GET', `/v23.0/${pnid}?fields=throughput`)).body, {
        throughput: { level: 'STANDARD' },
        id: pnid,
      });
      const burst = async (n: number) =>
        (
          await Promise.all(
            Array.from({ length: n }, (_, i) => send(textTo(`+1650556${String(i).padStart(4, '0')}`), pnid)),
          )
        ).map((r) => r.status);
      // The platform counts sends per second (fixed one-second windows by arrival): 200 sends at once
      // fall into as many windows as the burst spans (one or two on a quiet machine), 80 taken in each.
      const started = Date.now();
      const standard = await burst(200);
      const windows = Math.floor(Date.now() / 1000) - Math.floor(started / 1000) + 1;
      const taken = standard.filter((c) => c === 200).length;
      assert.equal(taken + standard.filter((c) => c === 429).length, 200);
      // (The send above may share the first window.)
      assert.ok(
        taken >= 79 && taken <= 80 * windows,
        `at most 80 in each of ${windows} second(s) (took ${taken} of 200)`,
      );
      const upgrade = await s.control('POST', `/_simulator/numbers/${pnid}/throughput`, {
        level: 'HIGH',
        durationMs: 300,
      });
      assert.equal(upgrade.status, 200);
      assert.equal(
        (await send(textTo('+16505551001'), pnid)).body.error.code,
        131057,
        'sends wait while the upgrade runs',
      );
      const hook = await eventually(async () => s.hooks.find((h) => fieldOf(h.body) === 'phone_number_quality_update'));
      assert.ok(hook.valid);
      assert.deepEqual(valueOf(hook.body), {
        display_phone_number: s.sim.state.numbers.get(pnid)!.displayPhoneNumber,
        event: 'THROUGHPUT_UPGRADE',
        max_daily_conversations_per_business: 'TIER_UNLIMITED',
      });
      assert.equal((await s.graph('GET', `/v23.0/${pnid}?fields=throughput`)).body.throughput.level, 'HIGH');
      const high = await burst(200);
      assert.ok(!high.includes(429), 'HIGH takes 200 at once');
    });

    it('takes a send in full and never answers under lostAnswerRate; records nothing under timeoutRate', async () => {
      const s = sim();
      await s.control('POST', '/_simulator/inbound', { from: '+16505551002', to: PNID, text: 'hi' });
      await s.config({ lostAnswerRate: 1 });
      try {
        const lost = fetch(`${s.base}/v23.0/${PNID}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
          body: JSON.stringify(textTo('+16505551002', { biz_opaque_callback_data: 'lost-1' })),
          signal: AbortSignal.timeout(300),
        });
        await assert.rejects(lost, /TimeoutError|aborted/);
        const message = [...s.sim.state.messages.values()].find((m) => m.callbackData === 'lost-1');
        assert.ok(message, 'the send was recorded');
        const read = await eventually(async () => s.statuses(message.wamid).find((x) => x.status === 'read'));
        assert.equal(read.biz_opaque_callback_data, 'lost-1');
      } finally {
        await s.config({ lostAnswerRate: 0 });
      }
      await s.config({ timeoutRate: 1 });
      try {
        const before = s.sim.state.messages.size;
        await assert.rejects(
          fetch(`${s.base}/v23.0/${PNID}/messages`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
            body: JSON.stringify(textTo('+16505551002')),
            signal: AbortSignal.timeout(200),
          }),
        );
        assert.equal(s.sim.state.messages.size, before, 'a timed-out send is held before anything is recorded');
      } finally {
        await s.config({ timeoutRate: 0 });
      }
    });
  });
}
