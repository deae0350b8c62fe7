/**
 * Property-based fuzzing of every registered route (security issue 10): requests built from each
 * route's own schemas, then bent (wrong types, unknown and missing fields, hostile strings, huge
 * numbers, broken bodies and paths, any key). Whatever comes in, the service answers: never a 5xx,
 * every error in the one envelope with its request id, every answer bounded in size and time.
 *
 * Seeded (FUZZ_SEED to replay a run) and bounded in time (FUZZ_SECONDS, default 20 per dialect).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import fc from 'fast-check';
import { ERROR_CODES } from '../src/errors.js';
import type { RouteEntry } from '../src/http/types.js';
import { hubSignature } from '../src/lib/crypto.js';
import { dispatched } from './factories.js';
import { startHarness, type Harness } from './harness.js';
import { FIXTURES, fixture } from './helpers.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const SECONDS = Number(process.env.FUZZ_SECONDS ?? 20);
/** Most bytes any answer may have: a page of 100 resources, or the OpenAPI document. */
const MAX_ANSWER_BYTES = 1024 * 1024;
/** Longest any single answer may take (a liveness bound, not a performance goal). */
const MAX_ANSWER_MS = 5000;
/** Most bytes an error answer may have, whatever was sent: at most 100 issues (issue 23). */
const MAX_ERROR_BYTES = 64 * 1024;

type Schema = Record<string, any>;

/** Strings an attacker tries: control and bidirectional characters, escapes, numbers too big for anything, long runs. */
const hostileString = fc.oneof(
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
const sometimes = <T>(arbitrary: fc.Arbitrary<T>, oneIn: number) =>
  fc.oneof({ weight: oneIn - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });

/**
 * A value of the schema. `tame`: shaped to pass validation (known-good values by field name, strings
 * and numbers in range), so requests reach the services; wild: anything near it that breaks rules.
 */
function fromSchema(schema: Schema | undefined, tame: boolean, depth = 0): fc.Arbitrary<unknown> {
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
function pathFor(route: RouteEntry, knownIds: string[], tame: boolean): fc.Arbitrary<string> {
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

function queryFor(route: RouteEntry, tame: boolean): fc.Arbitrary<string> {
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

/** Platform webhooks: real payloads, bent, half of them signed with the app secret so they reach the intake. */
function webhookBody(appSecret: string): fc.Arbitrary<{ type: string; payload: string; signature?: string }> {
  const payloads = fs
    .readdirSync(FIXTURES)
    .filter((f) => f.startsWith('webhook-'))
    .map((f) => fixture(f));
  const bent = fc
    .tuple(fc.constantFrom(...payloads), fc.array(fc.tuple(fc.nat(), fromSchema(undefined, false)), { maxLength: 3 }))
    .map(([payload, changes]) => {
      const copy = structuredClone(payload);
      const value = copy.entry?.[0]?.changes?.[0]?.value ?? {};
      const keys = Object.keys(value);
      for (const [i, v] of changes) if (keys.length > 0) value[keys[i % keys.length]!] = v;
      return JSON.stringify(copy);
    });
  return fc
    .tuple(fc.oneof(bent, fc.string({ unit: 'binary', maxLength: 100 })), fc.boolean())
    .map(([payload, signed]) => ({
      type: 'application/json',
      payload,
      ...(signed ? { signature: hubSignature(payload, appSecret) } : {}),
    }));
}

/** Rich sends bent out of all proportion: thousands of items, strings up to a megabyte, values nested thousands deep (`"<deep>"`). */
function oversizedRichSend(messageId: string): fc.Arbitrary<string> {
  // Up to `max` copies of an item, and about 1.5 MB of them at most.
  const many = <T>(item: fc.Arbitrary<T>, max: number) =>
    fc
      .tuple(item, fc.nat({ max }))
      .map(([x, n]) =>
        Array.from({ length: Math.min(n, Math.floor(1.5e6 / ((JSON.stringify(x) ?? '').length + 1))) }, () => x),
      );
  const big = fc.oneof(
    fc.nat({ max: 1_100_000 }).map((n) => 'x'.repeat(n)),
    fc.nat({ max: 300_000 }).map((n) => '👍'.repeat(n)),
    fc.constantFrom('', 'ok', '<deep>'),
  );
  const long = fc.oneof(
    fc.nat({ max: 600 }).map((n) => 'x'.repeat(n)),
    fc.nat({ max: 300 }).map((n) => '👍'.repeat(n)),
    fc.constantFrom('', 'a', '<deep>'),
  );
  const item = (fields: string[]) =>
    fc.oneof(
      fc.record(Object.fromEntries(fields.map((f) => [f, long]))),
      fc.constant(Object.fromEntries(fields.map((f) => [f, 'a']))),
      fc.constantFrom({}, 1, '<deep>'),
    );
  const text = { body: big, header: big, footer: big };
  const body = fc.oneof(
    fc.record({
      type: fc.constant('interactive'),
      interactive: fc.record({ kind: fc.constant('buttons'), ...text, buttons: many(item(['id', 'title']), 40_000) }),
    }),
    fc.record({
      type: fc.constant('interactive'),
      interactive: fc.record({
        kind: fc.constant('list'),
        ...text,
        button: big,
        sections: many(fc.record({ title: big, rows: many(item(['id', 'title', 'description']), 300) }), 300),
      }),
    }),
    fc.record({
      type: fc.constant('interactive'),
      interactive: fc.record({
        kind: fc.constant('cta_url'),
        ...text,
        displayText: big,
        url: big.map((x) => `https://a.example/${x}`),
      }),
    }),
    fc.record({
      type: fc.constant('location'),
      location: fc.record({ latitude: fc.double(), longitude: fc.double(), name: big, address: big }),
    }),
    fc.record({
      type: fc.constant('contacts'),
      contacts: many(
        fc.record({
          name: item(['formatted', 'first']),
          phones: many(item(['phone', 'type']), 300),
          emails: many(item(['email']), 300),
          org: item(['company']),
        }),
        3000,
      ),
    }),
    fc.record({
      type: fc.constant('reaction'),
      reaction: fc.record({ messageId: fc.oneof(fc.constant(messageId), big), emoji: big }),
    }),
  );
  // JSON.stringify cannot write a value nested 50,000 deep; the payload's text can.
  return fc
    .tuple(body, fc.nat({ max: 50_000 }))
    .map(([b, depth]) =>
      JSON.stringify({ to: '+16505551234', ...b }).replace('"<deep>"', `${'['.repeat(depth)}${']'.repeat(depth)}`),
    );
}

describe('fuzzing every registered route', () => {
  let h: Harness;
  let knownIds: string[];
  let keys: (string | undefined)[];
  before(async () => {
    // Endpoints the fuzzer creates get events; their names resolve nowhere, at once (no DNS here).
    const resolver = async (hostname: string) =>
      Promise.reject(Object.assign(new Error(`${hostname} not found`), { code: 'ENOTFOUND' }));
    h = await startHarness({ env: { WEBHOOK_ALLOW_PRIVATE_URLS: 'true' }, deps: { resolver } });
    // Keys with room for the fuzzer's pace, so the rate limit does not answer for most requests.
    const key = async (mode: 'live' | 'test') =>
      (await h.deps.keys.createKey({ accountId: h.account.id, mode, rateLimit: 10_000 })).key;
    const live = await key('live');
    const test = await key('test');
    keys = [live, live, live, test, test, 'sk_live_notarealkeynotarealkeynotareal', '', undefined];
    await h.customerWrites('+16505551234');
    const sent = await h.api('POST', '/v1/messages/', {
      key: live,
      body: { to: '+16505551234', type: 'text', text: 'hello' },
    });
    knownIds = [
      sent.body.id,
      (await dispatched(h, sent.body.id, live)).platformMessageId!,
      'tpl_00000000000000000000000',
      'evt_00000000000000000000000',
      'we_00000000000000000000000',
    ];
  });
  after(() => h.close());

  it(`answers every request within bounds, never with a 5xx (seed ${SEED}, ${SECONDS} s)`, async () => {
    const routes = h.app.routeTable.filter((r) => r.url !== '/docs/*' && !r.url.startsWith('/docs'));
    assert.ok(routes.length > 25, `only ${routes.length} routes registered`);
    // Half the requests are tame (valid keys, known ids, values that pass validation), half wild.
    const request = fc
      .tuple(fc.constantFrom(...routes), fc.boolean())
      .chain(([route, tame]) =>
        fc.record({
          route: fc.constant(route),
          path: pathFor(route, knownIds, tame),
          query: queryFor(route, tame),
          key: tame ? fc.constantFrom(...keys.slice(0, 5)) : fc.constantFrom(...keys),
          idempotencyKey: sometimes(tame ? fc.uuid() : fc.oneof(fc.uuid(), hostileString), 3),
          body:
            route.url === '/platform/whatsapp/webhook'
              ? webhookBody(h.deps.secrets.appSecret)
              : fc.oneof(
                  {
                    weight: 6,
                    arbitrary: fromSchema(route.schema.body as Schema | undefined, tame).map((b) => ({
                      type: 'application/json',
                      payload: JSON.stringify(b),
                    })),
                  },
                  {
                    weight: 1,
                    arbitrary: fc
                      .string({ unit: 'binary', maxLength: 200 })
                      .map((t) => ({ type: 'application/json', payload: t })),
                  },
                  {
                    weight: 1,
                    arbitrary: fc
                      .constantFrom(
                        'multipart/form-data',
                        'multipart/form-data; boundary=x',
                        'text/plain',
                        'application/x-www-form-urlencoded',
                        'application/json; charset=latin1',
                      )
                      .map((type) => ({
                        type,
                        payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a"\r\n\r\nabc',
                      })),
                  },
                ),
        }),
      );
    let count = 0;
    const statuses = new Map<number, number>();
    const perRoute: Record<string, Record<number, number>> = {};
    await fc.assert(
      fc.asyncProperty(request, async (r) => {
        count++;
        const method = r.route.method;
        const withBody = method !== 'GET' && method !== 'HEAD' && method !== 'DELETE';
        const headers: Record<string, string> = {};
        if (r.key !== undefined) headers['x-api-key'] = r.key;
        if (r.idempotencyKey !== undefined) headers['idempotency-key'] = r.idempotencyKey.replace(/[\r\n]/g, '');
        if (withBody) headers['content-type'] = r.body.type;
        const signature = (r.body as { signature?: string }).signature;
        if (signature) headers['x-hub-signature-256'] = signature;
        const started = Date.now();
        const res = await h.app.inject({
          method: method as 'GET',
          url: `${r.path}${r.query}`,
          headers,
          ...(withBody ? { payload: r.body.payload } : {}),
        });
        const ms = Date.now() - started;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const tally = (perRoute[`${method} ${r.route.url}`] ??= {});
        tally[res.statusCode] = (tally[res.statusCode] ?? 0) + 1;
        const where = `${method} ${r.path}${r.query} → ${res.statusCode} ${res.body.slice(0, 300)}`;
        assert.ok(res.statusCode < 500, where);
        assert.ok(res.rawPayload.length <= MAX_ANSWER_BYTES, `${where}: ${res.rawPayload.length} bytes`);
        assert.ok(ms <= MAX_ANSWER_MS, `${where}: ${ms} ms`);
        if (res.statusCode >= 400 && method !== 'HEAD') {
          assert.ok(res.rawPayload.length <= MAX_ERROR_BYTES, `${where}: ${res.rawPayload.length} bytes`);
          const body = JSON.parse(res.body);
          assert.ok((ERROR_CODES as readonly string[]).includes(body.error?.code), where);
          assert.equal(typeof body.error.message, 'string', where);
          assert.equal(body.error.requestId, res.headers['x-request-id'], where);
        }
      }),
      {
        seed: SEED,
        numRuns: 1_000_000,
        interruptAfterTimeLimit: SECONDS * 1000,
        markInterruptAsFailure: false,
        endOnFailure: true,
      },
    );
    assert.ok(count > 200, `only ${count} requests in ${SECONDS} s`);
    console.log(`fuzz: ${count} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    if (process.env.FUZZ_VERBOSE)
      for (const [route, tally] of Object.entries(perRoute).sort()) console.log(`  ${route} ${JSON.stringify(tally)}`);
  });

  it(`answers oversized rich sends with a small error, on live and test keys (seed ${SEED})`, async () => {
    const statuses = new Map<number, number>();
    let count = 0;
    await fc.assert(
      fc.asyncProperty(oversizedRichSend(knownIds[0]!), fc.constantFrom(...keys.slice(0, 5)), async (payload, key) => {
        count++;
        const started = Date.now();
        const res = await h.app.inject({
          method: 'POST',
          url: '/v1/messages/',
          headers: { 'x-api-key': key!, 'content-type': 'application/json' },
          payload,
        });
        const ms = Date.now() - started;
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const where = `${payload.length} bytes ${payload.slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
        assert.ok(res.statusCode < 500, where);
        assert.ok(ms <= MAX_ANSWER_MS, `${where}: ${ms} ms`);
        if (res.statusCode >= 400) {
          assert.ok(res.rawPayload.length <= MAX_ERROR_BYTES, `${where}: ${res.rawPayload.length} bytes`);
          assert.ok((JSON.parse(res.body).error.issues?.length ?? 0) <= 100, where);
        }
      }),
      {
        seed: SEED,
        numRuns: 100_000,
        interruptAfterTimeLimit: (SECONDS * 1000) / 2,
        markInterruptAsFailure: false,
        endOnFailure: true,
      },
    );
    assert.ok(count > 20, `only ${count} oversized sends`);
    console.log(
      `fuzz, oversized rich sends: ${count} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
    );
  });
});
