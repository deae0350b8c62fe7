/**
 * A template's content as the API takes it (docs/api.md §4.1, §4.4, §D6–§D7): its placeholders'
 * examples, a text or media header, its buttons, and the bodies of a create (TemplateInput) and an
 * edit (TemplateUpdate), with the README's example template. The resource as answered is
 * template.schemas.ts, which reuses these parts.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, StringEnum, TaggedUnion } from '../http/schemas.js';
import { BUTTON_TYPES } from './template-buttons.rules.js';

export const Variable = Type.Object(
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

export const Header = TaggedUnion('type', [TextHeader, MediaHeader], {
  description: 'A text header or a media header.',
});

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
export const ORDER_BUTTONS = [
  { type: 'quick_reply', text: 'Stop updates' },
  { type: 'url', text: 'Track order', url: 'https://shop.example.com/track/{{1}}', example: 'A-1042' },
];

/** The template of the README's walkthrough: a text header, two variables (one named) and a footer. */
export const ORDER_SHIPPED = {
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
