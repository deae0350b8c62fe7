/** Message templates as Meta's Graph API takes and lists them: component types in any case, named parameters, filters, cursors, fields. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { PNID, WABA, type SimHarness } from '../conformance/sim.js';
import { fixture } from '../helpers.js';
import { graphKit } from './kit.js';

export function templateCases(sim: () => SimHarness): void {
  const { approvedTemplate } = graphKit(sim);

  it('takes template component types in any case and counts named parameters', async () => {
    const s = sim();
    await s.control('POST', '/_simulator/inbound', { from: '+16505550101', to: PNID, text: 'hi' });
    await approvedTemplate('graph_upper_case', [
      { type: 'BODY', text: 'Hi {{1}}, order {{2}} shipped.', example: { body_text: [['Pablo', '1']] } },
    ]);
    const upper = await s.graph('POST', `/v23.0/${PNID}/messages`, {
      ...fixture('send-template-positional-params-request.json'),
      to: '+16505550101',
      template: {
        name: 'graph_upper_case',
        language: { code: 'en_US' },
        components: [
          {
            type: 'BODY',
            parameters: [
              { type: 'text', text: 'Jessica' },
              { type: 'text', text: 'X1' },
            ],
          },
        ],
      },
    });
    assert.equal(upper.status, 200, JSON.stringify(upper.body));
    await approvedTemplate(
      'graph_named',
      fixture('template-create-request-named-params.json').components,
      'UTILITY',
      'NAMED',
    );
    const named = fixture('send-template-named-params-request.json');
    named.template.name = 'graph_named';
    assert.equal((await s.graph('POST', `/v23.0/${PNID}/messages`, named)).status, 200);
    named.template.components[0].parameters.pop();
    assert.equal((await s.graph('POST', `/v23.0/${PNID}/messages`, named)).body.error.code, 132000);
    named.template.components[0].parameters = [
      { type: 'text', parameter_name: 'first_name', text: 'J' },
      { type: 'text', parameter_name: 'order_id', text: 'X' },
    ];
    assert.equal((await s.graph('POST', `/v23.0/${PNID}/messages`, named)).body.error.code, 132000);
  });

  it('lists templates with parameter_format, every filter, fields, real cursors with next, and summary', async () => {
    const s = sim();
    for (const n of ['list_a', 'list_b', 'list_c'])
      await approvedTemplate(n, [{ type: 'BODY', text: `Template ${n} says hello.` }]);
    const all = await s.graph('GET', `/v23.0/${WABA}/message_templates?name=list_&limit=2&summary=total_count`);
    assert.equal(all.body.data.length, 2);
    assert.ok(all.body.data.every((t: any) => t.parameter_format === 'POSITIONAL'));
    assert.equal(all.body.summary.total_count, 3);
    assert.match(all.body.paging.next, /after=/);
    const next = await s.graph('GET', new URL(all.body.paging.next).pathname + new URL(all.body.paging.next).search);
    assert.equal(next.body.data.length, 1);
    assert.equal(next.body.paging.next, undefined);
    assert.deepEqual(
      new Set([...all.body.data, ...next.body.data].map((t: any) => t.name)),
      new Set(['list_a', 'list_b', 'list_c']),
    );
    const fields = await s.graph('GET', `/v23.0/${WABA}/message_templates?fields=name,category,status&name=list_a`);
    assert.deepEqual(Object.keys(fields.body.data[0]), ['name', 'category', 'status', 'id']);
    for (const [q, n] of [
      ['status=APPROVED&name=list_', 3],
      ['status=rejected&name=list_', 0],
      ['category=marketing&name=list_', 0],
      ['category=UTILITY&name=list_', 3],
      ['language=en&name=list_', 0],
      ['language=en_US&name=list_b', 1],
    ] as const) {
      assert.equal((await s.graph('GET', `/v23.0/${WABA}/message_templates?${q}`)).body.data.length, n, q);
    }
  });

  it('gets a template by id with fields, and answers the create with the category Meta gave it', async () => {
    const s = sim();
    const res = await s.graph('POST', `/v23.0/${WABA}/message_templates`, {
      name: 'graph_promo',
      language: 'en_US',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Our summer sale: 20% off everything this week.' }],
    });
    assert.deepEqual([res.body.status, res.body.category], ['PENDING', 'MARKETING']);
    const byId = await s.graph('GET', `/v23.0/${res.body.id}`);
    assert.equal(byId.body.previous_category, 'UTILITY');
    assert.deepEqual(
      Object.keys((await s.graph('GET', `/v23.0/${res.body.id}?fields=status`)).body),
      Object.keys(fixture('template-get-status-response.json')),
    );
    assert.equal((await s.graph('GET', `/v23.0/${res.body.id}?fields=nonsense`)).body.error.code, 100);
  });
}
