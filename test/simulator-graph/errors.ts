/** What the simulator says when something fails: failed statuses with details of their own, unknown config keys named. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { PNID, textTo, type SimHarness } from '../conformance/sim.js';
import { eventually } from '../helpers.js';

export function errorCases(sim: () => SimHarness): void {
  it('gives failed statuses details of their own, not the title again', async () => {
    const s = sim();
    const res = await s.graph('POST', `/v23.0/${PNID}/messages`, textTo('+16505550999'));
    const [failed] = await eventually(
      async () => s.statuses(res.body.messages[0].id).length > 0 && s.statuses(res.body.messages[0].id),
    );
    assert.equal(failed.errors[0].code, 131047);
    assert.notEqual(failed.errors[0].error_data.details, failed.errors[0].title);
    for (const code of [131000, 131053, 131026]) {
      const other = await s.graph('POST', `/v23.0/${PNID}/messages`, textTo('+16505550998'));
      await s.control('POST', `/_simulator/messages/${encodeURIComponent(other.body.messages[0].id)}/status`, {
        status: 'failed',
        errorCode: code,
      });
      const [f] = await eventually(
        async () => s.statuses(other.body.messages[0].id).length > 0 && s.statuses(other.body.messages[0].id),
      );
      assert.notEqual(f.errors[0].error_data.details, f.errors[0].title, String(code));
    }
  });

  it('refuses config keys it does not know, naming them', async () => {
    const s = sim();
    const res = await s.control('PUT', '/_simulator/config', { errorRat: 1, deliveryDelaysMs: { sen: 5 } });
    assert.equal(res.status, 400);
    assert.match(res.body.error, /errorRat/);
    assert.match(res.body.error, /deliveryDelaysMs\.sen/);
    assert.equal(s.sim.state.config.errorRate, 0);
  });
}
