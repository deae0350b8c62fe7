/**
 * Rich free-form messages (docs/api.md §D15): interactive (reply buttons, a list, a call-to-action
 * URL button), location, contacts and reaction sends, and what customers answer with. The schemas
 * check shape, and bound every string and array at SCHEMA_MARGIN times its limit (`rich.limits.ts`),
 * so absurd input is refused early and cheaply; the limits themselves are checked by `rich.rules.ts`,
 * which reports every breach at once, each named.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, NullableString, TaggedUnion, Timestamp } from '../../http/schemas.js';
import {
  CONTACT_LIMITS,
  EMOJI_MAX_LENGTH,
  INTERACTIVE_LIMITS as L,
  LOCATION_LIMITS,
  REFERENCE_MAX_LENGTH,
  schemaBound,
} from './rich.limits.js';

/** Text with a limit (checked by the rules), bounded at its schema bound. */
const Text = (limit: number, description: string) =>
  Type.String({ minLength: 1, maxLength: schemaBound(limit), description });
const OptText = (limit: number, description: string) => Type.Optional(Text(limit, description));
/** An array with a limit on its items (checked by the rules), bounded at its schema bound. */
const Items = <T extends Parameters<typeof Type.Array>[0]>(items: T, limit: number, description?: string) =>
  Type.Array(items, { maxItems: schemaBound(limit), ...(description ? { description } : {}) });

// One body schema for every kind: bounded at twice the list's limit, the largest.
const interactiveCommon = {
  body: Text(L.listBody, 'The message text: at most 1,024 characters (4,096 for a list).'),
  header: OptText(L.header, 'A text header, at most 60 characters.'),
  footer: OptText(L.footer, 'A footer, at most 60 characters.'),
};

export const InteractiveButtons = Type.Object(
  {
    kind: Type.Literal('buttons'),
    ...interactiveCommon,
    buttons: Items(
      Type.Object(
        {
          id: Text(
            L.buttonId,
            "Comes back in the customer's answer (`reply.id`): at most 256 characters, unique in the message.",
          ),
          title: Text(L.buttonTitle, "The button's label: at most 20 characters, unique in the message."),
        },
        { additionalProperties: false },
      ),
      L.buttons,
      'One to three reply buttons.',
    ),
  },
  {
    $id: 'InteractiveButtons',
    additionalProperties: false,
    description: "Up to three reply buttons; the customer's tap comes back as a customer message with `reply`.",
  },
);

export const InteractiveList = Type.Object(
  {
    kind: Type.Literal('list'),
    ...interactiveCommon,
    button: Text(L.listButton, 'The label of the button that opens the list: at most 20 characters.'),
    sections: Items(
      Type.Object(
        {
          title: OptText(L.sectionTitle, 'At most 24 characters; required when there is more than one section.'),
          rows: Items(
            Type.Object(
              {
                id: Text(
                  L.rowId,
                  'Comes back in the answer (`reply.id`): at most 200 characters, unique across sections.',
                ),
                title: Text(L.rowTitle, 'At most 24 characters.'),
                description: OptText(L.rowDescription, 'At most 72 characters.'),
              },
              { additionalProperties: false },
            ),
            L.rows,
          ),
        },
        { additionalProperties: false },
      ),
      L.sections,
      'Up to 10 sections, with up to 10 rows in all.',
    ),
  },
  {
    $id: 'InteractiveList',
    additionalProperties: false,
    description: 'A list of options in sections; the row the customer picks comes back with `reply`.',
  },
);

export const InteractiveCtaUrl = Type.Object(
  {
    kind: Type.Literal('cta_url'),
    ...interactiveCommon,
    displayText: Text(L.ctaDisplayText, "The button's label: at most 20 characters."),
    url: Text(L.ctaUrl, 'Opened when the customer taps the button: an http or https URL of at most 2,000 characters.'),
  },
  {
    $id: 'InteractiveCtaUrl',
    additionalProperties: false,
    description: 'One button that opens a URL (no answer comes back).',
  },
);

export const Interactive = TaggedUnion('kind', [InteractiveButtons, InteractiveList, InteractiveCtaUrl], {
  description: 'The interactive message, told apart by `kind`.',
});
export type Interactive = Static<typeof Interactive>;

export const Location = Type.Object(
  {
    latitude: Type.Number({ description: 'Decimal degrees, −90 to 90.' }),
    longitude: Type.Number({ description: 'Decimal degrees, −180 to 180.' }),
    name: OptText(LOCATION_LIMITS.name, "The place's name, at most 1,000 characters."),
    address: OptText(LOCATION_LIMITS.address, 'Its address, at most 1,000 characters.'),
  },
  { additionalProperties: false },
);
export type Location = Static<typeof Location>;

/**
 * A contact card (the platform's `contacts[]` object, names in camelCase). `bounded`: with the
 * schema bounds of a send (CONTACT_LIMITS); a customer's card, or one kept from before the bounds,
 * is shown as it is.
 */
function contactCard(bounded: boolean) {
  const C = CONTACT_LIMITS;
  const string = (limit: number, required: boolean, description: string) => {
    const s = Type.String({ minLength: 1, ...(bounded ? { maxLength: schemaBound(limit) } : {}), description });
    return required ? s : Type.Optional(s);
  };
  const text = (description: string, required = false) => string(C.text, required, description);
  const list = <T extends Parameters<typeof Type.Array>[0]>(items: T, limit: number) =>
    Type.Optional(Type.Array(items, bounded ? { maxItems: schemaBound(limit) } : {}));
  const kind = text('`HOME`, `WORK`… as the platform shows it.');
  return Type.Object(
    {
      name: Type.Object(
        {
          formatted: text('The name as shown; required.', true),
          first: text('First name.'),
          last: text('Last name.'),
          middle: text('Middle name.'),
          prefix: text('Name prefix.'),
          suffix: text('Name suffix.'),
        },
        { additionalProperties: false },
      ),
      phones: list(
        Type.Object(
          {
            phone: text('As shown.', true),
            type: text('`CELL`, `HOME`, `WORK`…'),
            waId: text('The WhatsApp id (digits), which adds a "Message" button.'),
          },
          { additionalProperties: false },
        ),
        C.phones,
      ),
      emails: list(
        Type.Object({ email: text('An email address.', true), type: kind }, { additionalProperties: false }),
        C.emails,
      ),
      urls: list(
        Type.Object({ url: string(C.url, true, 'A web address.'), type: kind }, { additionalProperties: false }),
        C.urls,
      ),
      org: Type.Optional(
        Type.Object(
          { company: text('Company.'), department: text('Department.'), title: text('Job title.') },
          { additionalProperties: false },
        ),
      ),
      addresses: list(
        Type.Object(
          {
            street: text('Street.'),
            city: text('City.'),
            state: text('State.'),
            zip: text('Postal code.'),
            country: text('Country.'),
            countryCode: text('ISO country code.'),
            type: text('`HOME`, `WORK`…'),
          },
          { additionalProperties: false },
        ),
        C.addresses,
      ),
      birthday: Type.Optional(
        Type.String({
          pattern: '^\\d{4}-\\d{2}-\\d{2}$',
          ...(bounded ? { maxLength: 10 } : {}),
          description: 'YYYY-MM-DD.',
        }),
      ),
    },
    {
      additionalProperties: false,
      ...(bounded
        ? {
            description:
              'Text fields at most 256 characters (`url` 2,000); up to 10 phones, 10 emails, 10 URLs and 5 addresses.',
          }
        : {}),
    },
  );
}

/** A contact card as the API shows it (a send's, or a customer's). */
export const ContactCard = contactCard(false);
/** A contact card in a send, every string and list bounded. */
export const SendContactCard = contactCard(true);
export type ContactCard = Static<typeof ContactCard>;

export const Reaction = Type.Object(
  {
    messageId: Type.String({
      minLength: 1,
      maxLength: REFERENCE_MAX_LENGTH,
      description: 'The message reacted to: a customer message (`in_` id or its wamid) or one of ours (`msg_` id).',
    }),
    emoji: Type.String({
      maxLength: EMOJI_MAX_LENGTH,
      description: 'One emoji; `""` removes the reaction sent before.',
    }),
  },
  { additionalProperties: false },
);

/** The customer's latest reaction to one of our messages. */
export const CustomerReaction = Nullable(
  Type.Object(
    { emoji: Type.String(), at: Timestamp },
    {
      description:
        "The customer's current reaction to this message: the latest one; null when none, or when they removed it.",
    },
  ),
);

/** What a customer's answer carries (InboundMessage). */
export const InboundReply = Nullable(
  Type.Object(
    {
      id: Type.String({
        description: "The id of the button or row (`buttons[].id`, `rows[].id`; a template quick reply's payload).",
      }),
      title: Type.String({ description: 'Its label as the customer saw it.' }),
      description: NullableString({ description: "A list row's description." }),
    },
    {
      description:
        'On `interactive` (a reply button or list row) and `button` (a template quick reply) messages: what the customer tapped. `context.messageId` names the message it answers.',
    },
  ),
);

export const InboundLocation = Nullable(
  Type.Object(
    {
      latitude: Type.Number(),
      longitude: Type.Number(),
      name: NullableString(),
      address: NullableString(),
      url: NullableString(),
    },
    { description: 'On `location` messages.' },
  ),
);

export const InboundReaction = Nullable(
  Type.Object(
    {
      emoji: Type.String({ description: '`""` when the customer removed their reaction.' }),
      messageId: NullableString({ description: 'The `msg_` id of the message reacted to, when Tidings sent it.' }),
      platformMessageId: Type.String({ description: 'Its wamid.' }),
    },
    { description: 'On `reaction` messages.' },
  ),
);
