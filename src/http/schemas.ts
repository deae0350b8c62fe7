/** Schemas shared by every route: the error envelope, ids, timestamps, paging. */
import { Type, type TSchema } from '@sinclair/typebox';
import { ERROR_CODES } from '../errors.js';

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/*
 * Response schemas avoid `anyOf` where they can: fast-json-stringify validates every value of an
 * anyOf to pick a branch, while `enum` and `type: [x, "null"]` serialise directly.
 */

/** A string from a fixed set, as `{ type: "string", enum }` rather than a union of literals. */
export const StringEnum = <const T extends readonly string[]>(values: T, options: Record<string, unknown> = {}) =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });

/** A string or null, as `{ type: ["string", "null"] }`. */
export const NullableString = (options: Record<string, unknown> = {}) => Type.Unsafe<string | null>({ type: ['string', 'null'], ...options });

export const Timestamp = Type.String({ format: 'date-time', description: 'ISO 8601, UTC.' });

export const ErrorEnvelope = Type.Object(
  {
    error: Type.Object({
      code: Type.Union(ERROR_CODES.map((c) => Type.Literal(c)), { description: 'Branch on this, not on the HTTP status.' }),
      message: Type.String({ description: 'A sentence for humans.' }),
      param: Type.Optional(Type.String({ description: 'The request field at fault.' })),
      requestId: Type.String({ description: 'Also in the x-request-id header; quote it to support.' }),
      issues: Type.Optional(Type.Array(Type.Object({ code: Type.String(), field: Type.String(), message: Type.String() }))),
      platformError: Type.Optional(Nullable(Type.Object({ code: Type.String(), message: Type.String() }))),
    }),
  },
  { $id: 'ErrorEnvelope', description: 'Every error response (DECISIONS §3).' },
);

/** Response entries for the error statuses an operation can answer with. */
export function errorResponses(...statuses: number[]): Record<number, unknown> {
  const out: Record<number, unknown> = {};
  for (const s of statuses) out[s] = Type.Ref(ErrorEnvelope);
  return out;
}

export const PageLimit = Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'Items per page, 1–100 (default 10).' });

/** The answer of a DELETE. */
export const Deleted = Type.Object({ id: Type.String(), deleted: Type.Literal(true) });
