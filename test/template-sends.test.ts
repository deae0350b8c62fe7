/**
 * Sending templates (docs/api.md §D7–§D8): approved utility only, values by index or name, every
 * placeholder given unless the send asks for the examples (issue 38, finding 12), components as
 * the platform expects.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { approvedTemplate, platformRequest } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { eventually, fixture } from './helpers.js';

describe('template sends', () => {
  let h: Harness;
  let orderId: string;
  let headerId: string;
  let plainId: string;

  const createApproved = async (body: { name: string; body: string } & Record<string, unknown>) =>
    (await approvedTemplate(h, body)).id;
  const send = (body: Record<string, unknown>, key = h.account.liveKey) =>
    h.api('POST', '/v1/messages/', { key, body: { to: '+16505551234', type: 'template', ...body } });
  /** What the platform received for a message, once dispatched. */
  const sentPayload = (messageId: string) => platformRequest(h, messageId);

  before(async () => {
    h = await startHarness();
    orderId = await createApproved({
      name: 'order_confirmation',
      body: 'Hi {{1}}! Your order number is {{2}}. Thank you.',
      variables: [
        { example: 'Pablo', name: 'first_name' },
        { example: '860198-230332', name: 'order_number' },
      ],
    });
    headerId = await createApproved({
      name: 'order_shipped',
      header: { type: 'text', text: 'Order {{1}}', example: 'A-1042' },
      body: 'Hello {{1}}, your parcel left our warehouse today.',
      variables: [{ example: 'Maria' }],
    });
    plainId = await createApproved({
      name: 'plain_notice',
      body: 'Your appointment is confirmed. Reply to this message to change it.',
    });
  });
  after(() => h.close());

  it('sends positional components exactly like the platform fixture, outside any window', async () => {
    const res = await send({ templateId: orderId, variables: { '1': 'Jessica', '2': 'SKBUP2-4CPIG9' } });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    assert.deepEqual([res.body.type, res.body.templateId], ['template', orderId]);
    assert.deepEqual(
      (await sentPayload(res.body.id)).template,
      fixture('send-template-positional-params-request.json').template,
    );
    await eventually(async () => (await h.api('GET', `/v1/messages/${res.body.id}`)).body.status === 'read');
  });

  it('takes values by name', async () => {
    const res = await send({ templateId: orderId, variables: { first_name: 'Jessica', order_number: 'A-1' } });
    assert.equal(res.status, 201);
    assert.deepEqual((await sentPayload(res.body.id)).template.components, [
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Jessica' },
          { type: 'text', text: 'A-1' },
        ],
      },
    ]);
  });

  it('refuses a send that leaves placeholders without a value, naming each (issue 38, finding 12)', async () => {
    const before = h.sim.state.messages.size;
    const none = await send({ templateId: orderId });
    assert.deepEqual(
      [none.status, none.body.error.code, none.body.error.param],
      [400, 'template_values_missing', 'variables.first_name'],
    );
    assert.match(none.body.error.message, /missing "first_name", "order_number"/);
    assert.match(none.body.error.message, /"useExamples": true/);
    assert.deepEqual(
      none.body.error.issues.map((i: any) => [i.code, i.field]),
      [
        ['missing', 'variables.first_name'],
        ['missing', 'variables.order_number'],
      ],
    );
    assert.match(none.body.error.issues[0].message, /"Pablo"/, "the issue shows the template's example");
    const some = await send({ templateId: orderId, variables: { '1': 'Jessica' } });
    assert.deepEqual([some.status, some.body.error.param], [400, 'variables.order_number']);
    const header = await send({ templateId: headerId, variables: { '1': 'Ana' } });
    assert.deepEqual(
      [header.status, header.body.error.code, header.body.error.param],
      [400, 'template_values_missing', 'variables.header'],
    );
    // Scheduled: refused when accepted, not at its time; on a test key too.
    const later = await send({ templateId: orderId, sendAt: new Date(Date.now() + 3600e3).toISOString() });
    assert.deepEqual([later.status, later.body.error.code], [400, 'template_values_missing']);
    const test = await send({ templateId: orderId }, h.account.testKey);
    assert.deepEqual([test.status, test.body.error.code], [400, 'template_values_missing']);
    assert.equal(h.sim.state.messages.size, before, 'nothing reached the platform');
  });

  it('fills what is left out with the examples only when the send asks for them (useExamples)', async () => {
    const res = await send({ templateId: orderId, variables: { first_name: 'Jessica' }, useExamples: true });
    assert.equal(res.status, 201, res.text);
    assert.deepEqual((await sentPayload(res.body.id)).template.components, [
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Jessica' },
          { type: 'text', text: '860198-230332' },
        ],
      },
    ]);
    const no = await send({ templateId: orderId, useExamples: false });
    assert.deepEqual([no.status, no.body.error.code], [400, 'template_values_missing']);
    const wrongType = await send({ templateId: orderId, useExamples: 'yes' });
    assert.deepEqual([wrongType.status, wrongType.body.error.code], [400, 'parameter_invalid']);
  });

  it('sends a template without placeholders with no components', async () => {
    const res = await send({ templateId: plainId });
    assert.deepEqual((await sentPayload(res.body.id)).template, { name: 'plain_notice', language: { code: 'en_US' } });
  });

  it('refuses unknown keys and values the platform would refuse with 400 variables_invalid', async () => {
    for (const [variables, param] of [
      [{ '3': 'x' }, 'variables.3'],
      [{ last_name: 'x' }, 'variables.last_name'],
      [{ header: 'x' }, 'variables.header'],
      [{ '1': 'two\nlines' }, 'variables.1'],
      [{ '1': 'tab\there' }, 'variables.1'],
      [{ '1': 'too     many spaces' }, 'variables.1'],
      [{ '1': ' ' }, 'variables.1'],
      [{ '1': 'a', first_name: 'b' }, 'variables.first_name'],
    ] as const) {
      const res = await send({ templateId: orderId, variables });
      assert.deepEqual(
        [res.status, res.body.error.code, res.body.error.param],
        [400, 'variables_invalid', param],
        JSON.stringify(variables),
      );
    }
    const wrongType = await send({ templateId: orderId, variables: { '1': 5 } });
    assert.deepEqual([wrongType.status, wrongType.body.error.code], [400, 'parameter_invalid']);
    const textField = await send({ templateId: orderId, text: 'x' });
    assert.deepEqual([textField.status, textField.body.error.code], [400, 'parameter_unknown']);
  });

  it('refuses templates that are not approved (409), re-categorised (409) or unknown (404)', async () => {
    await h.simulatorConfig({ review: 'manual' });
    let pendingId: string;
    try {
      const res = await h.api('POST', '/v1/templates/', {
        body: {
          name: 'not_yet',
          category: 'UTILITY',
          language: 'en_US',
          body: 'Your code is {{1}}, valid for ten minutes.',
          variables: [{ example: '123' }],
        },
        headers: { 'idempotency-key': 'not_yet' },
      });
      pendingId = res.body.id;
    } finally {
      await h.simulatorConfig({ review: 'auto' });
    }
    const notApproved = await send({ templateId: pendingId });
    assert.deepEqual(
      [notApproved.status, notApproved.body.error.code, notApproved.body.error.param],
      [409, 'template_not_approved', 'templateId'],
    );

    const promoId = await createApproved({
      name: 'promo_in_disguise',
      body: 'Hi {{1}}, our big sale ends tonight: enjoy 30% off everything.',
      variables: [{ example: 'Ana' }],
    });
    assert.equal((await h.api('GET', `/v1/templates/${promoId}`)).body.category, 'MARKETING');
    const recategorised = await send({ templateId: promoId });
    assert.deepEqual([recategorised.status, recategorised.body.error.code], [409, 'template_category_not_allowed']);

    const unknown = await send({ templateId: 'tpl_nope' });
    assert.deepEqual([unknown.status, unknown.body.error.code], [404, 'template_not_found']);
  });

  it('lets a test key send a live template without reaching the platform', async () => {
    const before = h.sim.state.messages.size;
    const res = await send({ templateId: orderId, variables: { first_name: 'Test', '2': 'T-1' } }, h.account.testKey);
    assert.equal(res.status, 201);
    assert.deepEqual([res.body.testMode, res.body.platformMessageId], [true, null]);
    assert.equal(h.sim.state.messages.size, before);
  });
});
