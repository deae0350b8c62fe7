/**
 * What every request leaves behind: the name of its work, which the statements it runs are counted
 * under (lib/work.ts), its `x-request-id`, one access-log line (with no query string values, which
 * can carry secrets) and its HTTP metrics.
 */
import type { FastifyInstance } from 'fastify';
import { withWork } from '../lib/work.js';
import type { HttpRecorder } from '../metrics/recorders.js';

/** Adds the hooks that name, log and measure each request (before the routes are registered). */
export function registerObservation(app: FastifyInstance, { http }: { http: HttpRecorder }): void {
  // What the request does, named for the statements it runs (lib/work.ts); the rest of its
  // lifecycle runs inside this hook's `done`.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    withWork(`${request.method} ${routeLabel(request.routeOptions.url)}`, done);
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        ...loggedUrl(request.url),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
    http.request(routeLabel(request.routeOptions.url), request.method, reply.statusCode, reply.elapsedTime / 1000);
  });
}

/**
 * The route label of the HTTP metrics: the route's pattern as registered (`/v1/messages/:id`),
 * without a trailing slash (every path is served with and without one), or `unmatched` for a URL
 * no route serves, so a scan of random URLs cannot grow the label set.
 */
export function routeLabel(pattern: string | undefined): string {
  if (pattern === undefined) return 'unmatched';
  return pattern.length > 1 ? pattern.replace(/\/+$/, '') : pattern;
}

/**
 * What the access log keeps of a URL: the path, and the names of its query parameters without their
 * values. A query string can carry secrets (the platform's handshake sends the webhook verify
 * token in `hub.verify_token`; a client may put a key in one), and the log must never hold them.
 */
export function loggedUrl(url: string): { path: string; query?: string } {
  const at = url.indexOf('?');
  if (at === -1) return { path: url };
  const names = [...new URLSearchParams(url.slice(at + 1)).keys()];
  return { path: url.slice(0, at), ...(names.length > 0 ? { query: [...new Set(names)].join(',') } : {}) };
}
