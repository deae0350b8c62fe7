/** Templates with buttons: refused by rule, submitted as a BUTTONS component, read back once approved, kept through review and its event. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Template } from '../../src/templates/template.schemas.js';
import { eventually, fixture } from '../helpers.js';
import { base, BUTTONS, qr, url, type ButtonsScope } from './kit.js';

export function templateCases(scope: () => ButtonsScope): void {
  const simTemplate = (name: string) => [...scope().h.sim.state.templates.values()].find((x) => x.name === name)!;

  it('refuses a template that breaks button rules with 400 template_invalid, each issue by field; validate lists them', async () => {
    const { h } = scope();
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
    const { h, template } = scope();
    assert.equal(template.status, 'approved');
    assert.deepEqual(template.buttons, BUTTONS);
    const list = await h.api('GET', '/v1/templates/?status=approved');
    assert.deepEqual(list.body.data.find((t: Template) => t.id === template.id).buttons, BUTTONS);
  });

  it('keeps the buttons through a template webhook (approved through the control API) and in its event', async () => {
    const { h } = scope();
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
}
