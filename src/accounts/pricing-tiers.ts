/**
 * The platform's volume-based pricing tier notices (`account_update`
 * VOLUME_BASED_PRICING_TIER_UPDATE, docs/platform.md §4.10; docs/api.md §D21), kept per account:
 * the intake hands them here in its unit of work; `GET /v1/pricing_tiers` lists them; a new or
 * changed notice records `account.pricing_tier_updated` in the same unit of work. The platform
 * names a WABA, so every account on that WABA keeps the notice.
 */
import type { Logger } from 'pino';
import type { Store, Tx } from '../db/store.js';
import type { EventService } from '../events/event.service.js';
import type { AuthContext } from '../http/access.js';
import { paginate, type Page } from '../http/paging.js';
import { newId } from '../lib/ids.js';
import type { Owned, PlatformPricingTierUpdate } from '../platform/updates.js';
import * as repo from './pricing-tier.repository.js';
import type { PricingTier } from './pricing-tier.schemas.js';

/**
 * The bounds of a tier as the platform writes it, `lower:upper` (`25000001:50000000`); an open top
 * tier (`N:`) has no upper bound. @returns nulls when it does not read so.
 */
export function tierBounds(tier: string): { min: number | null; max: number | null } {
  const m = /^(\d{1,15}):(\d{0,15})$/.exec(tier);
  if (!m) return { min: null, max: null };
  return { min: Number(m[1]), max: m[2] ? Number(m[2]) : null };
}

export class PricingTiers {
  readonly #o: { store: Store; events: EventService; logger: Logger };

  constructor(options: { store: Store; events: EventService; logger: Logger }) {
    this.#o = options;
  }

  /** The accounts on each of these WABAs (a WABA no account has: absent). */
  async accountsOfWabas(wabaIds: string[]): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    for (const row of await repo.accountsOnWabas(this.#o.store.read, wabaIds))
      out.set(row.waba_id, [...(out.get(row.waba_id) ?? []), row.id]);
    return out;
  }

  /**
   * Stores notices inside the intake's unit of work (`tx`), `now` (ISO) being when they arrived. A
   * notice for a month, category and region the account has none of is added; one with another
   * tier or update time replaces it, unless it is older than the stored one (`tier_update_time`
   * earlier: a late, out-of-order delivery); a repeat changes nothing. Each addition or
   * replacement records `account.pricing_tier_updated` (live) with the stored notice.
   * @returns how many notices were added or replaced.
   */
  async apply(tx: Tx, updates: Owned<PlatformPricingTierUpdate>[], now: string): Promise<number> {
    let changed = 0;
    for (const u of updates) {
      const key = {
        account_id: u.accountId,
        effective_month: u.effectiveMonth,
        pricing_category: u.pricingCategory,
        region: u.region,
      };
      const { min, max } = tierBounds(u.tier);
      const next = {
        tier: u.tier,
        tier_min: min,
        tier_max: max,
        platform_updated_at: u.tierUpdatedAt,
        received_at: now,
      };
      const seen = await repo.findByKey(tx, key);
      let row: repo.PricingTierRow | null = null;
      if (!seen) {
        const fresh = { id: newId('ptr'), ...key, ...next };
        if (await repo.insertIfNew(tx, fresh)) row = fresh;
      } else if (seen.tier === u.tier && seen.platform_updated_at === u.tierUpdatedAt) {
        continue; // the same notice again
      } else if (
        seen.platform_updated_at !== null &&
        u.tierUpdatedAt !== null &&
        u.tierUpdatedAt < seen.platform_updated_at
      ) {
        this.#o.logger.info(
          { accountId: u.accountId, effectiveMonth: u.effectiveMonth, tier: u.tier },
          'an older pricing tier notice arrived after a newer one; the newer stays',
        );
        continue;
      } else if (await repo.replaceIfUnchanged(tx, seen, next)) {
        row = { ...seen, ...next };
      }
      if (!row) continue;
      changed++;
      await this.#o.events.record(tx, [
        { accountId: u.accountId, mode: 'live', type: 'account.pricing_tier_updated', object: toPricingTier(row) },
      ]);
    }
    return changed;
  }

  /**
   * The account's notices, newest effective month first (docs/api.md §D6 paging), for a key of
   * either mode: they are the WABA's, not a mode's.
   * @throws TidingsError parameter_invalid for an unknown `starting_after`.
   */
  list(auth: AuthContext, q: { limit?: number; starting_after?: string }): Promise<Page<PricingTier>> {
    const db = this.#o.store.read;
    return paginate(q, {
      cursor: (id) => repo.findById(db, auth.accountId, id),
      page: (limit, after) => repo.page(db, auth.accountId, limit, after),
      map: toPricingTier,
      noun: 'pricing tier notice of this account',
    });
  }
}

/** A row as the API shows it (bigint bounds come back as strings from PostgreSQL). */
export function toPricingTier(row: repo.PricingTierRow): PricingTier {
  const count = (v: number | string | null) => (v === null ? null : Number(v));
  return {
    id: row.id,
    effectiveMonth: row.effective_month,
    pricingCategory: row.pricing_category,
    region: row.region,
    tier: row.tier,
    tierMin: count(row.tier_min),
    tierMax: count(row.tier_max),
    tierUpdatedAt: row.platform_updated_at,
    receivedAt: row.received_at,
  };
}
