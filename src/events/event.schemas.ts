/** Events, webhook endpoints and deliveries (docs/api.md §D10): the resources and the bodies of their routes. */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, NullableString, PageLimit, StringEnum, Timestamp } from '../http/schemas.js';
import { EVENT_TYPES } from './event-types.js';

export { EVENT_TYPES, type EventType } from './event-types.js';

export const Event = Type.Object(
  {
    id: Type.String({
      description: '`evt_` id; also the `webhook-id` header of every delivery of it (use it to drop duplicates).',
    }),
    type: StringEnum(EVENT_TYPES),
    createdAt: Timestamp,
    data: Type.Object({
      object: Type.Unknown({
        description:
          'The resource as its GET returned it when the event happened: a Message, an InboundMessage, a Template, a Batch, a PricingTier (`account.pricing_tier_updated`), an AccountSignal (`account.*` of docs/api.md §D24), a PhoneNumberMessagingLimit (`phone_number.messaging_limit_updated`), a PlatformWebhook (`platform.webhook`: `{ field, value, wabaId, phoneNumberId, receivedAt }`, the value raw), a Contact (`contact.blocked`, `contact.unblocked`), a Suppression (`contact.suppressed`, `contact.unsuppressed`), an IdentityChange (`contact.changed_identity`: `{ object: "identity_change", contactId, change: "number" | "user_id", previous, current, at, platformMessageId }`, previous and current each `{ phone, userId, parentUserId }`: a customer changed number or BSUID, docs/api.md §D31), a HistoryImport (`history.imported`: `{ phoneNumberId, phase, chunkOrder, progress, threads, messages, imported, inbound, outbound, declined }`, one per chunk of the past chats of the WhatsApp Business app), or an AdEvent (`ad.purchase`, `ad.lead`: `{ eventName, phoneNumberId, platformMessageId, messageId, contactId, ctwaClid, currency, value, at }`); `message.edited` and `message.revoked` carry the Message (docs/api.md §D32); a ConversationHandover (`conversation.handover`: `{ contactId, phoneNumberId, from, to, at, reason }`, who holds the conversation, `business` or `meta_agent`, docs/api.md §D30).',
      }),
    }),
    testMode: Type.Optional(Type.Literal(true, { description: 'Present and true on events of test keys.' })),
  },
  {
    $id: 'Event',
    examples: [
      {
        id: 'evt_0VbdB7hJs3Wn9Lq1Pz5xKr2c',
        type: 'message.read',
        createdAt: '2026-11-21T14:31:06.120Z',
        data: {
          object: {
            id: 'msg_0VbcO6ls4dKMJjI1trWFw2Zd',
            status: 'read',
            to: '+16505551234',
            contactId: 'ct_0VbcNw2Rk7Hp4Ld9Qs3yTm6b',
            type: 'text',
            platformMessageId: 'wamid.HBgLMTY1MDU1NTEyMzQVAgARGBI5QTNDQTVCM0Q0Q0Q2RTY3RTcA',
            error: null,
            text: 'Your order 1042 has shipped.',
            caption: null,
            mediaId: null,
            templateId: null,
            replyTo: null,
            source: 'api',
            sentAt: '2026-11-21T14:31:04.000Z',
            deliveredAt: '2026-11-21T14:31:05.000Z',
            readAt: '2026-11-21T14:31:06.000Z',
            failedAt: null,
            createdAt: '2026-11-21T14:31:03.412Z',
            updatedAt: '2026-11-21T14:31:06.120Z',
          },
        },
      },
    ],
  },
);
export type Event = Static<typeof Event>;

export const EventList = Type.Object({ data: Type.Array(Type.Ref(Event)), has_more: Type.Boolean() });

export const ListEventsQuery = Type.Object(
  {
    limit: Type.Optional(PageLimit),
    starting_after: Type.Optional(Type.String({ description: 'The last id of the previous page.' })),
    type: Type.Optional(StringEnum(EVENT_TYPES, { description: 'Only events of this type.' })),
  },
  { additionalProperties: false },
);
export type ListEventsQuery = Static<typeof ListEventsQuery>;

const EndpointEvents = Type.Array(StringEnum([...EVENT_TYPES, '*'] as const), {
  minItems: 1,
  maxItems: EVENT_TYPES.length + 1,
  uniqueItems: true,
  description:
    'Event types sent to this endpoint; `["*"]` for all, including types added later, except `platform.webhook`, sent only to endpoints that name it (`["*", "platform.webhook"]` for everything; docs/api.md §D24).',
});

export const WebhookEndpoint = Type.Object(
  {
    id: Type.String({ description: '`we_` id.' }),
    url: Type.String(),
    events: Type.Array(Type.String()),
    description: NullableString(),
    enabled: Type.Boolean(),
    disabledReason: Type.Unsafe<'requested' | 'failing' | null>({
      type: ['string', 'null'],
      enum: ['requested', 'failing', null],
      description:
        '`requested`: turned off through the API. `failing`: every delivery failed for three days; turn it on again with PATCH `enabled: true`.',
    }),
    failingSince: NullableString({
      format: 'date-time',
      description: 'When the current run of failed deliveries began; null after a success.',
    }),
    secretRollingExpiresAt: NullableString({
      format: 'date-time',
      description: 'While set, deliveries are signed with the previous secret too, until then.',
    }),
    format: StringEnum(['tidings', 'cloud_api'] as const, {
      description:
        "`tidings`: events, signed per Standard Webhooks (docs/api.md §D10). `cloud_api`: a Cloud API client's app, sent its number's updates in Meta's webhook shapes, signed `X-Hub-Signature-256` with its app secret (docs/api.md §D35).",
    }),
    phoneNumberId: NullableString({
      description:
        "A `cloud_api` endpoint's business number (the key's): it receives that number's updates; null for `tidings`.",
    }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    secret: Type.Optional(
      Type.String({
        description: '`whsec_…`: only in the answers of create and roll_secret. Keep it; it is not shown again.',
      }),
    ),
    testMode: Type.Optional(Type.Literal(true)),
  },
  {
    $id: 'WebhookEndpoint',
    examples: [
      {
        id: 'we_0VbdA4kNp8Rz1Yc6Vx2mQt5g',
        url: 'https://example.com/tidings',
        events: ['message.delivered', 'message.failed', 'message.read', 'message.received'],
        description: 'Order notifications',
        enabled: true,
        disabledReason: null,
        failingSince: null,
        secretRollingExpiresAt: null,
        format: 'tidings',
        phoneNumberId: null,
        createdAt: '2026-11-21T09:58:40.017Z',
        updatedAt: '2026-11-21T09:58:40.017Z',
        secret: 'whsec_Jb8uQ2mV7xK4pR9tL1nZ6cW3yH5sD0fA',
      },
    ],
  },
);
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;

export const WebhookEndpointList = Type.Object({
  data: Type.Array(Type.Ref(WebhookEndpoint)),
  has_more: Type.Boolean(),
});

const Url = Type.String({
  minLength: 1,
  maxLength: 2048,
  description: 'An `https://` URL on a public host (docs/api.md §D10).',
});
const Description = Type.String({ maxLength: 500 });
const VerifyToken = Type.String({
  minLength: 1,
  maxLength: 256,
  description:
    "A `cloud_api` endpoint's verify token: sent as `hub.verify_token` in the handshake (docs/api.md §D35). Never shown back.",
});
const AppSecret = Type.String({
  minLength: 1,
  maxLength: 256,
  description:
    "A `cloud_api` endpoint's app secret: the key of the `X-Hub-Signature-256` HMAC its client verifies. Stored encrypted, never shown back.",
});

export const CreateEndpointBody = Type.Object(
  {
    url: Url,
    events: EndpointEvents,
    description: Type.Optional(Description),
    format: Type.Optional(
      StringEnum(['tidings', 'cloud_api'] as const, {
        description:
          '`tidings` (the default) or `cloud_api`: a Cloud API client\'s app on the key\'s number, which needs `verifyToken` and `appSecret`; its `events` are of the types docs/api.md §D35 relays (`["*"]`: all of them).',
      }),
    ),
    verifyToken: Type.Optional(VerifyToken),
    appSecret: Type.Optional(AppSecret),
  },
  {
    additionalProperties: false,
    examples: [
      {
        url: 'https://example.com/tidings',
        events: ['message.delivered', 'message.read', 'message.failed', 'message.received'],
        description: 'Order notifications',
      },
      {
        url: 'https://example.com/whatsapp/webhook',
        events: ['*'],
        format: 'cloud_api',
        verifyToken: 'my-verify-token',
        appSecret: 'a3f1c9e07b5d42e8a6b0c2d4e6f81357',
      },
    ],
  },
);
export type CreateEndpointBody = Static<typeof CreateEndpointBody>;

export const UpdateEndpointBody = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(EndpointEvents),
    description: Type.Optional(Nullable(Description)),
    enabled: Type.Optional(
      Type.Boolean({ description: '`true` turns a disabled endpoint on again (its failure count starts over).' }),
    ),
    verifyToken: Type.Optional(VerifyToken),
    appSecret: Type.Optional(AppSecret),
  },
  { additionalProperties: false, minProperties: 1, examples: [{ enabled: true }, { events: ['*'] }] },
);
export type UpdateEndpointBody = Static<typeof UpdateEndpointBody>;

export const ListEndpointsQuery = Type.Object(
  {
    limit: Type.Optional(PageLimit),
    starting_after: Type.Optional(Type.String({ description: 'The last id of the previous page.' })),
  },
  { additionalProperties: false },
);
export type ListEndpointsQuery = Static<typeof ListEndpointsQuery>;

export const EndpointIdParams = Type.Object({ id: Type.String({ minLength: 1, description: '`we_` id.' }) });
export const EventIdParams = Type.Object({ id: Type.String({ minLength: 1, description: '`evt_` id.' }) });

export const DeliveryAttempt = Type.Object({
  attemptedAt: Timestamp,
  statusCode: Nullable(
    Type.Integer({ description: 'The HTTP status the endpoint answered; null when it did not answer.' }),
  ),
  durationMs: Type.Integer(),
  responseBody: NullableString({ description: 'The first 1 KB of the answer.' }),
  error: NullableString({
    description:
      'Why there was no usable answer: `timeout`, `connection_failed: …`, `address_refused: …`; for a Cloud API app, `render_failed: …` (docs/api.md §D35).',
  }),
});

export const Delivery = Type.Object(
  {
    id: Type.String({ description: '`dlv_` id: one event to one endpoint; a redelivery is a new one.' }),
    eventId: Type.String(),
    endpointId: Type.String(),
    status: StringEnum(['pending', 'succeeded', 'failed'] as const, {
      description: '`failed`: every retry failed, or the endpoint was disabled or deleted.',
    }),
    attemptCount: Type.Integer(),
    nextAttemptAt: NullableString({ format: 'date-time' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    attempts: Type.Array(DeliveryAttempt, { description: 'Oldest first.' }),
  },
  {
    $id: 'Delivery',
    examples: [
      {
        id: 'dlv_0VbdB7iKt4Xo0Mr2Qa6yLs3d',
        eventId: 'evt_0VbdB7hJs3Wn9Lq1Pz5xKr2c',
        endpointId: 'we_0VbdA4kNp8Rz1Yc6Vx2mQt5g',
        status: 'succeeded',
        attemptCount: 2,
        nextAttemptAt: null,
        createdAt: '2026-11-21T14:31:06.120Z',
        updatedAt: '2026-11-21T14:31:11.403Z',
        attempts: [
          {
            attemptedAt: '2026-11-21T14:31:06.131Z',
            statusCode: null,
            durationMs: 10002,
            responseBody: null,
            error: 'timeout',
          },
          { attemptedAt: '2026-11-21T14:31:11.362Z', statusCode: 204, durationMs: 41, responseBody: '', error: null },
        ],
      },
    ],
  },
);
export type Delivery = Static<typeof Delivery>;

export const DeliveryList = Type.Object({ data: Type.Array(Type.Ref(Delivery)) });

export const RedeliverBody = Type.Object(
  {
    endpointId: Type.Optional(
      Type.String({
        description:
          'Only to this endpoint (it must be enabled); default: every enabled endpoint subscribed to the event type.',
      }),
    ),
  },
  { additionalProperties: false, examples: [{ endpointId: 'we_0VbdA4kNp8Rz1Yc6Vx2mQt5g' }] },
);
export type RedeliverBody = Static<typeof RedeliverBody>;
