/** The message resource and the bodies of its routes (docs/api.md §2.2, §4.6–4.7). */
import { MessagePricing } from './pricing.schemas.js';
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, NullableString, StringEnum, TaggedUnion, Timestamp } from '../../http/schemas.js';
import { TEXT_MAX_LENGTH } from './inbound.schemas.js';
import { CONTACT_LIMITS, REFERENCE_MAX_LENGTH, schemaBound } from './rich.limits.js';
import { ContactCard, CustomerReaction, Interactive, Location, Reaction, SendContactCard } from './rich.schemas.js';
import { TemplateButtonValues, TemplateLanguages, TemplateVariables } from './template-values.schemas.js';
import { TEXT_TYPE_HINT, unknownFieldHints } from './send-hints.js';
import { messageRoutingFields, routingFields } from './routing.schemas.js';
import { suppressionField } from './suppression.schemas.js';

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
              "The platform's error code (`131026`…), or a Tidings code: `validity_period_expired`, `media_not_found`, `platform_error`, `outside_customer_window` (a routed send nothing could carry when its turn came), `ttl_expired` (never delivered within the time to live Tidings gave the platform).",
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
    source: StringEnum(['api', 'dashboard', 'external', 'business_app'] as const, {
      description:
        "`api`: sent through this API. `dashboard`: sent from the web dashboard. `external`: known only from the platform's status reports (sent from other tools). `business_app`: sent from the WhatsApp Business app on a number shared with the API (the platform's `smb_message_echoes`, docs/api.md §D24). More values may come.",
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

/** Fields every send takes, whatever its type. */
const sendCommon = {
  to: Type.String({
    description:
      "The recipient: a phone number in E.164 (`+16505551234`), a business-scoped user id (`US.13491208655302741918`) or parent BSUID (`US.ENT.11815799212886844830`), or a contact's `ct_` id (sent to its phone number, else its BSUID).",
    maxLength: 140,
  }),
  replyTo: Type.Optional(
    Type.String({
      description:
        'A `msg_` id or a platform message id to quote; threads the message as a reply. A message still queued is quoted by its wamid once it has one.',
      minLength: 1,
      maxLength: REFERENCE_MAX_LENGTH,
    }),
  ),
  validityPeriod: Type.Optional(
    Type.Integer({
      minimum: 60,
      maximum: 86_400,
      description:
        "Seconds the message may wait in the sender number's queue (60 to 86,400; default 14,400, four hours), counted from `sendAt` when it has one. Still queued after that, it fails with `error.code` `validity_period_expired` and a `message.failed` event.",
    }),
  ),
  sendAt: Type.Optional(
    Type.String({
      format: 'date-time',
      maxLength: 64,
      description:
        "Send later: an RFC 3339 time with its offset (`2026-12-01T09:00:00+01:00`), 60 seconds to 35 days ahead. The message is `scheduled` until then, enters its number's queue at that time and is sent as its pace allows; it can be canceled until it reaches the platform.",
    }),
  ),
  clientReference: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 128,
      description:
        'Your own reference for the message (1–128 characters): returned on the message and its events, filterable in the list, unique per account and mode for 24 hours.',
    }),
  ),
  ...suppressionField,
};

export const SendTemplateMessage = Type.Object(
  {
    ...sendCommon,
    type: Type.Literal('template'),
    templateId: Type.Optional(
      Type.String({
        description: 'A `tpl_` id of an approved utility template. Give this, or `templateName` with `language`.',
        minLength: 1,
        maxLength: 1024,
      }),
    ),
    templateName: Type.Optional(
      Type.String({
        description:
          "The template's name, with `language`: the account's approved template of that name in the first language of the list that has one.",
        minLength: 1,
        maxLength: 512,
      }),
    ),
    language: Type.Optional(TemplateLanguages),
    variables: Type.Optional(TemplateVariables),
    buttons: Type.Optional(TemplateButtonValues),
  },
  {
    $id: 'SendTemplateMessage',
    additionalProperties: false,
    ...unknownFieldHints('template'),
    description: 'An approved utility template: works at any time.',
    examples: [
      {
        to: '+16505551234',
        type: 'template',
        templateId: 'tpl_0VbcOa1Zt3QmH8s2Kp4xRw7e',
        variables: { header: 'A-1077', first_name: 'Jessica', '2': 'Friday' },
      },
      // A template with buttons (docs/api.md §D8): a quick reply's payload and a dynamic URL's end, by button index.
      {
        to: '+16505551234',
        type: 'template',
        templateId: 'tpl_0VbcOa1Zt3QmH8s2Kp4xRw7e',
        variables: { '1': 'Jessica' },
        buttons: { '0': { payload: 'stop-A-1077' }, '1': { urlSuffix: 'A-1077' } },
      },
      {
        to: '+5511955551234',
        type: 'template',
        templateName: 'order_shipped',
        language: ['pt_BR', 'en_US'],
        variables: { first_name: 'Joana', '2': 'sexta-feira' },
      },
    ],
  },
);

export const SendTextMessage = Type.Object(
  {
    ...sendCommon,
    type: Type.Literal('text'),
    ...routingFields,
    text: Type.String({
      description: "The message, at most 4,096 characters (the platform's limit).",
      minLength: 1,
      maxLength: TEXT_MAX_LENGTH,
      'x-type-hint': TEXT_TYPE_HINT,
    }),
  },
  {
    $id: 'SendTextMessage',
    additionalProperties: false,
    ...unknownFieldHints('text'),
    description: 'Free-form text: only inside the 24-hour customer service window.',
    examples: [{ to: '+16505551234', type: 'text', text: 'Your order 1042 has shipped.' }],
  },
);

export const SendMediaMessage = Type.Object(
  {
    ...sendCommon,
    type: Type.Literal('media'),
    ...routingFields,
    mediaId: Type.String({
      description: 'A `med_` id from POST /v1/media.',
      minLength: 1,
      maxLength: REFERENCE_MAX_LENGTH,
    }),
    caption: Type.Optional(Type.String({ maxLength: 1024, description: 'Shown with images, videos and documents.' })),
  },
  {
    $id: 'SendMediaMessage',
    additionalProperties: false,
    ...unknownFieldHints('media'),
    description: 'A previously uploaded file: only inside the 24-hour customer service window.',
    examples: [{ to: '+16505551234', type: 'media', mediaId: 'med_0VbcOd9Lm2Xq5Tb7Wy1zHs3u', caption: 'Your receipt' }],
  },
);

const INTERACTIVE_EXAMPLE = {
  to: '+16505551234',
  type: 'interactive',
  interactive: {
    kind: 'buttons',
    header: 'Order 1042',
    body: 'Your parcel can come Friday. Does that suit you?',
    footer: 'Reply by tapping a button',
    buttons: [
      { id: 'friday', title: 'Friday is fine' },
      { id: 'later', title: 'Later, please' },
    ],
  },
};

export const SendInteractiveMessage = Type.Object(
  { ...sendCommon, ...routingFields, type: Type.Literal('interactive'), interactive: Interactive },
  {
    $id: 'SendInteractiveMessage',
    additionalProperties: false,
    ...unknownFieldHints('interactive'),
    description:
      'Reply buttons, a list or a URL button (docs/api.md §D15): only inside the 24-hour customer service window. Every breached limit is reported at once in `error.issues`.',
    examples: [INTERACTIVE_EXAMPLE],
  },
);

export const SendLocationMessage = Type.Object(
  { ...sendCommon, ...routingFields, type: Type.Literal('location'), location: Location },
  {
    $id: 'SendLocationMessage',
    additionalProperties: false,
    ...unknownFieldHints('location'),
    description: 'A place on the map: only inside the 24-hour customer service window.',
    examples: [
      {
        to: '+16505551234',
        type: 'location',
        location: {
          latitude: 37.4847,
          longitude: -122.1477,
          name: 'Acme pick-up point',
          address: '1 Hacker Way, Menlo Park, CA 94025',
        },
      },
    ],
  },
);

export const SendContactsMessage = Type.Object(
  {
    ...sendCommon,
    ...routingFields,
    type: Type.Literal('contacts'),
    contacts: Type.Array(SendContactCard, {
      maxItems: schemaBound(CONTACT_LIMITS.cards),
      description: 'One to 257 contact cards, 16,384 characters of JSON in all (docs/api.md §D15).',
    }),
  },
  {
    $id: 'SendContactsMessage',
    additionalProperties: false,
    ...unknownFieldHints('contacts'),
    description: 'Contact cards: only inside the 24-hour customer service window.',
    examples: [
      {
        to: '+16505551234',
        type: 'contacts',
        contacts: [
          {
            name: { formatted: 'Acme Support', first: 'Acme', last: 'Support' },
            phones: [{ phone: '+1 650 555 0100', type: 'WORK', waId: '16505550100' }],
            emails: [{ email: 'help@acme.example', type: 'WORK' }],
            org: { company: 'Acme' },
          },
        ],
      },
    ],
  },
);

export const SendReactionMessage = Type.Object(
  { ...sendCommon, type: Type.Literal('reaction'), reaction: Reaction },
  {
    $id: 'SendReactionMessage',
    additionalProperties: false,
    ...unknownFieldHints('reaction'),
    description:
      'An emoji on a message of the conversation (`""` removes it): only inside the 24-hour customer service window.',
    examples: [
      { to: '+16505551234', type: 'reaction', reaction: { messageId: 'in_0VbcNx4Tq8Lr2Kw6Zp1yJm5h', emoji: '👍' } },
    ],
  },
);

/** Send bodies that are branches of the union, to register as shared schemas. */
export const RICH_SEND_SCHEMAS = [
  SendInteractiveMessage,
  SendLocationMessage,
  SendContactsMessage,
  SendReactionMessage,
];

/** The send body: one of the message types, told apart by `type` (validated against the branch it names). */
export const SendMessageBody = TaggedUnion(
  'type',
  [
    SendTemplateMessage,
    SendTextMessage,
    SendMediaMessage,
    SendInteractiveMessage,
    SendLocationMessage,
    SendContactsMessage,
    SendReactionMessage,
  ],
  {
    required: ['to', 'type'],
    properties: { to: sendCommon.to, type: StringEnum(MESSAGE_TYPES) },
    // Named examples of the request body (@fastify/swagger puts them on its media type).
    'x-examples': {
      text: {
        summary: 'A text reply, inside the customer service window',
        value: { to: '+16505551234', type: 'text', text: 'Your order 1042 has shipped.' },
      },
      template: {
        summary: 'An approved template, at any time',
        value: {
          to: '+16505551234',
          type: 'template',
          templateId: 'tpl_0VbcOa1Zt3QmH8s2Kp4xRw7e',
          variables: { header: 'A-1077', first_name: 'Jessica', '2': 'Friday' },
        },
      },
      media: {
        summary: 'An uploaded file, with a caption',
        value: { to: '+16505551234', type: 'media', mediaId: 'med_0VbcOd9Lm2Xq5Tb7Wy1zHs3u', caption: 'Your receipt' },
      },
      interactive: { summary: 'Reply buttons (up to three)', value: INTERACTIVE_EXAMPLE },
      list: {
        summary: 'A list of options',
        value: {
          to: '+16505551234',
          type: 'interactive',
          interactive: {
            kind: 'list',
            body: 'When should we deliver?',
            button: 'Pick a slot',
            sections: [
              {
                title: 'Friday',
                rows: [
                  { id: 'fri-am', title: 'Morning', description: '8:00 to 12:00' },
                  { id: 'fri-pm', title: 'Afternoon' },
                ],
              },
            ],
          },
        },
      },
      cta_url: {
        summary: 'A button that opens a URL',
        value: {
          to: '+16505551234',
          type: 'interactive',
          interactive: {
            kind: 'cta_url',
            body: 'Track your parcel on our site.',
            displayText: 'Track parcel',
            url: 'https://acme.example/track/1042',
          },
        },
      },
      location: {
        summary: 'A location',
        value: {
          to: '+16505551234',
          type: 'location',
          location: {
            latitude: 37.4847,
            longitude: -122.1477,
            name: 'Acme pick-up point',
            address: '1 Hacker Way, Menlo Park, CA 94025',
          },
        },
      },
      contacts: {
        summary: 'A contact card',
        value: {
          to: '+16505551234',
          type: 'contacts',
          contacts: [{ name: { formatted: 'Acme Support' }, phones: [{ phone: '+1 650 555 0100', type: 'WORK' }] }],
        },
      },
      reaction: {
        summary: "A reaction to the customer's message",
        value: {
          to: '+16505551234',
          type: 'reaction',
          reaction: { messageId: 'in_0VbcNx4Tq8Lr2Kw6Zp1yJm5h', emoji: '👍' },
        },
      },
      routed: {
        summary: 'Whatever the window: as written, else Direct Send, else a template',
        value: {
          to: '+16505551234',
          type: 'text',
          text: 'Your order 1042 has shipped.',
          route: 'auto',
          fallback: {
            templateName: 'order_shipped',
            language: 'en_US',
            variables: { first_name: 'Jessica', '2': 'Friday' },
          },
        },
      },
      reply: {
        summary: "A reply quoting the customer's message",
        value: {
          to: '+16505551234',
          type: 'text',
          text: 'Yes, it left our warehouse today.',
          replyTo: 'wamid.HBgLMTY1MDU1NTEyMzQVAgASGBQzQUZCMjk2RjE0QkM1RTk0RkU0NAA=',
        },
      },
    },
  },
);
export type SendMessageBody = Static<typeof SendMessageBody>;

/** Where a send came from, recorded as the message's `source`. */
export type SendSource = 'api' | 'dashboard';

export const SendMessageHeaders = Type.Object({
  'x-tidings-source': Type.Optional(
    StringEnum(['api', 'dashboard'] as const, {
      description: "The web dashboard sends `dashboard`, recorded as the message's `source`; default `api`.",
    }),
  ),
});

export const MessageIdParams = Type.Object({
  id: Type.String({ minLength: 1, description: '`msg_` id or platform message id.' }),
});
