/** Sending templates (docs/api.md §D7–§D8): approved utility only, values by index or name, components as the platform expects. */
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

  it('takes values by name, and fills what is left out with the examples', async () => {
    const res = await send({ templateId: orderId, variables: { first_name: 'Jessica' } });
    assert.equal(res.status, 201);
    assert.deepEqual((await sentPayload(res.body.id)).template.components, [
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'Jessica' },
          { type: 'text', text: '860198-230332' },
        ],
      },
    ]);
  });

  it('sends the header value under "header", or its example', async () => {
    const withValue = await send({ templateId: headerId, variables: { header: 'B-77', '1': 'Ana' } });
    assert.deepEqual((await sentPayload(withValue.body.id)).template.components, [
      { type: 'header', parameters: [{ type: 'text', text: 'B-77' }] },
      { type: 'body', parameters: [{ type: 'text', text: 'Ana' }] },
    ]);
    const withExample = await send({ templateId: headerId });
    assert.deepEqual((await sentPayload(withExample.body.id)).template.components[0], {
      type: 'header',
      parameters: [{ type: 'text', text: 'A-1042' }],
    });
    // The message keeps the values as the send gave them: null when it gave none.
    const read = async (id: string) => (await h.api('GET', `/v1/messages/${id}`)).body;
    assert.deepEqual(
      [(await read(withValue.body.id)).variables, (await read(withValue.body.id)).buttons],
      [{ header: 'B-77', '1': 'Ana' }, null],
    );
    assert.deepEqual([withValue.body.variables, withExample.body.variables], [{ header: 'B-77', '1': 'Ana' }, null]);
    await h.customerWrites('+16505551234');
    const text = await h.api('POST', '/v1/messages/', { body: { to: '+16505551234', type: 'text', text: 'x' } });
    assert.deepEqual(
      [text.status, 'variables' in text.body, 'variables' in (await read(text.body.id))],
      [201, false, false],
      'only on templates',
    );
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
    const res = await send({ templateId: orderId, variables: { first_name: 'Test' } }, h.account.testKey);
    assert.equal(res.status, 201);
    assert.deepEqual([res.body.testMode, res.body.platformMessageId], [true, null]);
    assert.equal(h.sim.state.messages.size, before);
  });
});
