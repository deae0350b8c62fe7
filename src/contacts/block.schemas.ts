/** Blocking customers through the platform's Block Users API (docs/api.md §D25, §4.40–§4.44). */
import { Type, type Static } from '@sinclair/typebox';
import { ERROR_CODES } from '../errors.js';
import { Nullable, NullableString, PageLimit, Timestamp } from '../http/schemas.js';

/** At most this many contacts in one bulk block or unblock: the platform's limit per request (docs/platform.md §4.17). */
export const MAX_BLOCK_BATCH = 1000;

/** Where a block came from. */
export const BLOCK_SOURCES = ['api', 'dashboard', 'sync'] as const;

/** A contact's block, as the Contact resource shows it (`blocked`). */
export const ContactBlock = Type.Object(
  {
    at: Timestamp,
    source: Type.Union(
      BLOCK_SOURCES.map((s) => Type.Literal(s)),
      {
        description:
          "`api` (these endpoints), `dashboard`, or `sync` (found on the platform's blocklist by `POST /v1/contacts/blocks/sync`).",
      },
    ),
  },
  {
    description: 'Whether the business blocked this customer on its number (docs/api.md §D25); null when not blocked.',
  },
);

/** The body of a block or unblock through the dashboard (optional). */
export const BlockBody = Type.Object(
  {
    source: Type.Optional(
      Type.Union([Type.Literal('api'), Type.Literal('dashboard')], {
        description: 'Who asks: `api` (default) or `dashboard`; recorded on the block.',
      }),
    ),
  },
  { additionalProperties: false, examples: [{ source: 'dashboard' }] },
);
export type BlockBody = Static<typeof BlockBody>;

export const BulkBlockBody = Type.Object(
  {
    contactIds: Type.Array(Type.String({ minLength: 1, description: '`ct_` id.' }), {
      minItems: 1,
      maxItems: MAX_BLOCK_BATCH,
      uniqueItems: true,
      description: `Up to ${MAX_BLOCK_BATCH} contacts of the key's number: one platform request for all of them.`,
    }),
    source: Type.Optional(
      Type.Union([Type.Literal('api'), Type.Literal('dashboard')], {
        description: 'Who asks: `api` (default) or `dashboard`.',
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [{ contactIds: ['ct_0VbcNw2Rk7Hp4Ld9Qs3yTm6b', 'ct_0VbcNx4Tq8Jk2Mf6Rb1zVn5c'] }],
  },
);
export type BulkBlockBody = Static<typeof BulkBlockBody>;

/** One contact's outcome in a bulk block or unblock. */
export const BlockResult = Type.Object(
  {
    contactId: Type.String(),
    outcome: Type.Union([Type.Literal('blocked'), Type.Literal('unblocked'), Type.Literal('failed')], {
      description: '`blocked` / `unblocked` (also when it already was: both are idempotent), or `failed` with `error`.',
    }),
    error: Nullable(
      Type.Object({
        code: Type.Union(
          ERROR_CODES.map((c) => Type.Literal(c)),
          {
            description:
              'As the single-contact endpoint would answer: `contact_not_found`, `contact_not_blockable`, `block_window_closed`, `platform_error`.',
          },
        ),
        message: Type.String(),
        platformError: Nullable(
          Type.Object(
            { code: Type.String(), message: Type.String() },
            { description: "The platform's per-user error (e.g. 131047), when it refused this contact." },
          ),
        ),
      }),
    ),
  },
  { $id: 'BlockResult' },
);
export type BlockResult = Static<typeof BlockResult>;

export const BlockResultList = Type.Object({
  data: Type.Array(Type.Ref(BlockResult), { description: 'One per contact id, in the order given.' }),
});
export type BlockResultList = Static<typeof BlockResultList>;

/** A blocked customer in the number's list. */
export const BlockedContact = Type.Object(
  {
    contactId: Type.String(),
    phone: NullableString({ description: 'E.164, as blocked.' }),
    userId: NullableString({ description: 'The BSUID, as blocked.' }),
    blockedAt: Timestamp,
    source: Type.Union(BLOCK_SOURCES.map((s) => Type.Literal(s))),
  },
  { $id: 'BlockedContact' },
);
export type BlockedContact = Static<typeof BlockedContact>;

export const ListBlockedQuery = Type.Object(
  {
    limit: Type.Optional(PageLimit),
    starting_after: Type.Optional(Type.String({ description: 'The last `contactId` of the previous page.' })),
  },
  { additionalProperties: false },
);
export type ListBlockedQuery = Static<typeof ListBlockedQuery>;

export const BlockedContactList = Type.Object({ data: Type.Array(Type.Ref(BlockedContact)), has_more: Type.Boolean() });

export const BlockSyncResult = Type.Object({
  added: Type.Integer({
    description:
      "Contacts found on the platform's blocklist that Tidings did not have as blocked (now blocked, source `sync`).",
  }),
  removed: Type.Integer({
    description: 'Contacts Tidings had as blocked that the platform no longer lists (now unblocked).',
  }),
  unknown: Type.Integer({
    description: "Users on the platform's blocklist that match no contact of the number (left alone).",
  }),
  blocked: Type.Integer({ description: 'Contacts blocked after the sync.' }),
});
export type BlockSyncResult = Static<typeof BlockSyncResult>;
