/**
 * The fuzzer's seed, time and bounds, and requests built from a route's own schemas: values shaped to
 * pass validation (tame) or bent to break it (wild), hostile strings, paths and query strings.
 */
import fc from 'fast-check';
import type { RouteEntry } from '../../src/http/types.js';
import type { Harness } from '../harness.js';

/** The seed of every property (FUZZ_SEED replays a run), and the seconds each may run (FUZZ_SECONDS). */
export const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
export const SECONDS = Number(process.env.FUZZ_SECONDS ?? 20);
/** Most bytes any answer may have: a page of 100 resources, or the OpenAPI document. */
export const MAX_ANSWER_BYTES = 1024 * 1024;
/** Longest any single answer may take (a liveness bound, not a performance goal). */
export const MAX_ANSWER_MS = 5000;
/** Most bytes an error answer may have, whatever was sent: at most 100 issues (issue 23). */
export const MAX_ERROR_BYTES = 64 * 1024;

export type Schema = Record<string, any>;

/** What the cases fuzz with: the harness, ids that exist (a message, its wamid) or only look right, and keys (live, test, wrong, none). */
export interface FuzzScope {
  h: Harness;
  knownIds: string[];
  keys: (string | undefined)[];
}

/** Strings an attacker tries: control and bidirectional characters, escapes, numbers too big for anything, long runs. */
export const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202e',
    '%ZZ',
    '../../etc/passwd',
    '{{999999999999999999999}}',
    '{{1}}',
    "'; drop table messages; --",
    '__proto__',
    'constructor',
    '+16505551234',
    'msg_00000000000000000000000',
    'wamid.HBgL',
    '9'.repeat(400),
  ),
  fc.integer({ min: 1, max: 5000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 1, max: 300 }).map((n) => `Hello {{${n}}} there`),
);

/** Values that pass validation for fields of these names, so requests also reach the services. */
const GOOD: Record<string, fc.Arbitrary<unknown>> = {
  to: fc.constantFrom('+16505551234', '+16505550002', '+447700900123'),
  from: fc.constantFrom('+16505551234', '+16505550001'),
  text: fc.constantFrom('Your order shipped.', 'Hi'),
  name: fc.constantFrom('order_update', 'first_name', 'x'),
  category: fc.constant('UTILITY'),
  language: fc.constantFrom('en_US', 'de'),
  body: fc.constantFrom('Hello there {{1}}, your order is ready.', 'Your appointment is confirmed.'),
  url: fc.constantFrom('https://hooks.example.com/x', 'http://127.0.0.1:9/x'),
  events: fc.constant(['*']),
  example: fc.constant('Maria'),
};

/** `arbitrary`'s value once in `oneIn` draws, else undefined. */
export const sometimes = <T>(arbitrary: fc.Arbitrary<T>, oneIn: number) =>
  fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });

/**
 * A value of the schema. `tame`: shaped to pass validation (known-good values by field name, strings
 * and numbers in range), so requests reach the services; wild: anything near it that breaks rules.
 */
export function fromSchema(schema: Schema | undefined, tame: boolean, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 2 });
  if (tame) return exactFromSchema(schema, true, depth);
  const wild = fc.oneof(
    fc.jsonValue({ maxDepth: 2 }),
    hostileString,
    fc.constantFrom(null, -1, 1e308, 2 ** 53, true, [], {}),
  );
  return fc.oneof({ weight: 4, arbitrary: exactFromSchema(schema, false, depth) }, { weight: 1, arbitrary: wild });
}

function exactFromSchema(schema: Schema, tame: boolean, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
  if (Array.isArray(schema.anyOf)) return fc.oneof(...schema.anyOf.map((s: Schema) => fromSchema(s, tame, depth + 1)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string': {
      const inRange = fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 60, 60) });
      return tame ? inRange : fc.oneof(hostileString, inRange);
    }
    case 'integer': {
      const inRange = fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
      return tame ? inRange : fc.oneof(inRange, fc.constantFrom(0, -1, 2 ** 31, Number.MAX_SAFE_INTEGER));
    }
    case 'number':
      return fc.double({ noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(schema.items, tame, depth + 1), { maxLength: 5 });
    case 'object': {
      const props: Record<string, Schema> = schema.properties ?? {};
      const required = new Set<string>(schema.required ?? []);
      const value = (k: string, s: Schema) =>
        GOOD[k]
          ? tame
            ? GOOD[k]!
            : fc.oneof(GOOD[k]!, fromSchema(s, false, depth + 1))
          : fromSchema(s, tame, depth + 1);
      // Optional fields: now and then when tame (each one can rule the others out), often when wild.
      const optional = (k: string, s: Schema) =>
        tame ? sometimes(value(k, s), 4) : fc.option(value(k, s), { nil: undefined });
      const entries = Object.entries(props).map(
        ([k, s]) => [k, required.has(k) ? value(k, s) : optional(k, s)] as const,
      );
      const record = fc.record(Object.fromEntries(entries));
      const valueSchema =
        schema.additionalProperties && typeof schema.additionalProperties === 'object'
          ? schema.additionalProperties
          : schema.patternProperties
            ? Object.values(schema.patternProperties)[0]
            : undefined;
      const extra = valueSchema
        ? fc.dictionary(
            tame ? fc.string({ minLength: 1, maxLength: 8 }) : hostileString,
            fromSchema(valueSchema as Schema, tame, depth + 1),
            { maxKeys: 4 },
          )
        : fc.constant({});
      const unknownField = tame
        ? fc.constant(undefined)
        : sometimes(fc.tuple(hostileString, fc.jsonValue({ maxDepth: 1 })), 4);
      return fc.tuple(record, extra, unknownField).map(([r, x, unknown]) => {
        const out: Record<string, unknown> = { ...x };
        for (const [k, v] of Object.entries(r)) if (v !== undefined) out[k] = v;
        if (unknown) out[unknown[0]] = unknown[1];
        return out;
      });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A path for the route, its parameters filled with ids that exist, ids that do not, and hostile text. */
export function pathFor(route: RouteEntry, knownIds: string[], tame: boolean): fc.Arbitrary<string> {
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const known = fc.constantFrom(...knownIds.map(encodeURIComponent));
  const segment = tame
    ? known
    : fc.oneof(
        known,
        hostileString.filter((s) => s.length > 0).map(encodeURIComponent),
        fc.constantFrom('%ZZ', '%00', '..', 'a'.repeat(300)),
      );
  return fc.tuple(...names.map(() => segment), fc.boolean()).map((values) => {
    let url = route.url;
    names.forEach((n, i) => (url = url.replace(`:${n}`, values[i] as string)));
    url = url.replace('*', 'assets/x.js');
    return values[names.length] && !url.endsWith('/') ? `${url}/` : url;
  });
}

export function queryFor(route: RouteEntry, tame: boolean): fc.Arbitrary<string> {
  const schema = route.schema.querystring as Schema | undefined;
  const known = schema ? fromSchema(schema, tame) : fc.constant({});
  return fc
    .tuple(
      known,
      tame ? fc.constant(undefined) : sometimes(fc.dictionary(hostileString, hostileString, { maxKeys: 2 }), 4),
    )
    .map(([q, extra]) => {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries({ ...(q && typeof q === 'object' ? q : {}), ...extra }))
        if (v !== undefined && v !== null) params.append(k, typeof v === 'string' ? v : JSON.stringify(v));
      const text = params.toString();
      return text ? `?${text}` : '';
    });
}
