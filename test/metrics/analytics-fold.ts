/**
 * The analytics fold in `/metrics` (issue 38 finding 13): the turns that moved change rows, their
 * rows and time, and the change log's length read at scrape time (while the fold runs, and
 * while it is stopped and the log only grows).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { dispatched, sentText } from '../factories.js';
import { startHarness } from '../harness.js';
import { eventually } from '../helpers.js';
import { scrapeOf, TOKEN } from './kit.js';

export function analyticsFoldCases(): void {
  describe('the analytics fold', () => {
    it('times each fold turn, counts the rows it moved, and gauges the change log not folded yet', async () => {
      const h = await startHarness({ env: { METRICS_TOKEN: TOKEN } });
      try {
        const to = '+16505550111';
        await h.customerWrites(to.slice(1));
        const before = await scrapeOf(h);
        const message = await sentText(h, to);
        await dispatched(h, message.id);
        // Its last report (read) in, so that no later one changes it while the fold is stopped below.
        await eventually(async () => (await h.api('GET', `/v1/messages/${message.id}`)).body.status === 'read');
        // The inbound message, the send and its dispatch each wrote change rows; the fold moves them.
        const after = await eventually(async () => {
          const s = await scrapeOf(h);
          return (
            s.one('tidings_analytics_change_log_rows') === 0 &&
            s.sum('tidings_analytics_folded_rows_total') - before.sum('tidings_analytics_folded_rows_total') >= 2 &&
            s
          );
        });
        assert.ok(
          after.sum('tidings_analytics_fold_duration_seconds_count') >
            before.sum('tidings_analytics_fold_duration_seconds_count'),
          'a turn that moved rows was timed',
        );
        assert.ok(after.sum('tidings_analytics_fold_duration_seconds_sum') > 0);
        // With the fold stopped, every change stays in the log, and the gauge says how many.
        await h.deps.stopBackground();
        for (let i = 0; i < 3; i++) await sentText(h, to, `Order ${i} shipped.`);
        assert.equal((await scrapeOf(h)).one('tidings_analytics_change_log_rows'), 3, 'three sends, three rows');
      } finally {
        await h.close();
      }
    });
  });
}
