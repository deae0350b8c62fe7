/**
 * What a value breaking one schema keyword must be instead, in words, with the issue code it gives
 * (validation.ts puts the field and the request part around it): `must be a string, not an
 * object`, `must be at most 60 characters (it has 72)`, `must be one of text, image`.
 */
import type { AjvError } from './ajv.js';

const ARTICLES: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  integer: 'an integer',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/** `["string", "null"]` → `a string or null`. */
function typeNames(type: unknown): string {
  return [type]
    .flat()
    .map((t) => ARTICLES[String(t)] ?? String(t))
    .join(' or ');
}

/** What a value is, for "must be a string, not …": its kind, or the value itself for a short scalar. */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'a string';
  const text = JSON.stringify(value);
  return text !== undefined && text.length <= 20 ? text : `a ${typeof value}`;
}

const count = (n: unknown) => Number(n).toLocaleString('en-US');
const plural = (n: unknown, word: string) => `${count(n)} ${word}${Number(n) === 1 ? '' : 's'}`;

const FORMATS: Record<string, string> = {
  'date-time': 'an ISO 8601 date and time with a time zone (2026-11-20T10:00:00Z)',
  uri: 'an absolute URL (https://…)',
  email: 'an email address',
};

/** What a value breaking one keyword must be instead, and the issue code for it. */
export function detail(e: AjvError): { code: string; text: string; listsValues?: boolean } {
  const p = e.params;
  switch (e.keyword) {
    case 'type':
      return { code: 'wrong_type', text: `must be ${typeNames(p.type)}, not ${kindOf(e.data)}` };
    case 'minLength':
      return {
        code: 'too_short',
        text: p.limit === 1 ? 'must not be empty' : `must be at least ${plural(p.limit, 'character')}`,
      };
    case 'maxLength':
      return {
        code: 'too_long',
        text: `must be at most ${plural(p.limit, 'character')} (it has ${count(typeof e.data === 'string' ? e.data.length : 0)})`,
      };
    case 'minimum':
      return { code: 'too_small', text: `must be at least ${p.limit}` };
    case 'exclusiveMinimum':
      return { code: 'too_small', text: `must be more than ${p.limit}` };
    case 'maximum':
      return { code: 'too_large', text: `must be at most ${p.limit}` };
    case 'exclusiveMaximum':
      return { code: 'too_large', text: `must be less than ${p.limit}` };
    case 'minItems':
      return { code: 'too_few', text: `must have at least ${plural(p.limit, 'item')}` };
    case 'maxItems':
      return { code: 'too_many', text: `must have at most ${plural(p.limit, 'item')}` };
    case 'uniqueItems':
      return { code: 'duplicate', text: `must not repeat an item (items ${p.j} and ${p.i} are the same)` };
    case 'format':
      return { code: 'invalid_format', text: `must be ${FORMATS[String(p.format)] ?? `in the format ${p.format}`}` };
    case 'pattern':
      return { code: 'invalid_format', text: `must match the pattern ${p.pattern}` };
    case 'enum':
    case 'const':
    case 'anyOf':
    case 'oneOf': {
      const allowed = allowedValues(e);
      if (allowed.length > 0)
        return { code: 'not_allowed', text: `must be one of ${allowed.join(', ')}`, listsValues: true };
      const shapes = (e.parentSchema?.anyOf ?? e.parentSchema?.oneOf ?? [])
        .map((b) => b.type)
        .filter((t) => t !== undefined);
      return {
        code: 'wrong_type',
        text:
          shapes.length > 0 ? `must be ${typeNames(shapes)}, not ${kindOf(e.data)}` : 'is not one of the allowed forms',
      };
    }
    default:
      return { code: 'invalid', text: e.message ?? 'is invalid' };
  }
}

/** The values a failed `enum`, `const` or union of constants allows, or none. */
export function allowedValues(e: AjvError): unknown[] {
  if (e.keyword === 'enum') return (e.params.allowedValues as unknown[] | undefined) ?? [];
  if (e.keyword === 'const') return 'allowedValue' in e.params ? [e.params.allowedValue] : [];
  const branches = e.parentSchema?.anyOf ?? [];
  return branches.length > 0 && branches.every((b) => b.const !== undefined) ? branches.map((b) => b.const) : [];
}
