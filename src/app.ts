/**
 * buildApp(deps): the HTTP application. Plugins, the error envelope, the `/v1` routes with auth,
 * rate limits and idempotency, the platform webhook intake, `/v1/openapi.json` and `/docs`.
 * It never listens; `main.ts` and the tests decide where it runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { databaseChecks } from './db/health.js';
import type { Deps } from './deps.js';
import { TidingsError } from './errors.js';
import { facadeFrameworkError, registerFacade } from './facade/facade.plugin.js';
import { registerAuth } from './http/auth.js';
import { newAjv } from './http/ajv.js';
import { LazySchemas } from './http/lazy-schemas.js';
import { budgetedJsonParser } from './http/body-budget.js';
import { frameworkError, MAX_PATH_PARAM_LENGTH, registerErrorHandling } from './http/errors.js';
import { registerIdempotency } from './http/idempotency.js';
import { registerLifecycle } from './http/lifecycle.js';
import { registerRoutes } from './http/route.js';
import { registerNulGuard } from './http/nul-guard.js';
import { registerObservation } from './http/observe.js';
import { registerOpenApi } from './http/openapi.js';
import { ErrorEnvelope, ITEMS_CHECKED_ALONE, ItemError, MULTIPART_BODY } from './http/schemas.js';
import type { RouteEntry } from './http/types.js';
import { newId } from './lib/ids.js';
import { registerMetricsRoute, type MetricsRouteOptions } from './metrics/metrics.routes.js';
import { webhookRoutes } from './platform/cloud-api/webhook.routes.js';
import { MAX_MEDIA_BYTES } from './media/media-types.js';
import { packageRoot } from './lib/package-root.js';

/** JSON bodies over this size are refused with 400 request_too_large (docs/api.md §D3). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export const API_VERSION = '1.0.0';

/** How long `/health/ready` waits for the database's answer before it calls it unreachable, ms. */
export const READINESS_TIMEOUT_MS = 2000;

export async function buildApp(deps: Deps): Promise<FastifyInstance> {
  // Every schema with an `$id`, referred to by `$ref` from routes: the envelope's, and each feature's.
  const sharedSchemas = [ItemError, ErrorEnvelope, ...deps.features.flatMap((f) => f.schemas ?? [])];
  // Validators and serializers compiled at a route's first use, so a start takes a second, not ten.
  const lazySchemas = new LazySchemas();
  const app = Fastify({
    schemaController: { compilersFactory: { buildSerializer: lazySchemas.serializerBuilder() } },
    loggerInstance: deps.logger as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => newId('req'),
    requestIdHeader: false,
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_PARAM_LENGTH },
    // The Cloud API facade answers in Meta's envelope, the rest of the service in its own.
    frameworkErrors: (error, request, reply) =>
      request.url.startsWith('/graph/')
        ? facadeFrameworkError(error, request, reply)
        : frameworkError(error, request, reply),
    // The envelope's message is written from the errors themselves (http/validation.ts); Fastify's
    // own would join every one of them, megabytes for a body of many wrong items.
    schemaErrorFormatter: (errors, part) => new Error(`The ${part} has ${errors.length} schema errors.`),
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Bodies strictly, query strings and paths coerced; every problem at once (http/ajv.ts).
  const bodyAjv = newAjv('body');
  const queryAjv = newAjv('query');
  app.setValidatorCompiler(({ schema, httpPart }) => lazySchemas.defer(() => validatorFor(schema, httpPart)));
  const validatorFor = (schema: object, httpPart: string | undefined) => {
    // A multipart body's schema describes the form for the OpenAPI document; the route reads and
    // checks its parts itself, as streams (MULTIPART_BODY in http/schemas.ts).
    if (httpPart === 'body' && (schema as Record<string, unknown>)[MULTIPART_BODY] === true) return () => true;
    // A batch's items are checked one by one by its route (messages/batches/batch-send.service.ts), each
    // refused alone: the body's schema checks only its shape.
    const alone = (schema as Record<string, unknown>)[ITEMS_CHECKED_ALONE];
    if (httpPart === 'body' && typeof alone === 'string') {
      const s = schema as { properties: Record<string, object> };
      return bodyAjv.compile({ ...s, properties: { ...s.properties, [alone]: { ...s.properties[alone], items: {} } } });
    }
    return (httpPart === 'body' ? bodyAjv : queryAjv).compile(schema);
  };

  // Named schemas, for `$ref`s in requests (our Ajv instances) and responses (the serializer).
  for (const schema of sharedSchemas) {
    bodyAjv.addSchema(schema);
    queryAjv.addSchema(schema);
  }

  registerErrorHandling(app);
  // Bodies holding more values than any valid request needs are refused before they are parsed (http/body-budget.ts).
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
    budgetedJsonParser(app.getDefaultJsonParser('error', 'error'), { recorder: deps.metrics.recorders.jsonBodies }),
  );

  // Every route as registered, for the suites that must cover them all (auth, fuzzing).
  const routeTable: RouteEntry[] = [];
  app.decorate('routeTable', routeTable);
  app.decorate('lazySchemas', lazySchemas);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routeTable.push({ method, url: route.url, schema: route.schema ?? {}, config: route.config ?? {} });
    }
  });

  // Each request named for the statements it runs, logged and measured once answered (http/observe.ts).
  registerObservation(app, { http: deps.metrics.recorders.http });
  // /health, /health/live, /health/ready; new requests refused while draining; the in-flight count.
  // `graphApi` tells the Graph API version and its end of life; it never fails readiness (docs/api.md §D33).
  const checks = {
    ...databaseChecks(deps.store, READINESS_TIMEOUT_MS),
    graphApi: async () => ({ ok: true, ...deps.graphApi.status() }),
  };
  registerLifecycle(app, { lifecycle: deps.lifecycle, checks });
  // On the main port only with a token and no port of its own (metrics.routes.ts); else 404.
  if (deps.config.metricsPort === null && deps.config.metricsToken !== null)
    registerMetricsRoute(app, { metrics: deps.metrics, token: deps.config.metricsToken });

  for (const schema of sharedSchemas) app.addSchema(schema);

  // The OpenAPI document of every route registered below (`/v1/openapi.json`, `/docs`).
  await registerOpenApi(app, { version: API_VERSION });

  // The root sends a browser to the dashboard, and tells anything else where things are.
  app.get('/', { schema: { hide: true } }, async (request, reply) => {
    if ((request.headers.accept ?? '').includes('text/html')) return reply.redirect('/dashboard/', 302);
    return {
      name: 'Tidings',
      version: API_VERSION,
      dashboard: '/dashboard/',
      docs: '/docs',
      openapi: '/v1/openapi.json',
      health: '/health',
      ready: '/health/ready',
    };
  });
  await registerDashboard(app);

  await app.register(webhookRoutes, {
    appSecret: deps.secrets.appSecret,
    verifyToken: deps.secrets.verifyToken,
    appSecrets: (options) => deps.accounts.appSecrets(options),
    intake: deps.intake,
    metrics: deps.metrics.recorders.webhooks,
  });

  await app.register(
    async (v1) => {
      await v1.register(cookie);
      registerAuth(v1, {
        authenticate: (key) => deps.keys.authenticate(key),
        authenticateSession: async (token) => (await deps.sessions.resolve(token))?.auth ?? null,
        rateLimiter: deps.keyRateLimiter,
        cookies: { publicUrl: deps.config.publicUrl },
      });
      registerNulGuard(v1);
      const idempotency = registerIdempotency(v1, { store: deps.store, clock: deps.clock });
      v1.get('/openapi.json', { config: { auth: false }, schema: { hide: true } }, async () => app.swagger());
      // The file is never held in memory: parts are streams, limited to the largest accepted file.
      await v1.register(multipart, {
        limits: { fileSize: MAX_MEDIA_BYTES, files: 5, fields: 20, parts: 25, fieldSize: 1024 },
      });
      // Each feature's routes, in the order the composition root lists the features (deps.ts).
      registerRoutes(
        v1,
        deps.features.flatMap((f) => f.routes?.({ idempotency }) ?? []),
      );
    },
    { prefix: '/v1' },
  );

  // The Cloud API facade: Graph-shaped routes under /graph/{version} (docs/api.md §D34).
  await registerFacade(app, {
    routes: deps.facadeRoutes,
    authenticate: (key) => deps.keys.authenticate(key),
    rateLimiter: deps.keyRateLimiter,
    senderOf: (phoneNumberId) => deps.accounts.senderCredentials(phoneNumberId),
    store: deps.store,
    clock: deps.clock,
  });

  return app;
}

/**
 * The web dashboard (`dashboard/`, built by Vite into `dist/dashboard`) at /dashboard/. It is a
 * static single-page app that uses the public /v1 API with the key its user pastes in. Both from
 * `src/` (tests) and from `dist/` the build is at `<root>/dist/dashboard` (lib/package-root.ts).
 */
async function registerDashboard(app: FastifyInstance): Promise<void> {
  const root = `${path.join(packageRoot(), 'dist', 'dashboard')}${path.sep}`;
  if (!fs.existsSync(`${root}index.html`)) {
    app.get('/dashboard/*', { schema: { hide: true } }, async () => {
      throw new TidingsError('service_unavailable', 'The dashboard is not built: run `npm run build`.', {
        retryAfterSeconds: 60,
      });
    });
    return;
  }
  // The page talks only to this origin; nothing inline, nothing from elsewhere. `blob:` images are
  // files the page itself fetched with the key (the inbox's customer pictures): an <img> cannot
  // send the key's header, and only this origin's scripts can make this origin's blob: URLs.
  const headers = {
    'content-security-policy':
      "default-src 'self'; img-src 'self' data: blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
  await app.register(fastifyStatic, {
    root,
    prefix: '/dashboard/',
    decorateReply: false,
    schemaHide: true,
    index: false,
    setHeaders: (res) => {
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    },
  });
  // The app's one page (routes are in the URL's #fragment); `/dashboard` and `/dashboard/` alike.
  const index = fs.readFileSync(`${root}index.html`);
  app.get('/dashboard', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .headers({ ...headers, 'cache-control': 'no-cache' })
      .type('text/html; charset=utf-8')
      .send(index),
  );
}

/**
 * The listener of its own for METRICS_PORT: `/metrics` and nothing else (404 in the envelope for
 * any other path). It never listens; `main.ts` starts it on HOST:METRICS_PORT.
 */
export async function buildMetricsApp(options: MetricsRouteOptions & { logger: Logger }): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    return503OnClosing: false,
  });
  registerErrorHandling(app);
  registerMetricsRoute(app, options);
  return app;
}
