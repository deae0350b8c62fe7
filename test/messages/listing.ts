/**
 * Listing messages: newest first, paged with starting_after, filtered by status and recipient.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Harness } from '../harness.js';
import { eventually } from '../helpers.js';

export function listingCases(harness: () => Harness): void {
  describe('listing', () => {
    it('lists messages newest first, pages with starting_after, and filters by status and recipient', async () => {
      const h = harness();
      const other = await h.newAccount('Lister');
      const to = '+16505550199';
      await h.customerWrites(to, 'hi', other.phoneNumberId);
      const ids: string[] = [];
      for (let i = 0; i < 7; i++) {
        const r = await h.api('POST', '/v1/messages/', {
          key: other.liveKey,
          body: { to, type: 'text', text: `m${i}` },
        });
        ids.push(r.body.id);
      }
      const seen: string[] = [];
      let cursor: string | undefined;
      for (;;) {
        const page = await h.api('GET', `/v1/messages?limit=3${cursor ? `&starting_after=${cursor}` : ''}`, {
          key: other.liveKey,
        });
        assert.equal(page.status, 200);
        seen.push(...page.body.data.map((m: { id: string }) => m.id));
        if (!page.body.has_more) break;
        cursor = page.body.data.at(-1).id;
      }
      assert.deepEqual(seen, [...ids].reverse());
      const bad = await h.api('GET', '/v1/messages?starting_after=msg_nope', { key: other.liveKey });
      assert.deepEqual(
        [bad.status, bad.body.error.code, bad.body.error.param],
        [400, 'parameter_invalid', 'starting_after'],
      );
      await eventually(
        async () =>
          (await h.api('GET', '/v1/messages?status=read&limit=100', { key: other.liveKey })).body.data.length === 7,
        20_000,
      );
      assert.equal((await h.api('GET', '/v1/messages?status=accepted', { key: other.liveKey })).body.data.length, 0);
      assert.equal(
        (await h.api('GET', `/v1/messages?to=${encodeURIComponent(to)}&limit=100`, { key: other.liveKey })).body.data
          .length,
        7,
      );
      assert.equal(
        (await h.api('GET', `/v1/messages?to=${encodeURIComponent('+16505550198')}`, { key: other.liveKey })).body.data
          .length,
        0,
      );
    });
  });
}
