/** Templates created like the platform, reviewed and reported like the fixture, and the rules of editing them. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { eventually, fixture, valueOf } from '../helpers.js';
import { TOKEN, shape, type SimulatorKit } from './kit.js';

export function templateCases(kit: SimulatorKit): void {
  const { base, received, control } = kit;
  async function createTemplate(name: string, bodyText = 'Hi {{1}}, your order {{2}} has shipped.') {
    const res = await fetch(`${base()}/v23.0/102290129340398/message_templates`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: TOKEN },
      body: JSON.stringify({
        ...fixture('template-create-request-positional-params.json'),
        name,
        components: [{ type: 'BODY', text: bodyText, example: { body_text: [['Pablo', '860198']] } }],
      }),
    });
    return { status: res.status, body: (await res.json()) as any };
  }
  const templateHooks = (id: string) => received.filter((r) => String(valueOf(r.body).message_template_id) === id);

  it('creates templates like the platform, reviews them, and reports the review shaped like the fixture', async () => {
    const res = await createTemplate('sim_order_update');
    assert.equal(res.status, 200);
    assert.deepEqual(shape(res.body).sort(), shape(fixture('template-create-response-pending.json')).sort());
    assert.equal(res.body.status, 'PENDING');
    await control('PUT', '/_simulator/config', { reviewDelayMs: 20 });
    const [hook] = await eventually(async () => templateHooks(res.body.id).length > 0 && templateHooks(res.body.id));
    assert.ok(hook!.valid);
    assert.deepEqual(shape(hook!.body).sort(), shape(fixture('webhook-template-status-approved.json')).sort());
    assert.equal(valueOf(hook!.body).event, 'APPROVED');
    assert.equal((await createTemplate('sim_order_update')).body.error.error_subcode, 2388024);
    const listed = await control('GET', '/v23.0/102290129340398/message_templates?name=sim_order_update', undefined, {
      authorization: TOKEN,
    });
    assert.deepEqual(
      listed.body.data.map((t: { id: string }) => t.id),
      [res.body.id],
    );
  });

  it('enforces edit rules: not while in review, once a day when approved', async () => {
    await control('PUT', '/_simulator/config', { review: 'manual' });
    try {
      const { body } = await createTemplate('sim_edit_rules');
      const editIt = () =>
        fetch(`${base()}/v23.0/${body.id}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: TOKEN },
          body: JSON.stringify({
            components: [
              {
                type: 'BODY',
                text: 'Hello {{1}}, order {{2}} is on its way.',
                example: { body_text: [['Pablo', '860198']] },
              },
            ],
          }),
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
      assert.equal((await editIt()).body.error.error_subcode, 2388039, 'in review');
      await control('POST', `/_simulator/templates/${body.id}/review`, { decision: 'APPROVED' });
      assert.deepEqual((await editIt()).body, { success: true });
      await control('POST', `/_simulator/templates/${body.id}/review`, { decision: 'APPROVED' });
      assert.equal(
        (await editIt()).body.error.error_subcode,
        2388039,
        'second edit of an approved template within 24 h',
      );
      const del = await fetch(`${base()}/v23.0/102290129340398/message_templates?name=sim_edit_rules`, {
        method: 'DELETE',
        headers: { authorization: TOKEN },
      });
      assert.deepEqual(await del.json(), { success: true });
      assert.equal((await createTemplate('sim_edit_rules')).body.error.error_subcode, 2388023, 'reserved after delete');
    } finally {
      await control('PUT', '/_simulator/config', { review: 'auto' });
    }
  });
}
