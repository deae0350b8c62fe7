/**
 * Reading a request the way the Graph API does, for the simulator and the Cloud API facade alike
 * (docs/api.md §D34): the parameters from the query string and the body merged, and the access
 * token from the header or the query string.
 */
import type { FastifyRequest } from 'fastify';

/**
 * The request's parameters as the Graph API reads them: query string and body merged, the body
 * winning (a client may put `messaging_product` in either, as whatsapp-api-js does for uploads).
 * A body in a content type the route cannot read adds nothing.
 */
export function graphParams(request: FastifyRequest): Record<string, any> {
  const query = { ...(request.query as Record<string, unknown>) };
  delete query.access_token;
  const body = request.body;
  const fromBody =
    body && typeof body === 'object' && !Buffer.isBuffer(body) && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  const merged: Record<string, any> = { ...query, ...fromBody };
  // The Graph API also takes object parameters JSON-encoded as strings (whatsapp-api-js sends
  // `"contacts": "[{…}]"`); only parameters that are objects by definition are decoded.
  for (const key of OBJECT_PARAMS) {
    const v = merged[key];
    if (typeof v === 'string' && /^\s*[[{]/.test(v)) {
      try {
        merged[key] = JSON.parse(v);
      } catch {}
    }
  }
  return merged;
}

const OBJECT_PARAMS = [
  'text',
  'image',
  'audio',
  'video',
  'document',
  'sticker',
  'location',
  'contacts',
  'interactive',
  'template',
  'reaction',
  'context',
  'components',
  'typing_indicator',
  'direct_send_config',
  // The Cloud API facade's own extra fields (docs/api.md §D34).
  'tidings',
];

/** The token of a request: `Authorization: Bearer …` (or `OAuth …`), else `?access_token=`. */
export function presentedToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^(?:Bearer|OAuth)\s+(\S+)\s*$/i.exec(header) : null;
  if (match) return match[1]!;
  const query = (request.query as Record<string, unknown>)?.access_token;
  return typeof query === 'string' && query !== '' ? query : null;
}
