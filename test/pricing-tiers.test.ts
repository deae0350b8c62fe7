/**
 * Issue 27: the platform's volume-based pricing tier notices (`account_update`
 * VOLUME_BASED_PRICING_TIER_UPDATE, docs/platform.md §4.10; docs/api.md §D21): the fixture parsed
 * and kept per account, a repeat changing nothing and emitting no second event, a later tier
 * replacing it and an older one not, `GET /v1/pricing_tiers` with its paging, and the simulator's
 * notice through the real webhook path. On both dialects.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { PricingTier } from '../src/accounts/pricing-tier.schemas.js';
import { tierBounds } from '../src/accounts/pricing-tiers.js';
import { parseWebhook } from '../src/platform/cloud-api/webhook-payload.js';
import { startHarness, type Harness } from './harness.js';
import { eventually, fixture } from './helpers.js';

const FIXTURE = 'webhook-account-update-volume-tier.json';

describe('pricing tier notices (issue 27)', () => {
  let h: Harness;
  let wabaId: string;
  before(async () => {
    h = await startHarness();
    wabaId = (await h.api('GET', '/v1/account', { key: h.account.liveKey })).body.wabaId;
  });
  after(() => h.close());

  /** The fixture, under the account's WABA, with `info` changed. */
  function notice(info: Record<string, unknown> = {}, waba = wabaId) {
    const body = structuredClone(fixture(FIXTURE));
    body.entry[0].id = waba;
    Object.assign(body.entry[0].changes[0].value.volume_tier_info, info);
    return body;
  }
  const tiers = async (key = h.account.liveKey, query = '') =>
    (await h.api<{ data: PricingTier[]; has_more: boolean }>('GET', `/v1/pricing_tiers${query}`, { key })).body;
  const tierEvents = async () =>
    (await h.api('GET', '/v1/events?type=account.pricing_tier_updated&limit=100', { key: h.account.liveKey })).body
      .data as any[];

  it('parses the fixture into a typed notice, and leaves other account_update events to the account signals', () => {
    const parsed = parseWebhook(fixture(FIXTURE))!;
    assert.deepEqual(parsed.pricingTiers, [
      {
        wabaId: '216141188246170',
        effectiveMonth: '2025-11',
        pricingCategory: 'UTILITY',
        region: 'INDIA',
        tier: '25000001:50000000',
        tierUpdatedAt: '2025-03-31T20:11:43.000Z',
      },
    ]);
    assert.equal(parsed.ignored, 0);
    const other = structuredClone(fixture(FIXTURE));
    other.entry[0].changes[0].value = { event: 'ACCOUNT_VIOLATION', violation_info: { violation_type: 'SCAM' } };
    // Another event of the field is not a tier notice: a violation is an account signal (issue 28).
    assert.deepEqual(
      [parseWebhook(other)!.pricingTiers, parseWebhook(other)!.signals.map((x) => x.kind)],
      [[], ['violation']],
    );
    assert.deepEqual(
      [tierBounds('25000001:50000000'), tierBounds('250000001:'), tierBounds('TIER_1')],
      [
        { min: 25000001, max: 50000000 },
        { min: 250000001, max: null },
        { min: null, max: null },
      ],
    );
  });

  it('keeps the notice for the account on that WABA, once: a repeat changes nothing and emits nothing', async () => {
    assert.equal((await h.platformWebhook(notice())).status, 200);
    const [stored] = (await tiers()).data;
    assert.ok(stored);
    assert.match(stored.id, /^ptr_/);
    assert.deepEqual(
      { ...stored, id: undefined, receivedAt: undefined },
      {
        id: undefined,
        effectiveMonth: '2025-11',
        pricingCategory: 'UTILITY',
        region: 'INDIA',
        tier: '25000001:50000000',
        tierMin: 25000001,
        tierMax: 50000000,
        tierUpdatedAt: '2025-03-31T20:11:43.000Z',
        receivedAt: undefined,
      },
    );
    const events = await tierEvents();
    assert.equal(events.length, 1);
    assert.deepEqual(events[0].data.object, stored);

    assert.equal((await h.platformWebhook(notice())).status, 200);
    assert.deepEqual((await tiers()).data, [stored], 'the row is as it was, receivedAt included');
    assert.equal((await tierEvents()).length, 1, 'no second event');
  });

  it('replaces the notice with a later tier of the same month, category and region, never with an older one', async () => {
    const later = 1743451903 + 86400;
    await h.platformWebhook(notice({ tier: '50000001:', tier_update_time: later }));
    let [row] = (await tiers()).data;
    assert.deepEqual(
      [row!.tier, row!.tierMin, row!.tierMax, row!.tierUpdatedAt],
      ['50000001:', 50000001, null, new Date(later * 1000).toISOString()],
    );
    assert.equal((await tierEvents()).length, 2);
    // The first notice, delivered late again: the newer one stays.
    await h.platformWebhook(notice());
    [row] = (await tiers()).data;
    assert.equal(row!.tier, '50000001:');
    assert.equal((await tierEvents()).length, 2);
  });

  it('lists newest effective month first with paging, to live and test keys, and to no other account', async () => {
    await h.platformWebhook(notice({ effective_month: '2026-10', region: 'BRAZIL', tier: '1:250000' }));
    await h.platformWebhook(
      notice({
        effective_month: '2026-11',
        pricing_category: 'AUTHENTICATION',
        region: 'INDIA',
        tier: '250001:2000000',
      }),
    );
    const all = await tiers();
    assert.deepEqual(
      all.data.map((t) => [t.effectiveMonth, t.region]),
      [
        ['2026-11', 'INDIA'],
        ['2026-10', 'BRAZIL'],
        ['2025-11', 'INDIA'],
      ],
    );
    assert.equal(all.has_more, false);
    const first = await tiers(h.account.liveKey, '?limit=2');
    assert.deepEqual([first.data.length, first.has_more], [2, true]);
    const rest = await tiers(h.account.liveKey, `?limit=2&starting_after=${first.data[1]!.id}`);
    assert.deepEqual([rest.data.map((t) => t.id), rest.has_more], [[all.data[2]!.id], false]);
    assert.deepEqual((await tiers(h.account.testKey)).data, all.data, "the WABA's notices, for either mode");
    const other = await h.newAccount('Other Co');
    assert.deepEqual((await tiers(other.liveKey)).data, []);
    const unknown = await h.api('GET', '/v1/pricing_tiers?starting_after=ptr_nothing', { key: h.account.liveKey });
    assert.deepEqual([unknown.status, unknown.body.error.code], [400, 'parameter_invalid']);
  });

  it('takes a notice for a WABA no account has, storing nothing', async () => {
    const before = (await tiers()).data.length;
    assert.equal((await h.platformWebhook(notice({ effective_month: '2026-12' }, '999999999999999'))).status, 200);
    assert.equal((await tiers()).data.length, before);
  });

  it("stores the simulator's notice, sent for the number's WABA through the real webhook path", async () => {
    const res = await fetch(`${h.simUrl}/_simulator/pricing_tier_updates`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        phoneNumberId: h.account.phoneNumberId,
        effectiveMonth: '2026-09',
        pricingCategory: 'UTILITY',
        region: 'MEXICO',
        tier: '100001:1000000',
      }),
    });
    assert.equal(res.status, 200, await res.clone().text());
    assert.equal(((await res.json()) as any).wabaId, wabaId);
    const row = await eventually(async () =>
      (await tiers(h.account.liveKey, '?limit=100')).data.find((t) => t.region === 'MEXICO'),
    );
    assert.deepEqual(
      [row.effectiveMonth, row.pricingCategory, row.tier, row.tierMin, row.tierMax],
      ['2026-09', 'UTILITY', '100001:1000000', 100001, 1000000],
    );
    assert.ok(row.tierUpdatedAt);
    const refused = await fetch(`${h.simUrl}/_simulator/pricing_tier_updates`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ wabaId, region: 'INDIA', tier: 'lots' }),
    });
    assert.equal(refused.status, 400);
    assert.match(((await refused.json()) as any).error, /tier must be/);
  });
});
