/** Customers' messages as the API shows them, and the bodies of their routes (docs/api.md §2.4, §4.11, §4.18–4.19). */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, NullableString, PageLimit, StringEnum, Timestamp } from '../../http/schemas.js';
import { ContactCard, InboundLocation, InboundReaction, InboundReply } from './rich.schemas.js';

/** The platform's limit on a text message body (Cloud API text object: up to 4,096 characters). */
export const TEXT_MAX_LENGTH = 4096;

export const ListInboundMessagesQuery = Type.Object(
  {
    limit: Type.Optional(PageLimit),
    starting_after: Type.Optional(Type.String({ description: 'The last id of the previous page.' })),
    contact: Type.Optional(Type.String({ description: 'Only messages of this contact (`ct_` id).' })),
    type: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 32,
        description: 'Only messages of this platform type (`text`, `image`, `button`…).',
      }),
    ),
    since: Type.Optional(
      Type.String({
        format: 'date-time',
        description: 'Only messages the customer sent at or after this time (ISO 8601).',
      }),
    ),
    answering: Type.Optional(
      Type.String({
        minLength: 1,
        description: 'Only answers to this message of ours (`msg_` id): replies, button and list taps, reactions.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ListInboundMessagesQuery = Static<typeof ListInboundMessagesQuery>;

export const MarkReadBody = Type.Object(
  {
    typingIndicator: Type.Optional(
      Type.Boolean({
        description:
          'Also show the customer a typing indicator (the platform\'s `typing_indicator: { type: "text" }`), as when a reply is being written.',
      }),
    ),
  },
  { additionalProperties: false, examples: [{ typingIndicator: true }] },
);
export type MarkReadBody = Static<typeof MarkReadBody>;

/** A Flows answer (`interactive` of type `nfm_reply`; docs/platform.md §4.16). */
export const FlowReply = Type.Object(
  {
    name: NullableString({ description: 'The `nfm_reply.name` (`flow`).' }),
    body: NullableString({ description: 'The text the answer showed in the chat (`Sent`).' }),
    response: Type.Unknown({
      description:
        "The Flow's answer: `response_json` parsed (the screen's fields and `flow_token`); null when it did not parse.",
    }),
    responseText: NullableString({
      description: '`response_json` as received, only when it did not parse; null otherwise.',
    }),
    error: NullableString({ description: 'Why `response_json` did not parse; null when it did.' }),
  },
  {
    description:
      "On a customer's answer to a WhatsApp Flow: what it carried. A malformed `response_json` is kept as text, never refused.",
  },
);

export const InboundMessage = Type.Object(
  {
    id: Type.String({ description: '`in_` id.' }),
    from: Type.String({
      description:
        'The customer: E.164, or their business-scoped user id (`US.1349…`) when the platform gave no phone number (a customer who shows only a username).',
    }),
    contactId: NullableString({
      description: "The customer's contact (`ct_`); null for messages stored before contacts existed.",
    }),
    contactName: NullableString({ description: "The customer's WhatsApp profile name, when the platform gave it." }),
    type: Type.String({
      description:
        "The platform's message type: text, image, video, audio, document, sticker, button, interactive, location, reaction…; `unsupported` for a type the Cloud API does not support (which Graph API versions before v25.0 call `unknown`).",
    }),
    text: NullableString({ description: "The text, a button's text, or a media caption." }),
    media: Nullable(
      Type.Object(
        {
          id: NullableString({
            description:
              'The `med_` id of the file as Tidings keeps it (`GET /v1/media/{id}/content`), once `status` is `stored`.',
          }),
          status: StringEnum(['pending', 'stored', 'failed', 'deleted'], {
            description:
              "`pending`: being downloaded from the platform (`message.received` is sent only once it is stored or has failed); `stored`: kept, `id` set; `failed`: it could not be kept, see `failureReason`; `deleted`: kept, then deleted (`DELETE /v1/media/{id}`, or the account's retention of customers' files), `id` now answers 404. More values may come: show `status` as it is.",
          }),
          failureReason: Nullable(
            StringEnum(['media_download_failed', 'media_hash_mismatch', 'media_too_large', 'media_not_downloaded'], {
              description:
                "When `failed`: `media_download_failed` (the platform did not give the file after retries, or forgot it), `media_hash_mismatch` (its SHA-256 is not the webhook's), `media_too_large` (over the platform's limit for its kind), `media_not_downloaded` (received before Tidings kept customers' files).",
            }),
          ),
          platformMediaId: NullableString({
            description: "The platform's media id (valid 7 days, docs/platform.md §3).",
          }),
          mimeType: NullableString(),
          sha256: NullableString(),
          filename: NullableString({ description: 'Documents only.' }),
        },
        {
          description:
            'For image, video, audio, document and sticker messages: the file, downloaded and kept by Tidings (docs/api.md §D14), and what the platform said of it.',
        },
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
    reply: Type.Optional(InboundReply),
    location: Type.Optional(InboundLocation),
    contacts: Type.Optional(
      Nullable(Type.Array(ContactCard, { description: 'On `contacts` messages: the cards the customer shared.' })),
    ),
    reaction: Type.Optional(InboundReaction),
    flowReply: Type.Optional(Nullable(FlowReply)),
    heldBy: Type.Optional(
      Nullable(
        StringEnum(['meta_agent'] as const, {
          description:
            "`meta_agent`: it came while Meta Business Agent held the conversation (the platform's `standby` field, docs/api.md §D30); null when the business held it.",
        }),
      ),
    ),
    platformMessageId: Type.String(),
    receivedAt: Timestamp,
    readAt: NullableString({
      format: 'date-time',
      description: 'When the business marked it read (POST /v1/inbound_messages/{id}/read).',
    }),
    contentRemovedAt: Type.Optional(
      NullableString({
        format: 'date-time',
        description:
          "When the account's message-body retention removed what the customer said (`text`, `reply`, `location`, `contacts`, the reaction's emoji, the file's name, now null); its metadata stays. Null while kept (docs/api.md §D17).",
      }),
    ),
    imported: Type.Optional(
      Type.Boolean({
        description:
          "True for a message of the WhatsApp Business app's past chats, imported from the platform's `history` webhook (docs/api.md §D32): it opened no service window and sent no event.",
      }),
    ),
    testMode: Type.Optional(Type.Literal(true)),
  },
  {
    $id: 'InboundMessage',
    examples: [
      {
        id: 'in_0VbcNx4Tq8Lr2Kw6Zp1yJm5h',
        from: '+16505551234',
        contactId: 'ct_0VbcNw2Rk7Hp4Ld9Qs3yTm6b',
        contactName: 'Maria',
        type: 'text',
        text: 'Where is my order?',
        media: null,
        context: null,
        platformMessageId: 'wamid.HBgLMTY1MDU1NTEyMzQVAgASGBQzQUZCMjk2RjE0QkM1RTk0RkU0NAA=',
        receivedAt: '2026-11-21T14:30:58.000Z',
        readAt: null,
      },
    ],
  },
);
export type InboundMessage = Static<typeof InboundMessage>;

export const TestInboundBody = Type.Object(
  {
    from: Type.String({ description: 'The customer, E.164.', maxLength: 32 }),
    text: Type.String({ minLength: 1, maxLength: TEXT_MAX_LENGTH }),
  },
  { additionalProperties: false, examples: [{ from: '+16505550002', text: 'hi' }] },
);
export type TestInboundBody = Static<typeof TestInboundBody>;

export const InboundMessageList = Type.Object({ data: Type.Array(Type.Ref(InboundMessage)), has_more: Type.Boolean() });
