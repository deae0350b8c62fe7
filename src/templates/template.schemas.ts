/** The template resource and its bodies (service-interface §2.1, §4.1–4.5; DECISIONS §6–§7). */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, NullableString, PageLimit, StringEnum, Timestamp } from '../http/schemas.js';

export const TEMPLATE_STATUSES = ['pending', 'processing', 'approved', 'rejected'] as const;

const Variable = Type.Object(
  {
    example: Type.String({ maxLength: 1024, description: 'Example value for this placeholder; the platform rejects templates without examples.' }),
    name: Type.Optional(Type.String({ maxLength: 64, description: 'Optional name to key the value by at send time (lowercase letters, digits, underscores).' })),
  },
  { additionalProperties: false },
);

const Header = Type.Union(
  [
    Type.Object(
      {
        type: Type.Literal('text'),
        text: Type.String({ maxLength: 1024, description: 'At most 60 characters and one placeholder, {{1}}.' }),
        example: Type.Optional(Type.String({ maxLength: 1024, description: 'Example for {{1}}; at send time the value goes under "header" in variables.' })),
      },
      { additionalProperties: false },
    ),
    Type.Object(
      { type: Type.Union([Type.Literal('image'), Type.Literal('video'), Type.Literal('document')]), mediaId: Type.String({ description: 'A med_ id.' }) },
      { additionalProperties: false },
    ),
  ],
  { description: 'A text header or a media header.' },
);

const contentFields = {
  name: Type.String({ maxLength: 1024, description: 'Lowercase letters, digits and underscores, at most 512. Claimed at the platform; a deleted name stays reserved 30 days.' }),
  category: Type.String({ description: 'UTILITY; anything else is reported as the issue category_not_allowed.' }),
  language: Type.String({ maxLength: 16, description: "The platform's language code, e.g. en_US." }),
  body: Type.String({ maxLength: 4096, description: 'At most 1,024 characters, placeholders {{1}}…{{n}}.' }),
  variables: Type.Optional(Type.Array(Variable, { maxItems: 100, description: 'Entry i describes placeholder {{i+1}}.' })),
  header: Type.Optional(Nullable(Header)),
  footer: Type.Optional(Nullable(Type.String({ maxLength: 1024, description: 'At most 60 characters, no placeholders.' }))),
};

export const TemplateInput = Type.Object(contentFields, { additionalProperties: false });
export type TemplateInput = Static<typeof TemplateInput>;

export const TemplateUpdate = Type.Partial(Type.Object(contentFields), { additionalProperties: false, minProperties: 1 });
export type TemplateUpdate = Static<typeof TemplateUpdate>;

export const Template = Type.Object(
  {
    id: Type.String({ description: '`tpl_` id.' }),
    name: Type.String(),
    status: StringEnum(TEMPLATE_STATUSES, { description: 'pending: held by Tidings, submission queued; processing: under review at the platform.' }),
    category: StringEnum(['UTILITY', 'MARKETING'] as const, { description: 'The platform may re-categorise on approval.' }),
    language: Type.String(),
    body: Type.String(),
    variables: Type.Array(Variable),
    header: Type.Unsafe<Static<typeof Header> | null>({
      type: ['object', 'null'],
      description: '`{ "type": "text", "text", "example" }` or `{ "type": "image" | "video" | "document", "mediaId" }`; null without a header.',
      properties: { type: { type: 'string', enum: ['text', 'image', 'video', 'document'] }, text: { type: 'string' }, example: { type: 'string' }, mediaId: { type: 'string' } },
      required: ['type'],
    }),
    footer: NullableString(),
    rejectionReason: NullableString(),
    approvedAt: NullableString({ format: 'date-time' }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  },
  { $id: 'Template' },
);
export type Template = Static<typeof Template>;

export const TemplateIdParams = Type.Object({ id: Type.String({ minLength: 1, description: '`tpl_` id.' }) });

export const ListTemplatesQuery = Type.Object(
  {
    limit: Type.Optional(PageLimit),
    starting_after: Type.Optional(Type.String({ description: 'The last id of the previous page.' })),
    status: Type.Optional(Type.Union(TEMPLATE_STATUSES.map((s) => Type.Literal(s)))),
    updatedAfter: Type.Optional(Type.String({ format: 'date-time', description: 'ISO 8601 with a time zone; only templates changed strictly later.' })),
  },
  { additionalProperties: false },
);
export type ListTemplatesQuery = Static<typeof ListTemplatesQuery>;

export const TemplateList = Type.Object({ data: Type.Array(Type.Ref(Template)), has_more: Type.Boolean() });

export const ValidationResult = Type.Object({
  valid: Type.Boolean(),
  issues: Type.Array(Type.Object({ code: Type.String(), field: Type.String(), message: Type.String() })),
});

