/**
 * Prometheus metrics (issue 14, item 2): `GET /metrics` served off the public API, scraped and
 * parsed strictly (test/prometheus-text.ts) after real traffic: sends through the dispatcher to
 * the simulator over HTTP, the simulator's signed webhooks, event deliveries to a receiver.
 * Values are compared between two scrapes, so what other work did before does not matter.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sentText, dispatched } from './factories.js';
import { freshDatabase } from './database.js';
import { startHarness, type Harness } from './harness.js';
import { eventually, fixture, ROOT, valueOf } from './helpers.js';
import { freePort, startFirstRun } from './process.js';
import { Scrape } from './prometheus-text.js';
import { ALLOW_PRIVATE, FAST_POLICY, startReceiver, type Receiver } from './receiver.js';

const TOKEN = 'scrape-token-5f2c9d0e8b7a4361';

/** Every metric name the Grafana dashboard's queries and variables use (`tidings_…`, `process_…`, `nodejs_…`). */
function dashboardMetricNames(): string[] {
  const dashboard = JSON.parse(fs.readFileSync(path.join(ROOT, 'docs/grafana-dashboard.json'), 'utf8'));
  const exprs: string[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if ((k === 'expr' || k === 'definition') && typeof v === 'string') exprs.push(v);
        else walk(v);
      }
    }
  };
  walk(dashboard);
  assert.ok(exprs.length >= 15, `${exprs.length} queries in the dashboard`);
  return [...new Set(exprs.flatMap((e) => e.match(/\b(?:tidings|process|nodejs)_[a-zA-Z0-9_]+/g) ?? []))].sort();
}

/** Scrapes the harness's main port with the token, and parses the exposition. */
async function scrapeOf(h: Harness): Promise<Scrape> {
  const res = await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  assert.equal(res.statusCode, 200, res.body);
  assert.match(String(res.headers['content-type']), /^text\/plain; version=0\.0\.4/);
  return new Scrape(res.body);
}

describe('GET /metrics on the main port, with METRICS_TOKEN', () => {
  let h: Harness;
  let receiver: Receiver;
  before(async () => {
    h = await startHarness({ env: { METRICS_TOKEN: TOKEN, ...ALLOW_PRIVATE }, deps: { deliveryPolicy: FAST_POLICY } });
    receiver = await startReceiver();
  });
  after(async () => {
    await receiver.close();
    await h.close();
  });

  const scrape = () => scrapeOf(h);
  const live = () => ({ phone_number_id: h.account.phoneNumberId, mode: 'live' });

  it('refuses a scrape without the token or with another one: 401 in the error envelope', async () => {
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
    const doc = (await h.api('GET', '/v1/openapi.json', { key: null })).body;
    assert.deepEqual(
      Object.keys(doc.paths).filter((p) => p.includes('metrics')),
      [],
    );
  });
});

// A service of its own, where nothing else posts webhooks: the simulator's statuses for the
// other tests' sends would arrive at any time.
describe('webhook intake metrics', () => {
  let h: Harness;
  before(async () => {
    h = await startHarness({ env: { METRICS_TOKEN: TOKEN } });
  });
  after(() => h.close());
  const scrape = () => scrapeOf(h);

  it('counts platform webhooks by outcome, and the updates each accepted one carried', async () => {
    const before = await scrape();
    await h.customerWrites('16505550103', 'Hi'); // signed by the simulator, over HTTP
    const statuses = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'waba',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550000000', phone_number_id: h.account.phoneNumberId },
                statuses: ['a', 'b', 'c'].map((x) => ({
                  id: `wamid.unknown-${x}`,
                  status: 'delivered',
                  timestamp: '1750000000',
                  recipient_id: '16505550103',
                })),
              },
            },
          ],
        },
      ],
    };
    assert.equal((await h.platformWebhook(statuses)).status, 200);
    assert.equal((await h.platformWebhook(statuses, 'not-the-app-secret')).status, 401);
    assert.equal((await h.platformWebhook('{not json')).status, 400);
    assert.equal((await h.platformWebhook({ object: 'page', entry: [] })).status, 400);
    const after = await scrape();
    const delta = (name: string, labels: Record<string, string> = {}) =>
      after.sum(name, labels) - before.sum(name, labels);

    assert.equal(delta('tidings_webhook_intake_requests_total', { outcome: 'accepted' }), 2);
    assert.equal(delta('tidings_webhook_intake_requests_total', { outcome: 'signature_refused' }), 1);
    assert.equal(delta('tidings_webhook_intake_requests_total', { outcome: 'invalid' }), 2);
    assert.equal(delta('tidings_webhook_intake_batch_updates_count'), 2);
    assert.equal(delta('tidings_webhook_intake_batch_updates_sum'), 1 + 3);
    assert.equal(delta('tidings_webhook_intake_batch_updates_bucket', { le: '2' }), 1, "the customer's message alone");
  });

  it('counts a batch signed by an app that does not cover its account as tenant_refused', async () => {
    // An account on an app secret of its own: that secret speaks for it alone (webhook-tenants.test.ts).
    const secret = 'app-secret-of-another-tenant';
    await h.deps.accounts.createAccount({
      name: 'Tenant',
      wabaId: '9740000000000004',
      phoneNumberId: '740000000000004',
      phoneNumber: '+15550000004',
      accessToken: 'token-tenant',
      appSecret: secret,
    });
    const before = await scrape();
    // Under the tenant's own WABA (its secret verifies), naming another account's number.
    const batch = fixture('webhook-inbound-text.json');
    batch.entry[0].id = '9740000000000004';
    valueOf(batch).metadata.phone_number_id = h.account.phoneNumberId;
    assert.equal((await h.platformWebhook(batch, secret)).status, 401);
    const after = await scrape();
    const delta = (outcome: string) =>
      after.sum('tidings_webhook_intake_requests_total', { outcome }) -
      before.sum('tidings_webhook_intake_requests_total', { outcome });
    assert.deepEqual([delta('tenant_refused'), delta('signature_refused'), delta('accepted')], [1, 0, 0]);
  });
});

describe('GET /metrics without a metrics setting', () => {
  it('answers 404 route_not_found', async () => {
    const h = await startHarness();
    try {
      const res = await h.api('GET', '/metrics', { key: null, headers: { authorization: `Bearer ${TOKEN}` } });
      assert.deepEqual([res.status, res.body.error.code], [404, 'route_not_found']);
    } finally {
      await h.close();
    }
  });
});

describe('GET /metrics with METRICS_PORT (the service as a process)', () => {
  it('serves /metrics on its own port with the token, and the main port answers 404', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-metrics-'));
    const metricsPort = await freePort();
    const run = await startFirstRun({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      METRICS_PORT: String(metricsPort),
      METRICS_TOKEN: TOKEN,
      ...(await freshDatabase()).env,
    });
    try {
      const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
      assert.match(run.service.output(), new RegExp(`Metrics: http://localhost:${metricsPort}/metrics`));
      const main = await fetch(`${run.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      assert.equal(main.status, 404);
      assert.equal(((await main.json()) as { error: { code: string } }).error.code, 'route_not_found');

      const refused = await fetch(metricsUrl);
      assert.equal(refused.status, 401);
      const send = await fetch(`${run.url}/v1/messages`, {
        method: 'POST',
        headers: { 'x-api-key': run.liveKey, 'content-type': 'application/json' },
        body: JSON.stringify({ to: '+16505550109', type: 'text', text: 'Hi' }),
      });
      const res = await fetch(metricsUrl, { headers: { authorization: `Bearer ${TOKEN}` } });
      assert.equal(res.status, 200);
      const s = new Scrape(await res.text());
      assert.equal(
        s.sum('tidings_http_requests_total', { route: '/v1/messages', method: 'POST', status: String(send.status) }),
        1,
      );
      assert.ok(s.has('tidings_send_queue_depth'));
      assert.ok(s.one('process_cpu_user_seconds_total') > 0);
      assert.equal(
        (await fetch(`http://127.0.0.1:${metricsPort}/v1/messages`)).status,
        404,
        'the metrics port serves nothing else',
      );
    } finally {
      await run.service.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
