/**
 * The template fields of a WABA's webhooks (docs/platform.md §2.8, §4.6–4.7): reviews
 * (`message_template_status_update`), re-categorisations (`template_category_update`) and quality
 * (`message_template_quality_update`), each read into a typed template update. webhook-payload.ts
 * hands each change of these fields here.
 */
import type { PlatformTemplateUpdate } from '../updates.js';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : null);

/** The template fields of a WABA's webhooks (docs/platform.md §2.8, §4.6–4.7). */
const TEMPLATE_FIELDS: ReadonlySet<string> = new Set([
  'message_template_status_update',
  'template_category_update',
  'message_template_quality_update',
]);

/**
 * docs/platform.md §4.6–4.7 and §2.8; `message_template_id` is an integer in these payloads. A
 * category update is the advance notice when it carries `correct_category`
 * (webhook-template-category-update-impending.json), the change itself when it carries
 * `previous_category` (…-completed.json).
 */
export function parseTemplateUpdate(
  field: string,
  value: Json,
  out: { templates: PlatformTemplateUpdate[]; ignored: number },
): void {
  const platformTemplateId = str(value.message_template_id);
  if (platformTemplateId === null) {
    out.ignored++;
    return;
  }
  if (field === 'template_category_update') {
    const at =
      typeof value.category_update_timestamp === 'number'
        ? new Date(value.category_update_timestamp * 1000).toISOString()
        : null;
    out.templates.push({
      kind: 'category',
      platformTemplateId,
      newCategory: str(value.new_category),
      previousCategory: str(value.previous_category),
      correctCategory: str(value.correct_category),
      effectiveAt: at,
    });
    return;
  }
  if (field === 'message_template_quality_update') {
    out.templates.push({
      kind: 'quality',
      platformTemplateId,
      newScore: str(value.new_quality_score),
      previousScore: str(value.previous_quality_score),
    });
    return;
  }
  const rejection = isObject(value.rejection_info) ? str(value.rejection_info.reason) : null;
  const reason = str(value.reason);
  const other = isObject(value.other_info)
    ? { title: str(value.other_info.title), description: str(value.other_info.description) }
    : null;
  out.templates.push({
    kind: 'status',
    platformTemplateId,
    event: str(value.event) ?? 'UNKNOWN',
    reason: rejection ?? (reason && reason !== 'NONE' ? reason : null),
    category: str(value.message_template_category),
    otherInfo: other,
    disableDate: isObject(value.disable_info) ? str(value.disable_info.disable_date) : null,
  });
}

/** Whether changes of this field are template updates (read by `parseTemplateUpdate`). */
export function isTemplateField(field: string): boolean {
  return TEMPLATE_FIELDS.has(field);
}
