/**
 * The analytics CSV opened in a spreadsheet (issue 38 finding 13): a text cell that starts as a
 * formula would (`=`, `+`, `-`, `@`, a tab, a carriage return: OWASP "CSV Injection") is written
 * with a leading `'`; numbers and other text are written as they are.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parse } from 'csv-parse/sync';
import type { AnalyticsResult } from '../../src/analytics/analytics.schemas.js';
import { MessageAnalytics } from '../../src/analytics/message-analytics.js';

const FIGURES = {
  accepted: 1,
  sent: 1,
  delivered: 0,
  read: 0,
  failed: 1,
  canceled: 0,
  billable: 0,
  billableByCategory: {},
  deliveryRate: 0,
  readRate: null,
  acceptedToSentMs: null,
  sentToDeliveredMs: null,
  estimatedCost: null,
};

export function csvCases(): void {
  describe('the CSV in a spreadsheet', () => {
    it('neutralises cells a spreadsheet would run as a formula, and leaves the rest as they are', () => {
      const texts = [
        '=HYPERLINK("http://x","y")',
        '+1+1',
        '-2+3',
        '@SUM(A1)',
        '\t=1',
        '\r=1',
        'order_update',
        '131026',
      ];
      const result: AnalyticsResult = {
        from: '2026-11-20T00:00:00.000Z',
        to: '2026-11-21T00:00:00.000Z',
        granularity: 'day',
        timeZone: 'UTC',
        groupBy: ['template'],
        data: texts.map((text) => ({
          start: '2026-11-20T00:00:00.000Z',
          group: { templateId: 'tpl_x', templateName: text },
          ...FIGURES,
        })),
        totals: [],
        total: FIGURES,
        metaAgent: { replies: 0, delivered: 0, read: 0, failed: 0 },
      };
      const rows = parse(MessageAnalytics.csv(result), { columns: true, relax_quotes: true }) as Record<
        string,
        string
      >[];
      assert.deepEqual(
        rows.map((r) => r.template_name),
        ['\'=HYPERLINK("http://x","y")', "'+1+1", "'-2+3", "'@SUM(A1)", "'\t=1", "'\r=1", 'order_update', '131026'],
      );
      assert.deepEqual([rows[0]!.accepted, rows[0]!.start], ['1', '2026-11-20T00:00:00.000Z'], 'figures as they are');
    });
  });
}
