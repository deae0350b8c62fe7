/** Templates through the facade in Meta's shapes (docs/api.md §D34, "Media and templates"). */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { eventually } from '../helpers.js';
import { atPlatform, graph, review, type FacadeScope } from './kit.js';

export function templateCases(scope: () => FacadeScope): void {
  it("creates, reads, edits, lists and deletes templates in Meta's shapes, reaching the platform", async () => {
    const s = scope();
    const { h, waba } = s;
    const components = [
      { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}', example: { header_text: ['A-1042'] } },
      {
        type: 'BODY',
        text: 'Hi {{1}}, your order has shipped and should arrive on {{2}}.',
        example: { body_text: [['Maria', 'Tuesday']] },
      },
      { type: 'FOOTER', text: 'Reply STOP to opt out' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Stop updates' },
          {
            type: 'URL',
            text: 'Track order',
            url: 'https://shop.example.com/track/{{1}}',
            example: ['https://shop.example.com/track/A-1042'],
          },
        ],
      },
    ];
    const created = await graph(h, 'POST', `/v25.0/${waba}/message_templates`, {
      body: { name: 'facade_shipped', language: 'en_US', category: 'UTILITY', components },
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assert.match(created.body.id, /^tpl_/);
    assert.deepEqual({ ...created.body, id: null }, { id: null, status: 'PENDING', category: 'UTILITY' });
    const id = created.body.id as string;
    // Meta's node, its components as given; Tidings' own template; the platform holds it.
    const read = await graph(h, 'GET', `/v25.0/${id}`);
    assert.deepEqual(read.body, {
      name: 'facade_shipped',
      parameter_format: 'POSITIONAL',
      components,
      language: 'en_US',
      status: 'PENDING',
      category: 'UTILITY',
      id,
    });
    assert.equal((await h.api('GET', `/v1/templates/${id}`)).body.variables[0].example, 'Maria');
    const platform = await atPlatform(s, 'facade_shipped');
    assert.equal(platform.status, 'PENDING');

    // Rejected at the platform, edited through the facade (resubmitted), then approved.
    await review(h, platform.id, 'REJECTED');
    await eventually(async () => (await graph(h, 'GET', `/v25.0/${id}?fields=status`)).body.status === 'REJECTED');
    const body = { type: 'BODY', text: 'Hi {{1}}, your order is on its way.', example: { body_text: [['Ana']] } };
    assert.deepEqual((await graph(h, 'POST', `/v25.0/${id}`, { body: { components: [body] } })).body, {
      success: true,
    });
    assert.deepEqual((await graph(h, 'GET', `/v25.0/${id}?fields=components,status`)).body, {
      components: [body],
      status: 'PENDING',
      id,
    });
    assert.deepEqual((await atPlatform(s, 'facade_shipped')).components, [body]);
    await review(h, platform.id, 'APPROVED');
    const approved = await eventually(async () => {
      const list = await graph(h, 'GET', `/v25.0/${waba}/message_templates?status=APPROVED&fields=name,status`);
      return list.body.data.length === 1 && list.body;
    });
    assert.deepEqual(approved.data, [{ name: 'facade_shipped', status: 'APPROVED', id }]);
    // Approved: its time to live alone changes (no new review); its content does not (Tidings' 409).
    const ttl = await graph(h, 'POST', `/v25.0/${id}`, { body: { message_send_ttl_seconds: 3600 } });
    assert.deepEqual(ttl.body, { success: true });
    const kept = await graph(h, 'GET', `/v25.0/${id}?fields=message_send_ttl_seconds,status`);
    assert.deepEqual(kept.body, { message_send_ttl_seconds: 3600, status: 'APPROVED', id });
    const locked = await graph(h, 'POST', `/v25.0/${id}`, { body: { components: [body] } });
    assert.deepEqual([locked.status, locked.body.error.code], [409, 100]);
    assert.match(locked.body.error.error_data.details, /^template_not_editable: /);

    // A NAMED template; the list's filters and cursors as Meta's.
    const named = await graph(h, 'POST', `/v25.0/${waba}/message_templates`, {
      body: {
        name: 'facade_named',
        language: 'pt_BR',
        category: 'utility',
        parameter_format: 'NAMED',
        components: [
          {
            type: 'BODY',
            text: 'Olá {{first_name}}, seu pedido chega {{day}}.',
            example: {
              body_text_named_params: [
                { param_name: 'first_name', example: 'Ana' },
                { param_name: 'day', example: 'amanhã' },
              ],
            },
          },
        ],
      },
    });
    assert.equal(named.status, 200, JSON.stringify(named.body));
    const v1 = (await h.api('GET', `/v1/templates/${named.body.id}`)).body;
    assert.deepEqual(
      [v1.body, v1.variables],
      [
        'Olá {{1}}, seu pedido chega {{2}}.',
        [
          { example: 'Ana', name: 'first_name' },
          { example: 'amanhã', name: 'day' },
        ],
      ],
    );
    const first = await graph(h, 'GET', `/v25.0/${waba}/message_templates?limit=1&fields=name`);
    assert.deepEqual(first.body.data, [{ name: 'facade_named', id: named.body.id }]);
    assert.ok(first.body.paging.cursors.after);
    const second = await graph(h, 'GET', first.body.paging.next);
    assert.deepEqual(second.body.data, [{ name: 'facade_shipped', id }]);
    assert.equal(second.body.paging.next, undefined);
    for (const [query, names] of [
      ['language=pt_BR', ['facade_named']],
      ['name=SHIPPED', ['facade_shipped']],
      ['status=PENDING,REJECTED', ['facade_named']],
      ['category=MARKETING', []],
    ] as const) {
      const list = await graph(h, 'GET', `/v25.0/${waba}/message_templates?${query}&fields=name`);
      assert.deepEqual(
        list.body.data.map((t: any) => t.name),
        names,
        query,
      );
    }

    // Deleted by name on the WABA, and by id: gone here and at the platform.
    assert.deepEqual((await graph(h, 'DELETE', `/v25.0/${waba}/message_templates?name=facade_named`)).body, {
      success: true,
    });
    assert.equal((await graph(h, 'GET', `/v25.0/${named.body.id}`)).body.error.error_subcode, 33);
    assert.deepEqual((await graph(h, 'DELETE', `/v25.0/${id}`)).body, { success: true });
    assert.equal(await atPlatform(s, 'facade_shipped'), undefined);
    assert.deepEqual((await graph(h, 'GET', `/v25.0/${waba}/message_templates`)).body, { data: [], paging: {} });
  });

  it("refuses in Meta's codes: another WABA, an unknown id, a test key, what Tidings does not hold", async () => {
    const s = scope();
    const { h, waba } = s;
    const e = (res: { body: any }) => [res.body.error.code, res.body.error.error_subcode];
    assert.deepEqual(e(await graph(h, 'GET', '/v25.0/100000000000001/message_templates')), [100, 33]);
    assert.deepEqual(e(await graph(h, 'GET', '/v25.0/tpl_nothing')), [100, 33]);
    assert.deepEqual(e(await graph(h, 'DELETE', '/v25.0/med_nothing')), [100, 33]);
    const body = {
      name: 'facade_refused',
      language: 'en_US',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Your code {{1}} is ready to use.', example: { body_text: [['A1']] } }],
    };
    const asTest = await graph(h, 'POST', `/v25.0/${waba}/message_templates`, { key: h.account.testKey, body });
    assert.deepEqual([asTest.status, asTest.body.error.code], [400, 10]);
    assert.match(asTest.body.error.error_data.details, /^live_mode_required: /);
    const refusals: [Record<string, unknown>, number, number | undefined, RegExp][] = [
      [{ ...body, category: 'MARKETING' }, 100, undefined, /^template_invalid: .*category_not_allowed/],
      [
        { ...body, components: [{ type: 'BODY', text: '{{1}} is ready.', example: { body_text: [['A1']] } }] },
        100,
        2388299,
        /placeholder_at_start/,
      ],
      [{ ...body, components: [{ type: 'CAROUSEL', cards: [] }] }, 100, undefined, /^parameter_invalid: .*CAROUSEL/],
      [
        {
          ...body,
          components: [
            { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::aW1hZ2U='] } },
            body.components[0]!,
          ],
        },
        100,
        undefined,
        /med_ id/,
      ],
      [{ ...body, name: undefined }, 100, undefined, /^parameter_missing: .*name/],
      [
        { ...body, components: [{ type: 'BODY', text: 'Hi {{1}}, see you.', example: { body_text: 'x' } }] },
        100,
        undefined,
        /^parameter_invalid: components are malformed/,
      ],
      [{ ...body, components: '[{"type":"BODY"' }, 100, undefined, /^parameter_invalid: components must be a list/],
    ];
    for (const [refused, code, subcode, details] of refusals) {
      const res = await graph(h, 'POST', `/v25.0/${waba}/message_templates`, { body: refused });
      assert.deepEqual(
        [res.status, res.body.error.code, res.body.error.error_subcode],
        [400, code, subcode],
        JSON.stringify(res.body),
      );
      assert.match(res.body.error.error_data.details, details);
    }
    assert.equal((await graph(h, 'POST', `/v25.0/${waba}/message_templates`, { body })).status, 200);
    const taken = await graph(h, 'POST', `/v25.0/${waba}/message_templates`, { body });
    assert.deepEqual(e(taken), [100, 2388024]);
    assert.deepEqual(e(await graph(h, 'GET', `/v25.0/${waba}/message_templates?fields=name,nonsense`)), [
      100,
      undefined,
    ]);
    assert.match(
      (await graph(h, 'DELETE', `/v25.0/${waba}/message_templates?name=nothing_here`)).body.error.error_data.details,
      /^template_not_found/,
    );
  });
}
