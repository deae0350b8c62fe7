/**
 * The suppression list and the account's consent settings (docs/api.md §D23, §4.34–§4.37).
 * Reading needs `messages:read`; suppressing, lifting and the settings need `messages:send` (they
 * decide what a send may reach). Suppressions are per mode, like every other resource
 * (docs/api.md §5.3): a key lists, makes and lifts its own mode's, which only its mode's sends obey. The
 * settings (keywords, replies, the override) are what the platform's webhooks and live sends obey:
 * live keys only (a test key: 403 `live_mode_required`).
 */
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../http/route.js';
import {
  ConsentSettings,
  CreateSuppressionBody,
  ListSuppressionsQuery,
  Suppression,
  SuppressionIdParams,
  SuppressionList,
  UpdateConsentSettingsBody,
} from './consent.schemas.js';
import type { SuppressionService } from './suppression.service.js';

const read = { scope: 'messages:read', permission: 'messages:read', modes: 'any' } as const;
const write = { scope: 'messages:send', permission: 'contacts:write', modes: 'any' } as const;
const readSettings = { scope: 'messages:read', permission: 'account:read', modes: 'live' } as const;
const writeSettings = { scope: 'messages:send', permission: 'settings:manage', modes: 'live' } as const;

export function consentRoutes({ suppressions }: { suppressions: SuppressionService }) {
  return [
    defineRoute(
      {
        method: 'GET',
        url: '/suppressions',
        operationId: 'listSuppressions',
        summary: 'List suppressions',
        description:
          "The account's suppressed customers in the key's mode, newest first: for a live key, those who wrote an opt-out keyword (STOP…), those the platform reported stopped marketing messages, those a live key suppressed, those the business blocked; for a test key, those a test key suppressed or blocked (they cover test sends only). Lifted ones stay listed with `liftedAt`; `active=true` lists the others.",
        tags: ['Contacts'],
        access: read,
        idempotency: 'none',
        errors: [],
        querystring: ListSuppressionsQuery,
        response: { status: 200, schema: SuppressionList },
      },
      ({ auth, query }) => suppressions.list(auth, query),
    ),
    defineRoute(
      {
        method: 'POST',
        url: '/suppressions',
        operationId: 'createSuppression',
        summary: 'Suppress a customer',
        description:
          "Sends of the key's mode to the customer are refused (409 `recipient_suppressed`) on every number of the account, or only on `phoneNumberId`; with scope `marketing`, only marketing templates are. Queued messages to them fail when their turn comes. A test key's suppression covers test sends only. Idempotent: a customer already suppressed with that scope answers 200 with that suppression; a new one is 201, with a `contact.suppressed` event.",
        tags: ['Contacts'],
        access: write,
        idempotency: 'optional',
        errors: ['phone_number_invalid', 'contact_not_found'],
        body: CreateSuppressionBody,
        response: { status: 201, schema: Type.Ref(Suppression) },
        alsoAnswers: {
          status: 200,
          schema: Type.Ref(Suppression),
          description: 'The customer was already suppressed with that scope: that suppression.',
        },
      },
      async ({ auth, body, reply }) => {
        const { suppression, created } = await suppressions.create(auth, body);
        return reply.code(created ? 201 : 200).send(suppression);
      },
    ),
    defineRoute(
      {
        method: 'DELETE',
        url: '/suppressions/:id',
        operationId: 'liftSuppression',
        summary: 'Lift a suppression',
        description:
          "Sends to the customer are accepted again (unless another suppression still covers them). The suppression is kept, with `liftedAt` and `liftedBy`, and a `contact.unsuppressed` event is recorded. Lifting a lifted one answers it unchanged. Only the key's mode's suppressions: another mode's is 404. A block's suppression (reason `blocked`) is not lifted here (409 `suppression_is_block`): the platform goes on refusing a blocked customer, so unblock them with `POST /v1/contacts/{id}/unblock`, which lifts it.",
        tags: ['Contacts'],
        access: write,
        idempotency: 'none',
        errors: ['suppression_not_found', 'suppression_is_block'],
        params: SuppressionIdParams,
        response: { status: 200, schema: Type.Ref(Suppression) },
      },
      ({ auth, params }) => suppressions.lift(auth, params.id),
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/account/consent',
        operationId: 'getConsentSettings',
        summary: "The account's consent settings",
        description:
          "Whether sends may override a suppression, the opt-out and opt-in keywords (folded), and the confirmation replies. Live keys only: these settings are what the platform's webhooks and live sends obey.",
        tags: ['Account'],
        access: readSettings,
        idempotency: 'none',
        errors: [],
        querystring: Type.Object({}, { additionalProperties: false }),
        response: { status: 200, schema: Type.Ref(ConsentSettings) },
      },
      ({ auth }) => suppressions.settings(auth.accountId),
    ),
    defineRoute(
      {
        method: 'PATCH',
        url: '/account/consent',
        operationId: 'updateConsentSettings',
        summary: "Change the account's consent settings",
        description:
          "Only the fields given change. A keyword list replaces the list (null: the defaults); keywords are stored folded (lower case, no accents, no surrounding punctuation). Live keys only. `allowSuppressionOverride` is an operator's decision (`npx tidings accounts consent <account id> --allow-suppression-override` on the service's host): a key may send it only unchanged, else 403 `operator_only`.",
        tags: ['Account'],
        access: writeSettings,
        idempotency: 'none',
        errors: ['operator_only'],
        body: UpdateConsentSettingsBody,
        response: { status: 200, schema: Type.Ref(ConsentSettings) },
      },
      ({ auth, body }) => suppressions.updateSettings(auth.accountId, body),
    ),
  ];
}
