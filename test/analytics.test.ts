/**
 * Delivery and cost analytics (docs/api.md §D22): the platform's pricing kept on each message, and
 * `GET /v1/analytics/messages` from the maintained aggregates: each message counted once per step
 * it reached whatever the order and repetition of its reports, across a fold and across processes,
 * by each grouping, as CSV, and with an estimated cost from a price table.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import { foldStatChanges } from '../src/analytics/stats-fold.js';
import { hubSignature } from '../src/lib/crypto.js';
import type { Message } from '../src/messages/schemas/message.schemas.js';
import { approvedTemplate, dispatched } from './factories.js';
import { DIALECT } from './database.js';
import { startHarness, type Harness } from './harness.js';
import { eventually, fixture } from './helpers.js';

/** The first status item of a fixture, as a template for our own reports. */
const statusItem = (name: string) => fixture(name).entry[0].changes[0].value.statuses[0];

/** A status webhook for the harness's number, of these status items. */
function statusHook(h: Harness, statuses: object[]): object {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: h.account.phoneNumberId },
              statuses,
            },
          },
        ],
      },
    ],
  };
}

/** A status item for `wamid` at second `at` (Unix), priced as a utility template unless `pricing` says otherwise. */
function report(wamid: string, status: string, at: number, extra: Record<string, unknown> = {}): object {
  const base = {
    ...statusItem('webhook-status-sent.json'),
    id: wamid,
    status,
    timestamp: String(at),
    recipient_id: '16505550100',
  };
  delete (base as { conversation?: unknown }).conversation;
  return { ...base, pricing: { billable: true, pricing_model: 'PMP', type: 'regular', category: 'utility' }, ...extra };
}

async function analytics(h: Harness, query: string, key = h.account.liveKey, headers: Record<string, string> = {}) {
  const res = await h.api('GET', `/v1/analytics/messages?${query}`, { key, headers });
  assert.equal(res.status, 200, res.text);
  return res;
}

/** Sends `n` template messages with the live key and waits until the platform took each: their ids and wamids. */
async function sendTemplates(
  h: Harness,
  templateId: string,
  n: number,
  first = 0,
): Promise<{ id: string; wamid: string }[]> {
  const out: { id: string; wamid: string }[] = [];
  for (let i = first; i < first + n; i++) {
    const res = await h.api<Message>('POST', '/v1/messages', {
      body: { to: `+1650555${String(100 + i).padStart(4, '0')}`, type: 'template', templateId },
    });
    assert.equal(res.status, 201, res.text);
    out.push({ id: res.body.id, wamid: (await dispatched(h, res.body.id)).platformMessageId! });
  }
  return out;
}

/** A shuffle that is the same on every run (a linear congruential generator). */
function shuffled<T>(items: T[], seed = 7): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

describe('message analytics', () => {
  it('keeps the platform pricing of status reports (the fixtures) on the message and in its events', async () => {
    const h = await startHarness();
    try {
      await h.simulatorConfig({ delivery: 'manual' });
      const template = await approvedTemplate(h, {
        name: 'pricing_kept',
        body: 'Your order {{1}} shipped.',
        variables: [{ example: '1042' }],
      });
      const [m] = await sendTemplates(h, template.id, 1);
      const now = Math.floor(Date.now() / 1000);
      // As Meta sends them: pricing on `sent` (webhook-status-sent.json: PMP, regular, marketing) and
      // again on `delivered` (webhook-status-delivered.json's older CBP shape: no `type`).
      const sent = { ...statusItem('webhook-status-sent.json'), id: m!.wamid, timestamp: String(now) };
      const delivered = { ...statusItem('webhook-status-delivered.json'), id: m!.wamid, timestamp: String(now + 1) };
      assert.equal((await h.platformWebhook(statusHook(h, [sent]))).status, 200);
      let message = (await h.api<Message>('GET', `/v1/messages/${m!.id}`)).body;
      assert.deepEqual(message.pricing, { billable: true, model: 'PMP', category: 'marketing', type: 'regular' });
      assert.equal((await h.platformWebhook(statusHook(h, [delivered]))).status, 200);
      message = (await h.api<Message>('GET', `/v1/messages/${m!.id}`)).body;
      assert.deepEqual(
        message.pricing,
        { billable: true, model: 'CBP', category: 'service', type: 'regular' },
        'the latest report stands; a field it lacks keeps its value',
      );
      const events = (await h.api('GET', '/v1/events?type=message.sent')).body.data;
      assert.deepEqual(events[0].data.object.pricing, {
        billable: true,
        model: 'PMP',
        category: 'marketing',
        type: 'regular',
      });
    } finally {
      await h.close();
    }
  });

  it('counts each message once per step it reached, whatever the order and repetition of its reports, across a fold and processes', async () => {
    const h = await startHarness();
    const peer = DIALECT === 'postgres' ? await h.startPeer() : null;
    try {
      await h.simulatorConfig({ delivery: 'manual' });
      const template = await approvedTemplate(h, {
        name: 'counted_once',
        body: 'Your order {{1}} shipped.',
        variables: [{ example: '1042' }],
      });
      const m = await sendTemplates(h, template.id, 6);
      const t = Math.floor(Date.now() / 1000);
      const failure = {
        errors: [
          {
            code: 131026,
            title: 'Message undeliverable',
            message: 'Message undeliverable',
            error_data: { details: 'Message Undeliverable.' },
          },
        ],
      };
      const reports = [
        // m0: in order. m1: read alone (delivered and read together). m2: delivered before sent.
        report(m[0]!.wamid, 'sent', t + 1),
        report(m[0]!.wamid, 'delivered', t + 3),
        report(m[0]!.wamid, 'read', t + 9),
        report(m[1]!.wamid, 'read', t + 5),
        report(m[2]!.wamid, 'delivered', t + 4),
        report(m[2]!.wamid, 'sent', t + 2),
        // m3: sent, then failed. m4: failed at once. m5: nothing yet.
        report(m[3]!.wamid, 'sent', t + 1),
        report(m[3]!.wamid, 'failed', t + 6, { ...failure, pricing: undefined }),
        report(m[4]!.wamid, 'failed', t + 1, { ...failure, pricing: undefined }),
      ];
      // Every report twice, shuffled, in webhooks of three; a fold in the middle; on PostgreSQL every
      // other webhook through a second service.
      const all = shuffled([...reports, ...reports]);
      for (let i = 0; i < all.length; i += 3) {
        const payload = statusHook(h, all.slice(i, i + 3));
        if (peer && (i / 3) % 2 === 1) {
          const raw = JSON.stringify(payload);
          const res = await peer.app.inject({
            method: 'POST',
            url: '/platform/whatsapp/webhook',
            headers: {
              'content-type': 'application/json',
              'x-hub-signature-256': hubSignature(raw, h.deps.secrets.appSecret),
            },
            payload: raw,
          });
          assert.equal(res.statusCode, 200);
        } else assert.equal((await h.platformWebhook(payload)).status, 200);
        if (i === 6) await foldStatChanges(h.deps.store);
      }
      const expected = {
        accepted: 6,
        sent: 4,
        delivered: 3,
        read: 2,
        failed: 2,
        canceled: 0,
        billable: 3,
        billableByCategory: { utility: 3 },
        deliveryRate: 0.75,
        readRate: 0.6667,
      };
      const before = (await analytics(h, '')).body;
      assert.deepEqual(pick(before.total, expected), expected);
      assert.ok(
        before.total.sentToDeliveredMs.median >= 1000 && before.total.sentToDeliveredMs.p95 <= 4000,
        JSON.stringify(before.total.sentToDeliveredMs),
      );
      // The reports applied to the messages agree with the figures.
      const statuses = await Promise.all(
        m.map(async (x) => (await h.api<Message>('GET', `/v1/messages/${x.id}`)).body.status),
      );
      assert.deepEqual(statuses, ['read', 'read', 'delivered', 'failed', 'failed', 'accepted']);
      // Folding what is left changes no figure.
      await foldStatChanges(h.deps.store);
      if (peer) await foldStatChanges(peer.deps.store);
      assert.deepEqual((await analytics(h, '')).body, before);

      const byStatus = (await analytics(h, 'groupBy=status')).body;
      assert.deepEqual(Object.fromEntries(byStatus.totals.map((r: any) => [r.group.status, r.accepted])), {
        accepted: 1,
        delivered: 1,
        failed: 2,
        read: 2,
      });
      const byError = (await analytics(h, 'groupBy=errorCode&status=failed')).body;
      assert.deepEqual(
        byError.totals.map((r: any) => [r.group.errorCode, r.failed]),
        [['131026', 2]],
      );
      const byTemplate = (await analytics(h, 'groupBy=template')).body;
      assert.deepEqual(
        byTemplate.totals.map((r: any) => [r.group.templateName, r.accepted]),
        [['counted_once', 6]],
      );
      // The test key's mode has none of it.
      assert.equal((await analytics(h, '', h.account.testKey)).body.total.accepted, 0);
    } finally {
      await peer?.close();
      await h.close();
    }
  });

  it("counts a re-categorised template's sends under the category the platform bills from the change on", async () => {
    const h = await startHarness({ simulator: { deliveryDelaysMs: { sent: 0, delivered: 0, read: 0 } } });
    try {
      const template = await approvedTemplate(h, {
        name: 'recategorised',
        body: 'Your order {{1}} shipped.',
        variables: [{ example: '1042' }],
      });
      const first = await sendTemplates(h, template.id, 2);
      await eventually(async () => (await analytics(h, '')).body.total.delivered === 2);
      // The platform re-categorises it and its webhook is lost (Tidings still reads it as utility,
      // and sends it): the platform bills those sends as marketing, and the figures say so (the
      // invoice is where peer systems' users found out: opencouncil issue 567).
      const platformId = [...h.sim.state.templates.values()].find((x) => x.name === 'recategorised')!.id;
      const res = await fetch(`${h.simUrl}/_simulator/templates/${platformId}/category`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ category: 'MARKETING', webhook: false }),
      });
      assert.equal(res.status, 200, await res.text());
      const queued = (await sendTemplates(h, template.id, 3, 20)).map((m) => m.id);
      assert.equal((await h.api('GET', `/v1/templates/${template.id}`)).body.category, 'UTILITY');
      const byCategory = await eventually(async () => {
        const body = (await analytics(h, 'groupBy=pricingCategory,template')).body;
        return body.total.delivered === 5 && body;
      });
      assert.deepEqual(
        byCategory.totals.map((r: any) => [r.group.pricingCategory, r.group.templateName, r.sent]),
        [
          ['marketing', 'recategorised', 3],
          ['utility', 'recategorised', 2],
        ],
      );
      assert.deepEqual(
        byCategory.total.billableByCategory,
        { marketing: 3, utility: 2 },
        'template sends outside the window are billable',
      );
      assert.equal((await h.api<Message>('GET', `/v1/messages/${first[0]!.id}`)).body.pricing?.category, 'utility');
      assert.equal((await h.api<Message>('GET', `/v1/messages/${queued[0]}`)).body.pricing?.category, 'marketing');
    } finally {
      await h.close();
    }
  });

  it('answers CSV with Accept: text/csv, the same figures as JSON, and an estimated cost from a price table', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-prices-'));
    const file = path.join(dir, 'prices.yaml');
    fs.writeFileSync(
      file,
      'currency: USD\nprices:\n  - { from: 2026-10-01, category: utility, market: "*", price: 0.004 }\n  - { from: 2026-10-01, category: utility, market: US, price: 0.0034 }\n  - { from: 2099-01-01, category: utility, market: US, price: 1 }\n',
    );
    const h = await startHarness({
      env: { PRICE_TABLE_FILE: file },
      simulator: { deliveryDelaysMs: { sent: 0, delivered: 0, read: 0 } },
    });
    try {
      const template = await approvedTemplate(h, {
        name: 'priced',
        body: 'Your order {{1}} shipped.',
        variables: [{ example: '1042' }],
      });
      await sendTemplates(h, template.id, 3);
      const json = await eventually(async () => {
        const body = (await analytics(h, 'granularity=hour&groupBy=template,country')).body;
        return body.total.delivered === 3 && body;
      });
      assert.deepEqual(
        json.total.estimatedCost,
        { currency: 'USD', amount: '0.0102', estimate: true },
        '3 × 0.0034 (the US price in force today)',
      );
      assert.equal(json.data[0].group.country, 'US');
      const csv = await analytics(h, 'granularity=hour&groupBy=template,country', h.account.liveKey, {
        accept: 'text/csv',
      });
      assert.match(String(csv.headers['content-type']), /^text\/csv/);
      const rows = parse(csv.text, { columns: true }) as Record<string, string>[];
      assert.equal(rows.length, json.data.length);
      assert.deepEqual(
        {
          start: rows[0]!.start,
          template: rows[0]!.template_name,
          sent: rows[0]!.sent,
          delivered: rows[0]!.delivered,
          billable: rows[0]!.billable_utility,
          cost: rows[0]!.estimated_cost,
        },
        { start: json.data[0].start, template: 'priced', sent: '3', delivered: '3', billable: '3', cost: '0.0102' },
      );
    } finally {
      await h.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("counts a test key's messages in its own mode, priced as the platform would price them", async () => {
    const h = await startHarness();
    try {
      const key = h.account.testKey;
      const template = await approvedTemplate(h, {
        name: 'test_mode_priced',
        body: 'Your order {{1}} shipped.',
        variables: [{ example: '1042' }],
      });
      for (const to of ['+16505550300', '+16505550001']) {
        const res = await h.api<Message>('POST', '/v1/messages', {
          key,
          body: { to, type: 'template', templateId: template.id },
        });
        assert.equal(res.status, 201, res.text);
      }
      // A recipient ending 0001 fails with 131026 in test mode.
      const body = await eventually(async () => {
        const b = (await analytics(h, 'groupBy=type,errorCode', key)).body;
        return b.total.delivered === 1 && b.total.failed === 1 && b;
      });
      assert.deepEqual(pick(body.total, { accepted: 2, sent: 1, billable: 1, billableByCategory: { utility: 1 } }), {
        accepted: 2,
        sent: 1,
        billable: 1,
        billableByCategory: { utility: 1 },
      });
      const failed = body.totals.find((r: any) => r.group.errorCode === '131026');
      assert.equal(failed.group.type, 'template');
      assert.ok(failed.group.errorTitle && failed.group.errorAction, 'the code is explained');
      assert.equal((await analytics(h, '')).body.total.accepted, 0, 'the live mode has none of it');
    } finally {
      await h.close();
    }
  });

  it('refuses a bad range or grouping with parameter_invalid, and answers an empty range with zeros', async () => {
    const h = await startHarness();
    try {
      for (const [query, param] of [
        ['from=yesterday', 'from'],
        ['from=2026-11-10&to=2026-11-01', 'from'],
        ['granularity=hour&from=2026-01-01&to=2026-03-01', 'from'],
        ['groupBy=template,colour', 'groupBy'],
      ] as const) {
        const res = await h.api('GET', `/v1/analytics/messages?${query}`);
        assert.equal(res.status, 400, query);
        assert.equal(res.body.error.code, 'parameter_invalid', query);
        assert.equal(res.body.error.param, param, query);
      }
      const empty = (await analytics(h, 'from=2026-11-01&to=2026-11-08&groupBy=template')).body;
      assert.deepEqual(
        {
          from: empty.from,
          to: empty.to,
          data: empty.data,
          totals: empty.totals,
          accepted: empty.total.accepted,
          rate: empty.total.deliveryRate,
        },
        {
          from: '2026-11-01T00:00:00.000Z',
          to: '2026-11-08T00:00:00.000Z',
          data: [],
          totals: [],
          accepted: 0,
          rate: null,
        },
      );
    } finally {
      await h.close();
    }
  });
});

function pick(figures: Record<string, unknown>, like: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.keys(like).map((k) => [k, figures[k]]));
}
