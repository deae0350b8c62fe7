/** Schemas shared by every route: the error envelope, ids, timestamps, paging. */
import { Type, type Static, type TObject, type TSchema, type TUnion } from '@sinclair/typebox';
import { ERROR_CODES } from '../errors.js';
import { errorExample } from './error-examples.js';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/*
 * Response schemas avoid `anyOf` where they can: fast-json-stringify validates every value of an
 * anyOf to pick a branch, while `enum` and `type: [x, "null"]` serialise directly.
 */

/** A string from a fixed set, as `{ type: "string", enum }` rather than a union of literals. */
export const StringEnum = <const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/**
 * A union of object schemas told apart by one property (their `tag`, e.g. `type`), each branch a
 * named schema (with `$id`) giving the tag as a constant or an enum. Validated with Ajv's
 * `discriminator`, so an error speaks of the branch the value chose (a header of type `text`
 * missing its `text`) and an unknown tag is named as such; documented with OpenAPI's
 * `discriminator` over `$ref`s. The branches must be registered as shared schemas (SHARED_SCHEMAS).
 */
export const TaggedUnion = <const T extends TObject[]>(
  tag: string,
  variants: [...T],
  options: Record<string, unknown> = {},
) => {
  for (const v of variants) if (typeof v.$id === 'string') TAGGED_BRANCHES.set(v.$id, v);
  return Type.Unsafe<Static<TUnion<T>>>({
    type: 'object',
    required: [tag],
    oneOf: variants.map((v) => Type.Ref(v)),
    discriminator: { propertyName: tag },
    ...options,
  });
};

/** The branches of every TaggedUnion by `$id`, so that an error can list the tag values a union takes. */
const TAGGED_BRANCHES = new Map<string, TObject>();

/** A TaggedUnion's branch by its `$id` (the `$ref` of the union's `oneOf`), or undefined. */
export function taggedBranch(id: string): TObject | undefined {
  return TAGGED_BRANCHES.get(id);
}

/**
 * Completes the OpenAPI document's discriminators (the TaggedUnions): each gets the `mapping` from
 * tag values to its branches, read from each branch's `const` or `enum` of the tag. Without one,
 * OpenAPI takes a branch's schema name for its tag value (`SendTextMessage`, not `text`), and
 * generated clients type it so. Ajv, which validates with the same schemas, refuses a `mapping`,
 * so it is added to the document only (the swagger plugin's `transformObject`). New objects
 * replace the discriminators; nothing the validators hold is changed.
 */
export function addDiscriminatorMappings<T extends object>(document: T): T {
  const schemas: Record<string, { properties?: Record<string, { const?: unknown; enum?: unknown[] }> }> =
    (document as any).components?.schemas ?? {};
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const schema = node as {
      discriminator?: { propertyName: string; mapping?: Record<string, string> };
      oneOf?: { $ref?: string }[];
    };
    if (schema.discriminator && !schema.discriminator.mapping && Array.isArray(schema.oneOf)) {
      const mapping: Record<string, string> = {};
      for (const { $ref } of schema.oneOf) {
        const name = $ref?.match(/^#\/components\/schemas\/(.+)$/)?.[1];
        const tag = name ? schemas[name]?.properties?.[schema.discriminator.propertyName] : undefined;
        for (const value of tag?.const !== undefined ? [tag.const] : (tag?.enum ?? [])) mapping[String(value)] = $ref!;
      }
      if (Object.keys(mapping).length > 0) schema.discriminator = { ...schema.discriminator, mapping };
    }
    Object.values(node).forEach(visit);
  };
  visit(document);
  return document;
}

/** A string or null, as `{ type: ["string", "null"] }`. */
export const NullableString = (options: Record<string, unknown> = {}) =>
  Type.Unsafe<string | null>({ type: ['string', 'null'], ...options });

export const Timestamp = Type.String({ format: 'date-time', description: 'ISO 8601, UTC.' });

/** One item's refusal in a request of many (a batch send): the envelope's fields, and the item's index. */
export const ItemError = Type.Object(
  {
    index: Type.Integer({ minimum: 0, description: "The item's place in the request, from 0." }),
    error: Type.Object({
      code: Type.Union(ERROR_CODES.map((c) => Type.Literal(c))),
      message: Type.String(),
      param: Type.Optional(
        Type.String({ description: "The item's field at fault, as a path in the whole request (`messages[3].to`)." }),
      ),
      issues: Type.Optional(
        Type.Array(Type.Object({ code: Type.String(), field: Type.String(), message: Type.String() })),
      ),
    }),
  },
  { $id: 'ItemError' },
);

export const ErrorEnvelope = Type.Object(
  {
    error: Type.Object({
      code: Type.Union(
        ERROR_CODES.map((c) => Type.Literal(c)),
        { description: 'Branch on this, not on the HTTP status.' },
      ),
      message: Type.String({ description: 'A sentence for humans.' }),
      param: Type.Optional(
        Type.String({ description: "The request field at fault (with issues: the first issue's)." }),
      ),
      requestId: Type.String({ description: 'Also in the x-request-id header; quote it to support.' }),
      issues: Type.Optional(
        Type.Array(Type.Object({ code: Type.String(), field: Type.String(), message: Type.String() }), {
          description:
            "Every problem at once, each with a snake_case code and the field's path (`variables[0].example`): on a request the schemas refuse (parameter_missing, parameter_invalid, parameter_unknown, invalid_json), template_invalid, and a rich message's breached limits.",
        }),
      ),
      platformError: Type.Optional(Nullable(Type.Object({ code: Type.String(), message: Type.String() }))),
      items: Type.Optional(
        Type.Array(Type.Ref(ItemError), {
          description: "batch_rejected: each item's refusal, in order (docs/api.md §D18).",
        }),
      ),
    }),
  },
  {
    $id: 'ErrorEnvelope',
    description: 'Every error response (docs/api.md §D3).',
    examples: [errorExample('outside_customer_window')],
  },
);

/**
 * The `Idempotency-Key` header as the OpenAPI document shows it: required on operations that need
 * it (a missing one is 400 idempotency_key_missing), optional where it is honoured. Its format
 * (1–255 visible ASCII characters) is checked by the idempotency hook (idempotency_key_invalid).
 */
export function IdempotencyHeaders(required: boolean) {
  const key = Type.String({
    description:
      "Makes a retry safe: 1–255 visible ASCII characters, kept 24 hours, scoped to the key's account and mode.",
  });
  return Type.Object({ 'idempotency-key': required ? key : Type.Optional(key) });
}

/**
 * Marks a body schema that only documents a multipart/form-data form (the route streams and checks
 * the parts itself): the validator compiler skips it, the OpenAPI document shows it.
 */
export const MULTIPART_BODY = 'x-multipart-form';

/**
 * Marks a body whose array property (the value: its name, e.g. `messages`) is checked item by item
 * by the route, each item refused alone: the validator compiler checks only the body's shape (app.ts).
 */
export const ITEMS_CHECKED_ALONE = 'x-items-checked-alone';

export const PageLimit = Type.Integer({
  minimum: 1,
  maximum: 100,
  default: 10,
  description: 'Items per page, 1–100 (default 10).',
});

/** The answer of a DELETE. */
export const Deleted = Type.Object({ id: Type.String(), deleted: Type.Literal(true) });
