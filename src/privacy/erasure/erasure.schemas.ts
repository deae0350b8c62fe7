/** The erasure resource and its routes' bodies (docs/api.md §D28, §4.52–§4.54). */
import { Type, type Static } from '@sinclair/typebox';
import { NullableString, PageLimit, StringEnum, Timestamp } from '../../http/schemas.js';

export const ERASURE_STATUSES = ['pending', 'running', 'completed'] as const;

/** What an erasure removed so far, counted as it goes (each row once, however often a unit runs). */
export const ErasureProgress = Type.Object(
  {
    messages: Type.Integer({
      description: 'Outbound messages emptied (each kept as a husk: its status, times and counts).',
    }),
    inboundMessages: Type.Integer({ description: "The customer's messages emptied (kept as husks)." }),
    canceled: Type.Integer({ description: 'Queued or scheduled messages canceled (never sent).' }),
    statusReports: Type.Integer({ description: "The platform's status reports of their messages removed." }),
    files: Type.Integer({
      description: "Files removed (the customer's, and uploads sent to them only), with the platform's copies.",
    }),
    events: Type.Integer({ description: 'Events about them removed, with their deliveries and attempts.' }),
    suppressions: Type.Integer({
      description: 'Suppressions removed (an active one stays as a tombstone of keyed hashes).',
    }),
    other: Type.Integer({
      description:
        'Other rows removed or emptied: references, idempotency answers, audit changes, jobs, blocks, consents.',
    }),
  },
  { additionalProperties: false },
);
export type ErasureProgress = Static<typeof ErasureProgress>;

export const Erasure = Type.Object(
  {
    id: Type.String({ description: '`era_` id.' }),
    object: Type.Literal('erasure'),
    status: StringEnum(ERASURE_STATUSES, {
      description: '`pending` (queued), `running`, `completed` (every contact erased).',
    }),
    customers: Type.Integer({
      description:
        'Customers asked for (contact ids and addresses, each once; an unknown address counts, and erases nothing).',
    }),
    erased: Type.Integer({ description: 'Contacts erased so far.' }),
    progress: ErasureProgress,
    requestedBy: Type.Object(
      {
        type: Type.String({ description: '`user`, `key`, `cli`, `system`.' }),
        id: Type.String(),
        name: NullableString({ description: "A person's email; null for others." }),
      },
      { description: 'Who asked (the audit trail names them too).' },
    ),
    createdAt: Timestamp,
    completedAt: Type.Union([Timestamp, Type.Null()]),
  },
  {
    $id: 'Erasure',
    description:
      'The erasure of one or more customers (docs/api.md §D28): a durable job that removes their personal data from every table and file, keeping husks of their messages (for the counts) and, for an active suppression, a tombstone of keyed hashes so they stay suppressed.',
    examples: [
      {
        id: 'era_0VbdT4mR9nW2Kp7Xy1zLb5d',
        object: 'erasure',
        status: 'completed',
        customers: 1,
        erased: 1,
        progress: {
          messages: 42,
          inboundMessages: 17,
          canceled: 1,
          statusReports: 120,
          files: 2,
          events: 96,
          suppressions: 1,
          other: 45,
        },
        requestedBy: { type: 'user', id: 'usr_0VbcNw2Rk7Hp4Ld9Qs3yTm6b', name: 'ana@example.com' },
        createdAt: '2026-12-03T08:30:00.000Z',
        completedAt: '2026-12-03T08:30:02.000Z',
      },
    ],
  },
);
export type Erasure = Static<typeof Erasure>;

export const CreateErasuresBody = Type.Object(
  {
    customers: Type.Array(
      Type.String({
        minLength: 1,
        maxLength: 128,
        description: 'A `ct_` contact id, an E.164 number (`+16505551234`), or a BSUID (`US.13491208655302741918`).',
      }),
      {
        minItems: 1,
        maxItems: 1000,
        description: "The customers to erase, in the key's mode: every contact holding each address.",
      },
    ),
  },
  {
    additionalProperties: false,
    examples: [{ customers: ['ct_0VbcNw2Rk7Hp4Ld9Qs3yTm6b', '+16505551234', 'US.13491208655302741918'] }],
  },
);
export type CreateErasuresBody = Static<typeof CreateErasuresBody>;

export const ErasureIdParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, description: '`era_` id.' }),
});

export const ListErasuresQuery = Type.Object(
  {
    limit: Type.Optional(PageLimit),
    starting_after: Type.Optional(Type.String({ description: 'The last id of the previous page.' })),
  },
  { additionalProperties: false },
);
export type ListErasuresQuery = Static<typeof ListErasuresQuery>;

export const ErasureList = Type.Object({ data: Type.Array(Type.Ref(Erasure)), has_more: Type.Boolean() });
