/** The template resource and its bodies (docs/api.md §2.1, §4.1–4.5, §D6–§D7). */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, NullableString, PageLimit, StringEnum, TaggedUnion, Timestamp } from '../http/schemas.js';
import { BUTTON_TYPES } from './template-buttons.rules.js';

export const TEMPLATE_STATUSES = ['pending', 'processing', 'approved', 'rejected', 'paused', 'disabled'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

/** The platform's quality score of a template (docs/platform.md §2.8). */
export const TEMPLATE_QUALITIES = ['GREEN', 'YELLOW', 'RED', 'UNKNOWN'] as const;
export type TemplateQuality = (typeof TEMPLATE_QUALITIES)[number];

/** Where a template came from. */
export const TEMPLATE_SOURCES = ['tidings', 'generated', 'platform'] as const;

const Variable = Type.Object(
  {
    example: Type.String({
      maxLength: 1024,
      description: 'Example value for this placeholder; the platform rejects templates without examples.',
    }),
    name: Type.Optional(
      Type.String({
        maxLength: 64,
        description: 'Optional name to key the value by at send time (lowercase letters, digits, underscores).',
      }),
    ),
  },
  { additionalProperties: false },
);

export const TextHeader = Type.Object(
  {
    type: Type.Literal('text'),
    text: Type.String({ maxLength: 1024, description: 'At most 60 characters and one placeholder, {{1}}.' }),
    example: Type.Optional(
      Type.String({
        maxLength: 1024,
        description: 'Example for {{1}}; at send time the value goes under "header" in variables.',
      }),
    ),
  },
  {
    $id: 'TextHeader',
    additionalProperties: false,
    description: 'A text header.',
    examples: [{ type: 'text', text: 'Order {{1}}', example: 'A-1042' }],
  },
);

export const MediaHeader = Type.Object(
  {
    type: StringEnum(['image', 'video', 'document'] as const),
    mediaId: Type.String({ description: 'A med_ id of an upload of that kind.', minLength: 1 }),
  },
  {
    $id: 'MediaHeader',
    additionalProperties: false,
    description: 'A media header: the file is uploaded first (POST /v1/media).',
    examples: [{ type: 'document', mediaId: 'med_0VbcOd9Lm2Xq5Tb7Wy1zHs3u' }],
  },
);

/**
 * One button (docs/api.md §D7). A single shape for every type, so that a field given to the wrong
 * type comes back as an issue beside that field (button_field_unused) rather than as a schema error.
 */
export const TemplateButton = Type.Object(
  {
    type: StringEnum(BUTTON_TYPES, {
      description: 'quick_reply, url, phone_number, copy_code or request_contact_info.',
    }),
    text: Type.Optional(
      Type.String({
        maxLength: 1024,
        description: "The label, at most 25 characters; every type but copy_code (whose label is the platform's own).",
      }),
    ),
    url: Type.Optional(
      Type.String({
        maxLength: 4096,
        description:
          'url buttons: an http(s) URL of at most 2,000 characters, static or ending in the placeholder {{1}}.',
      }),
    ),
    example: Type.Optional(
      Type.String({
        maxLength: 1024,
        description:
          "url buttons with {{1}}: an example value of the URL's end (required then); copy_code buttons: an example code of at most 15 characters.",
      }),
    ),
    phoneNumber: Type.Optional(
      Type.String({ maxLength: 64, description: 'phone_number buttons: the number to call, E.164.' }),
    ),
  },
  { additionalProperties: false },
);

const Header = TaggedUnion('type', [TextHeader, MediaHeader], { description: 'A text header or a media header.' });

const contentFields = {
  name: Type.String({
    maxLength: 1024,
    description:
      'Lowercase letters, digits and underscores, at most 512. Claimed at the platform; a deleted name stays reserved 30 days.',
  }),
  category: Type.String({ description: 'UTILITY; anything else is reported as the issue category_not_allowed.' }),
  language: Type.String({ maxLength: 16, description: "The platform's language code, e.g. en_US." }),
  body: Type.String({ maxLength: 4096, description: 'At most 1,024 characters, placeholders {{1}}…{{n}}.' }),
  variables: Type.Optional(
    Type.Array(Variable, { maxItems: 100, description: 'Entry i describes placeholder {{i+1}}.' }),
  ),
  header: Type.Optional(Nullable(Header)),
  footer: Type.Optional(
    Nullable(Type.String({ maxLength: 1024, description: 'At most 60 characters, no placeholders.' })),
  ),
  timeToLive: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: 30,
        maximum: 43_200,
        description:
          "Seconds the platform keeps trying to deliver each send of this template (its `message_send_ttl_seconds`: 30 to 43,200 for utility templates); null or left out: the platform's default, 30 days. A send whose `validityPeriod` is shorter gets a warning. Can be changed on an approved template too, with no new review.",
      }),
    ),
  ),
  buttons: Type.Optional(
    Type.Array(TemplateButton, {
      maxItems: 100,
      description:
        'At most 10: quick replies kept together, at most 2 url, 1 phone_number, 1 copy_code and 1 request_contact_info. Left out or empty: no buttons.',
    }),
  ),
};

/** The buttons of the README's example: a quick reply and a URL whose end is given at send time. */
const ORDER_BUTTONS = [
  { type: 'quick_reply', text: 'Stop updates' },
  { type: 'url', text: 'Track order', url: 'https://shop.example.com/track/{{1}}', example: 'A-1042' },
];

/** The template of the README's walkthrough: a text header, two variables (one named) and a footer. */
const ORDER_SHIPPED = {
  name: 'order_shipped',
  category: 'UTILITY',
  language: 'en_US',
  header: { type: 'text', text: 'Order {{1}}', example: 'A-1042' },
  body: 'Hi {{1}}, your order has shipped and should arrive on {{2}}.',
  variables: [{ example: 'Maria', name: 'first_name' }, { example: 'Tuesday' }],
  footer: 'Reply STOP to opt out',
};

export const TemplateInput = Type.Object(contentFields, {
  additionalProperties: false,
  examples: [ORDER_SHIPPED, { ...ORDER_SHIPPED, name: 'order_shipped_track', buttons: ORDER_BUTTONS }],
});
export type TemplateInput = Static<typeof TemplateInput>;

export const TemplateUpdate = Type.Partial(Type.Object(contentFields), {
  additionalProperties: false,
  minProperties: 1,
  examples: [{ body: 'Hi {{1}}, your order is on its way and should arrive on {{2}}.' }],
});
export type TemplateUpdate = Static<typeof TemplateUpdate>;

export const Template = Type.Object(
  {
    id: Type.String({ description: '`tpl_` id.' }),
    name: Type.String(),
    status: StringEnum(TEMPLATE_STATUSES, {
      description:
        'pending: held by Tidings, submission queued; processing: under review at the platform; approved: can be sent; rejected; paused: the platform paused it after poor customer feedback (sends refused with 409 template_paused, queued ones held until it is approved again); disabled: the platform disabled it for good (paused too often). New values may be added: treat an unknown one as not sendable.',
    }),
    category: StringEnum(['UTILITY', 'MARKETING', 'AUTHENTICATION'] as const, {
      description:
        'The platform may re-categorise on approval and later (see previousCategory and categoryUpdate); only UTILITY can be sent.',
    }),
    previousCategory: Nullable(
      Type.String({ description: 'The category before the platform last changed it; null when it never did.' }),
    ),
    categoryUpdate: Nullable(
      Type.Object(
        {
          category: Type.String({ description: 'The category the platform will move the template to.' }),
          effectiveAt: NullableString({
            format: 'date-time',
            description: 'When the change takes effect (the platform gives 24 hours).',
          }),
          noticedAt: Timestamp,
        },
        { description: 'A category change the platform announced and has not made yet; null otherwise.' },
      ),
    ),
    quality: StringEnum(TEMPLATE_QUALITIES, {
      description: "The platform's quality score from customers' feedback; UNKNOWN until it has one.",
    }),
    pause: Nullable(
      Type.Object(
        {
          pausedAt: Timestamp,
          title: NullableString({
            description: "The platform's word for it: FIRST_PAUSE, SECOND_PAUSE, RATE_LIMITING_PAUSE…",
          }),
          description: NullableString(),
        },
        { description: 'While the template is paused: since when and why; null otherwise.' },
      ),
    ),
    flag: Nullable(
      Type.Object(
        {
          flaggedAt: Timestamp,
          disableDate: NullableString({
            description: 'When the platform will disable it unless its quality improves, as the platform words it.',
          }),
        },
        { description: 'The platform flagged the template for disabling; null otherwise (cleared when reinstated).' },
      ),
    ),
    language: Type.String(),
    body: Type.String(),
    variables: Type.Array(Variable),
    header: Type.Unsafe<Static<typeof Header> | null>({
      type: ['object', 'null'],
      description:
        '`{ "type": "text", "text", "example" }` or `{ "type": "image" | "video" | "document", "mediaId" }`; null without a header.',
      properties: {
        type: { type: 'string', enum: ['text', 'image', 'video', 'document'] },
        text: { type: 'string' },
        example: { type: 'string' },
        mediaId: { type: 'string' },
      },
      required: ['type'],
    }),
    footer: NullableString(),
    buttons: Type.Array(TemplateButton, { description: 'In the order the customer sees them; empty without buttons.' }),
    timeToLive: Nullable(
      Type.Integer({
        description:
          "The platform's time to live for each send, seconds; null: the platform's default (30 days for utility).",
      }),
    ),
    source: StringEnum(TEMPLATE_SOURCES, {
      description:
        '`tidings`: made through this API or the dashboard. `generated`: made by the platform for a Direct Send (docs/api.md §D19); read-only. `platform`: made outside Tidings (in WhatsApp Manager) and imported by the reconciliation.',
    }),
    libraryTemplateName: NullableString({
      description: 'The Template Library entry it was made from (POST /v1/templates/from_library); null otherwise.',
    }),
    libraryInputs: Type.Unsafe<Record<string, unknown> | null>({
      type: ['object', 'null'],
      description: 'The library inputs given at create; null for other templates.',
    }),
    rejectionReason: NullableString(),
    approvedAt: NullableString({ format: 'date-time' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  {
    $id: 'Template',
    examples: [
      {
        id: 'tpl_0VbcOa1Zt3QmH8s2Kp4xRw7e',
        ...ORDER_SHIPPED,
        buttons: ORDER_BUTTONS,
        status: 'approved',
        timeToLive: null,
        source: 'tidings',
        quality: 'GREEN',
        pause: null,
        flag: null,
        previousCategory: null,
        categoryUpdate: null,
        libraryTemplateName: null,
        libraryInputs: null,
        rejectionReason: null,
        approvedAt: '2026-11-21T10:00:02.000Z',
        createdAt: '2026-11-21T10:00:00.871Z',
        updatedAt: '2026-11-21T10:00:02.104Z',
      },
    ],
  },
);
export type Template = Static<typeof Template>;

export const TemplateIdParams = Type.Object({ id: Type.String({ minLength: 1, description: '`tpl_` id.' }) });

export const ListTemplatesQuery = Type.Object(
  {
    limit: Type.Optional(PageLimit),
    starting_after: Type.Optional(Type.String({ description: 'The last id of the previous page.' })),
    status: Type.Optional(
      Type.Union(
        TEMPLATE_STATUSES.map((s) => Type.Literal(s)),
        { description: 'Only templates in this status.' },
      ),
    ),
    quality: Type.Optional(
      Type.Union(
        TEMPLATE_QUALITIES.map((s) => Type.Literal(s)),
        { description: 'Only templates with this quality score.' },
      ),
    ),
    category: Type.Optional(
      Type.Union(
        [Type.Literal('UTILITY'), Type.Literal('MARKETING'), Type.Literal('AUTHENTICATION'), Type.Literal('any')],
        {
          description:
            'UTILITY (the default: the templates Tidings can send), another category (templates the platform re-categorised, or imported ones), or `any`.',
        },
      ),
    ),
    source: Type.Optional(
      Type.Union(
        TEMPLATE_SOURCES.map((s) => Type.Literal(s)),
        { description: 'Only templates from this source.' },
      ),
    ),
    name: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 512,
        description: 'Only templates of this exact name (one per language).',
      }),
    ),
    updatedAfter: Type.Optional(
      Type.String({
        format: 'date-time',
        description: 'ISO 8601 with a time zone; only templates changed strictly later.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type ListTemplatesQuery = Static<typeof ListTemplatesQuery>;

export const TemplateList = Type.Object({ data: Type.Array(Type.Ref(Template)), has_more: Type.Boolean() });

export const ValidationResult = Type.Object(
  {
    valid: Type.Boolean(),
    issues: Type.Array(Type.Object({ code: Type.String(), field: Type.String(), message: Type.String() })),
  },
  {
    examples: [
      {
        valid: false,
        issues: [{ code: 'placeholder_at_end', field: 'body', message: 'The body cannot end with a placeholder.' }],
      },
    ],
  },
);
