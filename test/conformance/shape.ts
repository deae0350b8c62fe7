/**
 * Comparing a payload the simulator produced with a real one: the same set of fields at every
 * level (array items merged), the same JSON type at each, and the same values for fields that
 * hold an enum. Ids, timestamps, names and texts may differ in value, not in shape.
 */
import assert from 'node:assert/strict';

/** Keys whose values are enums (status, types, categories, codes, events…): compared by value. */
const ENUM_KEYS = new Set([
  'object',
  'field',
  'messaging_product',
  'status',
  'type',
  'category',
  'pricing_model',
  'event',
  'reason',
  'message_template_category',
  'code',
  'error_subcode',
  'new_category',
  'previous_category',
  'correct_category',
  'parameter_format',
  'format',
  'sub_category',
  'new_quality_score',
  'previous_quality_score',
  'message_template_button_type',
  'recipient_type',
]);

export type Shape = Map<string, Set<string>>;

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** Every path of `value` → the JSON types (and, for enum keys, `=value`s) seen there. */
export function shapeOf(value: unknown, prefix = '', out: Shape = new Map()): Shape {
  const add = (path: string, entry: string) => {
    if (!out.has(path)) out.set(path, new Set());
    out.get(path)!.add(entry);
  };
  if (Array.isArray(value)) {
    for (const v of value) shapeOf(v, `${prefix}[]`, out);
    return out;
  }
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const path = `${prefix}.${k}`;
      add(path, typeOf(v));
      if (ENUM_KEYS.has(k) && (typeof v === 'string' || typeof v === 'number')) add(path, `=${v}`);
      shapeOf(v, path, out);
    }
  }
  return out;
}

export interface CompareOptions {
  /** Paths (prefixes) left out on both sides, each with the reason in the caller. */
  ignore?: readonly string[];
  /** Paths whose enum values are not compared (only types and presence). */
  anyValue?: readonly string[];
}

/** Asserts `produced` has the shape of `expected` (see the module comment). */
export function assertSameShape(
  produced: unknown,
  expected: unknown,
  name: string,
  options: CompareOptions = {},
): void {
  const keep = (path: string) =>
    !(options.ignore ?? []).some((p) => path === p || path.startsWith(`${p}.`) || path.startsWith(`${p}[]`));
  const flat = (v: unknown) =>
    [...shapeOf(v).entries()]
      .filter(([path]) => keep(path))
      .flatMap(([path, entries]) =>
        [...entries]
          .filter((e) => !(e.startsWith('=') && (options.anyValue ?? []).some((p) => path === p || path.endsWith(p))))
          .map((e) => `${path} ${e}`),
      )
      .sort();
  assert.deepEqual(flat(produced), flat(expected), `${name}: shape differs`);
}
