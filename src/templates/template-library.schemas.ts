/** Meta's Template Library through Tidings (docs/api.md §D20, docs/platform.md §5.3). */
import { Type, type Static } from '@sinclair/typebox';
import { NullableString } from '../http/schemas.js';

export const LibraryQuery = Type.Object(
  {
    search: Type.Optional(
      Type.String({ maxLength: 200, description: 'Words of the name, the text, the topic or the use case.' }),
    ),
    topic: Type.Optional(
      Type.String({ maxLength: 64, description: "The platform's topic, e.g. `ORDER_MANAGEMENT`, `PAYMENTS`." }),
    ),
    usecase: Type.Optional(
      Type.String({ maxLength: 64, description: "The platform's use case, e.g. `SHIPMENT_CONFIRMATION`." }),
    ),
    industry: Type.Optional(Type.String({ maxLength: 64, description: "The platform's industry, e.g. `E_COMMERCE`." })),
    language: Type.Optional(Type.String({ maxLength: 16, description: 'A language code, e.g. `en_US`.' })),
  },
  { additionalProperties: false },
);
export type LibraryQuery = Static<typeof LibraryQuery>;

export const LibraryTemplate = Type.Object(
  {
    name: Type.String({ description: 'Its library name: give it as `libraryTemplateName`.' }),
    language: Type.String(),
    category: Type.String({
      description: 'Set by the library (UTILITY); the platform never re-categorises a library template.',
    }),
    topic: NullableString(),
    usecase: NullableString(),
    industry: Type.Array(Type.String()),
    header: NullableString(),
    body: Type.String({ description: 'The text, with its placeholders.' }),
    bodyParams: Type.Array(Type.String(), { description: 'Example values of the placeholders.' }),
    buttons: Type.Array(
      Type.Object({
        type: Type.String(),
        text: NullableString(),
        url: NullableString(),
        phoneNumber: NullableString(),
      }),
      { description: 'Its buttons; a URL or phone number button takes its value from `libraryInputs.buttons`.' },
    ),
  },
  {
    $id: 'LibraryTemplate',
    examples: [
      {
        name: 'delivery_update_1',
        language: 'en_US',
        category: 'UTILITY',
        topic: 'ORDER_MANAGEMENT',
        usecase: 'DELIVERY_UPDATE',
        industry: ['E_COMMERCE'],
        header: null,
        body: 'Good news! Your order #{{1}} is on its way. Estimated delivery: {{2}}.',
        bodyParams: ['12345', 'January 1, 2025'],
        buttons: [{ type: 'URL', text: 'Track package', url: null, phoneNumber: null }],
      },
    ],
  },
);

export const LibraryList = Type.Object({ data: Type.Array(Type.Ref(LibraryTemplate)) });

const LibraryButtonInput = Type.Union([
  Type.Object(
    {
      type: Type.Literal('url'),
      url: Type.Object(
        {
          baseUrl: Type.String({ minLength: 1, maxLength: 2000, description: 'https URL; may end in {{1}}.' }),
          urlSuffixExample: Type.Optional(Type.String({ maxLength: 2000 })),
        },
        { additionalProperties: false },
      ),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      type: Type.Literal('phone_number'),
      phoneNumber: Type.String({ minLength: 1, maxLength: 20, description: 'E.164.' }),
    },
    { additionalProperties: false },
  ),
]);

export const LibraryInputs = Type.Object(
  {
    body: Type.Optional(
      Type.Object(
        {
          addContactNumber: Type.Optional(Type.Boolean()),
          addLearnMoreLink: Type.Optional(Type.Boolean()),
          addSecurityRecommendation: Type.Optional(Type.Boolean()),
          addTrackPackageLink: Type.Optional(Type.Boolean()),
          codeExpirationMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 90 })),
        },
        { additionalProperties: false, description: "The platform's `library_template_body_inputs`." },
      ),
    ),
    buttons: Type.Optional(
      Type.Array(LibraryButtonInput, {
        maxItems: 10,
        description:
          "The platform's `library_template_button_inputs`: a URL or phone number for each such button, in order.",
      }),
    ),
  },
  { additionalProperties: false },
);
export type LibraryInputs = Static<typeof LibraryInputs>;

export const LibraryTemplateInput = Type.Object(
  {
    name: Type.String({
      minLength: 1,
      maxLength: 512,
      description: 'Your name for it: lowercase letters, digits and underscores.',
    }),
    language: Type.String({ minLength: 1, maxLength: 16 }),
    libraryTemplateName: Type.String({
      minLength: 1,
      maxLength: 512,
      description: 'The library entry (GET /v1/template_library).',
    }),
    libraryInputs: Type.Optional(LibraryInputs),
  },
  {
    additionalProperties: false,
    examples: [
      {
        name: 'parcel_update',
        language: 'en_US',
        libraryTemplateName: 'delivery_update_1',
        libraryInputs: {
          body: { addTrackPackageLink: true },
          buttons: [
            { type: 'url', url: { baseUrl: 'https://shop.example.com/track/{{1}}', urlSuffixExample: 'A-1042' } },
          ],
        },
      },
    ],
  },
);
export type LibraryTemplateInput = Static<typeof LibraryTemplateInput>;
