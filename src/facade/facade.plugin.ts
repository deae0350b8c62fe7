/**
 * The Cloud API facade's HTTP scope, `/graph/{version}/…` (docs/api.md §D34): a client written for
 * Meta's Cloud API points its base URL here, with a Tidings API key as its access token.
 *
 * Every request, in order:
 * 1. the version is one the service knows (src/lib/graph-versions.ts), else Graph's 2500;
 * 2. the token (`Authorization: Bearer …`, or `?access_token=`) is a Tidings key: none is Graph's
 *    104, one Tidings did not issue (or revoked) 190; then the key's rate limit (docs/api.md §D5,
 *    Graph's 4 when spent);
 * 3. the route is chosen by what the path's first segment names (facade-route.ts `owner`), and the
 *    key's scope, permission and mode are checked (Graph's 10);
 * 4. the `Idempotency-Key` (docs/api.md §D4) is claimed, or its stored answer replayed;
 * 5. the handler runs; any error is answered in Meta's envelope (graph-error.ts).
 */
import querystring from 'node:querystring';
import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import type { AuthContext } from '../http/access.js';
import { frameworkTidingsError, requestFacts, toTidingsError } from '../http/errors.js';
import { registerIdempotency, replay } from '../http/idempotency.js';
import { canonicalJson } from '../lib/crypto.js';
import { graphError, invalidToken, missingToken, objectNotFound, unknownPath } from '../lib/graph-errors.js';
import { graphParams, presentedToken } from '../lib/graph-request.js';
import { GRAPH_VERSION_PATTERN, graphVersionInfo } from '../lib/graph-versions.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import { MAX_MEDIA_BYTES } from '../media/media-types.js';
import type { SenderCredentials } from '../platform/platform.js';
import type { Store } from '../db/store.js';
import type { Clock } from '../lib/clock.js';
import type { FacadeContext, FacadeRoute } from './facade-route.js';
import { GraphFailure, graphErrorOf, sendGraphError } from './graph-error.js';

export interface FacadeOptions {
  routes: FacadeRoute[];
  /** Resolves a presented key (accounts/key.service.ts): null when malformed, unknown or revoked. */
  authenticate: (presented: string) => Promise<AuthContext | null>;
  rateLimiter: RateLimiter;
  /** The key's number as the platform knows it (accounts `senderCredentials`, cached). */
  senderOf: (phoneNumberId: string) => Promise<SenderCredentials>;
  store: Store;
  clock: Clock;
}

/** Registers the facade under `/graph` on `app`. */
export async function registerFacade(app: FastifyInstance, options: FacadeOptions): Promise<void> {
  await app.register(
    async (graph) => {
      graph.decorateRequest('auth', null);
      // Form-encoded bodies, as the Graph API takes them (object parameters as JSON strings are
      // decoded by graphParams); JSON goes through the app's budgeted parser.
      graph.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
        done(null, querystring.parse(body as string)),
      );
      await graph.register(multipart, {
        limits: { fileSize: MAX_MEDIA_BYTES, files: 1, fields: 20, parts: 25, fieldSize: 1024 },
      });
      const idempotency = registerIdempotency(graph, options);

      graph.setErrorHandler((error, request, reply) => {
        if (error instanceof GraphFailure) return sendGraphError(reply, error.graph);
        const mapped = toTidingsError(error, requestFacts(request));
        if (!mapped) {
          request.log.error({ err: error, requestId: request.id }, 'unexpected error');
          return sendGraphError(reply, { ...graphError(2, 'service_unavailable: retry later.'), status: 503 });
        }
        if (mapped.stored) request.refusalStored = true;
        return sendGraphError(reply, graphErrorOf(mapped));
      });
      graph.setNotFoundHandler((request, reply) =>
        sendGraphError(reply, unknownPath(request.url.split('?')[0]!.replace(/^\/graph/, ''))),
      );

      // The key, before the body is read: an unauthenticated caller costs little.
      graph.addHook('onRequest', async (request, reply) => {
        if (!request.routeOptions.config.facade) return;
        const version = (request.params as { version?: string }).version ?? '';
        if (!GRAPH_VERSION_PATTERN.test(version) || !graphVersionInfo(version))
          throw new GraphFailure(unknownPath(`/${version}`));
        const token = presentedToken(request);
        if (token === null) throw new GraphFailure(missingToken());
        const auth = await options.authenticate(token);
        if (!auth) throw new GraphFailure(invalidToken());
        request.auth = auth;
        (request.log as Logger).setBindings({ accountId: auth.accountId, keyId: auth.keyId });
        const limit = await options.rateLimiter.consume(`key:${auth.keyId}`, auth.rateLimit);
        if (!limit.allowed) {
          reply.header('retry-after', String(limit.resetSeconds));
          throw new GraphFailure(
            graphError(
              4,
              `rate_limited: This key is limited to ${auth.rateLimit} requests per second; retry after ${limit.resetSeconds} s.`,
            ),
          );
        }
      });

      // Graph's paths, each method's routes on one path as one Fastify route: `/:phoneNumberId` and
      // `/:mediaId` are one path, whatever a part names its parameters.
      const byPath = new Map<string, FacadeRoute[]>();
      for (const route of options.routes) {
        const key = `${route.method} ${route.url.replace(/:\w+/g, ':')}`;
        byPath.set(key, [...(byPath.get(key) ?? []), route]);
      }
      for (const routes of byPath.values()) {
        const { method, url } = routes[0]!;
        graph.route({
          method,
          url: `/:version${url}`,
          schema: { hide: true },
          config: { facade: routes },
          handler: async (request, reply) => {
            const auth = request.auth!;
            const given = request.params as Record<string, string>;
            const values = paramNames(url).map((name) => given[name] ?? '');
            const sender = await options.senderOf(auth.phoneNumberId);
            const route = choose(routes, values[0] ?? '', auth, sender, method);
            // The values by the names the chosen route gives them.
            const params: Record<string, string> = { version: given.version ?? '' };
            paramNames(route.url).forEach((name, i) => {
              params[name] = values[i] ?? '';
            });
            check(route, auth);
            const input = route.multipart ? {} : graphParams(request);
            if (route.idempotency === 'optional') {
              const key = request.headers['idempotency-key'];
              if (key !== undefined) {
                const answer = await idempotency(request, canonicalJson(input));
                if (answer) return replay(reply, answer);
              }
            }
            const ctx: FacadeContext = {
              auth,
              sender,
              version: params.version!,
              params,
              input,
              request,
              reply,
              idempotency,
            };
            return route.handler(ctx);
          },
        });
      }
    },
    { prefix: '/graph' },
  );
}

/** The names of a path's `:param`s, in order (the first is what the route's `owner` names). */
function paramNames(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
}

/** The route whose `owner` the id names, or Meta's 100 / 33. */
function choose(
  routes: readonly FacadeRoute[],
  id: string,
  auth: AuthContext,
  sender: SenderCredentials,
  method: string,
): FacadeRoute {
  const route = routes.find((r) => {
    switch (r.owner) {
      case 'phone_number':
        return id === auth.phoneNumberId;
      case 'waba':
        return id === sender.wabaId;
      case 'media':
        return id.startsWith('med_');
      case 'template':
        return id.startsWith('tpl_');
    }
  });
  if (!route) throw new GraphFailure(objectNotFound(id, method));
  return route;
}

/** The key's scope, its maker's permission and its mode (Graph's 10 when one is missing). */
function check(route: FacadeRoute, auth: AuthContext): void {
  const refuse = (details: string): never => {
    throw new GraphFailure(graphError(10, details));
  };
  if (auth.via === 'key' && !auth.scopes.has(route.scope))
    refuse(`permission_denied: This key lacks the ${route.scope} scope.`);
  if (!auth.permissions.has(route.permission))
    refuse(`permission_denied: The key's maker's role lacks the ${route.permission} permission.`);
  if (route.liveOnly && auth.mode !== 'live') refuse('live_mode_required: This operation needs a live key.');
}

/** The router's errors (a malformed escape, a path segment over the limit) on a facade path, in Meta's envelope. */
export function facadeFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.header('x-request-id', request.id);
  return sendGraphError(reply, graphErrorOf(frameworkTidingsError(error)));
}
