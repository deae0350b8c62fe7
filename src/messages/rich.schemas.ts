/**
 * Rich free-form messages (docs/api.md §D15): interactive (reply buttons, a list, a call-to-action
 * URL button), location, contacts and reaction sends, and what customers answer with. The schemas
 * check shape; the platform's limits are checked by `rich.rules.ts`, which reports every breach at
 * once (a limit in a schema would stop at the first).
 */
import { Type, type Static } from '@sinclair/typebox';
import { Nullable, NullableString, TaggedUnion, Timestamp } from '../http/schemas.js';

const Text = (description: string) => Type.String({ minLength: 1, description });
const OptText = (description: string) => Type.Optional(Type.String({ minLength: 1, description }));

const interactiveCommon = {
  body: Text('The message text: at most 1,024 characters (4,096 for a list).'),
  header: OptText('A text header, at most 60 characters.'),
  footer: OptText('A footer, at most 60 characters.'),
};

export const InteractiveButtons = Type.Object(
  {
    kind: Type.Literal('buttons'),
    ...interactiveCommon,
    buttons: Type.Array(
      Type.Object(
        {
          id: Text('Comes back in the customer\'s answer (`reply.id`): at most 256 characters, unique in the message.'),
          title: Text('The button\'s label: at most 20 characters, unique in the message.'),
        },
        { additionalProperties: false },
      ),
      { description: 'One to three reply buttons.' },
    ),
  },
  { $id: 'InteractiveButtons', additionalProperties: false, description: 'Up to three reply buttons; the customer\'s tap comes back as a customer message with `reply`.' },
);

export const InteractiveList = Type.Object(
  {
    kind: Type.Literal('list'),
    ...interactiveCommon,
    button: Text('The label of the button that opens the list: at most 20 characters.'),
    sections: Type.Array(
      Type.Object(
        {
          title: OptText('At most 24 characters; required when there is more than one section.'),
          rows: Type.Array(
            Type.Object(
              {
                id: Text('Comes back in the answer (`reply.id`): at most 200 characters, unique across sections.'),
                title: Text('At most 24 characters.'),
                description: OptText('At most 72 characters.'),
              },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
      { description: 'Up to 10 sections, with up to 10 rows in all.' },
    ),
  },
  { $id: 'InteractiveList', additionalProperties: false, description: 'A list of options in sections; the row the customer picks comes back with `reply`.' },
);

export const InteractiveCtaUrl = Type.Object(
  {
    kind: Type.Literal('cta_url'),
    ...interactiveCommon,
    displayText: Text('The button\'s label: at most 20 characters.'),
    url: Text('Opened when the customer taps the button: an http or https URL.'),
  },
  { $id: 'InteractiveCtaUrl', additionalProperties: false, description: 'One button that opens a URL (no answer comes back).' },
);

export const Interactive = TaggedUnion('kind', [InteractiveButtons, InteractiveList, InteractiveCtaUrl], { description: 'The interactive message, told apart by `kind`.' });
export type Interactive = Static<typeof Interactive>;

export const Location = Type.Object(
  {
    latitude: Type.Number({ description: 'Decimal degrees, −90 to 90.' }),
    longitude: Type.Number({ description: 'Decimal degrees, −180 to 180.' }),
    name: OptText('The place\'s name.'),
    address: OptText('Its address.'),
  },
  { additionalProperties: false },
);
export type Location = Static<typeof Location>;

const Kind = OptText('`HOME`, `WORK`… as the platform shows it.');

/** A contact card (the platform's `contacts[]` object, names in camelCase). */
export const ContactCard = Type.Object(
  {
    name: Type.Object(
      {
        formatted: Text('The name as shown; required.'),
        first: OptText('First name.'),
        last: OptText('Last name.'),
        middle: OptText('Middle name.'),
        prefix: OptText('Name prefix.'),
        suffix: OptText('Name suffix.'),
      },
      { additionalProperties: false },
    ),
    phones: Type.Optional(
      Type.Array(
        Type.Object(
          { phone: Text('As shown.'), type: OptText('`CELL`, `HOME`, `WORK`…'), waId: OptText('The WhatsApp id (digits), which adds a "Message" button.') },
          { additionalProperties: false },
        ),
      ),
    ),
    emails: Type.Optional(Type.Array(Type.Object({ email: Text('An email address.'), type: Kind }, { additionalProperties: false }))),
    urls: Type.Optional(Type.Array(Type.Object({ url: Text('A web address.'), type: Kind }, { additionalProperties: false }))),
    org: Type.Optional(Type.Object({ company: OptText('Company.'), department: OptText('Department.'), title: OptText('Job title.') }, { additionalProperties: false })),
    addresses: Type.Optional(
      Type.Array(
        Type.Object(
          {
            street: OptText('Street.'),
            city: OptText('City.'),
            state: OptText('State.'),
            zip: OptText('Postal code.'),
            country: OptText('Country.'),
            countryCode: OptText('ISO country code.'),
            type: OptText('`HOME`, `WORK`…'),
          },
          { additionalProperties: false },
        ),
      ),
    ),
    birthday: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD.' })),
  },
  { additionalProperties: false },
);
export type ContactCard = Static<typeof ContactCard>;

export const Reaction = Type.Object(
  {
    messageId: Text('The message reacted to: a customer message (`in_` id or its wamid) or one of ours (`msg_` id).'),
    emoji: Type.String({ description: 'One emoji; `""` removes the reaction sent before.' }),
  },
  { additionalProperties: false },
);

/** The customer's latest reaction to one of our messages. */
export const CustomerReaction = Nullable(
  Type.Object({ emoji: Type.String(), at: Timestamp }, { description: 'The customer\'s current reaction to this message: the latest one; null when none, or when they removed it.' }),
);

/** What a customer's answer carries (InboundMessage). */
export const InboundReply = Nullable(
  Type.Object(
    {
      id: Type.String({ description: 'The id of the button or row (`buttons[].id`, `rows[].id`; a template quick reply\'s payload).' }),
      title: Type.String({ description: 'Its label as the customer saw it.' }),
      description: NullableString({ description: 'A list row\'s description.' }),
    },
    { description: 'On `interactive` (a reply button or list row) and `button` (a template quick reply) messages: what the customer tapped. `context.messageId` names the message it answers.' },
  ),
);

export const InboundLocation = Nullable(
  Type.Object({ latitude: Type.Number(), longitude: Type.Number(), name: NullableString(), address: NullableString(), url: NullableString() }, { description: 'On `location` messages.' }),
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
