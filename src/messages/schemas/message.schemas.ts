/**
 * The message resource (docs/api.md §2.2) and the id its routes take. The send's body is
 * send.schemas.ts (each type's own in send-bodies.schemas.ts); customers' messages are
 * inbound.schemas.ts, re-exported here.
 */
import { MessagePricing } from './pricing.schemas.js';
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, NullableString, StringEnum, Timestamp } from '../../http/schemas.js';
import { ContactCard, CustomerReaction, Interactive, Location, Reaction } from './rich.schemas.js';
import { TemplateButtonValues, TemplateVariables } from './template-values.schemas.js';
import { messageRoutingFields } from './routing.schemas.js';

export * from './inbound.schemas.js';

/** Every status (status-machine.ts); `scheduled` and `canceled` came with batch and scheduled sends (docs/api.md §D18). */
export const MESSAGE_STATUSES = ['scheduled', 'accepted', 'sent', 'delivered', 'read', 'failed', 'canceled'] as const;
export const MESSAGE_TYPES = ['template', 'text', 'media', 'interactive', 'location', 'contacts', 'reaction'] as const;

export const Message = Type.Object(
  {
    id: Type.String({ description: '`msg_` id.' }),
    status: StringEnum(MESSAGE_STATUSES),
    to: Type.String({
      description:
        "The recipient as addressed: E.164 (`+16505551234`) or a business-scoped user id (`US.13491208655302741918`, `US.ENT.…`), as the send gave it. A send to a `ct_` id records the address it resolved to (the contact's phone number, else its BSUID); `contactId` names the contact.",
    }),
    contactId: NullableString({
      description: 'The contact (`ct_`) the message went to; null for messages stored before contacts existed.',
    }),
    type: Type.Unsafe<(typeof MESSAGE_TYPES)[number] | null>({
      type: ['string', 'null'],
      enum: [...MESSAGE_TYPES, null],
      description: 'Null only for a message the service did not send and whose kind the platform did not report.',
    }),
    platformMessageId: NullableString({
      description:
        'The wamid. Null until the message is dispatched and the platform took it (the send answers before that), and always on a test key.',
    }),
    error: Nullable(
      Type.Object(
        {
          code: Type.String({
            description:
              "The platform's error code (`131026`…), or a Tidings code: `validity_period_expired`, `media_not_found` (its file was deleted before its turn), `content_removed` (message-body retention removed what it said before its turn), `platform_error`, `outside_customer_window` (a routed send nothing could carry when its turn came), `ttl_expired` (never delivered within the time to live Tidings gave the platform).",
          }),
          message: Type.String(),
        },
        { description: 'Why the message failed.' },
      ),
    ),
    text: NullableString(),
    caption: NullableString(),
    mediaId: NullableString(),
    templateId: NullableString(),
    variables: Type.Optional(
      Type.Union([TemplateVariables, Type.Null()], {
        description:
          "A template send's `variables`, as the send gave them (null when it gave none: the template's examples were sent).",
      }),
    ),
    buttons: Type.Optional(
      Type.Union([TemplateButtonValues, Type.Null()], {
        description: "A template send's `buttons`, as the send gave them.",
      }),
    ),
    replyTo: NullableString({ description: 'The message this one quotes: a `msg_` id or a wamid, as given.' }),
    interactive: Type.Optional(Nullable(Interactive)),
    location: Type.Optional(Nullable(Location)),
    contacts: Type.Optional(Nullable(Type.Array(ContactCard))),
    reaction: Type.Optional(Nullable(Reaction)),
    customerReaction: Type.Optional(CustomerReaction),
    source: StringEnum(['api', 'dashboard', 'external', 'business_app', 'meta_agent', 'consent_reply'] as const, {
      description:
        "`api`: sent through this API. `dashboard`: sent from the web dashboard. `external`: known only from the platform's status reports (sent from other tools). `business_app`: sent from the WhatsApp Business app on a number shared with the API (the platform's `smb_message_echoes`, docs/api.md §D24). `meta_agent`: Meta Business Agent's reply to the customer while it held the conversation (an echo under the platform's `standby`, docs/api.md §D30); not the business's send, never billed to it here. `consent_reply`: sent by Tidings itself, the account's confirmation of a customer's opt-out or opt-in keyword (docs/api.md §D23). More values may come.",
    }),
    sentAt: NullableString({ format: 'date-time' }),
    deliveredAt: NullableString({ format: 'date-time' }),
    readAt: NullableString({ format: 'date-time' }),
    failedAt: NullableString({ format: 'date-time' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    scheduledAt: Type.Optional(
      NullableString({
        format: 'date-time',
        description:
          "The `sendAt` it was scheduled for; null when sent at once. A `scheduled` message enters its number's queue then.",
      }),
    ),
    canceledAt: Type.Optional(
      NullableString({ format: 'date-time', description: 'When it was canceled (status `canceled`).' }),
    ),
    batchId: Type.Optional(
      NullableString({ description: 'The batch (`bat_`) it was sent in; null for a single send.' }),
    ),
    clientReference: Type.Optional(NullableString({ description: "The send's `clientReference`, as given." })),
    ...messageRoutingFields,
    pricing: Type.Optional(Nullable(MessagePricing)),
    contentRemovedAt: Type.Optional(
      NullableString({
        format: 'date-time',
        description:
          "When the account's message-body retention removed what the message said (`text`, `caption`, rich content, template values, now null); its metadata stays. Null while kept (docs/api.md §D17).",
      }),
    ),
    imported: Type.Optional(
      Type.Boolean({
        description:
          "True for a message of the WhatsApp Business app's past chats, imported from the platform's `history` webhook (docs/api.md §D32): it sent no event and counts in no analytics.",
      }),
    ),
    editedAt: Type.Optional(
      NullableString({
        format: 'date-time',
        description:
          'When the business last edited it in the WhatsApp Business app (`text` or `caption` is the edited version; docs/api.md §D32). Null when never edited.',
      }),
    ),
    edits: Type.Optional(
      Type.Array(
        Type.Object(
          { text: NullableString(), caption: NullableString(), at: NullableString({ format: 'date-time' }) },
          { additionalProperties: false },
        ),
        {
          description:
            'The earlier versions of an edited message, oldest first (`at`: when that version was sent or edited).',
        },
      ),
    ),
    revokedAt: Type.Optional(
      NullableString({
        format: 'date-time',
        description:
          'When the business deleted it for everyone in the WhatsApp Business app (docs/api.md §D32). Null when not.',
      }),
    ),
    suppressionOverride: Type.Optional(
      Type.Union(
        [
          Type.Object(
            {
              suppressionId: Type.String({ description: 'The suppression (`sup_…`) the send passed.' }),
              keyId: Type.String({
                description: 'The API key that sent it (its id, as `npx tidings keys list` shows).',
              }),
            },
            { additionalProperties: false },
          ),
          Type.Null(),
        ],
        {
          description:
            'Set when the send reached a suppressed customer with `"suppression": "ignore"` (where the account\'s operator allows it): which suppression it passed and who asked. Null for every other message (docs/api.md §D23).',
        },
      ),
    ),
    testMode: Type.Optional(
      Type.Literal(true, { description: 'Present and true on a test key; nothing reached the platform.' }),
    ),
  },
  {
    $id: 'Message',
    examples: [
      {
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
    ],
  },
);
export type Message = Static<typeof Message>;

export const MessageIdParams = Type.Object({
  id: Type.String({ minLength: 1, description: '`msg_` id or platform message id.' }),
});
