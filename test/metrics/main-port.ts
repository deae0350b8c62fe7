/**
 * `GET /metrics` on the main port with METRICS_TOKEN: refused without the token, the counters after
 * real sends, a number's queue while it waits and drains, every metric the Grafana dashboard
 * queries, and nothing of it in the OpenAPI document.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Harness } from '../harness.js';
import { eventually } from '../helpers.js';
import { dispatched, sentText } from '../factories.js';
import type { Receiver } from '../receiver.js';
import { dashboardMetricNames, scrapeOf, TOKEN } from './kit.js';

/** The harness (its METRICS_TOKEN set), and a receiver for event deliveries. */
export interface MainPortScope {
  h: Harness;
  receiver: Receiver;
}

export function mainPortCases(scope: () => MainPortScope): void {
  const scrape = () => scrapeOf(scope().h);
  const live = () => ({ phone_number_id: scope().h.account.phoneNumberId, mode: 'live' });

  it('refuses a scrape without the token or with another one: 401 in the error envelope', async () => {
    const { h } = scope();
    const missing = await h.api('GET', '/metrics', { key: null });
    assert.deepEqual([missing.status, missing.body.error.code], [401, 'api_key_missing']);
    for (const authorization of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, TOKEN]) {
      const res = await h.api('GET', '/metrics', { key: null, headers: { authorization } });
      assert.equal(res.status, 401, authorization);
      assert.match(res.body.error.code, /^api_key_(missing|invalid)$/);
      assert.ok(!res.text.includes('tidings_'), 'no metric leaks with a refusal');
    }
    const ok = await h.api('GET', '/metrics', { key: null, headers: { authorization: `bearer ${TOKEN}` } });
    assert.equal(ok.status, 200);
  });

  it('counts sends end to end: requests by route and status, dispatch outcomes, platform calls, event deliveries, jobs', async () => {
    const { h, receiver } = scope();
    const endpoint = await h.api('POST', '/v1/webhook_endpoints', {
      body: { url: receiver.url, events: ['message.sent'] },
    });
    assert.equal(endpoint.status, 201, endpoint.text);
    receiver.secrets = [endpoint.body.secret];
    receiver.script = [500]; // the first delivery is refused once, then delivered
    const to = '+16505550101';
    await h.customerWrites(to.slice(1));
    const before = await scrape();

    const SENDS = 3;
    const ids = [];
    for (let i = 0; i < SENDS; i++) ids.push((await sentText(h, to, `Order ${i} shipped.`)).id);
    for (const id of ids) assert.notEqual((await dispatched(h, id)).platformMessageId, null);
    await eventually(async () => receiver.succeeded().size >= SENDS && true);
    const after = await eventually(async () => {
      const s = await scrape();
      const grew = (name: string, labels: Record<string, string>, by: number) =>
        s.sum(name, labels) - before.sum(name, labels) >= by;
      // A job is counted once its runner settles it, a moment after the attempt it ran is counted.
      return (
        grew('tidings_event_delivery_attempts_total', { outcome: 'succeeded' }, SENDS) &&
        grew('tidings_jobs_total', { queue: 'events.deliver', outcome: 'completed' }, SENDS + 1) &&
        s
      );
    });
    const delta = (name: string, labels: Record<string, string> = {}) =>
      after.sum(name, labels) - before.sum(name, labels);

    assert.equal(delta('tidings_http_requests_total', { route: '/v1/messages', method: 'POST', status: '201' }), SENDS);
    assert.equal(
      delta('tidings_http_request_duration_seconds_count', { route: '/v1/messages', method: 'POST' }),
      SENDS,
    );
    assert.ok(
      after.one('tidings_http_request_duration_seconds_bucket', {
        route: '/v1/messages',
        method: 'POST',
        le: '+Inf',
      }) >= SENDS,
    );
    // Route patterns, never raw URLs: a message's own URL is counted under its pattern.
    await h.api('GET', `/v1/messages/${ids[0]}`);
    const byPattern = await scrape();
    assert.ok(
      byPattern.sum('tidings_http_requests_total', { route: '/v1/messages/:id', method: 'GET', status: '200' }) >= 1,
    );
    assert.equal(
      byPattern.samples('tidings_http_requests_total').filter((s) => s.labels.route!.includes('msg_')).length,
      0,
    );

    assert.equal(delta('tidings_dispatch_outcomes_total', { ...live(), outcome: 'sent' }), SENDS);
    assert.ok(delta('tidings_platform_calls_total', { operation: 'send_message', outcome: 'ok' }) >= SENDS);
    assert.ok(
      delta('tidings_platform_call_duration_seconds_count', { operation: 'send_message', outcome: 'ok' }) >= SENDS,
    );
    assert.equal(delta('tidings_event_delivery_attempts_total', { outcome: 'rejected' }), 1);
    assert.equal(delta('tidings_event_delivery_attempts_total', { outcome: 'succeeded' }), SENDS);
    assert.equal(delta('tidings_event_delivery_lag_seconds_count'), SENDS);
    assert.ok(delta('tidings_jobs_total', { queue: 'events.deliver', outcome: 'completed' }) >= SENDS + 1);
    assert.ok(after.one('tidings_db_pool_connections') >= 1);
    // Every statement is counted by the work that ran it: each send stored its message, the
    // dispatcher and the delivery jobs ran their own.
    assert.ok(delta('tidings_db_statements_total', { work: 'POST /v1/messages', kind: 'insert' }) >= SENDS);
    assert.ok(
      delta('tidings_db_rows_total', { work: 'POST /v1/messages' }) >= SENDS,
      'the key and the template were read',
    );
    assert.ok(delta('tidings_db_statements_total', { work: 'dispatch' }) >= SENDS);
    assert.ok(delta('tidings_db_statements_total', { work: 'job:events.deliver' }) >= SENDS);
    assert.ok(
      delta('tidings_db_statements_total', { work: 'POST /platform/whatsapp/webhook', kind: 'update' }) >= SENDS,
      'the statuses came back',
    );
    assert.equal(after.sum('tidings_metrics_collect_errors_total'), 0, 'every scrape-time source was read');
    assert.ok(
      after.one('tidings_job_queue_depth', { queue: 'events.deliver' }) >= 0,
      'every registered queue has a depth',
    );
    assert.ok(after.one('process_resident_memory_bytes') > 0, 'the process metrics are collected');
  });

  it("shows a number's queue depth and oldest age while its queue waits, its pace, and the queue draining", async () => {
    const { h } = scope();
    const to = '+16505550102';
    await h.customerWrites(to.slice(1));
    const before = await scrape();
    assert.equal(before.one('tidings_send_queue_depth', live()), 0);
    assert.equal(before.one('tidings_send_queue_depth', { ...live(), mode: 'test' }), 0);

    await h.deps.dispatcher.stop(); // the queue fills while no process dispatches
    let ids: string[];
    try {
      ids = [(await sentText(h, to, 'One')).id, (await sentText(h, to, 'Two')).id];
      const waiting = await scrape();
      assert.equal(waiting.one('tidings_send_queue_depth', live()), 2);
      const age = waiting.one('tidings_send_queue_oldest_age_seconds', live());
      assert.ok(age > 0 && age < 60, `oldest age ${age} s`);
      const phone = (await h.api('GET', '/v1/phone_numbers')).body.data.find(
        (n: { phoneNumberId: string }) => n.phoneNumberId === h.account.phoneNumberId,
      );
      assert.equal(phone.queued, 2, JSON.stringify(phone));
      assert.ok(
        Math.abs(waiting.one('tidings_send_pace_messages_per_second', live()) - phone.pace) < 0.1,
        `pace ${phone.pace}`,
      );
    } finally {
      h.deps.dispatcher.start();
    }
    for (const id of ids) await dispatched(h, id);
    const drained = await scrape();
    assert.equal(drained.one('tidings_send_queue_depth', live()), 0);
    assert.equal(drained.one('tidings_send_queue_oldest_age_seconds', live()), 0);
    assert.equal(
      drained.sum('tidings_dispatch_outcomes_total', { ...live(), outcome: 'sent' }) -
        before.sum('tidings_dispatch_outcomes_total', { ...live(), outcome: 'sent' }),
      2,
    );
  });

  it('serves every metric the Grafana dashboard (docs/grafana-dashboard.json) queries', async () => {
    const s = await scrape();
    const missing = dashboardMetricNames().filter((name) => !s.has(name));
    assert.deepEqual(missing, []);
  });

  it('keeps /metrics out of the OpenAPI document', async () => {
    const { h } = scope();
    const doc = (await h.api('GET', '/v1/openapi.json', { key: null })).body;
    assert.deepEqual(
      Object.keys(doc.paths).filter((p) => p.includes('metrics')),
      [],
    );
  });
}
