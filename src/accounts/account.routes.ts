/** `GET /v1/account`: the key's account, with its retention (docs/api.md §D17). */
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../http/route.js';
import { AccountResource } from './account.schemas.js';
import type { AccountService } from './account.service.js';

export function accountRoutes({ accounts }: { accounts: AccountService }) {
  return [
    defineRoute(
      {
        method: 'GET',
        url: '/account',
        operationId: 'getAccount',
        summary: "The key's account",
        description:
          "The account the key belongs to, with its retention: how long each kind of data (files customers send, what messages say, events, the platform's raw payloads, inactive contacts, the audit trail) is kept, and the defaults. The operator sets them (`tidings accounts update`).",
        tags: ['Account'],
        access: { scope: 'messages:read', permission: 'account:read', modes: 'any' },
        idempotency: 'none',
        errors: [],
        querystring: Type.Object({}, { additionalProperties: false }),
        response: { status: 200, schema: Type.Ref(AccountResource) },
      },
      async ({ auth }) => {
        const account = (await accounts.getAccount(auth.accountId))!;
        return {
          id: account.id,
          name: account.name,
          wabaId: account.wabaId,
          retention: account.retention,
          createdAt: account.createdAt,
        };
      },
    ),
  ];
}
