/**
 * Filling a template's placeholders at send time (DECISIONS §7–§8): values keyed by index ("1") or
 * by the variable's name, the header's under "header"; the template's examples fill what is left
 * out. Values the platform would refuse are refused here with 400 variables_invalid.
 */
import { TidingsError } from '../errors.js';
import { PARAM_VALUE_FORBIDDEN, placeholderCount, placeholders } from './template.rules.js';
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
 * @throws TidingsError variables_invalid naming the key (`variables.<key>`) for a key the template
 *   lacks, a placeholder given twice (by index and by name), or a value that is empty, too long, or
 *   contains newlines, tabs or more than 4 consecutive spaces (CLOUD_API.md §1.2).
 */
export function fillTemplate(template: Template, variables: Record<string, string> = {}): TemplateValues {
  const count = placeholderCount(template.body);
  const headerHasPlaceholder = template.header?.type === 'text' && placeholders(template.header.text).length > 0;
  const byName = new Map(template.variables.map((v, i) => [v.name, i] as const).filter(([name]) => name !== undefined));
  const given = new Map<number, { key: string; value: string }>();
  let header: string | null = null;

  for (const [key, value] of Object.entries(variables)) {
    const param = `variables.${key}`;
    checkValue(key, value, param);
    if (key === 'header') {
      if (!headerHasPlaceholder) throw new TidingsError('variables_invalid', 'This template has no header placeholder.', { param });
      header = value;
      continue;
    }
    const index = /^\d+$/.test(key) ? Number(key) - 1 : byName.get(key);
    if (index === undefined || index < 0 || index >= count) {
      const names = [...byName.keys()];
      throw new TidingsError('variables_invalid', `The template has no placeholder "${key}"; use 1–${count}${names.length ? ` or ${names.join(', ')}` : ''}.`, { param });
    }
    const earlier = given.get(index);
    if (earlier) throw new TidingsError('variables_invalid', `Placeholder {{${index + 1}}} is given twice ("${earlier.key}" and "${key}").`, { param });
    given.set(index, { key, value });
  }

  const body = Array.from({ length: count }, (_, i) => given.get(i)?.value ?? template.variables[i]?.example ?? '');
  if (headerHasPlaceholder && header === null) header = template.header?.type === 'text' ? (template.header.example ?? null) : null;
  return { header, body };
}

function checkValue(key: string, value: string, param: string): void {
  if (value.trim() === '') throw new TidingsError('variables_invalid', `The value of "${key}" is empty.`, { param });
  if (value.length > PARAM_VALUE_MAX) throw new TidingsError('variables_invalid', `The value of "${key}" is longer than ${PARAM_VALUE_MAX} characters.`, { param });
  if (PARAM_VALUE_FORBIDDEN.test(value)) {
    throw new TidingsError('variables_invalid', `The value of "${key}" contains a newline, a tab or more than 4 spaces in a row, which the platform refuses.`, { param });
  }
}
