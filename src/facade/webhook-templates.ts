/**
 * A template's updates in Meta's shapes (docs/api.md §D35; docs/platform.md §4.6, §4.7): the
 * webhook fields `message_template_status_update`, `message_template_quality_update` and
 * `template_category_update`, built from the Template resource a `template.*` event carries, with
 * `message_template_id` Tidings' `tpl_` id (Meta's is an integer; clients treat it as an id).
 * Shaped like the fixtures `webhook-template-*.json` (test/fixtures/platform/).
 */
import type { Template } from '../templates/template.schemas.js';
import { unixSeconds } from './webhook-messages.js';

type Json = Record<string, unknown>;

/** Meta's `event` for each status change Tidings reports (template-lifecycle.ts `statusEntry`). */
const STATUS_EVENTS: Readonly<Record<string, string>> = {
  'template.approved': 'APPROVED',
  'template.rejected': 'REJECTED',
  'template.paused': 'PAUSED',
  // Meta reports an unpause as APPROVED with `other_info` (docs/platform.md §4.6).
  'template.unpaused': 'APPROVED',
  'template.disabled': 'DISABLED',
  'template.flagged': 'FLAGGED',
  'template.reinstated': 'REINSTATED',
};

/**
 * The change (`{ field, value }`) a `template.*` event becomes, or null for a type without one.
 * @param type the event type; `template` the Template it carries (as it was after the change).
 */
export function templateChange(type: string, template: Template): { field: string; value: Json } | null {
  const names = {
    message_template_id: template.id,
    message_template_name: template.name,
    message_template_language: template.language,
  };
  const event = STATUS_EVENTS[type];
  if (event) {
    const value: Json = {
      event,
      ...names,
      reason: event === 'REJECTED' ? (template.rejectionReason ?? 'NONE') : event === 'FLAGGED' ? null : 'NONE',
      message_template_category: template.category,
    };
    if (template.pause && (event === 'PAUSED' || type === 'template.unpaused'))
      value.other_info = { title: template.pause.title, description: template.pause.description };
    if (event === 'FLAGGED' && template.flag) value.disable_info = { disable_date: template.flag.disableDate };
    return { field: 'message_template_status_update', value };
  }
  if (type === 'template.quality_updated')
    return {
      field: 'message_template_quality_update',
      // Tidings keeps the current score only: the previous one is not known here.
      value: { ...names, new_quality_score: template.quality },
    };
  if (type === 'template.category_updated')
    return {
      field: 'template_category_update',
      value: { ...names, previous_category: template.previousCategory, new_category: template.category },
    };
  if (type === 'template.category_update_scheduled' && template.categoryUpdate)
    return {
      field: 'template_category_update',
      value: {
        ...names,
        new_category: template.category,
        correct_category: template.categoryUpdate.category,
        ...(template.categoryUpdate.effectiveAt
          ? { category_update_timestamp: Number(unixSeconds(template.categoryUpdate.effectiveAt)) }
          : {}),
      },
    };
  return null;
}
