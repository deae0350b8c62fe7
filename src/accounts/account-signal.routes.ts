/** `GET /v1/account/signals`: the account's standing as the platform's webhooks told it (docs/api.md §D24). */
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../http/route.js';
import type { AccountSignals } from './account-signals.js';
import { AccountSignals as AccountSignalsSchema } from './account-signal.schemas.js';

export function accountSignalRoutes({ signals }: { signals: AccountSignals }) {
  return [
    defineRoute(
      {
        method: 'GET',
        url: '/account/signals',
        operationId: 'getAccountSignals',
        summary: "Get the account's standing at the platform",
        description:
          "What the platform's webhooks told of the key's WhatsApp Business Account: restrictions (`restricted` while one is in force), a ban (`disabled`), the latest violation, the latest alert of each type, the review decision, and each number's messaging limit. Any key of the account with `messages:read` reads it, live or test (it is the WhatsApp Business Account's, not a mode's). Each change is also an event (`account.restricted`, `account.restriction_lifted`, `account.disabled`, `account.reinstated`, `account.violation`, `account.alert`, `account.review_updated`, `phone_number.messaging_limit_updated`).",
        tags: ['Account'],
        access: { scope: 'messages:read', permission: 'account:read', modes: 'any' },
        idempotency: 'none',
        errors: [],
        querystring: Type.Object({}, { additionalProperties: false }),
        response: { status: 200, schema: AccountSignalsSchema },
      },
      ({ auth }) => signals.standing(auth),
    ),
  ];
}
