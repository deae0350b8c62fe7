/**
 * `x-api-key` authentication, scopes, live/test mode, and the per-key rate limit (docs/api.md §D2, §D5),
 * as one onRequest hook: it runs before the body is read, so an unauthenticated caller costs little.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { AuthContext } from './access.js';
import { TidingsError } from '../errors.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import './types.js';

export interface AuthOptions {
  /** Resolves a presented key (accounts/key.service.ts): null when malformed, unknown or revoked. */
  authenticate: (presented: string) => Promise<AuthContext | null>;
  rateLimiter: RateLimiter;
}

export function registerAuth(app: FastifyInstance, options: AuthOptions): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    if (request.routeOptions.url === undefined || config.auth === false) return;
    const auth = await authenticate(request, options.authenticate);
    request.auth = auth;
    // Every later line of this request's log says whose it is (the key's id, never the key). The
    // request's logger is its own child (it carries the request id): bound in place, not copied.
    (request.log as Logger).setBindings({ accountId: auth.accountId, keyId: auth.keyId });

    const limit = await options.rateLimiter.consume(`key:${auth.keyId}`, auth.rateLimit);
    reply.header('ratelimit-limit', String(limit.limit));
    reply.header('ratelimit-remaining', String(limit.remaining));
    reply.header('ratelimit-reset', String(limit.resetSeconds));
    if (!limit.allowed) {
      throw new TidingsError(
        'rate_limited',
        `This key is limited to ${auth.rateLimit} requests per second; retry after ${limit.resetSeconds} s.`,
        { retryAfterSeconds: limit.resetSeconds },
      );
    }

    if (config.scope && !auth.scopes.has(config.scope)) {
      throw new TidingsError('permission_denied', `This key lacks the ${config.scope} scope.`);
    }
    if (config.liveOnly && auth.mode === 'test') {
      throw new TidingsError(
        'live_mode_required',
        'This operation needs a live key; test keys cannot change what the platform holds.',
      );
    }
    if (config.testOnly && auth.mode === 'live') {
      throw new TidingsError('permission_denied', 'This operation is for test keys only.');
    }
  });
}

async function authenticate(request: FastifyRequest, resolve: AuthOptions['authenticate']): Promise<AuthContext> {
  const header = request.headers['x-api-key'];
  const presented = Array.isArray(header) ? header[0] : header;
  if (presented === undefined || presented.trim() === '') {
    throw new TidingsError('api_key_missing', 'Send your API key in the x-api-key header.');
  }
  const auth = await resolve(presented.trim());
  if (!auth) throw new TidingsError('api_key_invalid', 'The API key is not valid (unknown, malformed or revoked).');
  return auth;
}
