/** Events, webhook endpoints and deliveries (DECISIONS §10): the resources and the bodies of their routes. */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, NullableString, PageLimit, StringEnum, Timestamp } from '../http/schemas.js';
import { EVENT_TYPES } from './event-types.js';

export { EVENT_TYPES, type EventType } from './event-types.js';

export const Event = Type.Object(
  {
    id: Type.String({ description: '`evt_` id; also the `webhook-id` header of every delivery of it (use it to drop duplicates).' }),
    type: StringEnum(EVENT_TYPES),
    createdAt: Timestamp,
    data: Type.Object({
      object: Type.Unknown({ description: 'The resource as its GET returned it when the event happened: a Message, an InboundMessage or a Template.' }),
    }),
    testMode: Type.Optional(Type.Literal(true, { description: 'Present and true on events of test keys.' })),
  },
  { $id: 'Event' },
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
  description: 'Event types sent to this endpoint; `["*"]` for all, including types added later.',
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
      description: '`requested`: turned off through the API. `failing`: every delivery failed for three days; turn it on again with PATCH `enabled: true`.',
    }),
    failingSince: NullableString({ format: 'date-time', description: 'When the current run of failed deliveries began; null after a success.' }),
    secretRollingExpiresAt: NullableString({ format: 'date-time', description: 'While set, deliveries are signed with the previous secret too, until then.' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    secret: Type.Optional(Type.String({ description: '`whsec_…`: only in the answers of create and roll_secret. Keep it; it is not shown again.' })),
    testMode: Type.Optional(Type.Literal(true)),
  },
  { $id: 'WebhookEndpoint' },
);
export type WebhookEndpoint = Static<typeof WebhookEndpoint>;

export const WebhookEndpointList = Type.Object({ data: Type.Array(Type.Ref(WebhookEndpoint)), has_more: Type.Boolean() });

const Url = Type.String({ minLength: 1, maxLength: 2048, description: 'An `https://` URL on a public host (DECISIONS §10).' });
const Description = Type.String({ maxLength: 500 });

export const CreateEndpointBody = Type.Object(
  { url: Url, events: EndpointEvents, description: Type.Optional(Description) },
  { additionalProperties: false },
);
export type CreateEndpointBody = Static<typeof CreateEndpointBody>;

export const UpdateEndpointBody = Type.Object(
  {
    url: Type.Optional(Url),
    events: Type.Optional(EndpointEvents),
    description: Type.Optional(Nullable(Description)),
    enabled: Type.Optional(Type.Boolean({ description: '`true` turns a disabled endpoint on again (its failure count starts over).' })),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type UpdateEndpointBody = Static<typeof UpdateEndpointBody>;

export const ListEndpointsQuery = Type.Object(
  { limit: Type.Optional(PageLimit), starting_after: Type.Optional(Type.String()) },
  { additionalProperties: false },
);
export type ListEndpointsQuery = Static<typeof ListEndpointsQuery>;

export const IdParams = Type.Object({ id: Type.String({ minLength: 1 }) });

export const DeliveryAttempt = Type.Object({
  attemptedAt: Timestamp,
  statusCode: Nullable(Type.Integer({ description: 'The HTTP status the endpoint answered; null when it did not answer.' })),
  durationMs: Type.Integer(),
  responseBody: NullableString({ description: 'The first 1 KB of the answer.' }),
  error: NullableString({ description: 'Why there was no usable answer: `timeout`, `connection_failed: …`, `address_refused: …`.' }),
});

export const Delivery = Type.Object(
  {
    id: Type.String({ description: '`dlv_` id: one event to one endpoint; a redelivery is a new one.' }),
    eventId: Type.String(),
    endpointId: Type.String(),
    status: StringEnum(['pending', 'succeeded', 'failed'] as const, { description: '`failed`: every retry failed, or the endpoint was disabled or deleted.' }),
    attemptCount: Type.Integer(),
    nextAttemptAt: NullableString({ format: 'date-time' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    attempts: Type.Array(DeliveryAttempt, { description: 'Oldest first.' }),
  },
  { $id: 'Delivery' },
);
export type Delivery = Static<typeof Delivery>;

export const DeliveryList = Type.Object({ data: Type.Array(Type.Ref(Delivery)) });

export const RedeliverBody = Type.Object(
  { endpointId: Type.Optional(Type.String({ description: 'Only to this endpoint (it must be enabled); default: every enabled endpoint subscribed to the event type.' })) },
  { additionalProperties: false },
);
export type RedeliverBody = Static<typeof RedeliverBody>;
