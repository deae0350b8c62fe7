/** The simulator's webhooks as Meta sends them: non-ASCII escaped and signed as sent, statuses priced by category and window. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { PNID, textTo, type SimHarness } from '../conformance/sim.js';
import { eventually, valueOf } from '../helpers.js';
import { graphKit } from './kit.js';

export function webhookCases(sim: () => SimHarness): void {
  const { approvedTemplate } = graphKit(sim);

  it('sends webhooks with non-ASCII escaped as \\uXXXX and signs those bytes', async () => {
    const s = sim();
    const res = await s.control('POST', '/_simulator/inbound', {
      from: '+16505550102',
      to: PNID,
      text: 'J’ai mangé des pâtes 🍝',
    });
    const hook = await s.inboundHook(res.body.wamid);
    assert.ok(hook.valid);
    assert.ok(
      [...hook.raw].every((b) => b < 0x80),
      'pure ASCII on the wire',
    );
    assert.ok(hook.raw.toString().includes('J\\u2019ai mang\\u00e9 des p\\u00e2tes \\ud83c\\udf5d'));
    assert.equal(valueOf(hook.body).messages[0].text.body, 'J’ai mangé des pâtes 🍝');
  });

  it('prices statuses by template category and window, with a conversation on v23 and none on v24', async () => {
    const s = sim();
    await approvedTemplate('graph_marketing', [{ type: 'BODY', text: 'New arrivals are in the shop.' }], 'MARKETING');
    const sendTemplate = async (to: string, name: string) =>
      (
        await s.graph('POST', `/v23.0/${PNID}/messages`, {
          messaging_product: 'whatsapp',
          to,
          type: 'template',
          template: { name, language: { code: 'en_US' } },
        })
      ).body.messages[0].id;
    await approvedTemplate('graph_utility', [{ type: 'BODY', text: 'Your order has shipped.' }]);
    const marketing = await sendTemplate('+16505550103', 'graph_marketing');
    const utilityOutside = await sendTemplate('+16505550104', 'graph_utility');
    await s.control('POST', '/_simulator/inbound', { from: '+16505550105', to: PNID, text: 'hi' });
    const utilityInside = await sendTemplate('+16505550105', 'graph_utility');
    const service = (await s.graph('POST', `/v23.0/${PNID}/messages`, textTo('+16505550105'))).body.messages[0].id;
    const sentOf = (wamid: string) => eventually(async () => s.statuses(wamid).find((x) => x.status === 'sent'));
    // Sent now (after 2026-10-01), in-window utility templates and service messages are billed
    // (docs/platform.md §5); `regular` is the simulator's assumption for their unconfirmed type.
    const expect = {
      [marketing]: ['marketing', 'regular', true],
      [utilityOutside]: ['utility', 'regular', true],
      [utilityInside]: ['utility', 'regular', true],
      [service]: ['service', 'regular', true],
    };
    for (const [wamid, [category, type, billable]] of Object.entries(expect)) {
      const sent = await sentOf(wamid);
      assert.deepEqual(
        [sent.pricing.category, sent.pricing.type, sent.pricing.billable, sent.pricing.pricing_model],
        [category, type, billable, 'PMP'],
      );
      assert.equal(sent.conversation.origin.type, category);
      assert.match(sent.conversation.expiration_timestamp, /^\d+$/);
    }
    await s.config({ webhookVersion: 'v24.0' });
    try {
      const v24 = await sendTemplate('+16505550106', 'graph_marketing');
      const delivered = await eventually(async () => s.statuses(v24).find((x) => x.status === 'delivered'));
      const sent = s.statuses(v24).find((x) => x.status === 'sent');
      assert.equal(sent.conversation, undefined);
      assert.equal(delivered.conversation, undefined);
      assert.equal(delivered.pricing.category, 'marketing');
    } finally {
      await s.config({ webhookVersion: 'v23.0' });
    }
  });
}
