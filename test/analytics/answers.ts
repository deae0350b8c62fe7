/**
 * What GET /v1/analytics/messages answers: CSV with Accept: text/csv (the same figures as JSON) and
 * an estimated cost from a price table; a test key's messages in its own mode; a bad range or
 * grouping refused, an empty range answered with zeros.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { Message } from '../../src/messages/schemas/message.schemas.js';
import { approvedTemplate } from '../factories.js';
import { startHarness } from '../harness.js';
import { eventually } from '../helpers.js';
import { analytics, sendTemplates, pick } from './kit.js';

export function answerCases(): void {
  describe('the answer', () => {
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
          // A status may overtake the one carrying its pricing (a read before its delivered): the
          // count of billable messages can follow the count of delivered ones by a webhook.
          return body.total.delivered === 3 && body.total.billable === 3 && body;
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
            body: { to, type: 'template', templateId: template.id, variables: { '1': '1042' } },
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
}
