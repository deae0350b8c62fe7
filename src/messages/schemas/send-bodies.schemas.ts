/**
 * The bodies of a send, one per message type (docs/api.md §4.6–4.7, §D15): the fields every send
 * takes, then each type's own. Each has an `$id` and is registered as a shared schema (app.ts);
 * their union, the send route's body, is send.schemas.ts.
 */
import { Type } from '@sinclair/typebox';
import { TEXT_MAX_LENGTH } from './inbound.schemas.js';
import { CONTACT_LIMITS, REFERENCE_MAX_LENGTH, schemaBound } from './rich.limits.js';
import { Interactive, Location, Reaction, SendContactCard } from './rich.schemas.js';
import { TemplateButtonValues, TemplateLanguages, TemplateVariables } from './template-values.schemas.js';
import { TEXT_TYPE_HINT, unknownFieldHints } from './send-hints.js';
import { routingFields } from './routing.schemas.js';
import { suppressionField } from './suppression.schemas.js';

/** Fields every send takes, whatever its type. */
export const sendCommon = {
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
    useExamples: Type.Optional(
      Type.Boolean({
        description:
          "Send the template's examples for the placeholders `variables` leaves out (a test message to yourself). Default false: a send that leaves a placeholder without a value is refused with 400 `template_values_missing`, naming each.",
      }),
    ),
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
    previewUrl: Type.Optional(
      Type.Boolean({
        description:
          "Show a preview of the first URL in `text` (the platform's `preview_url`, docs/platform.md §1.1). Default false.",
      }),
    ),
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

/** A reply-buttons send: the example of its body here, and of the union's (send.schemas.ts). */
export const INTERACTIVE_EXAMPLE = {
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
