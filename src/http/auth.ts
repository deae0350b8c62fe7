/**
 * Authentication (docs/api.md §D2, §D5, §D26), as one onRequest hook: it runs before the body is
 * read, so an unauthenticated caller costs little.
 * - An `x-api-key` header: the key. Otherwise a session cookie: the person signed in; a write with a
 *   cookie must come from the service's own pages (http/session-cookie.ts `sameOrigin`).
 * - Then the rate limit (per key, per person), the route's key scope (`scope: null`: no key may call
 *   it), the permission (a person's role's, a key's maker's), and the mode.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { AuthContext } from './access.js';
import { TidingsError } from '../errors.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import { sameOrigin, sessionTokenOf, type SessionCookiePolicy } from './session-cookie.js';
import './types.js';

export interface AuthOptions {
  /** Resolves a presented key (accounts/key.service.ts): null when malformed, unknown or revoked. */
  authenticate: (presented: string) => Promise<AuthContext | null>;
  rateLimiter: RateLimiter;
  /** Resolves a session cookie's token (people/session.service.ts): null when it names no signed-in session. */
  authenticateSession: (token: string) => Promise<AuthContext | null>;
  cookies: SessionCookiePolicy;
}

export function registerAuth(app: FastifyInstance, options: AuthOptions): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    const config = request.routeOptions.config;
    if (request.routeOptions.url === undefined || config.auth === false) return;
    const auth = await authenticate(request, options);
    request.auth = auth;
    // Every later line of this request's log says whose it is (the key's id, never the key). The
    // request's logger is its own child (it carries the request id): bound in place, not copied.
    (request.log as Logger).setBindings({ accountId: auth.accountId, keyId: auth.keyId });

    const limit = await options.rateLimiter.consume(
      auth.actor.type === 'user' ? `user:${auth.actor.id}` : `key:${auth.keyId}`,
      auth.rateLimit,
    );
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

    if (auth.via === 'key') {
      if (config.scope === null) throw new TidingsError('permission_denied', 'Only a person signed in may do this.');
      if (config.scope && !auth.scopes.has(config.scope)) {
        throw new TidingsError('permission_denied', `This key lacks the ${config.scope} scope.`);
      }
    }
    if (config.permission && !auth.permissions.has(config.permission)) {
      throw new TidingsError(
        'permission_denied',
        auth.via === 'key'
          ? `The person who made this key lacks the ${config.permission} permission in this account.`
          : `Your role lacks the ${config.permission} permission in this account.`,
      );
    }
    if (config.liveOnly && auth.mode === 'test') {
      throw new TidingsError(
        'live_mode_required',
        auth.via === 'key'
          ? 'This operation needs a live key; test keys cannot change what the platform holds.'
          : 'This operation needs live mode; switch the dashboard to live to change what the platform holds.',
      );
    }
    if (config.testOnly && auth.mode === 'live') {
      throw new TidingsError('permission_denied', 'This operation is for test mode only.');
    }
  });
}

async function authenticate(request: FastifyRequest, options: AuthOptions): Promise<AuthContext> {
  const header = request.headers['x-api-key'];
  const presented = Array.isArray(header) ? header[0] : header;
  if (presented === undefined || presented.trim() === '') {
    const token = sessionTokenOf(request);
    if (token === null)
      throw new TidingsError('api_key_missing', 'Send your API key in the x-api-key header, or sign in.');
    const auth = await options.authenticateSession(token);
    if (!auth) throw new TidingsError('session_expired', 'Your session has expired or was signed out; sign in again.');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      const { ok, origin } = sameOrigin(request, options.cookies);
      if (!ok)
        throw new TidingsError(
          'cross_site_request',
          `This request came from ${origin}, not from this service's own pages; signed-in writes must come from them.`,
        );
    }
    return auth;
  }
  const auth = await options.authenticate(presented.trim());
  if (!auth) throw new TidingsError('api_key_invalid', 'The API key is not valid (unknown, malformed or revoked).');
  return auth;
}
