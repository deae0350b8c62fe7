/** The template list walked page by page, on a service of its own with 250 templates; filtered by status and time. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { startHarness } from '../harness.js';
import { eventually } from '../helpers.js';
import { input } from './kit.js';

export function pagingCases(): void {
  describe('template list paging', () => {
    it('walks 250 templates page by page, each exactly once, newest change first; filters by status and updatedAfter', async () => {
      // No latency on Graph calls: 250 submissions one after the other would wait 37.5 s for it
      // (150 ms each, the simulator's default), and the paging reads nothing of the platform's.
      const h = await startHarness({ simulator: { review: 'manual', latencyMs: 0 } });
      try {
        const { key } = await h.deps.keys.createKey({ accountId: h.account.id, mode: 'live', rateLimit: 10_000 });
        const ids: string[] = [];
        for (let i = 0; i < 250; i++) {
          const res = await h.api('POST', '/v1/templates/', {
            key,
            body: input(`paged_${i}`),
            headers: { 'idempotency-key': `p${i}` },
          });
          ids.push(res.body.id);
        }
        const seen: string[] = [];
        const stamps: string[] = [];
        let cursor = '';
        for (;;) {
          const page = await h.api('GET', `/v1/templates/?limit=100${cursor ? `&starting_after=${cursor}` : ''}`);
          assert.equal(page.status, 200);
          seen.push(...page.body.data.map((t: { id: string }) => t.id));
          stamps.push(...page.body.data.map((t: { updatedAt: string }) => t.updatedAt));
          if (!page.body.has_more) break;
          cursor = page.body.data.at(-1).id;
        }
        assert.equal(seen.length, 250);
        assert.equal(new Set(seen).size, 250);
        assert.deepEqual([...stamps].sort().reverse(), stamps, 'newest change first');
        assert.deepEqual(new Set(seen), new Set(ids));
        const mark = new Date().toISOString();
        // Any change from now on is strictly later than the mark.
        await eventually(async () => new Date().toISOString() > mark);
        const first = [...h.sim.state.templates.values()].find((t) => t.name === 'paged_7')!;
        await fetch(`${h.simUrl}/_simulator/templates/${first.id}/review`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"decision":"APPROVED"}',
        });
        const changed = await eventually(async () => {
          const r = await h.api('GET', `/v1/templates/?updatedAfter=${encodeURIComponent(mark)}`);
          return r.body.data.length === 1 && r.body;
        });
        assert.equal(changed.data[0].name, 'paged_7');
        const onlyApproved = await h.api('GET', '/v1/templates/?status=approved');
        assert.deepEqual(
          onlyApproved.body.data.map((t: { name: string }) => t.name),
          ['paged_7'],
        );
        const bad = await h.api('GET', '/v1/templates/?updatedAfter=yesterday');
        assert.deepEqual(
          [bad.status, bad.body.error.code, bad.body.error.param],
          [400, 'parameter_invalid', 'updatedAfter'],
        );
        const unknown = await h.api('GET', '/v1/templates/?starting_after=tpl_nope');
        assert.deepEqual([unknown.status, unknown.body.error.code], [400, 'parameter_invalid']);
      } finally {
        await h.close();
      }
    });
  });
}
