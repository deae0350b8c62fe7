/** The platform's pricing of a message, as its status reports carry it (docs/platform.md §4.4, docs/api.md §D22). */
import { Type } from '@sinclair/typebox';
import { NullableString } from '../../http/schemas.js';

export const MessagePricing = Type.Object(
  {
    billable: Type.Unsafe<boolean | null>({
      type: ['boolean', 'null'],
      description:
        "Whether the platform bills it (Meta's `pricing.billable`, deprecated by Meta but still sent). The platform charges delivered messages.",
    }),
    model: NullableString({ description: '`PMP` (per-message pricing, since 1 July 2025); `CBP` before.' }),
    category: NullableString({
      description:
        '`utility`, `marketing`, `authentication`, `authentication-international`, `marketing_lite`, `service` or `referral_conversion`: what the platform bills it as (a template the platform re-categorised is billed as its new category).',
    }),
    type: NullableString({ description: '`regular`, `free_customer_service` or `free_entry_point`.' }),
  },
  {
    additionalProperties: false,
    description: "The platform's pricing from the message's status reports; null until a report priced it.",
  },
);
