/**
 * A template made outside Tidings (in WhatsApp Manager), as Tidings stores it when the
 * reconciliation imports it (template-sync.ts): its content read from the platform's components
 * (docs/platform.md §2.1–2.3), `source: "platform"`, its id derived from the platform's so that two
 * processes importing it at once agree.
 */
import type { PlatformTemplateListing } from '../platform/platform.js';
import { categoryOf } from './template.mapper.js';
import { FRESH_LIFECYCLE, type TemplateRow } from './template.repository.js';
import { statusFromPlatform } from './template-lifecycle.js';
import type { TemplateButton } from './template-buttons.rules.js';

/** The `tpl_` id of an imported template: `tpl_p` and the platform's id. */
export function importedId(platformTemplateId: string): string {
  return `tpl_p${platformTemplateId}`;
}

/** The row of a platform template, imported at `now` (ISO). A media header keeps its type; its file is not in Tidings (`mediaId` empty). */
export function importedRow(accountId: string, t: PlatformTemplateListing, now: string): TemplateRow {
  const status = statusFromPlatform(t.status) ?? 'processing';
  return {
    id: importedId(t.id),
    account_id: accountId,
    ...contentFromPlatform(t),
    category: categoryOf(t.category),
    status,
    platform_template_id: t.id,
    rejection_reason: status === 'rejected' ? (t.rejectedReason ?? 'Rejected by the platform.') : null,
    approved_at: status === 'approved' ? now : null,
    submission_error: null,
    created_at: now,
    updated_at: now,
    deleted_at: null,
    time_to_live: t.timeToLive !== null && t.timeToLive > 0 && t.timeToLive <= 43_200 ? t.timeToLive : null,
    source: 'platform',
    ...FRESH_LIFECYCLE,
    quality: t.quality ?? 'UNKNOWN',
    category_update: t.correctCategory && t.correctCategory !== t.category ? JSON.stringify({ category: t.correctCategory, effectiveAt: null, noticedAt: now }) : null,
    previous_category: t.previousCategory,
    library_template_name: t.libraryTemplateName,
  };
}

/** A platform template's content in Tidings' columns (name, language, body, variables, header, footer, buttons). */
function contentFromPlatform(t: PlatformTemplateListing): Pick<TemplateRow, 'name' | 'language' | 'body' | 'variables' | 'header' | 'footer' | 'buttons'> {
  const header = !t.header
    ? null
    : t.header.format === 'TEXT'
      ? { type: 'text', text: t.header.text ?? '', ...(t.header.example ? { example: t.header.example } : {}) }
      : ['IMAGE', 'VIDEO', 'DOCUMENT'].includes(t.header.format)
        ? { type: t.header.format.toLowerCase(), mediaId: '' }
        : null;
  return {
    name: t.name,
    language: t.language,
    body: t.body,
    variables: JSON.stringify(t.bodyExamples.map((example) => ({ example }))),
    header: header ? JSON.stringify(header) : null,
    footer: t.footer,
    buttons: t.buttons.length > 0 ? JSON.stringify(t.buttons.flatMap(toButton)) : null,
  };
}

/** A platform button as Tidings keeps it (docs/api.md §D7); kinds Tidings has no word for are left out. */
function toButton(b: PlatformTemplateListing['buttons'][number]): TemplateButton[] {
  const text = b.text ?? '';
  switch (b.type) {
    case 'QUICK_REPLY':
      return [{ type: 'quick_reply', text }];
    case 'URL': {
      // The example of a dynamic URL is the whole URL filled; Tidings keeps the part after the base.
      const base = b.url?.endsWith('{{1}}') ? b.url.slice(0, -'{{1}}'.length) : null;
      const example = base && b.example?.startsWith(base) ? b.example.slice(base.length) : undefined;
      return [{ type: 'url', text, url: b.url ?? '', ...(example ? { example } : {}) }];
    }
    case 'PHONE_NUMBER':
      return [{ type: 'phone_number', text, phoneNumber: b.phoneNumber ?? '' }];
    case 'COPY_CODE':
      return [{ type: 'copy_code', ...(b.example ? { example: b.example } : {}) }];
    default:
      return [];
  }
}
