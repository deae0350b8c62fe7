// test-runner: no database
/**
 * Conformance, webhooks: for every webhook fixture, the simulator is put in the same situation and
 * what it sends is compared with the fixture (same fields at every level, same types, same enum
 * values; see test/conformance/shape.ts). Where a fixture is from another era than the payloads the
 * simulator is configured for, the fields that era lacks or adds are named with the reason.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertSameShape, type CompareOptions } from './conformance/shape.js';
import { PNID, WABA, startSim, textTo, type Hook, type SimHarness } from './conformance/sim.js';
import { eventually, fieldOf, fixture, valueOf } from './helpers.js';

/** pywa added BSUIDs to older captures: its statuses lack the `recipient_*_user_id` fields Meta's BSUID page gives them. */
const PYWA_STATUS: CompareOptions = {
  ignore: [
    '.entry[].changes[].value.statuses[].recipient_user_id',
    '.entry[].changes[].value.statuses[].recipient_parent_user_id',
  ],
};

describe('conformance: webhooks the simulator sends, against the fixtures', () => {
  let s: SimHarness;
  before(async () => {
    s = await startSim();
  });
  after(() => s.close());

  /** Config for a fixture's era: `meta` = Meta's docs (no BSUIDs), `pywa` = BSUIDs with parents. */
  const era = (which: 'meta' | 'pywa' | 'cbp-meta' | 'cbp-pywa' | 'v24') =>
    s.config({
      bsuid: which === 'pywa' || which === 'cbp-pywa',
      parentUserIds: which === 'pywa' || which === 'cbp-pywa',
      pricingModel: which.startsWith('cbp') ? 'CBP' : 'PMP',
      webhookVersion: which === 'v24' ? 'v24.0' : 'v23.0',
      delivery: 'auto',
    });
  const inbound = async (body: Record<string, unknown>): Promise<Hook> => {
    const res = await s.control('POST', '/_simulator/inbound', { to: PNID, name: 'Test Name', ...body });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return s.inboundHook(res.body.wamid);
  };
  // Webhooks come after the simulator's delays (a review takes a second); a busy machine stretches them.
  const WAIT_MS = 15_000;
  const hookOf = (wamid: string, status: string) =>
    eventually(
      async () =>
        s.hooks.find((h) => valueOf(h.body).statuses?.some((x: any) => x.id === wamid && x.status === status)),
      WAIT_MS,
    );
  const templateHook = (field: string, id: string, event?: string) =>
    eventually(
      async () =>
        s.hooks.find(
          (h) =>
            fieldOf(h.body) === field &&
            String(valueOf(h.body).message_template_id) === id &&
            (!event || valueOf(h.body).event === event),
        ),
      WAIT_MS,
    );
  async function template(name: string, category: string, components: unknown[], review = true) {
    const res = await s.graph('POST', `/v23.0/${WABA}/message_templates`, {
      name,
      language: 'en_US',
      category,
      components,
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    if (review && res.body.status === 'PENDING')
      await s.control('POST', `/_simulator/templates/${res.body.id}/review`, { decision: 'APPROVED' });
    return res.body.id as string;
  }

  it('inbound messages', async () => {
    await era('meta');
    assertSameShape(
      (await inbound({ from: '+16505551234', text: 'Does it come in another color?' })).body,
      fixture('webhook-inbound-text.json'),
      'webhook-inbound-text.json',
    );
    assertSameShape(
      (await inbound({ from: '+16505551234', type: 'image', image: { caption: 'Taj Mahal' } })).body,
      fixture('webhook-inbound-image.json'),
      'webhook-inbound-image.json',
    );
    await era('pywa');
    const from = '+972987654321';
    assertSameShape(
      (await inbound({ from, text: 'Body Text' })).body,
      fixture('webhook-inbound-text-with-user-id.json'),
      'webhook-inbound-text-with-user-id.json',
    );
    // pywa's image and document captures predate `url` (rolled out from Nov 2025, docs/platform.md §4.5).
    const noUrl = (kind: string) => ({ ignore: [`.entry[].changes[].value.messages[].${kind}.url`] });
    assertSameShape(
      (await inbound({ from, type: 'image' })).body,
      fixture('webhook-inbound-image-no-url.json'),
      'webhook-inbound-image-no-url.json',
      noUrl('image'),
    );
    assertSameShape(
      (
        await inbound({
          from,
          type: 'document',
          document: { caption: 'caption', filename: 'filename.pdf' },
          forwarded: true,
        })
      ).body,
      fixture('webhook-inbound-document-forwarded.json'),
      'webhook-inbound-document-forwarded.json',
      noUrl('document'),
    );
    await s.control('POST', '/_simulator/inbound', { to: PNID, from, text: 'open' });
    const business = (await s.graph('POST', `/v23.0/${PNID}/messages`, textTo(from))).body.messages[0].id;
    assertSameShape(
      (await inbound({ from, text: 'replied text', contextMessageId: business })).body,
      fixture('webhook-inbound-reply-with-context.json'),
      'webhook-inbound-reply-with-context.json',
    );
    assertSameShape(
      (await inbound({ from, type: 'button', button: { payload: 'callback_data', text: 'title' } })).body,
      fixture('webhook-inbound-template-quick-reply-button.json'),
      'webhook-inbound-template-quick-reply-button.json',
    );
    assertSameShape(
      (
        await inbound({
          from,
          type: 'interactive',
          interactive: { type: 'button_reply', button_reply: { id: 'callback_data', title: 'title' } },
        })
      ).body,
      fixture('webhook-inbound-interactive-button-reply.json'),
      'webhook-inbound-interactive-button-reply.json',
    );
    assertSameShape(
      (await inbound({ from, type: 'unsupported' })).body,
      fixture('webhook-inbound-unsupported-131051.json'),
      'webhook-inbound-unsupported-131051.json',
    );
    assertSameShape(
      (await inbound({ from, type: 'interactive', unparsed: true, contextMessageId: business })).body,
      fixture('webhook-value-errors-131000.json'),
      'webhook-value-errors-131000.json',
    );
  });

  it('status webhooks: PMP (v23, v24), CBP and failures', async () => {
    await era('meta');
    await template('conf_marketing', 'MARKETING', [{ type: 'BODY', text: 'New arrivals are in the shop.' }]);
    const sendTemplate = async (to: string) =>
      (
        await s.graph('POST', `/v23.0/${PNID}/messages`, {
          messaging_product: 'whatsapp',
          to,
          type: 'template',
          template: { name: 'conf_marketing', language: { code: 'en_US' } },
        })
      ).body.messages[0].id;
    assertSameShape(
      (await hookOf(await sendTemplate('+16505551234'), 'sent')).body,
      fixture('webhook-status-sent.json'),
      'webhook-status-sent.json',
    );
    await era('v24');
    assertSameShape(
      (await hookOf(await sendTemplate('+16505551234'), 'sent')).body,
      fixture('webhook-status-minimal-v24.json'),
      'webhook-status-minimal-v24.json',
    );
    // CBP era, a service message in an open window.
    await era('cbp-pywa');
    const from = '+972987654321';
    await s.control('POST', '/_simulator/inbound', { to: PNID, from, text: 'hi', name: 'Test Name' });
    const service = (await s.graph('POST', `/v23.0/${PNID}/messages`, textTo(from))).body.messages[0].id;
    assertSameShape(
      (await hookOf(service, 'delivered')).body,
      fixture('webhook-status-delivered.json'),
      'webhook-status-delivered.json',
      PYWA_STATUS,
    );
    const tracked = (
      await s.graph('POST', `/v23.0/${PNID}/messages`, textTo(from, { biz_opaque_callback_data: 'some data' }))
    ).body.messages[0].id;
    assertSameShape(
      (await hookOf(tracked, 'sent')).body,
      fixture('webhook-status-sent-with-biz-opaque-callback-data.json'),
      'webhook-status-sent-with-biz-opaque-callback-data.json',
      PYWA_STATUS,
    );
    // A read that comes without a delivered (both at once) carries the pricing (manual delivery).
    await s.config({ delivery: 'manual' });
    const readAlone = (await s.graph('POST', `/v23.0/${PNID}/messages`, textTo(from))).body.messages[0].id;
    await s.control('POST', `/_simulator/messages/${encodeURIComponent(readAlone)}/status`, { status: 'read' });
    assertSameShape(
      (await hookOf(readAlone, 'read')).body,
      fixture('webhook-status-read.json'),
      'webhook-status-read.json',
      PYWA_STATUS,
    );
    // pywa's failed capture names the recipient in contacts[]; whatsapp-api-js (after Meta's BSUID page) says failed statuses do not (UNCONFIRMED).
    const experiment = (await s.graph('POST', `/v23.0/${PNID}/messages`, textTo(from))).body.messages[0].id;
    await s.control('POST', `/_simulator/messages/${encodeURIComponent(experiment)}/status`, {
      status: 'failed',
      errorCode: 130472,
    });
    assertSameShape(
      (await hookOf(experiment, 'failed')).body,
      fixture('webhook-status-failed-130472.json'),
      'webhook-status-failed-130472.json',
      { ignore: ['.entry[].changes[].value.contacts'] },
    );
    // Pre-July-2025 CBP, Meta's shape without BSUIDs; 2022 category names (business_initiated) are not produced.
    await era('cbp-meta');
    await s.config({ delivery: 'manual' });
    const legacy = await sendTemplate('+16505551234');
    await s.control('POST', `/_simulator/messages/${encodeURIComponent(legacy)}/status`, { status: 'sent' });
    assertSameShape(
      (await hookOf(legacy, 'sent')).body,
      fixture('webhook-status-sent-cbp-legacy.json'),
      'webhook-status-sent-cbp-legacy.json',
      { anyValue: ['pricing.category', 'origin.type'] },
    );
    await era('meta');
    const closed = (await s.graph('POST', `/v23.0/${PNID}/messages`, textTo('+15511111111111'))).body.messages[0].id;
    assertSameShape(
      (await hookOf(closed, 'failed')).body,
      fixture('webhook-status-failed-131047.json'),
      'webhook-status-failed-131047.json',
    );
    await s.config({ delivery: 'manual' });
    for (const [code, name, options] of [
      [131049, 'webhook-status-failed.json', {}],
      // Bindambc's 2023 capture has no `href` in errors[]; current ones do (webhook-status-failed.json).
      [131053, 'webhook-status-failed-131053.json', { ignore: ['.entry[].changes[].value.statuses[].errors[].href'] }],
    ] as const) {
      const wamid = (await s.graph('POST', `/v23.0/${PNID}/messages`, textTo('+16505551234'))).body.messages[0].id;
      await s.control('POST', `/_simulator/messages/${encodeURIComponent(wamid)}/status`, {
        status: 'failed',
        errorCode: code,
      });
      assertSameShape((await hookOf(wamid, 'failed')).body, fixture(name), name, options);
    }
    await s.config({ delivery: 'auto' });
  });

  it('template webhooks: status, category, quality and components updates', async () => {
    await era('meta');
    const approved = await template(
      'order_confirmation',
      'UTILITY',
      [{ type: 'BODY', text: 'Thank you for your order, {{1}}!', example: { body_text: [['Pablo']] } }],
      false,
    );
    await s.control('POST', `/_simulator/templates/${approved}/review`, { decision: 'APPROVED' });
    const approvedHook = (await templateHook('message_template_status_update', approved, 'APPROVED')).body;
    assertSameShape(
      approvedHook,
      fixture('webhook-template-status-approved.json'),
      'webhook-template-status-approved.json',
    );
    assertSameShape(
      approvedHook,
      fixture('webhook-template-status-approved-pywa.json'),
      'webhook-template-status-approved-pywa.json',
    );
    // Adjacent variables: rejected INVALID_FORMAT with rejection_info, by the automatic review.
    const adjacent = await s.graph('POST', `/v23.0/${WABA}/message_templates`, {
      name: 'abandoned_cart',
      language: 'en',
      category: 'MARKETING',
      components: [
        { type: 'BODY', text: 'Hi {{1}}{{2}}, your cart misses you.', example: { body_text: [['a', 'b']] } },
      ],
    });
    const rejected = (await templateHook('message_template_status_update', adjacent.body.id, 'REJECTED')).body;
    assertSameShape(
      rejected,
      fixture('webhook-template-status-rejected.json'),
      'webhook-template-status-rejected.json',
    );
    assertSameShape(
      rejected,
      fixture('webhook-template-status-rejected-pywa.json'),
      'webhook-template-status-rejected-pywa.json',
    );
    // Bindambc's 2023 captures predate message_template_category.
    const older = { ignore: ['.entry[].changes[].value.message_template_category'] };
    const scam = await template(
      'schedule_confirmation4',
      'UTILITY',
      [{ type: 'BODY', text: 'See you tomorrow at noon.' }],
      false,
    );
    await s.control('POST', `/_simulator/templates/${scam}/review`, { decision: 'REJECTED', reason: 'SCAM' });
    assertSameShape(
      (await templateHook('message_template_status_update', scam, 'REJECTED')).body,
      fixture('webhook-template-status-rejected-scam.json'),
      'webhook-template-status-rejected-scam.json',
      older,
    );
    await s.control('POST', `/_simulator/templates/${approved}/status`, { event: 'FLAGGED' });
    assertSameShape(
      (await templateHook('message_template_status_update', approved, 'FLAGGED')).body,
      fixture('webhook-template-status-flagged.json'),
      'webhook-template-status-flagged.json',
      older,
    );
    // Re-categorisation: the 24 h notice, then the change (pywa's capture has only new_category).
    await s.control('POST', `/_simulator/templates/${approved}/category`, { category: 'MARKETING', notice: true });
    assertSameShape(
      (await templateHook('template_category_update', approved)).body,
      fixture('webhook-template-category-update-impending.json'),
      'webhook-template-category-update-impending.json',
    );
    await s.control('POST', `/_simulator/templates/${approved}/category`, { category: 'MARKETING' });
    const done = (
      await eventually(async () =>
        s.hooks
          .filter((h) => fieldOf(h.body) === 'template_category_update' && valueOf(h.body).previous_category)
          .at(-1),
      )
    ).body;
    assertSameShape(
      done,
      fixture('webhook-template-category-update-completed.json'),
      'webhook-template-category-update-completed.json',
    );
    assertSameShape(
      done,
      fixture('webhook-template-category-update-pywa.json'),
      'webhook-template-category-update-pywa.json',
      { ignore: ['.entry[].changes[].value.previous_category'] },
    );
    await s.control('POST', `/_simulator/templates/${approved}/quality`, { score: 'GREEN' });
    await s.control('POST', `/_simulator/templates/${approved}/quality`, { score: 'YELLOW' });
    const quality = await eventually(async () =>
      s.hooks.find(
        (h) => fieldOf(h.body) === 'message_template_quality_update' && valueOf(h.body).new_quality_score === 'YELLOW',
      ),
    );
    assertSameShape(
      quality.body,
      fixture('webhook-template-quality-update.json'),
      'webhook-template-quality-update.json',
    );
    // An approved edit: the components update (header title, body, footer, buttons).
    const edited = await template('conf_components', 'UTILITY', [{ type: 'BODY', text: 'Your order is in.' }]);
    const components = valueOf(fixture('webhook-template-components-update.json'));
    await s.graph('POST', `/v23.0/${edited}`, {
      components: [
        { type: 'HEADER', format: 'TEXT', text: components.message_template_title },
        { type: 'BODY', text: components.message_template_element, example: { body_text: [['Pablo', '860198']] } },
        { type: 'FOOTER', text: components.message_template_footer },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'PHONE_NUMBER', text: 'Phone support', phone_number: '+15550783881' },
            { type: 'URL', text: 'Email support', url: 'https://www.luckyshrub.com/support' },
          ],
        },
      ],
    });
    await s.control('POST', `/_simulator/templates/${edited}/review`, { decision: 'APPROVED' });
    assertSameShape(
      (await templateHook('message_template_components_update', edited)).body,
      fixture('webhook-template-components-update.json'),
      'webhook-template-components-update.json',
    );
  });

  it('signs every webhook it sent over the bytes it sent', () => {
    assert.ok(s.hooks.length > 20);
    assert.ok(s.hooks.every((h) => h.valid && [...h.raw].every((b) => b < 0x80)));
  });
});

describe('conformance: the shape comparison itself', () => {
  it('fails on a missing or extra field, another type, or another enum value', () => {
    const base = { a: { status: 'sent', n: 1, list: [{ x: 'y' }] } };
    assert.throws(() => assertSameShape({ a: { status: 'sent', n: 1, list: [{}] } }, base, 'missing'));
    assert.throws(() => assertSameShape({ a: { status: 'sent', n: 1, list: [{ x: 'y', z: 1 }] } }, base, 'extra'));
    assert.throws(() => assertSameShape({ a: { status: 'sent', n: '1', list: [{ x: 'y' }] } }, base, 'type'));
    assert.throws(() => assertSameShape({ a: { status: 'read', n: 1, list: [{ x: 'y' }] } }, base, 'enum'));
    assertSameShape(
      { a: { status: 'sent', n: 2, list: [{ x: 'other' }] } },
      base,
      'values of non-enum fields may differ',
    );
  });
});
