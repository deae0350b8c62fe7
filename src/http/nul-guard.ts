/**
 * PostgreSQL text cannot hold U+0000 (it refuses the whole statement), and no field of this API
 * has a use for it. Every string a request carries (path, query, JSON body) is checked before
 * validation, so a NUL is the client's 400 naming the field, never a 503 from the database.
 */
import type { FastifyInstance } from 'fastify';
import { TidingsError } from '../errors.js';

/** The dotted path of the first string (or key) holding U+0000 in `value`, or null. */
export function findNul(value: unknown, path: string[] = [], depth = 0): string[] | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key];
    const found = findNul(inner, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const found = findNul(part);
      if (found) {
        const param = found.join('.');
        throw new TidingsError(
          'parameter_invalid',
          `${param || 'The request'} contains a NUL character (U+0000), which no field accepts.`,
          param ? { param } : {},
        );
      }
    }
  });
}
