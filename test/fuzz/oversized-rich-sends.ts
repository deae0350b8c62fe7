/**
 * Rich sends bent out of all proportion (thousands of items, megabyte strings, values nested
 * thousands deep), on live and test keys: each answered with a small error, never a 5xx.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import fc from 'fast-check';
import { MAX_ANSWER_MS, MAX_ERROR_BYTES, SEED, SECONDS, type FuzzScope } from './kit.js';

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

/** The oversized rich sends, on the harness and the keys and message id the entry made. */
export function oversizedRichSendCases(scope: () => FuzzScope): void {
  it(`answers oversized rich sends with a small error, on live and test keys (seed ${SEED})`, async () => {
    const { h, knownIds, keys } = scope();
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
}
