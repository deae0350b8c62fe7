/**
 * Filling a template's placeholders at send time (docs/api.md §D7–§D8): values keyed by index ("1") or
 * by the variable's name, the header's under "header". Every placeholder needs a value: a send
 * that leaves one out is refused (400 template_values_missing, naming each), since the template's
 * examples ("Hi Maria") would reach a real customer; only a send that asks for them
 * (`"useExamples": true`) has its examples fill what it left out, and a routed send's fallback
 * never does. Buttons take their values apart, keyed by button index, with no examples as fallback
 * (fillButtons, docs/api.md §D8). Values the platform would refuse are refused here with 400
 * variables_invalid.
 */
import { TidingsError } from '../errors.js';
import { PARAM_VALUE_FORBIDDEN, placeholderCount, placeholders } from './template.rules.js';
import type { TemplateButtonValue } from '../platform/platform.js';
import { BUTTON_URL_MAX, COPY_CODE_MAX, isDynamicUrl, type TemplateButton } from './template-buttons.rules.js';
import type { Template } from './template.schemas.js';

/** The values to send, in the platform's positional order. */
export interface TemplateValues {
  /** The header placeholder's value, or null when the header has none. */
  header: string | null;
  /** One value per body placeholder, {{1}} first. */
  body: string[];
}

/** The platform's limit on one text parameter (Cloud API: 1,024 characters for body parameters). */
export const PARAM_VALUE_MAX = 1024;

/**
 * The values a send of `template` goes out with.
 * @param options.useExamples the send asked for the examples (`"useExamples": true`): they fill
 *   the placeholders it left out. Default: every placeholder must be given.
 * @param options.fallback a routed send's fallback, sent unattended: the examples never fill it.
 * @throws TidingsError variables_invalid naming the key (`variables.<key>`) for a key the template
 *   lacks, a placeholder given twice (by index and by name), or a value that is empty, too long, or
 *   contains newlines, tabs or more than 4 consecutive spaces (docs/platform.md §1.2);
 *   template_values_missing when placeholders have no value (see missingValuesError).
 */
export function fillTemplate(
  template: Template,
  variables: Record<string, string> = {},
  options: { useExamples?: boolean; fallback?: boolean } = {},
): TemplateValues {
  const count = placeholderCount(template.body);
  const headerHasPlaceholder = template.header?.type === 'text' && placeholders(template.header.text).length > 0;
  const byName = new Map(template.variables.map((v, i) => [v.name, i] as const).filter(([name]) => name !== undefined));
  const given = new Map<number, { key: string; value: string }>();
  let header: string | null = null;

  for (const [key, value] of Object.entries(variables)) {
    const param = `variables.${key}`;
    checkValue(key, value, param);
    if (key === 'header') {
      if (!headerHasPlaceholder)
        throw new TidingsError('variables_invalid', 'This template has no header placeholder.', { param });
      header = value;
      continue;
    }
    const index = /^\d+$/.test(key) ? Number(key) - 1 : byName.get(key);
    if (index === undefined || index < 0 || index >= count) {
      const names = [...byName.keys()];
      throw new TidingsError(
        'variables_invalid',
        `The template has no placeholder "${key}"; use 1–${count}${names.length ? ` or ${names.join(', ')}` : ''}.`,
        { param },
      );
    }
    const earlier = given.get(index);
    if (earlier)
      throw new TidingsError(
        'variables_invalid',
        `Placeholder {{${index + 1}}} is given twice ("${earlier.key}" and "${key}").`,
        { param },
      );
    given.set(index, { key, value });
  }

  if (options.fallback || !options.useExamples) {
    // An example's value ("Maria") must never reach a real customer unasked.
    const missing = [
      ...(headerHasPlaceholder && header === null
        ? [{ key: 'header', example: template.header?.type === 'text' ? (template.header.example ?? null) : null }]
        : []),
      ...Array.from({ length: count }, (_, i) => i)
        .filter((i) => !given.has(i))
        .map((i) => ({
          key: template.variables[i]?.name ?? String(i + 1),
          example: template.variables[i]?.example ?? null,
        })),
    ];
    if (missing.length > 0) throw missingValuesError(missing, options.fallback === true);
  }
  const body = Array.from({ length: count }, (_, i) => given.get(i)?.value ?? template.variables[i]?.example ?? '');
  if (headerHasPlaceholder && header === null)
    header = template.header?.type === 'text' ? (template.header.example ?? null) : null;
  return { header, body };
}

/**
 * The refusal of a send that left placeholders without a value: 400 template_values_missing, `param`
 * the first (`variables.<key>`), the message naming them all, and one issue each (`missing`, field
 * `variables.<key>`) so a form can mark each input.
 * @param missing each placeholder without a value: its key (the variable's name, its index, or
 *   `header`) and the template's example for it.
 */
export function missingValuesError(
  missing: { key: string; example: string | null }[],
  fallback: boolean,
): TidingsError {
  const list = missing.map((m) => `"${m.key}"`).join(', ');
  const how = fallback
    ? "a fallback is sent unattended, so the template's examples are never sent for it"
    : 'or send "useExamples": true to send the template\'s examples for the ones left out';
  return new TidingsError(
    'template_values_missing',
    `Give every placeholder of the template a value (missing ${list}): ${how}.`,
    {
      param: `variables.${missing[0]!.key}`,
      issues: missing.map((m) => ({
        code: 'missing',
        field: `variables.${m.key}`,
        message: `No value for "${m.key}"${m.example ? ` (the template's example: "${m.example}")` : ''}.`,
      })),
    },
  );
}

function checkValue(key: string, value: string, param: string): void {
  if (value.trim() === '') throw new TidingsError('variables_invalid', `The value of "${key}" is empty.`, { param });
  if (value.length > PARAM_VALUE_MAX)
    throw new TidingsError('variables_invalid', `The value of "${key}" is longer than ${PARAM_VALUE_MAX} characters.`, {
      param,
    });
  if (PARAM_VALUE_FORBIDDEN.test(value)) {
    throw new TidingsError(
      'variables_invalid',
      `The value of "${key}" contains a newline, a tab or more than 4 spaces in a row, which the platform refuses.`,
      { param },
    );
  }
}

/** The value of one button at send time, keyed by the button's 0-based index (docs/api.md §D8). */
export interface ButtonInput {
  payload?: string;
  urlSuffix?: string;
  couponCode?: string;
}

/** The field each button type takes at send time; types absent here take none. */
const BUTTON_FIELD: Partial<
  Record<TemplateButton['type'], { field: keyof ButtonInput; subType: TemplateButtonValue['subType'] }>
> = {
  quick_reply: { field: 'payload', subType: 'quick_reply' },
  url: { field: 'urlSuffix', subType: 'url' },
  copy_code: { field: 'couponCode', subType: 'copy_code' },
};

/** A quick reply's payload: the platform's limit is not published (UNCONFIRMED); Tidings keeps it to this. */
export const PAYLOAD_MAX = 1024;

/**
 * The values of a template's buttons (docs/api.md §D8, docs/platform.md §1.2): a dynamic URL's
 * suffix and a copy code are required and never taken from the template's examples (an example
 * link must not reach a customer); a quick reply's payload defaults to its label.
 * @param given values keyed by button index (`"0"`, `"1"`…), as the send body's `buttons`.
 * @returns one value per button that takes one, by index ascending.
 * @throws TidingsError variables_invalid naming the button (`buttons.<index>` or
 *   `buttons.<index>.<field>`): an index the template lacks, a field the button does not take, an
 *   empty or malformed value, or a missing URL suffix or copy code.
 */
export function fillButtons(
  template: Pick<Template, 'buttons'>,
  given: Record<string, ButtonInput> = {},
): TemplateButtonValue[] {
  const buttons = template.buttons;
  for (const [key, input] of Object.entries(given)) {
    const index = /^\d+$/.test(key) ? Number(key) : -1;
    const button = buttons[index];
    if (!button) {
      throw new TidingsError(
        'variables_invalid',
        buttons.length
          ? `The template has no button ${key}; its buttons are 0–${buttons.length - 1}.`
          : 'The template has no buttons.',
        { param: `buttons.${key}` },
      );
    }
    const takes =
      BUTTON_FIELD[button.type] && (button.type !== 'url' || isDynamicUrl(button.url))
        ? BUTTON_FIELD[button.type]!.field
        : null;
    for (const field of Object.keys(input) as (keyof ButtonInput)[]) {
      if (field !== takes) {
        const what = takes ? `takes only ${takes}` : 'takes no value at send time';
        throw new TidingsError('variables_invalid', `Button ${index} (${describe(button)}) ${what}.`, {
          param: `buttons.${key}.${field}`,
        });
      }
    }
  }
  const values: TemplateButtonValue[] = [];
  buttons.forEach((button, index) => {
    const spec = BUTTON_FIELD[button.type];
    if (!spec || (button.type === 'url' && !isDynamicUrl(button.url))) return;
    const param = `buttons.${index}.${spec.field}`;
    const value = given[String(index)]?.[spec.field];
    if (value === undefined) {
      if (button.type === 'quick_reply') return values.push({ index, subType: spec.subType, value: button.text ?? '' });
      const what = button.type === 'url' ? 'the end of its URL (urlSuffix)' : 'the code to copy (couponCode)';
      throw new TidingsError(
        'variables_invalid',
        `Button ${index} (${describe(button)}) needs ${what}; the template's example is never sent.`,
        { param },
      );
    }
    checkButtonValue(spec.field, value, param);
    values.push({ index, subType: spec.subType, value });
  });
  return values;
}

function describe(b: TemplateButton): string {
  return b.text ? `${b.type} "${b.text}"` : b.type;
}

function checkButtonValue(field: keyof ButtonInput, value: string, param: string): void {
  if (value.trim() === '') throw new TidingsError('variables_invalid', `The ${field} is empty.`, { param });
  if (field === 'payload' && value.length > PAYLOAD_MAX)
    throw new TidingsError('variables_invalid', `A payload has at most ${PAYLOAD_MAX} characters.`, { param });
  // The platform puts the suffix in the URL as given: the caller percent-encodes it (docs/platform.md §1.2).
  if (field === 'urlSuffix' && (/\s/.test(value) || value.length > BUTTON_URL_MAX)) {
    throw new TidingsError(
      'variables_invalid',
      `A URL suffix has no spaces or line breaks (percent-encode them) and at most ${BUTTON_URL_MAX} characters.`,
      { param },
    );
  }
  if (field === 'couponCode' && (value.length > COPY_CODE_MAX || PARAM_VALUE_FORBIDDEN.test(value))) {
    throw new TidingsError(
      'variables_invalid',
      `A code has at most ${COPY_CODE_MAX} characters and no line breaks or tabs.`,
      { param },
    );
  }
}
