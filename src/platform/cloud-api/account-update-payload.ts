/**
 * The `account_update` field of the platform's webhooks (docs/platform.md §4.10), beside
 * webhook-payload.ts, which hands it each VOLUME_BASED_PRICING_TIER_UPDATE change (fixture
 * webhook-account-update-volume-tier.json); restrictions, bans and violations are read by
 * signal-payload.ts, and any other event is passed on as `platform.webhook` there.
 */
import type { PlatformPricingTierUpdate } from '../updates.js';

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** `YYYY-MM`, a real month. */
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/**
 * Reads one `account_update` change under the WABA `wabaId` (`entry[].id`) into `out.pricingTiers`.
 * A notice without its WABA, a month of the form `YYYY-MM`, a category, a region or a tier is
 * ignored (`out.ignored`), never an error, so the platform does not retry it forever.
 * `tier_update_time` is Unix seconds (a number; a numeric string is taken too).
 */
export function parseAccountUpdate(
  wabaId: string | null,
  value: Json,
  out: { pricingTiers: PlatformPricingTierUpdate[]; ignored: number },
): void {
  const info = isObject(value.volume_tier_info) ? value.volume_tier_info : null;
  if (value.event !== 'VOLUME_BASED_PRICING_TIER_UPDATE' || !info || wabaId === null) {
    out.ignored++;
    return;
  }
  const effectiveMonth = text(info.effective_month);
  const pricingCategory = text(info.pricing_category);
  const region = text(info.region);
  const tier = text(info.tier);
  if (
    effectiveMonth === null ||
    !MONTH.test(effectiveMonth) ||
    pricingCategory === null ||
    region === null ||
    tier === null
  ) {
    out.ignored++;
    return;
  }
  const seconds =
    typeof info.tier_update_time === 'number'
      ? info.tier_update_time
      : typeof info.tier_update_time === 'string' && /^\d+$/.test(info.tier_update_time)
        ? Number(info.tier_update_time)
        : null;
  const tierUpdatedAt =
    seconds !== null && Number.isSafeInteger(seconds) && seconds >= 0 ? new Date(seconds * 1000).toISOString() : null;
  out.pricingTiers.push({ wabaId, effectiveMonth, pricingCategory, region, tier, tierUpdatedAt });
}
