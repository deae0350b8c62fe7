/** The contact resource and the queries of its routes (README "Customers and conversations"). */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, NullableString, PageLimit, StringEnum, Timestamp } from '../http/schemas.js';
import { ContactBlock } from './block.schemas.js';

export const Contact = Type.Object(
  {
    id: Type.String({ description: '`ct_` id.' }),
    phone: NullableString({
      description: 'E.164, when the platform gave it (a customer who shows only a username may have none).',
    }),
    userId: NullableString({
      description:
        "The customer's business-scoped user id (BSUID, `US.13491208655302741918`), when the platform gave it.",
    }),
    parentUserId: NullableString({
      description: 'The parent BSUID (`US.ENT.11815799212886844830`), for businesses with linked portfolios.',
    }),
    name: NullableString({ description: 'WhatsApp profile name, as last seen.' }),
    username: NullableString({ description: 'WhatsApp username, as last seen.' }),
    window: Type.Object(
      {
        open: Type.Boolean({
          description:
            'Whether free-form messages (text, media) can be sent now: the customer wrote in the last 24 hours.',
        }),
        expiresAt: NullableString({
          format: 'date-time',
          description: '24 hours after the customer last wrote (in the past once closed); null if they never wrote.',
        }),
      },
      {
        description:
          "The customer service window (24 hours after the customer's last message), however the customer is addressed.",
      },
    ),
    lastInboundAt: NullableString({ format: 'date-time', description: 'When the customer last wrote.' }),
    lastOutboundAt: NullableString({ format: 'date-time', description: 'When a message to them was last accepted.' }),
    lastActivityAt: Timestamp,
    createdAt: Timestamp,
    updatedAt: Timestamp,
    blocked: Nullable(ContactBlock),
    conversation: Type.Object(
      {
        holder: StringEnum(['business', 'meta_agent'] as const, {
          description:
            "Who answers the customer now: `business` (this API and the dashboard) or `meta_agent` (Meta Business Agent; its conversation comes under the platform's `standby` field). A free-form message from the business takes it back (docs/api.md §D30).",
        }),
        since: NullableString({
          format: 'date-time',
          description: 'When the holder last changed; null if it never did.',
        }),
        reason: NullableString({
          description:
            'Why it last changed: `standby_message`, `agent_reply`, `control_passed`, `control_taken`, `messages_field` or `service_message` (docs/api.md §D30); null if it never did.',
        }),
      },
      { description: "Who holds the customer's conversation on this number (docs/api.md §D30)." },
    ),
    appContact: Type.Optional(
      Nullable(
        Type.Object(
          {
            state: StringEnum(['saved', 'removed'] as const, {
              description: "`saved` while the app's address book holds them; `removed` once it removed them.",
            }),
            name: NullableString({ description: "Their full name in the app's address book (null once removed)." }),
            firstName: NullableString({ description: "Their first name in the app's address book." }),
            syncedAt: Timestamp,
          },
          {
            description:
              "The customer as the business's WhatsApp Business app address book has them, on a number shared with the app (`smb_app_state_sync`, docs/api.md §D32); null when the app never synced them. Never replaces `name` (their WhatsApp profile name).",
          },
        ),
      ),
    ),
    suppression: Nullable(
      Type.Object(
        {
          id: Type.String({ description: '`sup_` id (GET /v1/suppressions).' }),
          reason: Type.String({ description: '`opt_out_keyword`, `platform_preference`, `api` or `blocked`.' }),
          scope: Type.String({ description: '`all`, or `marketing` (only marketing templates refused).' }),
          since: Timestamp,
        },
        {
          description:
            'The active suppression that refuses sends to them from this number (the broadest, then the oldest; docs/api.md §D23), or null.',
        },
      ),
    ),
    marketingConsent: Nullable(
      Type.Object(
        { value: StringEnum(['granted', 'revoked'] as const), reportedAt: Timestamp },
        {
          description:
            "Marketing messages as the platform last reported the customer's choice (user_preferences, 131050), or null when it never did.",
        },
      ),
    ),
    testMode: Type.Optional(Type.Literal(true)),
  },
  {
    $id: 'Contact',
    examples: [
      {
        id: 'ct_0VbcNw2Rk7Hp4Ld9Qs3yTm6b',
        phone: '+16505551234',
        userId: 'US.13491208655302741918',
        parentUserId: null,
        name: 'Maria',
        username: null,
        window: { open: true, expiresAt: '2026-11-22T14:30:58.000Z' },
        lastInboundAt: '2026-11-21T14:30:58.000Z',
        lastOutboundAt: '2026-11-21T14:31:03.412Z',
        lastActivityAt: '2026-11-21T14:31:03.412Z',
        createdAt: '2026-11-02T09:12:44.101Z',
        updatedAt: '2026-11-21T14:31:03.412Z',
        blocked: null,
        conversation: { holder: 'business', since: null, reason: null },
        suppression: null,
        marketingConsent: { value: 'granted', reportedAt: '2026-11-15T21:22:01.000Z' },
      },
    ],
  },
);
export type Contact = Static<typeof Contact>;

export const ContactIdParams = Type.Object({ id: Type.String({ minLength: 1, description: '`ct_` id.' }) });

export const ListContactsQuery = Type.Object(
  {
    limit: Type.Optional(PageLimit),
    starting_after: Type.Optional(Type.String({ description: 'The last id of the previous page.' })),
    windowOpen: Type.Optional(
      Type.Boolean({
        description:
          '`true`: only contacts whose customer service window is open; `false`: only those whose window is closed.',
      }),
    ),
    q: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description:
          'Only contacts for which every word of `q` begins a word of their profile name or username, or matches their number (`mar gar` finds María García). Case, accents and character width are ignored. Digits find numbers that begin with them (country code included; `+`, spaces and dashes ignored) or hold them anywhere after the country code. A `q` without a letter or digit finds nothing.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ListContactsQuery = Static<typeof ListContactsQuery>;

export const ContactList = Type.Object({ data: Type.Array(Type.Ref(Contact)), has_more: Type.Boolean() });
