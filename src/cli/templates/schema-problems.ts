/**
 * The schema errors of the templates file (template-file.ts) in words a person editing YAML acts
 * on: each error's field as written (`variables[0].example`), the first error per field only, and
 * what the value must be instead (`must be text, not 12; quote it: '12'`, `unknown field; did you
 * mean footer?`).
 */
import type { ErrorObject } from 'ajv';

/** The path of an Ajv error as keys: a missing or unknown field's own name included. */
export function pathOf(e: ErrorObject): (string | number)[] {
  const path = e.instancePath
    .split('/')
    .slice(1)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p.replaceAll('~1', '/').replaceAll('~0', '~')));
  if (e.keyword === 'additionalProperties') path.push(String(e.params.additionalProperty));
  if (e.keyword === 'required') path.push(String(e.params.missingProperty));
  return path;
}

/** `variables[0].example` from `['variables', 0, 'example']`. */
export function fieldName(path: (string | number)[]): string | undefined {
  return path.length === 0
    ? undefined
    : path.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
}

/** One error per field: the first Ajv reports for it. */
export function firstPerField(errors: ErrorObject[]): ErrorObject[] {
  const seen = new Set<string>();
  return errors.filter((e) => {
    const key = pathOf(e).join('/');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** An Ajv error in words a person editing YAML acts on. */
export function describe(e: ErrorObject): string {
  const given = (v: unknown) => (typeof v === 'string' ? `"${v}"` : JSON.stringify(v));
  switch (e.keyword) {
    case 'required':
      return 'is missing';
    case 'additionalProperties': {
      const known = Object.keys((e.parentSchema as { properties?: object }).properties ?? {});
      const near = known.find((k) => distance(k.toLowerCase(), String(e.params.additionalProperty).toLowerCase()) <= 2);
      return near ? `unknown field; did you mean ${near}?` : `unknown field (the fields here: ${known.join(', ')})`;
    }
    case 'type': {
      const type = String(e.params.type);
      const want =
        {
          string: 'text',
          integer: 'a whole number',
          number: 'a number',
          boolean: 'true or false',
          array: 'a list',
          object: 'a mapping (field: value)',
        }[type] ?? type;
      const hint =
        type === 'string' && (typeof e.data === 'number' || typeof e.data === 'boolean')
          ? `; quote it: '${String(e.data)}'`
          : '';
      return `must be ${want}, not ${given(e.data)}${hint}`;
    }
    case 'enum':
      return `must be one of ${(e.params.allowedValues as string[]).join(', ')}, not ${given(e.data)}`;
    case 'minimum':
    case 'maximum':
      return `must be ${e.keyword === 'minimum' ? 'at least' : 'at most'} ${String(e.params.limit)}${e.instancePath.endsWith('timeToLive') ? ' (seconds: 30 to 43,200)' : ''}, not ${given(e.data)}`;
    case 'minLength':
      return 'must not be empty';
    default:
      return e.message ?? 'is not valid';
  }
}

/** Levenshtein's edit distance between two short words. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}
