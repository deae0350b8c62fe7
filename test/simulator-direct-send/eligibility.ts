/**
 * Direct Send eligibility and the generated template: refusals of a number not allow-listed (100)
 * or blocked (139200), an enabled number's utility text outside the window with the generated
 * template's id on its statuses (listed with `source=AUTO_GENERATED`, neither editable nor
 * deletable), and the template named after `direct_send_config.template_name`.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { eventually, valueOf } from '../helpers.js';
import { NOT_ENABLED_DETAILS } from '../../src/simulator/messages/direct-send.js';
import { OTHER_PNID, PNID, V, WABA, type DirectSendKit } from './kit.js';

export function eligibilityCases(kit: DirectSendKit): void {
  const { received, call, send, control, utilityText, statusesFor, statusNames } = kit;
  it("refuses a category from a number not allow-listed with Meta's 100, and a blocked one with 139200", async () => {
    const state = await control('GET', '/_simulator/state');
    // Before any control call a number the token uses is not enabled.
    let res = await send(utilityText('+16505557001', 'Your order 1042 has shipped.'));
    assert.equal(res.status, 400);
    assert.deepEqual(
      {
        message: res.body.error.message,
        type: res.body.error.type,
        code: res.body.error.code,
        details: res.body.error.error_data.details,
      },
      { message: '(#100) Invalid parameter', type: 'OAuthException', code: 100, details: NOT_ENABLED_DETAILS },
    );
    assert.ok(Array.isArray(state.body.numbers));
    const shown = (await control('GET', '/_simulator/state')).body.numbers.find((n: any) => n.phoneNumberId === PNID);
    assert.equal(shown.directSend, 'not_enabled');

    const wrong = await control('POST', `/_simulator/numbers/${PNID}/direct_send`, { status: 'on' });
    assert.equal(wrong.status, 400);
    assert.match(wrong.body.error, /enabled, not_enabled, blocked.*"on"/);
    assert.equal(
      (await control('POST', `/_simulator/numbers/${PNID}/direct_send`, { status: 'enabled', extra: 1 })).status,
      400,
    );

    assert.equal(
      (await control('POST', `/_simulator/numbers/${OTHER_PNID}/direct_send`, { status: 'blocked' })).body.directSend,
      'blocked',
    );
    res = await send(utilityText('+16505557001', 'Your order 1042 has shipped.'), OTHER_PNID);
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 139200);
    assert.equal(res.body.error.message, '(#139200) Direct Send Utility access is blocked');
    assert.equal(
      (await control('GET', '/_simulator/state')).body.numbers.find((n: any) => n.phoneNumberId === OTHER_PNID)
        .directSend,
      'blocked',
    );
  });

  it("sends an enabled utility text outside the window, with the generated template's id on its statuses", async () => {
    assert.equal((await control('POST', `/_simulator/numbers/${PNID}/direct_send`, { status: 'enabled' })).status, 200);
    const res = await send(utilityText('+16505557002', 'Your order 2001 has shipped.', { category: 'UTILITY' }));
    assert.equal(res.status, 200);
    const wamid = res.body.messages[0].id;
    assert.match(wamid, /^wamid\./);
    await eventually(async () => statusNames(wamid).includes('read'));
    assert.deepEqual(statusNames(wamid), ['sent', 'delivered', 'read'], 'no 131047 outside the window');

    const list = await call('GET', `/${V}/${WABA}/message_templates?source=AUTO_GENERATED`);
    assert.equal(list.status, 200);
    const generated = list.body.data.find((t: any) => t.components[0].text === 'Your order 2001 has shipped.');
    assert.ok(generated, 'listed under source=AUTO_GENERATED');
    assert.match(generated.name, /^auto_generated_[0-9a-f]{8}_[0-9a-f]{4}_[0-9a-f]{4}_[0-9a-f]{4}_[0-9a-f]{12}$/);
    assert.deepEqual(
      [generated.category, generated.status, generated.language, generated.source],
      ['UTILITY', 'APPROVED', 'en_US', 'AUTO_GENERATED'],
    );
    for (const s of statusesFor(wamid)) assert.equal(s.template_id, generated.id, `${s.status} carries template_id`);
    const delivered = statusesFor(wamid).find((s: any) => s.status === 'delivered');
    assert.deepEqual(
      [delivered.pricing.category, delivered.pricing.type, delivered.pricing.billable],
      ['utility', 'regular', true],
    );
    const hook = received.find((r) => valueOf(r.body).statuses?.[0]?.id === wamid)!;
    assert.ok(hook.valid, 'signed');

    // The same text again: the same template. An ordinary template is not listed under the source.
    const again = await send(utilityText('+16505557003', 'Your order 2001 has shipped.'));
    await eventually(async () => statusesFor(again.body.messages[0].id).length > 0);
    assert.equal(statusesFor(again.body.messages[0].id)[0].template_id, generated.id);
    await call('POST', `/${V}/${WABA}/message_templates`, {
      name: 'plain_update',
      language: 'en_US',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Your parcel is on its way.' }],
    });
    const onlyGenerated = await call('GET', `/${V}/${WABA}/message_templates?source=AUTO_GENERATED&limit=100`);
    assert.ok(onlyGenerated.body.data.every((t: any) => t.source === 'AUTO_GENERATED'));
    assert.equal(onlyGenerated.body.data.filter((t: any) => t.id === generated.id).length, 1);
    assert.equal((await call('GET', `/${V}/${generated.id}`)).body.source, 'AUTO_GENERATED');

    // Not editable, not deletable, not sendable as a template.
    const edit = await call('POST', `/${V}/${generated.id}`, { components: [{ type: 'BODY', text: 'Changed.' }] });
    assert.deepEqual([edit.status, edit.body.error.code, edit.body.error.error_subcode], [400, 100, 2388318]);
    const del = await call('DELETE', `/${V}/${WABA}/message_templates?name=${generated.name}`);
    assert.deepEqual([del.status, del.body.error.code, del.body.error.error_subcode], [400, 100, 2388330]);
    const asTemplate = await send({
      to: '+16505557003',
      type: 'template',
      template: { name: generated.name, language: { code: 'en_US' } },
    });
    assert.equal(asTemplate.body.error.code, 132018);
  });

  it('names the template after direct_send_config.template_name, and fails a name another template holds with 132021', async () => {
    const res = await send(
      utilityText('+16505557004', 'Order 77 is ready for pickup.', {
        direct_send_config: { template_name: 'pickup_ready' },
      }),
    );
    assert.equal(res.status, 200);
    const [sent] = await eventually(
      async () => statusesFor(res.body.messages[0].id).length > 0 && statusesFor(res.body.messages[0].id),
    );
    const named = (await call('GET', `/${V}/${WABA}/message_templates?source=AUTO_GENERATED&name=pickup_ready`)).body
      .data[0];
    assert.equal(named.name, 'pickup_ready');
    assert.equal(sent.template_id, named.id);
    const bad = await send(utilityText('+16505557004', 'x', { direct_send_config: { template_name: 'Not-Valid!' } }));
    assert.deepEqual([bad.status, bad.body.error.code, bad.body.error.message], [400, 100, 'template_name']);
    const clash = await send(
      utilityText('+16505557004', 'Order 78 is ready.', { direct_send_config: { template_name: 'plain_update' } }),
    );
    assert.equal(clash.status, 200);
    const [failed] = await eventually(
      async () => statusesFor(clash.body.messages[0].id).length > 0 && statusesFor(clash.body.messages[0].id),
    );
    assert.deepEqual([failed.status, failed.errors[0].code], ['failed', 132021]);
  });
}
