/** `GET /v1/pricing_tiers`: the platform's volume-based pricing tier notices of the key's account (docs/api.md §D21). */
import { defineRoute } from '../http/route.js';
import type { PricingTiers } from './pricing-tiers.js';
import { ListPricingTiersQuery, PricingTierList } from './pricing-tier.schemas.js';

export function pricingTierRoutes({ pricingTiers }: { pricingTiers: PricingTiers }) {
  return [
    defineRoute(
      {
        method: 'GET',
        url: '/pricing_tiers',
        operationId: 'listPricingTiers',
        summary: 'List pricing tier notices',
        description:
          "The platform's notices that the account's WhatsApp Business Account reached a new volume-based pricing tier (lower utility and authentication rates for volume) in a market for a month, newest effective month first: one per month, pricing category and region, the latest notice kept. Any key of the account with `messages:read` reads them, live or test (they are the WhatsApp Business Account's, not a mode's). Each new or changed notice is also an `account.pricing_tier_updated` event.",
        tags: ['Account'],
        access: { scope: 'messages:read', permission: 'account:read', modes: 'any' },
        idempotency: 'none',
        errors: [],
        querystring: ListPricingTiersQuery,
        response: { status: 200, schema: PricingTierList },
      },
      ({ auth, query }) => pricingTiers.list(auth, query),
    ),
  ];
}
