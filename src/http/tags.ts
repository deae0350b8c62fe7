/**
 * The OpenAPI document's tags: one per resource, declared once here with a description, in the
 * order the document and `/docs` list them (the order of the README, not the alphabet). A route
 * names exactly one (`RouteSpec.tags`), and only one of these: a tag not declared here does not
 * compile, so the document never has an operation under an undeclared tag.
 */
export const API_TAGS = [
  {
    name: 'Messages',
    description:
      "Messages sent from the business number the key was issued against (text, template, media, and the rich types: reply buttons, lists, URL buttons, locations, contact cards, reactions), queued, paced and tracked to `sent`, `delivered`, `read` or `failed`; and the customers' messages (`in_` ids) that `message.received` events carry, with their answers linked to the message they answer, their files kept, and read receipts (with a typing indicator) sent back.",
  },
  {
    name: 'Contacts',
    description:
      "The customers of the key's business number, known by phone number and/or business-scoped user id (BSUID), each with its 24-hour customer service window and one timeline of messages in both directions.",
  },
  {
    name: 'Templates',
    description:
      'Utility message templates (text or media header, body with placeholders, footer, buttons): validated, submitted to the platform for review, and followed until approved or rejected. Outside the 24-hour customer service window only an approved template can be sent.',
  },
  {
    name: 'Media',
    description:
      'Files with `med_` ids: uploads (stored, typed from their content, registered with the platform) and the files customers send (downloaded, checked against their hash and kept); sent by `med_` id in media messages and template media headers, and read back with `GET /v1/media/{id}/content`.',
  },
  {
    name: 'Webhook endpoints',
    description:
      "Your URLs that receive events, signed per the Standard Webhooks spec with the endpoint's `whsec_` secret. Each belongs to the key's mode (live or test).",
  },
  {
    name: 'Events',
    description:
      'What happened (a message sent, delivered, read or failed, a customer message, a template reviewed), kept 30 days unless the operator set another retention, with every delivery attempt to your endpoints.',
  },
  {
    name: 'Phone numbers',
    description:
      "The account's business numbers: their throughput tiers, their send queues in the key's mode, and why a queue is held back.",
  },
  {
    name: 'Analytics',
    description:
      'What was sent, what arrived, what failed and why, and what it cost: counts, rates, latencies and billable messages per hour or day, by template, type, status, error code, pricing category, number or country.',
  },
  {
    name: 'Account',
    description:
      "The key's account: its WhatsApp Business Account and its retention (how long files customers send and what messages say are kept).",
  },
  {
    name: 'Signing in',
    description:
      'People sign in with email and password (a session cookie), see who they are signed in as, and sign out.',
  },
  {
    name: 'Members',
    description:
      "The people of the signed-in person's account and their roles: owners and admins change a role or remove a member (only an owner changes an owner; an account always keeps one).",
  },
  {
    name: 'API keys',
    description:
      "The account's API keys, made by the people signed in: at most their maker's permissions, shown once, revoked at once; never the keys themselves afterwards.",
  },
  { name: 'Test helpers', description: 'Test keys only: make things happen that live keys wait for a customer to do.' },
] as const satisfies readonly { name: string; description: string }[];

/** The name of a declared tag. */
export type ApiTag = (typeof API_TAGS)[number]['name'];
