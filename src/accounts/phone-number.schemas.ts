/** The phone number resource: the account's business numbers, as a key sees them, with their send queues. */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, NullableString, StringEnum } from '../http/schemas.js';
import { MessagingLimit } from './account-signal.schemas.js';

/** Why a number's queue is held back (the dispatcher's outcomes of platform errors). */
export const HOLD_REASONS = [
  'graph_rate_limited',
  'number_maintenance',
  'access_token_rejected',
  'permission_missing',
  'account_restricted',
  'number_not_registered',
  'platform_unavailable',
  'throughput_exceeded',
] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/**
 * Why a number's queue waits though nothing at the platform holds it: its messages are claimed by
 * a process that stopped (`lease`), got no answer and wait for a status (`reconciling`), or wait
 * for their own retry (`retrying`), or for a template the platform paused (`template_paused`).
 */
export const QUEUE_WAIT_REASONS = ['lease', 'reconciling', 'retrying', 'template_paused'] as const;
export type QueueWaitReason = (typeof QUEUE_WAIT_REASONS)[number];

export const HeldBack = Type.Object(
  {
    reason: StringEnum([...HOLD_REASONS, ...QUEUE_WAIT_REASONS], {
      description:
        "`throughput_exceeded`: the platform answered 130429 and the pace is lowered for a few seconds. `platform_unavailable`: the platform is failing or not answering; sends are retried with backoff. `graph_rate_limited` (4, 80007), `number_maintenance` (131057, e.g. a tier upgrade), `access_token_rejected` (0, 190), `permission_missing`, `account_restricted`, `number_not_registered`: the whole queue waits and retries until the cause is fixed or each message's validity period ends. `lease`: messages were claimed by a process that stopped or stalled before sending them (a crash, kill -9); any process takes them again when their claim ends. `reconciling`: sends got no answer; each waits for a status report before it is sent again (`RECONCILIATION_WINDOW_MS`). `retrying`: nothing else is due; the next message waits for its retry after a failed attempt. `template_paused`: nothing else is due; the next message waits for a template the platform paused (docs/api.md §D20), sent once it is approved again. More reasons may come: show `message` for one you do not know.",
    }),
    message: Type.String({
      description: "What holds it back, for people: the platform's error, or how many messages wait and for what.",
    }),
    until: NullableString({
      format: 'date-time',
      description:
        'When sending is tried again (for `lease`, when the last claim ends); null while the pace recovers by itself.',
    }),
  },
  {
    description:
      'Why messages are not going out at the full tier right now, or why a queue with messages is not moving.',
  },
);

/** A number's send queue, in the key's mode. */
export const PhoneNumberQueue = Type.Object({
  pace: Type.Number({
    description:
      'Messages/s this number sends at now: 96 % of its tier, lower for a while after the platform answered 130429.',
  }),
  queued: Type.Integer({ description: "Messages accepted and not yet taken by the platform (in the key's mode)." }),
  oldestQueuedAgeSeconds: Type.Union([Type.Integer(), Type.Null()], {
    description: 'Age of the oldest of them, seconds; null when none is queued.',
  }),
  heldBack: Nullable(HeldBack),
});
export type PhoneNumberQueue = Static<typeof PhoneNumberQueue>;

export const PhoneNumber = Type.Object(
  {
    phoneNumberId: Type.String({ description: "The platform's phone number id of the business number." }),
    displayPhoneNumber: Type.String({ description: 'The number as the platform displays it, digits only.' }),
    throughput: Type.Integer({
      description:
        'Messages per second the platform allows this number (its throughput tier: 80 by default, 1,000 after an upgrade).',
    }),
    throughputSource: StringEnum(['platform', 'override', 'default'] as const, {
      description:
        '`platform`: read from the platform (daily, and at once on its upgrade webhook). `override`: set by an operator (`accounts create --throughput`). `default`: 80 until the platform answers.',
    }),
    directSend: StringEnum(['unknown', 'enabled', 'not_enabled', 'blocked'] as const, {
      description:
        "Whether the number can send through Direct Send, the platform's 2026 beta for utility messages outside the customer service window (docs/api.md §D19), as learned from the platform's answers: `unknown` until a routed send tried it; `enabled`; `not_enabled` (the platform answered 100, \"Direct Send isn't enabled for this account\"); `blocked` (139200). A refusal is tried again after a day.",
    }),
    sender: Type.Boolean({ description: 'True for the number this key sends from.' }),
    simulated: Type.Boolean({
      description:
        "True when the account is bound to Tidings' built-in Cloud API simulator: nothing reaches a real customer.",
    }),
    messagingLimit: Nullable(MessagingLimit),
    ...PhoneNumberQueue.properties,
  },
  { $id: 'PhoneNumber' },
);
export type PhoneNumber = Static<typeof PhoneNumber>;

export const PhoneNumberList = Type.Object({ data: Type.Array(Type.Ref(PhoneNumber)), has_more: Type.Boolean() });
