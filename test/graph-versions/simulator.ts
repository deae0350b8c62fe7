/**
 * The simulator answers each Graph version as docs/simulator.md "Graph API versions" says: a send
 * to a BSUID alone from v25.0 (answered with `user_id`, no `wa_id`), refused before; a phone send
 * answered with `wa_id` in every version; an unsupported customer message as `unknown` before v25.0
 * and as `unsupported` with `unsupported.type` from it, by the app's webhook version.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PNID, startSim, textTo, type SimHarness } from '../conformance/sim.js';
import { fixture, valueOf } from '../helpers.js';

export function simulatorCases(): void {
  describe('the simulator by version', () => {
    let s: SimHarness;
    const user = 'GB.99887766554433221100';
    before(async () => {
      s = await startSim();
      // The customer writes first (their window opens); they show only a username and a BSUID.
      const res = await s.control('POST', '/_simulator/inbound', {
        to: PNID,
        userId: user,
        username: '@ana',
        text: 'hi',
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
    });
    after(() => s.close());

    const toBsuid = { messaging_product: 'whatsapp', recipient: user, type: 'text', text: { body: 'hello' } };

    it('takes a send to a BSUID alone from v25.0, answered without wa_id, and refuses it before', async () => {
      for (const version of ['v25.0', 'v26.0']) {
        const res = await s.graph('POST', `/${version}/${PNID}/messages`, toBsuid);
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.deepEqual(res.body.contacts, [{ input: user, user_id: user }]);
      }
      for (const version of ['v23.0', 'v24.0']) {
        const res = await s.graph('POST', `/${version}/${PNID}/messages`, toBsuid);
        assert.equal(res.status, 400, JSON.stringify(res.body));
        assert.equal(res.body.error.code, 100);
        assert.match(
          res.body.error.error_data.details,
          /recipient requires Graph API v25\.0 or later; this call is v2[34]\.0/,
        );
      }
    });

    it('answers a phone send with wa_id in every version', async () => {
      await s.control('POST', '/_simulator/inbound', { to: PNID, from: '+16505551234', text: 'open' });
      for (const version of ['v23.0', 'v24.0', 'v25.0', 'v26.0']) {
        const res = await s.graph('POST', `/${version}/${PNID}/messages`, textTo('+16505551234'));
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.deepEqual(res.body.contacts, [{ input: '+16505551234', wa_id: '16505551234' }]);
      }
    });

    it('sends an unsupported customer message as `unknown` before v25.0 and as `unsupported` from it', async () => {
      const unsupported = async (webhookVersion: string) => {
        await s.config({ webhookVersion });
        const res = await s.control('POST', '/_simulator/inbound', {
          to: PNID,
          from: '+16505551234',
          type: 'unsupported',
          unsupported: { type: 'poll_creation' },
        });
        assert.equal(res.status, 200, JSON.stringify(res.body));
        return valueOf((await s.inboundHook(res.body.wamid)).body).messages[0];
      };
      const old = await unsupported('v24.0');
      assert.equal(old.type, 'unknown');
      assert.deepEqual(old.errors, [
        { code: 131051, details: 'Message type is not currently supported', title: 'Unsupported message type' },
      ]);
      assert.equal(old.unsupported, undefined);
      const current = await unsupported('v25.0');
      assert.equal(current.type, 'unsupported');
      assert.deepEqual(current.unsupported, { type: 'poll_creation' });
      // The errors[] entry as a real capture has it (webhook-inbound-unsupported-131051.json).
      const captured = valueOf(fixture('webhook-inbound-unsupported-131051.json')).messages[0];
      assert.deepEqual(current.errors, captured.errors);
    });
  });
}
