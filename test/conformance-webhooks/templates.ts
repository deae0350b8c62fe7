/**
 * Template webhooks against the fixtures: status (approved, rejected, flagged), category, quality and
 * components updates.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assertSameShape } from '../conformance/shape.js';
import { WABA, type SimHarness } from '../conformance/sim.js';
import { eventually, fieldOf, fixture, valueOf } from '../helpers.js';
import { webhooksKit } from './kit.js';

export function templateCases(sim: () => SimHarness): void {
  const { era, templateHook, template } = webhooksKit(sim);
  describe('template webhooks', () => {
    it('template webhooks: status, category, quality and components updates', async () => {
      const s = sim();
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
      // Reviewed by hand only: on a busy machine the automatic review (after a second) could
      // approve it before the control call, which then answers 409 and no REJECTED ever comes.
      await s.config({ review: 'manual' });
      const scam = await template(
        'schedule_confirmation4',
        'UTILITY',
        [{ type: 'BODY', text: 'See you tomorrow at noon.' }],
        false,
      );
      const review = await s.control('POST', `/_simulator/templates/${scam}/review`, {
        decision: 'REJECTED',
        reason: 'SCAM',
      });
      assert.equal(review.status, 200, JSON.stringify(review.body));
      await s.config({ review: 'auto' });
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
          (h) =>
            fieldOf(h.body) === 'message_template_quality_update' && valueOf(h.body).new_quality_score === 'YELLOW',
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
  });
}
