/** Batch sends, batches, scheduling and cancelling: resources and bodies (docs/api.md §4.24–4.27, §D18). */
import { Type, type Static } from '@sinclair/typebox';
import { ERROR_CODES } from '../../errors.js';
import { ITEMS_CHECKED_ALONE, NullableString, PageLimit, StringEnum, Timestamp } from '../../http/schemas.js';
import { Message } from './message.schemas.js';
import { SendMessageBody } from './send.schemas.js';

/** The most messages one batch send holds. */
export const BATCH_MAX_ITEMS = 1000;

/** Where a batch's request came from (`X-Tidings-Source`). */
export const BATCH_SOURCES = ['api', 'cli', 'dashboard'] as const;
export type BatchSource = (typeof BATCH_SOURCES)[number];

/** Counts of a batch's messages by their current status. */
export const BatchCounts = Type.Object(
  {
    scheduled: Type.Integer(),
    accepted: Type.Integer({ description: "In their number's queue, not sent yet." }),
    sent: Type.Integer(),
    delivered: Type.Integer(),
    read: Type.Integer(),
    failed: Type.Integer(),
    canceled: Type.Integer(),
  },
  { description: "The batch's messages by their status now (each message counted once, in its latest status)." },
);

export const Batch = Type.Object(
  {
    id: Type.String({ description: '`bat_` id.' }),
    status: StringEnum(['processing', 'completed'] as const, {
      description: '`completed` once every message is delivered, read, failed or canceled (`batch.completed`).',
    }),
    items: Type.Integer({ description: 'Messages the request held.' }),
    accepted: Type.Integer({
      description: 'Of those, stored and queued (or scheduled); the others were refused in the answer.',
    }),
    refused: Type.Integer(),
    sendAt: NullableString({ format: 'date-time', description: 'The batch-wide `sendAt`, when it gave one.' }),
    counts: BatchCounts,
    source: StringEnum(BATCH_SOURCES, {
      description:
        'Where the request came from: `api`, `cli` (`npx tidings messages send-batch`) or `dashboard` (its bulk send); the `X-Tidings-Source` header of the request.',
    }),
    template: Type.Union(
      [Type.Object({ id: Type.String({ description: '`tpl_` id.' }), name: Type.String() }), Type.Null()],
      {
        description:
          'The one template every accepted item sends, with its name as it was then; null when an item sends none, or the items send several.',
      },
    ),
    createdAt: Timestamp,
    completedAt: NullableString({ format: 'date-time' }),
    testMode: Type.Optional(Type.Literal(true)),
  },
  {
    $id: 'Batch',
    examples: [
      {
        id: 'bat_0VbcQ1rT5yUi9Op3As7dFg2h',
        status: 'processing',
        items: 1000,
        accepted: 993,
        refused: 7,
        sendAt: '2026-12-01T08:00:00.000Z',
        counts: { scheduled: 0, accepted: 120, sent: 310, delivered: 540, read: 20, failed: 3, canceled: 0 },
        source: 'api',
        template: { id: 'tpl_0VbcOa1Zt3QmH8s2Kp4xRw7e', name: 'order_shipped' },
        createdAt: '2026-11-30T17:02:11.408Z',
        completedAt: null,
      },
    ],
  },
);
export type Batch = Static<typeof Batch>;

/** A send as a batch's item: the send body without its named examples (the batch body has its own). */
const { 'x-examples': _namedExamples, ...SendItem } = SendMessageBody as typeof SendMessageBody & {
  'x-examples'?: unknown;
};

export const SendBatchBody = Type.Object(
  {
    messages: Type.Array(SendItem as typeof SendMessageBody, {
      minItems: 1,
      maxItems: BATCH_MAX_ITEMS,
      description: `1 to ${BATCH_MAX_ITEMS.toLocaleString('en-US')} sends, each a body of POST /v1/messages (with its own \`clientReference\`, \`sendAt\`…), each checked on its own.`,
    }),
    sendAt: Type.Optional(
      Type.String({
        maxLength: 64,
        description:
          "Send every message of the batch at this time (RFC 3339 with offset, 60 s to 35 days ahead); an item's own `sendAt` wins.",
      }),
    ),
  },
  {
    additionalProperties: false,
    [ITEMS_CHECKED_ALONE]: 'messages',
    examples: [
      {
        sendAt: '2026-12-01T09:00:00+01:00',
        messages: [
          {
            to: '+16505551234',
            type: 'template',
            templateId: 'tpl_0VbcOa1Zt3QmH8s2Kp4xRw7e',
            variables: { '1': 'Jessica' },
            clientReference: 'order-1042',
          },
          {
            to: '+16505551235',
            type: 'template',
            templateId: 'tpl_0VbcOa1Zt3QmH8s2Kp4xRw7e',
            variables: { '1': 'Omar' },
            clientReference: 'order-1043',
          },
        ],
      },
    ],
  },
);
export type SendBatchBody = { messages: unknown[]; sendAt?: string };

export const SendBatchQuery = Type.Object(
  {
    dryRun: Type.Optional(
      Type.Boolean({
        description: 'Check every item and answer 200 with what the batch would do, storing and sending nothing.',
      }),
    ),
  },
  { additionalProperties: false },
);

/** The refusal of an item, as the envelope writes an error. */
const ItemErrorBody = Type.Object({
  code: Type.Union(ERROR_CODES.map((c) => Type.Literal(c))),
  message: Type.String(),
  param: Type.Optional(
    Type.String({ description: "The item's field at fault, as a path in the whole request (`messages[3].to`)." }),
  ),
  issues: Type.Optional(Type.Array(Type.Object({ code: Type.String(), field: Type.String(), message: Type.String() }))),
});

/**
 * An item's outcome: `message` (accepted) or `error` (refused), never both. One object rather than
 * a union, so the answer is written without testing each item against each branch.
 */
export const BatchItemResult = Type.Object(
  {
    index: Type.Integer({ minimum: 0, description: "The item's place in the request, from 0." }),
    message: Type.Optional(Type.Ref(Message, { description: 'The message stored, when the item was accepted.' })),
    error: Type.Optional(ItemErrorBody),
  },
  { description: "An item's outcome: the message accepted, or its refusal." },
);

/** A batch's refused items (GET /v1/batches/{id}/refusals), as its answer gave them. */
export const BatchRefusals = Type.Object({
  data: Type.Array(Type.Object({ index: Type.Integer({ minimum: 0 }), error: ItemErrorBody }), {
    description:
      "Every refused item, in the request's order: its `index` and its refusal (`code`, `message`, `param`, `issues`). Empty for a batch stored before Tidings kept them.",
  }),
});
export type BatchRefusals = Static<typeof BatchRefusals>;

/** The headers of a batch send: where it comes from. */
export const SendBatchHeaders = Type.Object({
  'x-tidings-source': Type.Optional(
    StringEnum(BATCH_SOURCES, {
      description:
        "Where the batch comes from, recorded as the batch's `source`: the dashboard sends `dashboard` (its messages' `source` too), `npx tidings messages send-batch` sends `cli`; default `api`.",
    }),
  ),
});

export const SendBatchResult = Type.Object({
  batch: Type.Ref(Batch),
  data: Type.Array(BatchItemResult, { description: "One per item, in the request's order." }),
});
export type SendBatchResult = Static<typeof SendBatchResult>;

/** Pricing categories a dry run counts (docs/platform.md §5; billed since 1 October 2026). */
export const DRY_RUN_PRICING = ['utility_outside_window', 'utility_inside_window', 'service'] as const;

/** An item of a dry run: what the batch would do with it (`to`, `windowOpen`, `pricingCategory`, `sendAt`), or its refusal (`error`). */
export const DryRunItem = Type.Object({
  index: Type.Integer({ minimum: 0 }),
  to: Type.Optional(Type.String({ description: 'The recipient as the message would record it.' })),
  windowOpen: Type.Optional(Type.Boolean({ description: "Whether the customer's 24-hour window is open now." })),
  pricingCategory: Type.Optional(StringEnum(DRY_RUN_PRICING)),
  sendAt: Type.Optional(NullableString({ format: 'date-time' })),
  error: Type.Optional(ItemErrorBody),
});

export const DryRunResult = Type.Object({
  dryRun: Type.Literal(true),
  items: Type.Integer(),
  valid: Type.Integer({ description: 'Items that would be accepted now.' }),
  refused: Type.Integer(),
  windows: Type.Object(
    { open: Type.Integer(), closed: Type.Integer() },
    { description: "Valid items by the state of their customer's window." },
  ),
  pricing: Type.Object(
    { utility_outside_window: Type.Integer(), utility_inside_window: Type.Integer(), service: Type.Integer() },
    {
      description:
        "Valid items by how the platform prices them: a utility template outside or inside the window, a free-form (service) message. All three are billed since 1 October 2026; prices are in the platform's rate card.",
    },
  ),
  data: Type.Array(DryRunItem),
});
export type DryRunResult = Static<typeof DryRunResult>;

export const BatchIdParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, description: '`bat_` id.' }),
});

export const ListBatchesQuery = Type.Object(
  {
    limit: Type.Optional(PageLimit),
    starting_after: Type.Optional(Type.String({ description: 'The last id of the previous page.' })),
  },
  { additionalProperties: false },
);
export type ListBatchesQuery = Static<typeof ListBatchesQuery>;

export const BatchList = Type.Object({ data: Type.Array(Type.Ref(Batch)), has_more: Type.Boolean() });

export const CancelMessagesBody = Type.Object(
  {
    clientReferencePrefix: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 128,
        description: 'Cancel the scheduled and queued messages whose `clientReference` starts with this.',
      }),
    ),
    scheduledBefore: Type.Optional(
      Type.String({
        format: 'date-time',
        maxLength: 64,
        description: 'Cancel the messages scheduled for before this time.',
      }),
    ),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    maxProperties: 1,
    description: 'Exactly one of the two.',
    examples: [{ clientReferencePrefix: 'reminders-2026-12-01/' }, { scheduledBefore: '2026-12-01T00:00:00Z' }],
  },
);
export type CancelMessagesBody = Static<typeof CancelMessagesBody>;

export const CancelMessagesResult = Type.Object({
  canceled: Type.Integer({ description: 'Messages canceled by this call.' }),
  notCancelable: Type.Integer({
    description: 'Matching messages that had reached the platform (or were being sent) and were left as they were.',
  }),
});
