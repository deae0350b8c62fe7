/**
 * The template resource as answered, its list and its query, and a validation's result
 * (docs/api.md §2.1, §4.1–4.5, §D6–§D7). The content a create or an edit sends (header, buttons, variables,
 * TemplateInput, TemplateUpdate) is template-content.schemas.ts.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, NullableString, PageLimit, StringEnum, Timestamp } from '../http/schemas.js';
import { Header, ORDER_BUTTONS, ORDER_SHIPPED, TemplateButton, Variable } from './template-content.schemas.js';

export const TEMPLATE_STATUSES = ['pending', 'processing', 'approved', 'rejected', 'paused', 'disabled'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];

/** The platform's quality score of a template (docs/platform.md §2.8). */
export const TEMPLATE_QUALITIES = ['GREEN', 'YELLOW', 'RED', 'UNKNOWN'] as const;
export type TemplateQuality = (typeof TEMPLATE_QUALITIES)[number];

/** Where a template came from. */
export const TEMPLATE_SOURCES = ['tidings', 'generated', 'platform'] as const;

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
