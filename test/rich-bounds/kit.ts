/**
 * What the cases of rich-bounds.test.ts share: the bounds an answer keeps, JSON written the
 * costliest way, texts counted in UTF-16 code units, a send posted and the refusal it gets, and the
 * service's own count of the JSON bodies it parsed (`tidings_json_bodies_total`).
 */
import assert from 'node:assert/strict';
import type { Harness } from '../harness.js';

export const CUSTOMER = '+16505551234';
/** The most an error answer may take, whatever the body. */
export const ANSWER_MAX_BYTES = 64 * 1024;
/** The most issues an answer lists (docs/api.md §7.1). */
export const ISSUES_MAX = 100;
/** The most one message of the largest kind may take in an event's JSON (docs/api.md §D15). */
export const EVENT_MAX_BYTES = 48 * 1024;

/** JSON as Python's `json.dumps` writes it by default: every character past ASCII as `\uXXXX`, the costliest form a body takes. */
export const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
/** `n` UTF-16 code units of text in a script that JSON escapes (`ж`), starting with `tag` so values differ. */
export const text = (n: number, tag = '') => (tag + 'ж'.repeat(n)).slice(0, n);
export const thumbs = (n: number) => '👍'.repeat(n);

/** POST /v1/messages/ with `body` (a string as it is, else as JSON) on `key` (the live key by default). */
export async function post(h: Harness, body: unknown, key = h.account.liveKey) {
  const payload = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await h.app.inject({
    method: 'POST',
    url: '/v1/messages/',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    payload,
  });
  return {
    status: res.statusCode,
    bytes: res.rawPayload.length,
    body: JSON.parse(res.body),
    sent: Buffer.byteLength(payload),
  };
}
export type Posted = Awaited<ReturnType<typeof post>>;

/** A refusal: 400, small, with at most ISSUES_MAX issues. */
export function refused(res: Posted, what: string): void {
  assert.equal(res.status, 400, `${what}: ${JSON.stringify(res.body).slice(0, 300)}`);
  assert.ok(res.bytes < ANSWER_MAX_BYTES, `${what}: an answer of ${res.bytes} bytes`);
  const issues = (res.body.error.issues ?? []).length;
  assert.ok(issues <= ISSUES_MAX, `${what}: ${issues} issues`);
}

/** The issues of a refusal, as `code field`. */
export const fields = (res: Posted) =>
  (res.body.error.issues as { code: string; field: string }[]).map((i) => `${i.code} ${i.field}`);

/** The service's count of JSON bodies so far, by outcome: `parsed`, `over_budget` (refused unparsed). */
async function jsonBodies(h: Harness): Promise<{ parsed: number; overBudget: number }> {
  const metric = await h.deps.metrics.registry.getSingleMetric('tidings_json_bodies_total')!.get();
  const of = (outcome: string) => metric.values.find((v) => v.labels.outcome === outcome)?.value ?? 0;
  return { parsed: of('parsed'), overBudget: of('over_budget') };
}

/**
 * What `work` cost the service in JSON bodies: how many it parsed (and then validated), and how
 * many it refused unparsed, over the value budget (http/body-budget.ts). A body over the size limit
 * counts in neither: it is refused before it is read.
 */
export async function bodiesDuring<T>(
  h: Harness,
  work: () => Promise<T>,
): Promise<{ result: T; parsed: number; overBudget: number }> {
  const before = await jsonBodies(h);
  const result = await work();
  const after = await jsonBodies(h);
  return { result, parsed: after.parsed - before.parsed, overBudget: after.overBudget - before.overBudget };
}

/**
 * Twenty copies of `payload` at once on a test key, and /health after them: each refused, /health
 * answering, and what the twenty cost in JSON bodies parsed and refused unparsed (`expected`).
 */
export async function twentyAtOnce(
  h: Harness,
  payload: string,
  expected: { parsed: number; overBudget: number },
): Promise<void> {
  const { result, parsed, overBudget } = await bodiesDuring(h, async () => {
    const storms = Array.from({ length: 20 }, () => post(h, payload, h.account.testKey));
    const health = h.app.inject({ method: 'GET', url: '/health' });
    return { storms: await Promise.all(storms), health: await health };
  });
  for (const res of result.storms) refused(res, 'one of twenty');
  assert.equal(result.health.statusCode, 200);
  assert.deepEqual({ parsed, overBudget }, expected, 'JSON bodies the twenty cost');
}
