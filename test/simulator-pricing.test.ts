// test-runner: no database
/**
 * Issue 27: the simulator prices sends by the rules of the day it took them
 * (docs/platform.md §4.4, docs/platform.md §5). From 2026-10-01 service messages and utility
 * templates inside an open customer service window are billed (`regular`, the simulator's assumption for the unconfirmed type); before, they
 * were `free_customer_service`. Over real HTTP against the simulator alone, its clock set by the test.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ManualClock } from '../src/lib/clock.js';
import { IN_WINDOW_BILLED_FROM } from '../src/simulator/payloads.js';
import { PNID, WABA, startSim, textTo, type SimHarness } from './conformance/sim.js';
import { eventually } from './helpers.js';

describe('simulator: pricing by the date of the send (issue 27)', () => {
  const clock = new ManualClock();
  let s: SimHarness;
  before(async () => {
    s = await startSim({}, { clock });
    const res = await s.graph('POST', `/v23.0/${WABA}/message_templates`, {
      name: 'pricing_shipped',
      language: 'en_US',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Your order has shipped.' }],
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    await s.control('POST', `/_simulator/templates/${res.body.id}/review`, { decision: 'APPROVED' });
  });
  after(() => s.close());

  /** A utility template and a text, both to `to` inside the window its message opened. @returns their `delivered` pricing. */
  async function sendInWindow(to: string) {
    await s.control('POST', '/_simulator/inbound', { from: to, to: PNID, text: 'Where is my order?' });
    const utility = (
      await s.graph('POST', `/v23.0/${PNID}/messages`, {
        messaging_product: 'whatsapp',
        to,
        type: 'template',
        template: { name: 'pricing_shipped', language: { code: 'en_US' } },
      })
    ).body.messages[0].id;
    const service = (await s.graph('POST', `/v23.0/${PNID}/messages`, textTo(to))).body.messages[0].id;
    const pricing = (wamid: string) =>
      eventually(async () => s.statuses(wamid).find((x) => x.status === 'delivered')?.pricing);
    return { utility: await pricing(utility), service: await pricing(service) };
  }

  it('bills an in-window utility template and a service message sent now', async () => {
    clock.set(Date.now());
    const { utility, service } = await sendInWindow('+16505550201');
    assert.deepEqual(utility, { billable: true, pricing_model: 'PMP', type: 'regular', category: 'utility' });
    assert.deepEqual(service, { billable: true, pricing_model: 'PMP', type: 'regular', category: 'service' });
  });

  it('bills them from midnight UTC on 2026-10-01, and kept them free the moment before', async () => {
    clock.set(IN_WINDOW_BILLED_FROM - 1);
    const before = await sendInWindow('+16505550202');
    assert.deepEqual(before.utility, {
      billable: false,
      pricing_model: 'PMP',
      type: 'free_customer_service',
      category: 'utility',
    });
    assert.deepEqual(before.service, {
      billable: false,
      pricing_model: 'PMP',
      type: 'free_customer_service',
      category: 'service',
    });
    clock.set(Date.parse('2026-10-01T00:00:00.000Z'));
    const from = await sendInWindow('+16505550203');
    assert.deepEqual(
      [from.utility.type, from.utility.billable, from.service.type, from.service.billable],
      ['regular', true, 'regular', true],
    );
  });

  it('prices a utility template outside a window as before, whatever the date', async () => {
    for (const at of [Date.parse('2026-09-15T12:00:00Z'), Date.now()]) {
      clock.set(at);
      const wamid = (
        await s.graph('POST', `/v23.0/${PNID}/messages`, {
          messaging_product: 'whatsapp',
          to: `+1650555030${at % 7}`,
          type: 'template',
          template: { name: 'pricing_shipped', language: { code: 'en_US' } },
        })
      ).body.messages[0].id;
      const pricing = await eventually(async () => s.statuses(wamid).find((x) => x.status === 'delivered')?.pricing);
      assert.deepEqual([pricing.category, pricing.type, pricing.billable], ['utility', 'regular', true]);
    }
  });
});
