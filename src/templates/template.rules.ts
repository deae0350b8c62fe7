/**
 * The content rules a utility template must meet before the platform sees it (docs/api.md §D7,
 * docs/platform.md §2.2). `checkTemplate` reports every problem at once, each as an issue
 * `{ code, field, message }`; create and update refuse what it flags, validate returns it.
 *
 * Issue codes (documented in the README): name_invalid, name_too_long, category_not_allowed,
 * language_unknown, body_empty, body_too_long, placeholder_malformed, placeholder_not_numbered,
 * placeholders_not_sequential, placeholder_at_start, placeholder_at_end, placeholders_adjacent,
 * too_many_placeholders, variable_example_missing, variable_example_invalid, variables_extra,
 * variable_name_invalid, variable_name_duplicate, header_text_empty, header_text_too_long,
 * header_text_invalid, header_too_many_placeholders, header_placeholder_invalid,
 * header_example_missing, header_example_unused, header_media_missing, footer_too_long,
 * footer_placeholder, and the button codes of template-buttons.rules.ts. The template service adds
 * header_media_not_found and header_media_type_mismatch (template-authoring.rules.ts), which need
 * the account's uploads.
 */
import type { Issue } from '../errors.js';
import { checkButtons, type TemplateButton } from './template-buttons.rules.js';
import { LANGUAGES } from './languages.js';
import { placeholders } from './placeholders.js';

export interface TemplateVariable {
  example: string;
  name?: string;
}

export type TemplateHeader =
  | { type: 'text'; text: string; example?: string }
  | { type: 'image' | 'video' | 'document'; mediaId: string };

/** A template's content as the client writes it (docs/api.md §2.1, §D7). */
export interface TemplateContent {
  name: string;
  category: string;
  language: string;
  body: string;
  variables?: TemplateVariable[];
  header?: TemplateHeader | null;
  footer?: string | null;
  /** Buttons in the order the customer sees them; none when absent or empty. */
  buttons?: TemplateButton[] | null;
  /** `message_send_ttl_seconds`, seconds (utility: 30–43,200), or null for the platform's default. */
  timeToLive?: number | null;
}

/** Name: `^[a-z0-9_]+$` (docs/platform.md §2.2, violation → platform code 100). */
export const NAME_PATTERN = /^[a-z0-9_]+$/;
/** Name: at most 512 characters (docs/platform.md §2.2). */
export const NAME_MAX = 512;
/** Body: required, at most 1,024 characters (docs/platform.md §2.2, 2388040). */
export const BODY_MAX = 1024;
/** Header text: at most 60 characters and one variable (docs/platform.md §2.2, 2388047). */
export const HEADER_TEXT_MAX = 60;
/** Footer: at most 60 characters, text only (docs/platform.md §2.2, 2388073). */
export const FOOTER_MAX = 60;
/**
 * Variable density: the platform rejects "too many variables for the text length" (2388293) and
 * does not publish the ratio (docs/platform.md §2.2, UNCONFIRMED). Tidings asks for at least this many
 * characters of fixed text per placeholder; Meta's own approved examples have 19 and more.
 */
export const MIN_STATIC_CHARS_PER_PLACEHOLDER = 10;
/** Variable names: docs/api.md §D7 (lowercase letters, digits, underscores), starting with a letter
 * so a name can never be mistaken for an index at send time. */
export const VARIABLE_NAME_PATTERN = /^[a-z][a-z0-9_]*$/;
/**
 * Parameter values may not contain newlines, tabs or more than 4 consecutive spaces (docs/platform.md §1.2,
 * UNCONFIRMED; seen under 100 / 132018). Applied to examples and to values sent.
 */
export const PARAM_VALUE_FORBIDDEN = /[\n\r\t]| {5,}/;

export { placeholders };

/**
 * The most placeholders a body can hold: `{{1}}` takes 5 of its 1,024 characters. A number above
 * this can never be part of a valid body, so no work or output is ever sized by a larger one
 * (a body naming `{{999999999999999999999}}` once reported an issue per missing number, security
 * issue 10).
 */
export const MAX_PLACEHOLDERS = Math.floor(BODY_MAX / '{{1}}'.length);

/** The placeholder numbers written in a text (`{{3}}` → 3), each once, ascending; others are left out. */
export function placeholderNumbers(text: string): number[] {
  const numbers = placeholders(text).flatMap((p) => (/^\d+$/.test(p.inner) ? [Number(p.inner)] : []));
  return [...new Set(numbers)].sort((a, b) => a - b);
}

/** The highest placeholder number of a well-formed body (`{{1}}…{{n}}`), or 0; never above MAX_PLACEHOLDERS. */
export function placeholderCount(text: string): number {
  return Math.min(MAX_PLACEHOLDERS, placeholderNumbers(text).at(-1) ?? 0);
}

/**
 * @returns every issue of the template; empty when it may be submitted. Reading media and names
 *   at the platform is not part of it: the caller checks header media and name availability.
 */
export function checkTemplate(t: TemplateContent): Issue[] {
  const issues: Issue[] = [];
  const add = (code: string, field: string, message: string) => issues.push({ code, field, message });

  // Name (docs/platform.md §2.2).
  if (!NAME_PATTERN.test(t.name)) add('name_invalid', 'name', 'Use only lowercase letters, digits and underscores.');
  if (t.name.length > NAME_MAX) add('name_too_long', 'name', `At most ${NAME_MAX} characters.`);
  // Category: UTILITY only (docs/api.md §8).
  if (t.category !== 'UTILITY') add('category_not_allowed', 'category', 'Only UTILITY templates can be created.');
  // Language: one of the platform's codes.
  if (!LANGUAGES.has(t.language))
    add(
      'language_unknown',
      'language',
      `"${t.language}" is not a language code the platform knows (for example en_US, pt_BR, de).`,
    );

  checkBody(t, add);
  checkHeader(t.header ?? null, add);

  // Footer: at most 60 characters, no variables (docs/platform.md §2.2, 2388073).
  if (t.footer != null) {
    if (t.footer.length > FOOTER_MAX)
      add('footer_too_long', 'footer', `At most ${FOOTER_MAX} characters; this one has ${t.footer.length}.`);
    if (/\{\{/.test(t.footer)) add('footer_placeholder', 'footer', 'A footer cannot contain placeholders.');
  }
  checkButtons(t.buttons ?? [], add);
  return issues;
}

type Add = (code: string, field: string, message: string) => void;

function checkBody(t: TemplateContent, add: Add): void {
  const body = t.body;
  if (body.trim() === '') add('body_empty', 'body', 'The body is required.');
  if (body.length > BODY_MAX)
    add('body_too_long', 'body', `At most ${BODY_MAX} characters; this one has ${body.length}.`);

  const found = placeholders(body);
  const open = (body.match(/\{\{/g) ?? []).length;
  const close = (body.match(/\}\}/g) ?? []).length;
  if (open !== found.length || close !== found.length)
    add('placeholder_malformed', 'body', 'Write placeholders as {{1}}, {{2}}, … with matched double braces.');
  const named = found.filter((p) => !/^\d+$/.test(p.inner));
  if (named.length > 0) {
    add(
      'placeholder_not_numbered',
      'body',
      `Placeholders are numbered ({{1}}); name them in variables[].name instead of {{${named[0]!.inner}}}.`,
    );
  }
  const numbers = placeholderNumbers(body);
  if (numbers.some((n, i) => n !== i + 1))
    add('placeholders_not_sequential', 'body', 'Number placeholders 1, 2, 3… in order, without gaps.');
  // No leading or trailing variable (docs/platform.md §2.2, 2388299).
  const trimmed = body.trim();
  if (/^\{\{[^{}]*\}\}/.test(trimmed)) add('placeholder_at_start', 'body', 'The body cannot start with a placeholder.');
  if (/\{\{[^{}]*\}\}$/.test(trimmed)) add('placeholder_at_end', 'body', 'The body cannot end with a placeholder.');
  // No adjacent variables (docs/platform.md §2.2, INVALID_FORMAT; see webhook-template-status-rejected.json).
  if (/\}\}\s*\{\{/.test(body)) add('placeholders_adjacent', 'body', 'Put text or punctuation between placeholders.');
  // Variable density (docs/platform.md §2.2, 2388293).
  const staticChars = body.replace(/\{\{[^{}]*\}\}/g, '').trim().length;
  if (found.length > 0 && staticChars < MIN_STATIC_CHARS_PER_PLACEHOLDER * found.length) {
    add(
      'too_many_placeholders',
      'body',
      `Too many placeholders for the text: write at least ${MIN_STATIC_CHARS_PER_PLACEHOLDER} characters of fixed text per placeholder.`,
    );
  }

  // Examples: every placeholder written needs one (docs/platform.md §2.1: "any component text
  // containing variables must carry examples"). One issue per placeholder written, never per
  // number up to the highest: the work and the answer stay bounded by the body's length.
  const variables = t.variables ?? [];
  for (const n of numbers) {
    if (n > MAX_PLACEHOLDERS) break; // already placeholders_not_sequential: no body can reach it
    const i = n - 1;
    const v = variables[i];
    if (!v || v.example.trim() === '')
      add('variable_example_missing', `variables[${i}].example`, `Give an example value for {{${n}}}.`);
    else if (PARAM_VALUE_FORBIDDEN.test(v.example))
      add(
        'variable_example_invalid',
        `variables[${i}].example`,
        'Examples cannot contain newlines, tabs or more than 4 spaces in a row.',
      );
  }
  const written = new Set(numbers);
  variables.forEach((_, i) => {
    if (!written.has(i + 1))
      add('variables_extra', `variables[${i}]`, `The body has no placeholder {{${i + 1}}} for this entry.`);
  });
  const seen = new Set<string>();
  variables.forEach((v, i) => {
    if (v.name === undefined) return;
    if (!VARIABLE_NAME_PATTERN.test(v.name) || v.name === 'header') {
      add(
        'variable_name_invalid',
        `variables[${i}].name`,
        'Names use lowercase letters, digits and underscores, start with a letter, and are not "header".',
      );
    } else if (seen.has(v.name)) {
      add(
        'variable_name_duplicate',
        `variables[${i}].name`,
        `The name "${v.name}" is already used by another placeholder.`,
      );
    }
    seen.add(v.name);
  });
}

function checkHeader(header: TemplateHeader | null, add: Add): void {
  if (!header) return;
  if (header.type !== 'text') {
    if (!header.mediaId)
      add('header_media_missing', 'header.mediaId', 'A media header needs the med_ id of an uploaded file.');
    return;
  }
  const text = header.text;
  if (text.trim() === '') add('header_text_empty', 'header.text', 'A text header needs text.');
  if (text.length > HEADER_TEXT_MAX)
    add('header_text_too_long', 'header.text', `At most ${HEADER_TEXT_MAX} characters; this one has ${text.length}.`);
  // Markdown special characters and line breaks are not supported (docs/platform.md §2.2, 2388047).
  if (/[\n\r*~`]/.test(text))
    add('header_text_invalid', 'header.text', 'A header cannot contain line breaks or formatting characters (* ~ `).');
  const found = placeholders(text);
  if (found.length > 1)
    add('header_too_many_placeholders', 'header.text', 'A header has at most one placeholder, {{1}}.');
  else if (found.length === 1 && found[0]!.inner !== '1')
    add('header_placeholder_invalid', 'header.text', 'The header placeholder is {{1}}.');
  if (found.length > 0 && !header.example?.trim())
    add('header_example_missing', 'header.example', 'Give an example value for the header placeholder.');
  else if (header.example && PARAM_VALUE_FORBIDDEN.test(header.example))
    add(
      'variable_example_invalid',
      'header.example',
      'Examples cannot contain newlines, tabs or more than 4 spaces in a row.',
    );
  if (found.length === 0 && header.example !== undefined)
    add('header_example_unused', 'header.example', 'The header has no placeholder to use this example.');
}
