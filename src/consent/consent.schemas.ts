/** The suppression resource, the consent settings, and the bodies of their routes (docs/api.md §D23, §4.34–§4.37). */
import { Type, type Static } from '@sinclair/typebox';
import { NullableString, PageLimit, StringEnum, Timestamp } from '../http/schemas.js';

export const SUPPRESSION_REASONS = ['opt_out_keyword', 'platform_preference', 'api', 'blocked'] as const;
export const SUPPRESSION_SCOPES = ['all', 'marketing'] as const;
export const SUPPRESSION_SOURCES = ['api', 'keyword', 'webhook', 'block', 'dashboard'] as const;

export const Suppression = Type.Object(
  {
    id: Type.String({ description: '`sup_` id.' }),
    phoneNumberId: NullableString({ description: 'The business number it covers; null: every number of the account.' }),
    contactId: NullableString({ description: 'The `ct_` contact, when known.' }),
    phone: NullableString({ description: 'E.164, when known.' }),
    userId: NullableString({ description: 'The business-scoped user id (BSUID), when known.' }),
    reason: StringEnum(SUPPRESSION_REASONS, {
      description:
        '`opt_out_keyword`: the customer wrote an opt-out keyword (STOP…). `platform_preference`: the platform reported they stopped marketing messages. `api`: a key suppressed them. `blocked`: the business blocked them.',
    }),
    scope: StringEnum(SUPPRESSION_SCOPES, {
      description: '`all`: every send is refused; `marketing`: only marketing templates are.',
    }),
    source: StringEnum(SUPPRESSION_SOURCES, {
      description: 'What suppressed them: `api`, `keyword`, `webhook`, `block`, `dashboard`.',
    }),
    active: Type.Boolean({ description: 'False once lifted.' }),
    createdAt: Timestamp,
    liftedAt: NullableString({ format: 'date-time', description: 'When it was lifted; null while active.' }),
    liftedBy: NullableString({
      description: 'What lifted it (`api`, `keyword`, `webhook`, `block`, `dashboard`); null while active.',
    }),
  },
  {
    $id: 'Suppression',
    description:
      "A customer no message may be sent to (scope `all`), or no marketing template (scope `marketing`), from one business number or all of the account's.",
    examples: [
      {
        id: 'sup_0VbdT4mR9nW2Kp7Xy1zLb5d',
        phoneNumberId: null,
        contactId: 'ct_0VbcNw2Rk7Hp4Ld9Qs3yTm6b',
        phone: '+16505551234',
        userId: null,
        reason: 'opt_out_keyword',
        scope: 'all',
        source: 'keyword',
        active: true,
        createdAt: '2026-11-21T14:30:58.000Z',
        liftedAt: null,
        liftedBy: null,
      },
    ],
  },
);
export type Suppression = Static<typeof Suppression>;

export const CreateSuppressionBody = Type.Object(
  {
    to: Type.String({
      minLength: 1,
      maxLength: 140,
      description: "The customer: E.164 phone number, BSUID, or a contact's `ct_` id.",
    }),
    phoneNumberId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'Only this business number of the account (default: every number).',
      }),
    ),
    scope: Type.Optional(StringEnum(SUPPRESSION_SCOPES, { description: '`all` (default) or `marketing`.' })),
  },
  { additionalProperties: false, examples: [{ to: '+16505551234' }] },
);
export type CreateSuppressionBody = Static<typeof CreateSuppressionBody>;

export const ListSuppressionsQuery = Type.Object(
  {
    limit: Type.Optional(PageLimit),
    starting_after: Type.Optional(Type.String({ description: 'The last id of the previous page.' })),
    phone_number_id: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 64,
        description: 'Only the suppressions of this number (not those of every number).',
      }),
    ),
    reason: Type.Optional(StringEnum(SUPPRESSION_REASONS, { description: 'Only the suppressions of this reason.' })),
    active: Type.Optional(Type.Boolean({ description: 'true: active only; false: lifted only.' })),
  },
  { additionalProperties: false },
);
export type ListSuppressionsQuery = Static<typeof ListSuppressionsQuery>;

export const SuppressionList = Type.Object({ data: Type.Array(Type.Ref(Suppression)), has_more: Type.Boolean() });
export const SuppressionIdParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, description: '`sup_` id.' }),
});

const Keywords = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
  maxItems: 50,
  description: 'Whole-message keywords, compared folded (case, accents and surrounding punctuation ignored).',
});
const ReplyText = NullableString({
  maxLength: 1024,
  minLength: 1,
  description:
    "Sent back (as a text message) while the window the customer's message opened is open; null: nothing is sent.",
});

export const ConsentSettings = Type.Object(
  {
    allowSuppressionOverride: Type.Boolean({
      description:
        'Whether a send may say `"suppression": "ignore"` to reach a suppressed customer (a notice they must get). Default false. An operator\'s decision: set with `npx tidings accounts consent <account id> --allow-suppression-override` on the service\'s host, never by a key.',
    }),
    optOutKeywords: Type.Array(Type.String(), { description: 'Folded opt-out keywords.' }),
    optInKeywords: Type.Array(Type.String(), { description: 'Folded opt-in keywords.' }),
    optOutReply: NullableString({ description: 'The confirmation sent after an opt-out keyword; null: none.' }),
    optInReply: NullableString({ description: 'The confirmation sent after an opt-in keyword; null: none.' }),
  },
  {
    $id: 'ConsentSettings',
    examples: [
      {
        allowSuppressionOverride: false,
        optOutKeywords: ['stop', 'unsubscribe'],
        optInKeywords: ['start', 'unstop'],
        optOutReply: 'You will get no more messages from us. Reply START to opt back in.',
        optInReply: null,
      },
    ],
  },
);
export type ConsentSettings = Static<typeof ConsentSettings>;

export const UpdateConsentSettingsBody = Type.Object(
  {
    allowSuppressionOverride: Type.Optional(
      Type.Boolean({
        description:
          "Only its present value: a change is an operator's decision (`npx tidings accounts consent`), else 403 `operator_only`.",
      }),
    ),
    optOutKeywords: Type.Optional(Type.Union([Keywords, Type.Null()], { description: 'null: the defaults.' })),
    optInKeywords: Type.Optional(Type.Union([Keywords, Type.Null()], { description: 'null: the defaults.' })),
    optOutReply: Type.Optional(ReplyText),
    optInReply: Type.Optional(ReplyText),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    examples: [{ optOutReply: 'You will get no more messages from us. Reply START to opt back in.' }],
  },
);
export type UpdateConsentSettingsBody = Static<typeof UpdateConsentSettingsBody>;
