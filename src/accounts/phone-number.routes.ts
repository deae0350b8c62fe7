/** `GET /v1/phone_numbers`: the account's business numbers, with the one the key sends from and their send queues. */
import { Type } from '@sinclair/typebox';
import type { Mode } from '../http/access.js';
import { defineRoute } from '../http/route.js';
import type { AccountSignals } from './account-signals.js';
import type { AccountService } from './account.service.js';
import { PhoneNumberList, type PhoneNumberQueue } from './phone-number.schemas.js';

/** The send queues of some numbers in one mode (the messages feature's dispatcher). */
export type QueuesOf = (
  numbers: { phoneNumberId: string; throughput: number }[],
  mode: Mode,
) => Promise<Map<string, PhoneNumberQueue>>;

export function phoneNumberRoutes({
  accounts,
  queues,
  signals,
}: {
  accounts: AccountService;
  queues: QueuesOf;
  signals: AccountSignals;
}) {
  return [
    defineRoute(
      {
        method: 'GET',
        url: '/phone_numbers',
        operationId: 'listPhoneNumbers',
        summary: "List the account's business numbers",
        description:
          "Every business number of the key's account, with its throughput tier and its send queue in the key's mode (pace, depth, age of the oldest message, and whether sending is held back and why); `sender` marks the number this key sends from, `simulated` an account bound to the built-in simulator, `messagingLimit` the messaging limit the platform last told (docs/api.md §D24).",
        tags: ['Phone numbers'],
        access: { scope: 'messages:read', permission: 'account:read', modes: 'any' },
        idempotency: 'none',
        errors: [],
        querystring: Type.Object({}, { additionalProperties: false }),
        response: { status: 200, schema: PhoneNumberList },
      },
      async ({ auth }) => {
        const account = (await accounts.getAccount(auth.accountId))!;
        const [queue, limits] = await Promise.all([
          queues(account.phoneNumbers, auth.mode),
          signals.messagingLimits(auth.accountId),
        ]);
        return {
          data: account.phoneNumbers.map((n) => ({
            ...n,
            sender: n.phoneNumberId === auth.phoneNumberId,
            simulated: account.simulated,
            messagingLimit: limits.get(n.phoneNumberId) ?? null,
            ...queue.get(n.phoneNumberId)!,
          })),
          has_more: false,
        };
      },
    ),
  ];
}
