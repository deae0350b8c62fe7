/**
 * The account's standing as the platform's webhooks told it (GET /v1/account/signals; the events
 * `account.*` and `phone_number.messaging_limit_updated`; docs/api.md §D24,
 * docs/platform.md §4.12–§4.14).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, NullableString, Timestamp } from '../http/schemas.js';

const Told = {
  platformAt: NullableString({
    format: 'date-time',
    description: "When the platform says it happened (the webhook entry's `time`); null when not given.",
  }),
  receivedAt: Timestamp,
};

export const MessagingLimit = Type.Object(
  {
    tier: Type.String({
      description:
        'As the platform gave it: `TIER_250`, `TIER_2K`, `TIER_10K`, `TIER_100K`, `TIER_UNLIMITED`, or a number from the older `max_daily_conversation_per_phone`.',
    }),
    dailyUsers: Nullable(
      Type.Integer({
        minimum: 0,
        description:
          'Unique customers the business may reach outside a customer service window per moving 24 hours; null when unlimited.',
      }),
    ),
    unlimited: Type.Boolean(),
    updatedAt: Timestamp,
  },
  {
    description:
      "The messaging limit the platform last told (`business_capability_update`): 250 → 2,000 → 10,000 → 100,000 → unlimited, shared by the business portfolio's numbers. Null until told.",
  },
);
export type MessagingLimit = Static<typeof MessagingLimit>;

export const Restriction = Type.Object({
  type: Type.String({
    description:
      'As the platform gave it: `RESTRICTED_BIZ_INITIATED_MESSAGING`, `RESTRICTED_CUSTOMER_INITIATED_MESSAGING`, `RESTRICTED_ADD_PHONE_NUMBER_ACTION`…',
  }),
  expiresAt: NullableString({
    format: 'date-time',
    description: 'When it ends, as the platform says; null when not given.',
  }),
});

export const Alert = Type.Object({
  type: Type.String({
    description: '`alert_type` as given: `OBA_APPROVED`, `INCREASED_CAPABILITIES_ELIGIBILITY_DEFERRED`…',
  }),
  severity: NullableString({ description: '`alert_severity`: `CRITICAL`, `WARNING`, `INFORMATIONAL`…' }),
  status: NullableString({ description: '`alert_status`: `ACTIVE`, `RESOLVED`, `NONE`…' }),
  description: NullableString(),
  entityType: NullableString({ description: '`entity_type`: `WABA`, `PHONE_NUMBER`, `BUSINESS`…' }),
  entityId: NullableString(),
  ...Told,
});

export const GraphApiStatus = Type.Object(
  {
    version: Type.String({
      description: 'The Graph API version Tidings speaks (`WHATSAPP_GRAPH_VERSION`), e.g. `v25.0`.',
    }),
    known: Type.Boolean({
      description: "Whether Meta's table of versions, as this Tidings release carries it, lists it.",
    }),
    releasedOn: NullableString({ format: 'date', description: 'When Meta released it; null when not known.' }),
    endOfLife: NullableString({
      format: 'date',
      description: "The last day Meta's table says it is available; null while Meta says TBD (or unknown).",
    }),
    daysLeft: Nullable(Type.Integer({ minimum: 0, description: 'Whole days until its end of life; 0 once reached.' })),
    expired: Type.Boolean({ description: 'True once the end-of-life day has begun.' }),
    warning: NullableString({
      description: 'A sentence for people while the end of life is 90 days away or less (or passed); null otherwise.',
    }),
  },
  {
    description:
      "The Graph API version the service speaks and how near its end of life is (docs/api.md §D33): the same for every account, and the dashboard's banner within 90 days of it.",
  },
);

export const AccountSignals = Type.Object(
  {
    restricted: Type.Boolean({
      description: 'True while a restriction the platform told is in force (not lifted, not expired).',
    }),
    disabled: Type.Boolean({
      description:
        'True when the platform last told that the WhatsApp Business Account is disabled (or scheduled to be).',
    }),
    restriction: Nullable(
      Type.Object(
        { restrictions: Type.Array(Restriction, { description: 'Empty once lifted.' }), ...Told },
        { description: 'The latest `account_update` ACCOUNT_RESTRICTION; null if none was told.' },
      ),
    ),
    ban: Nullable(
      Type.Object(
        {
          state: Type.String({ description: '`waba_ban_state`: `DISABLE`, `SCHEDULE_FOR_DISABLE`, `REINSTATE`.' }),
          date: NullableString({ description: '`waba_ban_date` as the platform words it.' }),
          ...Told,
        },
        { description: 'The latest `account_update` DISABLED_UPDATE; null if none.' },
      ),
    ),
    violation: Nullable(
      Type.Object(
        { violationType: Type.String(), ...Told },
        { description: 'The latest `account_update` ACCOUNT_VIOLATION; null if none.' },
      ),
    ),
    alerts: Type.Array(Alert, { description: 'The latest alert of each type (`account_alerts`), newest first.' }),
    review: Nullable(
      Type.Object(
        { decision: Type.String({ description: '`APPROVED`, `REJECTED`, `PENDING`, `DEFERRED`…' }), ...Told },
        { description: 'The latest `account_review_update`; null if none.' },
      ),
    ),
    phoneNumbers: Type.Array(
      Type.Object({
        phoneNumberId: Type.String(),
        displayPhoneNumber: Type.String(),
        messagingLimit: Nullable(MessagingLimit),
      }),
    ),
    graphApi: GraphApiStatus,
  },
  {
    $id: 'AccountSignals',
    examples: [
      {
        restricted: true,
        disabled: false,
        restriction: {
          restrictions: [{ type: 'RESTRICTED_BIZ_INITIATED_MESSAGING', expiresAt: '2026-12-01T00:00:00.000Z' }],
          platformAt: '2026-11-20T09:00:00.000Z',
          receivedAt: '2026-11-20T09:00:01.120Z',
        },
        ban: null,
        violation: null,
        alerts: [],
        review: { decision: 'APPROVED', platformAt: null, receivedAt: '2026-11-02T10:00:00.000Z' },
        phoneNumbers: [
          {
            phoneNumberId: '106540352242922',
            displayPhoneNumber: '15550783881',
            messagingLimit: {
              tier: 'TIER_2K',
              dailyUsers: 2000,
              unlimited: false,
              updatedAt: '2026-11-10T12:00:00.000Z',
            },
          },
        ],
        graphApi: {
          version: 'v25.0',
          known: true,
          releasedOn: '2026-02-18',
          endOfLife: '2028-07-29',
          daysLeft: 604,
          expired: false,
          warning: null,
        },
      },
    ],
  },
);
export type AccountSignals = Static<typeof AccountSignals>;
