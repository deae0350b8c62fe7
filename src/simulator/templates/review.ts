/**
 * The simulator's template reviews (docs/platform.md §2, §8.4–8.6): a template in review is
 * approved, or rejected (with Meta's rejection info when it places parameters side by side), and
 * each change is told by a `message_template_status_update` webhook; an approved edit also by
 * `message_template_components_update`. The create route schedules a review after a delay, the
 * control API makes one now (`webhook: false`: without telling, as if the webhook were lost).
 */
import type { SimContext } from '../context.js';
import type { SimTemplate } from '../state.js';
import { component } from './parts.js';

export interface TemplateActions {
  /** Reviews a template now (control API); `webhook: false` changes it without telling (a lost webhook). */
  review(t: SimTemplate, decision?: { decision: string; reason?: string; category?: string; webhook?: boolean }): void;
  /** Sends a `message_template_status_update` webhook. */
  notify(t: SimTemplate, event: string, reason: string | null, extra?: Record<string, unknown>): void;
}

/** The review and notification actions over `ctx`'s state and webhooks. */
export function templateActions(ctx: SimContext): TemplateActions {
  const { state, webhooks } = ctx;
  const bodyText = (t: SimTemplate) => String(component(t.components, 'BODY')?.text ?? '');

  const notify: TemplateActions['notify'] = (t, event, reason, extra = {}) => {
    webhooks.sendPayload({
      entry: [
        {
          id: t.wabaId,
          time: Math.floor(Date.now() / 1000),
          changes: [
            {
              value: {
                event,
                message_template_id: Number(t.id),
                message_template_name: t.name,
                message_template_language: t.language,
                reason,
                message_template_category: t.category,
                ...extra,
              },
              field: 'message_template_status_update',
            },
          ],
        },
      ],
      object: 'whatsapp_business_account',
    });
  };

  const review: TemplateActions['review'] = (t, decision) => {
    if (!state.templates.has(t.id) || t.status !== 'PENDING') return;
    const tell = decision?.webhook !== false;
    if (decision?.decision === 'REJECTED' || (!decision && /\}\}\s*\{\{/.test(bodyText(t)))) {
      t.status = 'REJECTED';
      t.rejectedReason = decision?.reason ?? 'INVALID_FORMAT';
      const info = decision
        ? undefined
        : {
            reason:
              'Your template has parameters placed next to each other (like {{1}}{{2}}) without text or punctuation between them.',
            recommendation:
              'Separate parameters with descriptive text and ensure each parameter is clearly contextualized.',
          };
      if (tell) notify(t, 'REJECTED', t.rejectedReason, info ? { rejection_info: info } : {});
    } else {
      t.status = 'APPROVED';
      if (decision?.category && decision.category !== t.category) {
        t.previousCategory = t.category;
        t.category = decision.category;
      }
      if (tell) notify(t, 'APPROVED', 'NONE');
      if (tell && t.edits.length > 0) componentsUpdate(t);
    }
    state.changed();
  };

  /**
   * `message_template_components_update` once an edit is approved (webhook-template-components-update.json):
   * the header text as title, the body as element, the footer and the buttons.
   */
  const componentsUpdate = (t: SimTemplate) => {
    const header = component(t.components, 'HEADER');
    const footer = component(t.components, 'FOOTER');
    const buttons = (component(t.components, 'BUTTONS')?.buttons ?? []) as Record<string, unknown>[];
    const value: Record<string, unknown> = {
      message_template_id: Number(t.id),
      message_template_name: t.name,
      message_template_language: t.language,
    };
    if (typeof header?.text === 'string') value.message_template_title = header.text;
    value.message_template_element = bodyText(t);
    if (typeof footer?.text === 'string') value.message_template_footer = footer.text;
    if (buttons.length > 0) {
      value.message_template_buttons = buttons.map((b) => ({
        message_template_button_type: String(b.type).toUpperCase(),
        message_template_button_text: b.text,
        ...(b.phone_number ? { message_template_button_phone_number: b.phone_number } : {}),
        ...(b.url ? { message_template_button_url: b.url } : {}),
      }));
    }
    webhooks.sendPayload({
      entry: [
        {
          id: t.wabaId,
          time: Math.floor(Date.now() / 1000),
          changes: [{ value, field: 'message_template_components_update' }],
        },
      ],
      object: 'whatsapp_business_account',
    });
  };

  return { review, notify };
}
