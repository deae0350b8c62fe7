/** The lists of messages: the query and page of GET /v1/messages, and a contact's timeline (docs/api.md §4.10, §4.17). Re-exported by message.schemas.ts. */
import { Type, type Static } from '@sinclair/typebox';
import { PageLimit } from '../../http/schemas.js';
import { InboundMessage } from './inbound.schemas.js';
import { Message, MESSAGE_STATUSES } from './message.schemas.js';
import { DELIVERED_AS } from './routing.schemas.js';

export const ListMessagesQuery = Type.Object(
  {
    limit: Type.Optional(PageLimit),
    starting_after: Type.Optional(Type.String({ description: 'The last id of the previous page.' })),
    status: Type.Optional(
      Type.Union(
        MESSAGE_STATUSES.map((s) => Type.Literal(s)),
        { description: 'Only messages in this status.' },
      ),
    ),
    to: Type.Optional(Type.String({ description: 'Only messages to this recipient as addressed (E.164 or a BSUID).' })),
    batch: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: "Only messages of this batch (`bat_` id), in the batch's order.",
      }),
    ),
    clientReference: Type.Optional(
      Type.String({ minLength: 1, maxLength: 128, description: 'Only the message with this `clientReference`.' }),
    ),
    deliveredAs: Type.Optional(
      Type.Union(
        DELIVERED_AS.map((d) => Type.Literal(d)),
        {
          description:
            'Only routed sends (`"route": "auto"`) that went out this way: `free_form`, `direct_send` or `template` (their fallback). Sends without routing are not routing outcomes and never match (docs/api.md §D19).',
        },
      ),
    ),
  },
  { additionalProperties: false },
);
export type ListMessagesQuery = Static<typeof ListMessagesQuery>;

export const MessageList = Type.Object({ data: Type.Array(Type.Ref(Message)), has_more: Type.Boolean() });

/** One message of a contact's timeline: a customer's message or one sent to them. */
export const TimelineEntry = Type.Object({
  id: Type.String({
    description: "The message's id: `in_` (inbound) or `msg_` (outbound); `starting_after` takes it.",
  }),
  direction: Type.Unsafe<'inbound' | 'outbound'>({ type: 'string', enum: ['inbound', 'outbound'] }),
  at: Type.String({
    format: 'date-time',
    description: "When the customer sent it (inbound) or when it was accepted (outbound): the timeline's order.",
  }),
  inbound: Type.Union([Type.Ref(InboundMessage), Type.Null()], {
    description: "The customer's message (direction `inbound`).",
  }),
  outbound: Type.Union([Type.Ref(Message), Type.Null()], { description: 'The message sent (direction `outbound`).' }),
});
export type TimelineEntry = Static<typeof TimelineEntry>;

export const Timeline = Type.Object({ data: Type.Array(TimelineEntry), has_more: Type.Boolean() });

export const TimelineQuery = Type.Object(
  {
    limit: Type.Optional(PageLimit),
    starting_after: Type.Optional(Type.String({ description: 'The last id (`in_` or `msg_`) of the previous page.' })),
  },
  { additionalProperties: false },
);
export type TimelineQuery = Static<typeof TimelineQuery>;
