/**
 * Every registered route fuzzed (security issue 10): half the requests tame, half wild, platform
 * webhooks bent from real payloads; never a 5xx, every error in the envelope, every answer bounded.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { it } from 'node:test';
import fc from 'fast-check';
import { ERROR_CODES } from '../../src/errors.js';
import { hubSignature } from '../../src/lib/crypto.js';
import { FIXTURES, fixture } from '../helpers.js';
import {
  fromSchema,
  hostileString,
  MAX_ANSWER_BYTES,
  MAX_ANSWER_MS,
  MAX_ERROR_BYTES,
  pathFor,
  queryFor,
  SECONDS,
  SEED,
  sometimes,
  type FuzzScope,
  type Schema,
} from './kit.js';

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

/** The fuzz of every route, on the harness and the keys and ids the entry made. */
export function everyRouteCases(scope: () => FuzzScope): void {
  it(`answers every request within bounds, never with a 5xx (seed ${SEED}, ${SECONDS} s)`, async () => {
    const { h, knownIds, keys } = scope();
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
        // The Cloud API facade takes the key as Graph takes a token (docs/api.md §D34).
        // (A path with `..` may leave /graph once resolved: then the service's own 404 answers it.)
        const graph = new URL(r.path, 'http://x').pathname.startsWith('/graph/');
        if (r.key !== undefined) headers[graph ? 'authorization' : 'x-api-key'] = graph ? `Bearer ${r.key}` : r.key;
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
          assert.equal(typeof body.error?.message, 'string', where);
          if (graph) {
            // Meta's envelope: a numeric code, its type, a trace id.
            assert.ok(Number.isSafeInteger(body.error.code), where);
            assert.equal(typeof body.error.type, 'string', where);
            assert.equal(typeof body.error.fbtrace_id, 'string', where);
          } else {
            assert.ok((ERROR_CODES as readonly string[]).includes(body.error?.code), where);
            assert.equal(body.error.requestId, res.headers['x-request-id'], where);
          }
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
}
