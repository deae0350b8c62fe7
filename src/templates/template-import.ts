/**
 * A template made outside Tidings (in WhatsApp Manager), as Tidings stores it when the
 * reconciliation imports it (template-sync.ts): its content read from the platform's components
 * (docs/platform.md §2.1–2.3), `source: "platform"`, its id derived from the platform's so that two
 * processes importing it at once agree.
 */
import { placeholderNames, type PlatformTemplateListing } from '../platform/platform.js';
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
    category_update:
      t.correctCategory && t.correctCategory !== t.category
        ? JSON.stringify({ category: t.correctCategory, effectiveAt: null, noticedAt: now })
        : null,
    previous_category: t.previousCategory,
    library_template_name: t.libraryTemplateName,
    parameter_format: t.parameterFormat,
  };
}

/** A platform template's content in Tidings' columns (name, language, body, variables, header, footer, buttons). */
function contentFromPlatform(
  t: PlatformTemplateListing,
): Pick<TemplateRow, 'name' | 'language' | 'body' | 'variables' | 'header' | 'footer' | 'buttons'> {
  const content = platformContent(t);
  return {
    ...content,
    variables: JSON.stringify(content.variables),
    header: content.header ? JSON.stringify(content.header) : null,
    buttons: content.buttons.length > 0 ? JSON.stringify(content.buttons) : null,
  };
}

/** A platform template's content as Tidings reads it (docs/api.md §D7); a NAMED text header keeps its placeholder's name. */
export interface PlatformContent {
  name: string;
  language: string;
  body: string;
  variables: { example: string; name?: string }[];
  header:
    | { type: 'text'; text: string; example?: string; parameterName?: string }
    | { type: 'image' | 'video' | 'document'; mediaId: string }
    | null;
  footer: string | null;
  buttons: TemplateButton[];
}

/**
 * A platform template's content in Tidings' terms (docs/api.md §D7, §D20): a NAMED template's
 * placeholders numbered, their names kept on the variables; a media header without its file
 * (`mediaId` empty); buttons of kinds Tidings has no word for left out. The reconciliation's import
 * and the Cloud API facade's create (docs/api.md §D34) read Meta's components through it.
 */
export function platformContent(t: PlatformTemplateListing): PlatformContent {
  const named = t.parameterFormat === 'NAMED';
  const body = named ? numbered(t.body) : { text: t.body, names: [] };
  const headerText = named ? numbered(t.header?.text ?? '') : { text: t.header?.text ?? '', names: [] };
  const header: PlatformContent['header'] = !t.header
    ? null
    : t.header.format === 'TEXT'
      ? {
          type: 'text',
          text: headerText.text,
          ...(t.header.example ? { example: t.header.example } : {}),
          ...(headerText.names[0] ? { parameterName: headerText.names[0] } : {}),
        }
      : ['IMAGE', 'VIDEO', 'DOCUMENT'].includes(t.header.format)
        ? { type: t.header.format.toLowerCase() as 'image' | 'video' | 'document', mediaId: '' }
        : null;
  return {
    name: t.name,
    language: t.language,
    body: body.text,
    variables: named
      ? body.names.map((name, i) => ({ example: t.bodyExamples[i] ?? '', name }))
      : t.bodyExamples.map((example) => ({ example })),
    header,
    footer: t.footer,
    buttons: t.buttons.flatMap(toButton),
  };
}

/**
 * A NAMED template's text as Tidings keeps it (docs/api.md §D20): each placeholder numbered in the
 * order it first appears (`Hi {{first_name}}` → `Hi {{1}}`), with the names in that order. Sends then
 * give values by index or by these names, and go out with `parameter_name` (template-sends.ts).
 */
function numbered(text: string): { text: string; names: string[] } {
  const names = placeholderNames(text);
  return {
    text: text.replace(/\{\{\s*([a-z0-9_]+)\s*\}\}/gi, (_, name: string) => `{{${names.indexOf(name) + 1}}}`),
    names,
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
    case 'REQUEST_CONTACT_INFO':
      return [{ type: 'request_contact_info', text }];
    default:
      return [];
  }
}
