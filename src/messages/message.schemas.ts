/** The message resource and the bodies of its routes (service-interface §2.2, §4.6–4.7). */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, NullableString, PageLimit, StringEnum, Timestamp } from '../http/schemas.js';

export const MESSAGE_STATUSES = ['accepted', 'sent', 'delivered', 'read', 'failed'] as const;
export const MESSAGE_TYPES = ['template', 'text', 'media'] as const;

/** The platform's limit on a text message body (Cloud API text object: up to 4,096 characters). */
export const TEXT_MAX_LENGTH = 4096;

export const Message = Type.Object(
  {
    id: Type.String({ description: '`msg_` id.' }),
    status: StringEnum(MESSAGE_STATUSES),
    to: Type.String({ description: 'Recipient, E.164.' }),
    type: Type.Unsafe<(typeof MESSAGE_TYPES)[number] | null>({
      type: ['string', 'null'],
      enum: [...MESSAGE_TYPES, null],
      description: 'Null only for a message the service did not send and whose kind the platform did not report.',
    }),
    platformMessageId: NullableString({ description: 'The wamid. Null on a test key, and until the platform accepted the send.' }),
    error: Nullable(Type.Object({ code: Type.String(), message: Type.String() })),
    text: NullableString(),
    caption: NullableString(),
    mediaId: NullableString(),
    templateId: NullableString(),
    replyTo: NullableString({ description: 'The message this one quotes: a `msg_` id or a wamid, as given.' }),
    source: StringEnum(['api', 'dashboard', 'external'] as const, {
      description: '`api`: sent through this API. `dashboard`: sent from the web dashboard. `external`: known only from the platform\'s status reports (sent from other tools).',
    }),
    sentAt: NullableString({ format: 'date-time' }),
    deliveredAt: NullableString({ format: 'date-time' }),
    readAt: NullableString({ format: 'date-time' }),
    failedAt: NullableString({ format: 'date-time' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    testMode: Type.Optional(Type.Literal(true, { description: 'Present and true on a test key; nothing reached the platform.' })),
  },
  { $id: 'Message' },
);
export type Message = Static<typeof Message>;

export const SendMessageBody = Type.Object(
  {
    to: Type.String({ description: 'Recipient phone number, E.164 (`+16505551234`).', maxLength: 32 }),
    type: Type.Union(MESSAGE_TYPES.map((s) => Type.Literal(s))),
    text: Type.Optional(Type.String({ description: 'Required when type is text.', minLength: 1, maxLength: TEXT_MAX_LENGTH })),
    templateId: Type.Optional(Type.String({ description: 'Required when type is template.' })),
    variables: Type.Optional(Type.Record(Type.String(), Type.String(), { description: 'Template placeholder values keyed by index or name.' })),
    mediaId: Type.Optional(Type.String({ description: 'Required when type is media.' })),
    caption: Type.Optional(Type.String({ maxLength: 1024 })),
    replyTo: Type.Optional(Type.String({ description: 'A `msg_` id or a platform message id to quote.', minLength: 1 })),
  },
  { additionalProperties: false },
);
export type SendMessageBody = Static<typeof SendMessageBody>;

/** Where a send came from, recorded as the message's `source`. */
export type SendSource = 'api' | 'dashboard';

export const SendMessageHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String()),
  'x-tidings-source': Type.Optional(StringEnum(['api', 'dashboard'] as const, { description: 'The web dashboard sends `dashboard`, recorded as the message\'s `source`; default `api`.' })),
});

export const MessageIdParams = Type.Object({ id: Type.String({ minLength: 1, description: '`msg_` id or platform message id.' }) });

export const ListMessagesQuery = Type.Object(
  {
    limit: Type.Optional(PageLimit),
    starting_after: Type.Optional(Type.String({ description: 'The last id of the previous page.' })),
    status: Type.Optional(Type.Union(MESSAGE_STATUSES.map((s) => Type.Literal(s)))),
    to: Type.Optional(Type.String({ description: 'Only messages to this recipient (E.164).' })),
  },
  { additionalProperties: false },
);
export type ListMessagesQuery = Static<typeof ListMessagesQuery>;

export const MessageList = Type.Object({ data: Type.Array(Type.Ref(Message)), has_more: Type.Boolean() });

export const InboundMessage = Type.Object(
  {
    id: Type.String({ description: '`in_` id.' }),
    from: Type.String({ description: 'The customer, E.164.' }),
    contactName: NullableString({ description: 'The customer\'s WhatsApp profile name, when the platform gave it.' }),
    type: Type.String({ description: 'The platform\'s message type: text, image, video, audio, document, sticker, button, interactive, location, reaction…' }),
    text: NullableString({ description: 'The text, a button\'s text, or a media caption.' }),
    media: Nullable(
      Type.Object(
        {
          platformMediaId: NullableString({ description: 'The platform\'s media id (valid 7 days, CLOUD_API.md §3).' }),
          mimeType: NullableString(),
          sha256: NullableString(),
          filename: NullableString({ description: 'Documents only.' }),
        },
        { description: 'For image, video, audio, document and sticker messages.' },
      ),
    ),
    context: Nullable(
      Type.Object(
        {
          platformMessageId: NullableString({ description: 'The wamid of the message the customer replied to.' }),
          messageId: NullableString({ description: 'Its `msg_` id, when it was sent through Tidings.' }),
          forwarded: Type.Boolean(),
        },
        { description: 'Present on replies and forwarded messages.' },
      ),
    ),
    platformMessageId: Type.String(),
    receivedAt: Timestamp,
    testMode: Type.Optional(Type.Literal(true)),
  },
  { $id: 'InboundMessage' },
);
export type InboundMessage = Static<typeof InboundMessage>;

export const TestInboundBody = Type.Object(
  {
    from: Type.String({ description: 'The customer, E.164.', maxLength: 32 }),
    text: Type.String({ minLength: 1, maxLength: TEXT_MAX_LENGTH }),
  },
  { additionalProperties: false },
);
export type TestInboundBody = Static<typeof TestInboundBody>;
