/** Schemas of the message analytics (docs/api.md §D22): the query, the figures, the answer. */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, StringEnum } from '../http/schemas.js';

/** The groupings `groupBy` takes, each a dimension of the aggregates. */
export const GROUP_BYS = [
  'template',
  'type',
  'status',
  'errorCode',
  'pricingCategory',
  'phoneNumber',
  'country',
] as const;
export type GroupBy = (typeof GROUP_BYS)[number];

export const AnalyticsQuery = Type.Object(
  {
    from: Type.Optional(
      Type.String({
        description:
          'Start (inclusive), ISO 8601 date or date-time with its offset; rounded down to its bucket. Default: `to` less 30 days (`day`) or 24 hours (`hour`).',
        examples: ['2026-11-01'],
      }),
    ),
    to: Type.Optional(
      Type.String({
        description: 'End (exclusive), ISO 8601 date or date-time; rounded up to a bucket boundary. Default: now.',
        examples: ['2026-11-27'],
      }),
    ),
    granularity: Type.Optional(
      StringEnum(['hour', 'day'], {
        description: 'Bucket size, in `timeZone`. `hour` spans at most 31 days, `day` at most 400. Default `day`.',
      }),
    ),
    timeZone: Type.Optional(
      Type.String({
        description:
          "The IANA time zone whose days and hours the buckets are (`Asia/Kolkata`, `America/New_York`), daylight-saving changes included: a day of 23 or 25 hours, an hour that comes twice. A date in `from` or `to` is that day's start in the zone. The answer's `from`, `to` and `start` carry the zone's offset (`2026-11-21T00:00:00.000+05:30`). Default `UTC`.",
        examples: ['Asia/Kolkata'],
        maxLength: 64,
      }),
    ),
    groupBy: Type.Optional(
      Type.String({
        description: `Comma-separated groupings, any of ${GROUP_BYS.map((g) => `\`${g}\``).join(', ')}: each row of \`data\` is one bucket of one group. None: one row per bucket.`,
        examples: ['template', 'errorCode', 'pricingCategory,country'],
        maxLength: 200,
      }),
    ),
    templateId: Type.Optional(Type.String({ description: 'Only messages of this template (`tpl_`).', maxLength: 64 })),
    type: Type.Optional(
      Type.String({ description: 'Only messages of this type (`template`, `text`, `media`…).', maxLength: 32 }),
    ),
    status: Type.Optional(
      StringEnum(['scheduled', 'accepted', 'sent', 'delivered', 'read', 'failed', 'canceled'], {
        description: 'Only messages now in this status.',
      }),
    ),
    errorCode: Type.Optional(
      Type.String({
        description: 'Only failed messages with this error code (`131047`, `ttl_expired`…).',
        maxLength: 64,
      }),
    ),
    pricingCategory: Type.Optional(
      Type.String({
        description:
          'Only messages the platform priced in this category (`utility`, `marketing`, `authentication`, `service`…).',
        maxLength: 64,
      }),
    ),
    phoneNumberId: Type.Optional(
      Type.String({ description: 'Only messages from this business number.', maxLength: 64 }),
    ),
    country: Type.Optional(
      Type.String({
        description: "Only messages to recipients of this country (ISO 3166-1 alpha-2, from the recipient's number).",
        pattern: '^[A-Z]{2}$',
      }),
    ),
  },
  { additionalProperties: false },
);
export type AnalyticsQuery = Static<typeof AnalyticsQuery>;

const Latency = Nullable(
  Type.Object(
    { median: Type.Number({ description: 'ms' }), p95: Type.Number({ description: 'ms' }) },
    { additionalProperties: false },
  ),
);

/** What the figures of one bucket, one group or the whole range are. */
export const AnalyticsFigures = {
  accepted: Type.Integer({
    description: 'Messages Tidings accepted (sent through the API or the dashboard; not those sent outside Tidings).',
  }),
  sent: Type.Integer({ description: 'Messages that reached `sent` (or a later step): the platform took them.' }),
  delivered: Type.Integer({ description: 'Messages that reached `delivered` (or `read`).' }),
  read: Type.Integer({ description: 'Messages that reached `read`.' }),
  failed: Type.Integer({ description: 'Messages that failed.' }),
  canceled: Type.Integer({ description: 'Messages canceled before they were sent.' }),
  billable: Type.Integer({ description: 'Delivered messages the platform priced as billable.' }),
  billableByCategory: Type.Record(Type.String(), Type.Integer(), {
    description: "Billable messages by the platform's pricing category (`utility`, `marketing`…).",
  }),
  deliveryRate: Nullable(Type.Number({ description: 'delivered / sent; null when nothing was sent.' })),
  readRate: Nullable(Type.Number({ description: 'read / delivered; null when nothing was delivered.' })),
  acceptedToSentMs: {
    ...Latency,
    description:
      "Median and 95th percentile of the time from accepted (or a scheduled `sendAt`) to sent, ms, from histogram bins (interpolated; the platform's timestamps are whole seconds). Null when nothing was sent.",
  },
  sentToDeliveredMs: {
    ...Latency,
    description: 'Median and 95th percentile of the time from sent to delivered, ms, likewise.',
  },
  estimatedCost: {
    ...Nullable(
      Type.Object(
        {
          currency: Type.String({ examples: ['USD'] }),
          amount: Type.String({
            description:
              "A decimal: billable messages times the price table's price for their category, market and day.",
            examples: ['12.3400'],
          }),
          estimate: Type.Literal(true, {
            description:
              "Always true: an estimate from the operator's price table (`PRICE_TABLE_FILE`), not the platform's invoice.",
          }),
        },
        { additionalProperties: false },
      ),
    ),
    description: 'Null when no price table is configured.',
  },
};

/** A group's identity: the fields of the groupings asked for. */
export const AnalyticsGroup = Type.Object(
  {
    templateId: Type.Optional(Nullable(Type.String())),
    templateName: Type.Optional(Nullable(Type.String())),
    type: Type.Optional(Nullable(Type.String())),
    status: Type.Optional(Type.String()),
    errorCode: Type.Optional(Nullable(Type.String())),
    errorTitle: Type.Optional(Nullable(Type.String({ description: 'What the code means, when Tidings knows it.' }))),
    errorAction: Type.Optional(Nullable(Type.String({ description: 'What to do about it.' }))),
    pricingCategory: Type.Optional(
      Nullable(Type.String({ description: 'Null: not priced (yet, or never: failed before the platform priced it).' })),
    ),
    phoneNumberId: Type.Optional(Type.String()),
    country: Type.Optional(Nullable(Type.String())),
  },
  { additionalProperties: false, description: 'The group, by the fields of `groupBy` (`{}` without grouping).' },
);

export const AnalyticsRow = Type.Object(
  {
    start: Type.String({
      format: 'date-time',
      description: "Start of the bucket, with the zone's offset (`Z` in UTC).",
    }),
    group: AnalyticsGroup,
    ...AnalyticsFigures,
  },
  { additionalProperties: false },
);
export const AnalyticsTotal = Type.Object(
  { group: AnalyticsGroup, ...AnalyticsFigures },
  { additionalProperties: false },
);

/** Figures of an example row (one day of one group). */
const EXAMPLE_FIGURES = {
  accepted: 1200,
  sent: 1190,
  delivered: 1172,
  read: 845,
  failed: 10,
  canceled: 0,
  billable: 1172,
  billableByCategory: { utility: 1172 },
  deliveryRate: 0.9849,
  readRate: 0.721,
  acceptedToSentMs: { median: 1150, p95: 2900 },
  sentToDeliveredMs: { median: 1730, p95: 6400 },
  estimatedCost: { currency: 'USD', amount: '3.9848', estimate: true },
};

/** An example answer grouped by `groupBy`, whose row's group is `group`. */
function example(groupBy: GroupBy, group: Record<string, unknown>) {
  const row = { group, ...EXAMPLE_FIGURES };
  return {
    from: '2026-10-28T00:00:00.000Z',
    to: '2026-11-27T00:00:00.000Z',
    granularity: 'day',
    timeZone: 'UTC',
    groupBy: [groupBy],
    data: [{ start: '2026-11-26T00:00:00.000Z', ...row }],
    totals: [row],
    total: EXAMPLE_FIGURES,
    metaAgent: { replies: 0, delivered: 0, read: 0, failed: 0 },
  };
}

export const AnalyticsResult = Type.Object(
  {
    from: Type.String({ format: 'date-time' }),
    to: Type.String({ format: 'date-time' }),
    granularity: StringEnum(['hour', 'day']),
    timeZone: Type.String({ description: 'The zone of the buckets (`timeZone`, default `UTC`).' }),
    groupBy: Type.Array(StringEnum(GROUP_BYS)),
    data: Type.Array(AnalyticsRow, {
      description: 'One row per bucket and group that has messages, by start then group.',
    }),
    totals: Type.Array(AnalyticsTotal, {
      description: 'One row per group over the whole range, in the order of the groups.',
    }),
    total: Type.Object(AnalyticsFigures, { additionalProperties: false, description: 'Everything in the range.' }),
    metaAgent: Type.Object(
      {
        replies: Type.Integer({ minimum: 0, description: "Replies Meta's agent sent, stored in the range." }),
        delivered: Type.Integer({ minimum: 0, description: 'Of those, delivered (or read).' }),
        read: Type.Integer({ minimum: 0, description: 'Of those, read.' }),
        failed: Type.Integer({ minimum: 0, description: 'Of those, failed.' }),
      },
      {
        additionalProperties: false,
        description:
          "The replies of Meta's agent (Meta Business Agent) in a conversation it held (docs/api.md §D30): counted here, in no other figure of the answer. Filtered by `phoneNumberId` only; the other filters and `groupBy` do not apply.",
      },
    ),
  },
  {
    $id: 'MessageAnalytics',
    additionalProperties: false,
    // One per grouping (README.md, "What was sent, what arrived, what it cost").
    examples: [
      example('template', { templateId: 'tpl_0VbcO6ls4dKMJjI1trWFw2Zd', templateName: 'order_shipped' }),
      example('type', { type: 'template' }),
      example('status', { status: 'read' }),
      example('errorCode', {
        errorCode: '131049',
        errorTitle: 'Not delivered to maintain healthy ecosystem engagement',
        errorAction: 'Do not resend at once: wait at least 24 h, then with growing delays',
      }),
      example('pricingCategory', { pricingCategory: 'utility' }),
      example('phoneNumber', { phoneNumberId: '106540352242922' }),
      example('country', { country: 'US' }),
    ],
  },
);
export type AnalyticsResult = Static<typeof AnalyticsResult>;
export type AnalyticsFigures = Static<typeof AnalyticsResult>['total'];
export type AnalyticsGroup = Static<typeof AnalyticsGroup>;
