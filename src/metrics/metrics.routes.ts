/**
 * `GET /metrics`: the Prometheus text exposition, off the public API (README "Metrics"):
 * - METRICS_PORT set: on a listener of its own (`buildMetricsApp` in `app.ts`, started by `main.ts`); the
 *   main port answers 404 at /metrics.
 * - otherwise METRICS_TOKEN set: on the main port (`app.ts`);
 * - neither: nowhere (404).
 * When METRICS_TOKEN is set, either place requires `Authorization: Bearer <METRICS_TOKEN>`, and
 * answers 401 in the error envelope without it. Never in the OpenAPI document; answered while
 * draining (a scrape shows the shutdown).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { TidingsError } from '../errors.js';
import type { Metrics } from './metrics.js';

export interface MetricsRouteOptions {
  metrics: Pick<Metrics, 'scrape'>;
  /** The bearer token a scrape must present, or null for none (the separate listener only). */
  token: string | null;
}

/** Compares in constant time, whatever the lengths (both sides are hashed first). */
function sameToken(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Registers `GET /metrics` on `app`.
 * @throws (from the handler) TidingsError api_key_missing (no `Authorization: Bearer …`) or
 *   api_key_invalid (another token), both 401, when a token is configured.
 */
export function registerMetricsRoute(app: FastifyInstance, options: MetricsRouteOptions): void {
  const { metrics, token } = options;
  app.get(
    '/metrics',
    { schema: { hide: true }, config: { auth: false, whileDraining: true } },
    async (request, reply) => {
      if (token !== null) {
        const match = /^Bearer[ ]+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
        if (!match)
          throw new TidingsError('api_key_missing', 'Scraping /metrics needs `Authorization: Bearer <METRICS_TOKEN>`.');
        if (!sameToken(match[1]!, token))
          throw new TidingsError('api_key_invalid', 'The bearer token is not METRICS_TOKEN.');
      }
      const { contentType, text } = await metrics.scrape();
      return reply.type(contentType).header('cache-control', 'no-store').send(text);
    },
  );
}
