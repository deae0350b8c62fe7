/**
 * Sending a template with buttons: their values as `button` components by index, like the platform
 * fixture, with no example ever sent; a template without buttons sent as before, and read as having
 * none even when stored before buttons existed.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Template } from '../../src/templates/template.schemas.js';
import { eventually, fixture } from '../helpers.js';
import { approvedTemplate, platformRequest } from '../factories.js';
import { base, type ButtonsScope } from './kit.js';

export function sendCases(scope: () => ButtonsScope): void {
  const send = (body: Record<string, unknown>) =>
    scope().h.api('POST', '/v1/messages/', {
      body: { to: '+16505551234', type: 'template', templateId: scope().template.id, ...body },
    });
  const sentPayload = (messageId: string) => platformRequest(scope().h, messageId);

  it('sends the URL suffix, copy code and payloads as button components, like the platform fixture', async () => {
    const { h } = scope();
    const res = await send({
      variables: { '1': 'Jessica' },
      buttons: { '0': { payload: 'STOP-A1042' }, '2': { urlSuffix: 'B-77' }, '4': { couponCode: 'WELCOME10' } },
    });
    assert.equal(res.status, 201, res.text);
    const components = (await sentPayload(res.body.id)).template.components as any[];
    const shape = fixture('send-template-quick-reply-buttons-request.json').template.components.find(
      (c: any) => c.type === 'button',
    );
    const buttons = components.filter((c) => c.type === 'button');
    for (const b of buttons) assert.deepEqual(Object.keys(b), Object.keys(shape));
    assert.deepEqual(buttons, [
      { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload', payload: 'STOP-A1042' }] },
      // A payload left out is the button's label.
      { type: 'button', sub_type: 'quick_reply', index: '1', parameters: [{ type: 'payload', payload: 'Talk to us' }] },
      { type: 'button', sub_type: 'url', index: '2', parameters: [{ type: 'text', text: 'B-77' }] },
      {
        type: 'button',
        sub_type: 'copy_code',
        index: '4',
        parameters: [{ type: 'coupon_code', coupon_code: 'WELCOME10' }],
      },
    ]);
    // Delivered, and perhaps already read: the platform took the buttons.
    await eventually(async () =>
      ['delivered', 'read'].includes((await h.api('GET', `/v1/messages/${res.body.id}`)).body.status),
    );
  });

  it('refuses a send missing the URL suffix or the copy code with 400 variables_invalid naming the button, never sending an example', async () => {
    for (const [buttons, param] of [
      [{ '4': { couponCode: 'WELCOME10' } }, 'buttons.2.urlSuffix'],
      [{ '2': { urlSuffix: 'B-77' } }, 'buttons.4.couponCode'],
      [{ '2': { urlSuffix: 'B 77' }, '4': { couponCode: 'WELCOME10' } }, 'buttons.2.urlSuffix'],
      [{ '2': { urlSuffix: 'B-77' }, '4': { couponCode: 'X'.repeat(16) } }, 'buttons.4.couponCode'],
      [{ '2': { urlSuffix: 'B-77' }, '4': { couponCode: 'WELCOME10' }, '3': { payload: 'x' } }, 'buttons.3.payload'],
      [
        { '2': { urlSuffix: 'B-77' }, '4': { couponCode: 'WELCOME10' }, '0': { urlSuffix: 'x' } },
        'buttons.0.urlSuffix',
      ],
      [{ '2': { urlSuffix: 'B-77' }, '4': { couponCode: 'WELCOME10' }, '7': { payload: 'x' } }, 'buttons.7'],
      [{ '2': { urlSuffix: 'B-77' }, '4': { couponCode: 'WELCOME10' }, '0': { payload: ' ' } }, 'buttons.0.payload'],
    ] as const) {
      const res = await send({ variables: { '1': 'Jessica' }, buttons });
      assert.deepEqual(
        [res.status, res.body.error?.code, res.body.error?.param],
        [400, 'variables_invalid', param],
        JSON.stringify(buttons),
      );
    }
    const none = await send({ variables: { '1': 'Jessica' } });
    assert.match(none.body.error.message, /Button 2 \(url "Track order"\) needs the end of its URL/);
  });

  it('sends a template without buttons as before, and refuses button values for it', async () => {
    const { h } = scope();
    const plain = await approvedTemplate(h, { name: 'no_buttons', body: base.body });
    assert.deepEqual(plain.buttons, []);
    const res = await h.api('POST', '/v1/messages/', {
      body: { to: '+16505551234', type: 'template', templateId: plain.id },
    });
    assert.equal(res.status, 201);
    assert.deepEqual((await sentPayload(res.body.id)).template, { name: 'no_buttons', language: { code: 'en_US' } });
    const refused = await h.api('POST', '/v1/messages/', {
      body: { to: '+16505551234', type: 'template', templateId: plain.id, buttons: { '0': { payload: 'x' } } },
    });
    assert.deepEqual([refused.status, refused.body.error.param], [400, 'buttons.0']);
  });

  it('reads a template stored before buttons existed (buttons null) as having none', async () => {
    const { h } = scope();
    await h.deps.store.write((tx) =>
      tx.updateTable('templates').set({ buttons: null }).where('name', '=', 'no_buttons').execute(),
    );
    const list = await h.api('GET', '/v1/templates/');
    assert.deepEqual(list.body.data.find((t: Template) => t.name === 'no_buttons').buttons, []);
  });
}
