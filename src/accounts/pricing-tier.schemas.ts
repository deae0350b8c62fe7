/** A volume-based pricing tier notice (GET /v1/pricing_tiers, event `account.pricing_tier_updated`; docs/api.md §D21). */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, NullableString, PageLimit, Timestamp } from '../http/schemas.js';

export const PricingTier = Type.Object(
  {
    id: Type.String({ description: '`ptr_` id.' }),
    effectiveMonth: Type.String({
      pattern: '^\\d{4}-\\d{2}$',
      description: 'The month (`YYYY-MM`) the tier applies to.',
    }),
    pricingCategory: Type.String({
      description: 'The category of messages the tier prices, as the platform names it: `UTILITY`, `AUTHENTICATION`…',
    }),
    region: Type.String({ description: "The market, as the platform names it (`INDIA`…): the rate card's markets." }),
    tier: Type.String({ description: 'The tier as the platform gave it: a range of messages a month, `lower:upper`.' }),
    tierMin: Nullable(
      Type.Integer({ minimum: 0, description: 'The lower bound of `tier`; null when it does not read `N:M`.' }),
    ),
    tierMax: Nullable(
      Type.Integer({
        minimum: 0,
        description: 'The upper bound of `tier`; null when it does not read `N:M` or has no upper bound.',
      }),
    ),
    tierUpdatedAt: NullableString({
      format: 'date-time',
      description: 'When the WhatsApp Business Account reached the tier, as the platform says (`tier_update_time`).',
    }),
    receivedAt: Timestamp,
  },
  {
    $id: 'PricingTier',
    description:
      "The platform's notice that the account's WhatsApp Business Account moved to a new volume-based pricing tier in a market for a month: lower rates for utility and authentication templates from that volume on. One per month, category and region; a later notice for the same ones replaces it.",
    examples: [
      {
        id: 'ptr_0VbdS3kQ8mT2Lp6Xw9zHa4c',
        effectiveMonth: '2026-11',
        pricingCategory: 'UTILITY',
        region: 'INDIA',
        tier: '25000001:50000000',
        tierMin: 25000001,
        tierMax: 50000000,
        tierUpdatedAt: '2026-11-18T06:51:43.000Z',
        receivedAt: '2026-11-18T06:51:44.210Z',
      },
    ],
  },
);
export type PricingTier = Static<typeof PricingTier>;

export const ListPricingTiersQuery = Type.Object(
  {
    limit: Type.Optional(PageLimit),
    starting_after: Type.Optional(Type.String({ description: 'The last id of the previous page.' })),
  },
  { additionalProperties: false },
);

export const PricingTierList = Type.Object({ data: Type.Array(Type.Ref(PricingTier)), has_more: Type.Boolean() });
