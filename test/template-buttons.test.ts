/**
 * Template buttons (docs/api.md §D7–§D8, docs/platform.md §1.2, §2.2 and §4.9): each content rule as an
 * issue named by field; submitted as a BUTTONS component; kept through review, webhooks and lists;
 * their values sent as `button` components by index, with no example ever sent.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TemplateButton } from '../src/templates/template-buttons.rules.js';
import { checkTemplate, type TemplateContent } from '../src/templates/template.rules.js';
import type { Template } from '../src/templates/template.schemas.js';
import { approvedTemplate, platformRequest } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { eventually, fixture } from './helpers.js';

const base: TemplateContent = {
  name: 'with_buttons',
  category: 'UTILITY',
  language: 'en_US',
  body: 'Your order has shipped and is on its way to you.',
};
const qr = (text = 'Stop updates'): TemplateButton => ({ type: 'quick_reply', text });
/** A URL button; `example` null: none. */
const url = (u = 'https://shop.example.com/track/{{1}}', example: string | null = 'A-1042'): TemplateButton => ({
  type: 'url',
  text: 'Track order',
  url: u,
  ...(example === null ? {} : { example }),
});
const phone: TemplateButton = { type: 'phone_number', text: 'Call us', phoneNumber: '+16505551234' };
const code: TemplateButton = { type: 'copy_code', example: 'SAVE30' };

/** The quick reply, dynamic URL, phone and copy-code buttons every part of the test works with. */
const BUTTONS: TemplateButton[] = [qr('Stop updates'), qr('Talk to us'), url(), phone, code];

describe('template button rules', () => {
  const cases: [string, TemplateButton[], string, string][] = [
    ['more than 10 buttons', Array.from({ length: 11 }, (_, i) => qr(`Option ${i}`)), 'buttons_too_many', 'buttons'],
    [
      'a third URL button',
      [url(), url(), url('https://shop.example.com/help', null)],
      'button_type_limit',
      'buttons[2]',
    ],
    ['a second phone button', [phone, phone], 'button_type_limit', 'buttons[1]'],
    ['a second copy code', [code, code], 'button_type_limit', 'buttons[1]'],
    [
      'a second request_contact_info',
      [
        { type: 'request_contact_info', text: 'Share number' },
        { type: 'request_contact_info', text: 'Share it' },
      ],
      'button_type_limit',
      'buttons[1]',
    ],
    ['quick replies split by a URL', [qr(), url(), qr('Again')], 'buttons_not_grouped', 'buttons[2]'],
    ['a label missing', [{ type: 'quick_reply' }], 'button_text_missing', 'buttons[0].text'],
    ['a label of 26 characters', [qr('x'.repeat(26))], 'button_text_too_long', 'buttons[0].text'],
    [
      'a field of another type',
      [{ type: 'quick_reply', text: 'Yes', url: 'https://a.example' }],
      'button_field_unused',
      'buttons[0].url',
    ],
    ['a URL that is not http(s)', [url('ftp://shop.example.com/{{1}}')], 'button_url_invalid', 'buttons[0].url'],
    [
      'a URL over 2,000 characters',
      [url(`https://shop.example.com/${'a'.repeat(2000)}`, null)],
      'button_url_too_long',
      'buttons[0].url',
    ],
    [
      'a URL placeholder not at the end',
      [url('https://shop.example.com/{{1}}/track')],
      'button_url_placeholder_invalid',
      'buttons[0].url',
    ],
    [
      'two URL placeholders',
      [url('https://shop.example.com/{{1}}/{{2}}')],
      'button_url_placeholder_invalid',
      'buttons[0].url',
    ],
    ['a dynamic URL without example', [url(undefined, null)], 'button_example_missing', 'buttons[0].example'],
    [
      'an example for a static URL',
      [url('https://shop.example.com/help')],
      'button_example_unused',
      'buttons[0].example',
    ],
    ['a URL example with a space', [url(undefined, 'A 1042')], 'button_example_invalid', 'buttons[0].example'],
    [
      'a phone number not E.164',
      [{ ...phone, phoneNumber: '650 555 1234' }],
      'button_phone_invalid',
      'buttons[0].phoneNumber',
    ],
    ['a copy code without example', [{ type: 'copy_code' }], 'button_code_missing', 'buttons[0].example'],
    [
      'a copy code of 16 characters',
      [{ type: 'copy_code', example: 'X'.repeat(16) }],
      'button_code_too_long',
      'buttons[0].example',
    ],
  ];
  for (const [what, buttons, issue, field] of cases) {
    it(`flags ${what} as ${issue}@${field}`, () => {
      const found = checkTemplate({ ...base, buttons }).map((i) => `${i.code}@${i.field}`);
      assert.ok(found.includes(`${issue}@${field}`), found.join(', '));
    });
  }

  it('accepts every type within the limits, quick replies before or after the others', () => {
    assert.deepEqual(checkTemplate({ ...base, buttons: BUTTONS }), []);
    assert.deepEqual(
      checkTemplate({
        ...base,
        buttons: [url(), { type: 'request_contact_info', text: 'Share my number' }, qr(), qr('Later')],
      }),
      [],
    );
    assert.deepEqual(checkTemplate({ ...base, buttons: [] }), []);
  });
});

describe('template buttons', () => {
  let h: Harness;
  let template: Template;
  const send = (body: Record<string, unknown>) =>
    h.api('POST', '/v1/messages/', {
      body: { to: '+16505551234', type: 'template', templateId: template.id, ...body },
    });
  const sentPayload = (messageId: string) => platformRequest(h, messageId);
  const simTemplate = (name: string) => [...h.sim.state.templates.values()].find((x) => x.name === name)!;

  before(async () => {
    h = await startHarness();
    template = await approvedTemplate(h, {
      name: 'order_buttons',
      body: 'Hi {{1}}, your order has shipped and is on its way.',
      variables: [{ example: 'Maria' }],
      buttons: BUTTONS,
    });
  });
  after(() => h.close());

  it('refuses a template that breaks button rules with 400 template_invalid, each issue by field; validate lists them', async () => {
    const body = {
      name: 'bad_buttons',
      category: 'UTILITY',
      language: 'en_US',
      body: base.body,
      buttons: [qr(), url(undefined, null), qr('x'.repeat(30))],
    };
    const res = await h.api('POST', '/v1/templates/', { body, headers: { 'idempotency-key': 'bad-buttons' } });
    assert.equal(res.status, 400);
    assert.equal(res.body.error.code, 'template_invalid');
    const issues = res.body.error.issues.map((i: any) => `${i.code}@${i.field}`);
    assert.deepEqual(issues.sort(), [
      'button_example_missing@buttons[1].example',
      'button_text_too_long@buttons[2].text',
      'buttons_not_grouped@buttons[2]',
    ]);
    const validated = await h.api('POST', '/v1/templates/validate', { body });
    assert.deepEqual(validated.body.issues.map((i: any) => `${i.code}@${i.field}`).sort(), issues.sort());
  });

  it('submits a BUTTONS component shaped like the platform fixture', async () => {
    const submitted = simTemplate('order_buttons').components as any[];
    const buttons = submitted.find((c) => c.type === 'BUTTONS');
    const shape = fixture('template-create-request-text-header-quick-replies.json').components.find(
      (c: any) => c.type === 'BUTTONS',
    );
    assert.deepEqual(Object.keys(buttons), Object.keys(shape));
    assert.deepEqual(Object.keys(buttons.buttons[0]), Object.keys(shape.buttons[0]));
    assert.deepEqual(buttons.buttons, [
      { type: 'QUICK_REPLY', text: 'Stop updates' },
      { type: 'QUICK_REPLY', text: 'Talk to us' },
      {
        type: 'URL',
        text: 'Track order',
        url: 'https://shop.example.com/track/{{1}}',
        example: ['https://shop.example.com/track/A-1042'],
      },
      { type: 'PHONE_NUMBER', text: 'Call us', phone_number: '+16505551234' },
      { type: 'COPY_CODE', example: 'SAVE30' },
    ]);
  });

  it('reads the buttons back once approved, in get and list', async () => {
    assert.equal(template.status, 'approved');
    assert.deepEqual(template.buttons, BUTTONS);
    const list = await h.api('GET', '/v1/templates/?status=approved');
    assert.deepEqual(list.body.data.find((t: Template) => t.id === template.id).buttons, BUTTONS);
  });

  it('keeps the buttons through a template webhook (approved through the control API) and in its event', async () => {
    await h.simulatorConfig({ review: 'manual' });
    try {
      const created = await h.api<Template>('POST', '/v1/templates/', {
        body: {
          name: 'reviewed_buttons',
          category: 'UTILITY',
          language: 'en_US',
          body: base.body,
          buttons: [qr(), url()],
        },
        headers: { 'idempotency-key': 'reviewed-buttons' },
      });
      assert.equal(created.status, 201, created.text);
      assert.equal(created.body.status, 'processing');
      const review = await fetch(`${h.simUrl}/_simulator/templates/${simTemplate('reviewed_buttons').id}/review`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ decision: 'APPROVED' }),
      });
      assert.equal(review.status, 200);
      const approved = await eventually(async () => {
        const t = (await h.api<Template>('GET', `/v1/templates/${created.body.id}`)).body;
        return t.status === 'approved' && t;
      });
      assert.deepEqual(approved.buttons, [qr(), url()]);
      const event = await eventually(async () =>
        (await h.api('GET', '/v1/events')).body.data.find(
          (e: any) => e.type === 'template.approved' && e.data.object.id === created.body.id,
        ),
      );
      assert.deepEqual(event.data.object.buttons, [qr(), url()]);
    } finally {
      await h.simulatorConfig({ review: 'auto' });
    }
  });

  it('sends the URL suffix, copy code and payloads as button components, like the platform fixture', async () => {
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
      const res = await send({ buttons });
      assert.deepEqual(
        [res.status, res.body.error?.code, res.body.error?.param],
        [400, 'variables_invalid', param],
        JSON.stringify(buttons),
      );
    }
    const none = await send({});
    assert.match(none.body.error.message, /Button 2 \(url "Track order"\) needs the end of its URL/);
  });

  it('sends a template without buttons as before, and refuses button values for it', async () => {
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
    await h.deps.store.write((tx) =>
      tx.updateTable('templates').set({ buttons: null }).where('name', '=', 'no_buttons').execute(),
    );
    const list = await h.api('GET', '/v1/templates/');
    assert.deepEqual(list.body.data.find((t: Template) => t.name === 'no_buttons').buttons, []);
  });
});
