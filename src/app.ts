/**
 * buildApp(deps): the HTTP application. Plugins, the error envelope, the `/v1` routes with auth,
 * rate limits and idempotency, the platform webhook intake, `/v1/openapi.json` and `/docs`.
 * It never listens; `main.ts` and the tests decide where it runs.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { databaseChecks } from './db/health.js';
import type { Deps } from './deps.js';
import { TidingsError } from './errors.js';
import { registerAuth } from './http/auth.js';
import { newAjv } from './http/ajv.js';
import { budgetedJsonParser } from './http/body-budget.js';
import { frameworkError, MAX_PATH_PARAM_LENGTH, registerErrorHandling } from './http/errors.js';
import { registerIdempotency } from './http/idempotency.js';
import { registerLifecycle } from './http/lifecycle.js';
import { registerRoutes } from './http/route.js';
import { registerNulGuard } from './http/nul-guard.js';
import { API_TAGS } from './http/tags.js';
import {
  addDiscriminatorMappings,
  ErrorEnvelope,
  ITEMS_CHECKED_ALONE,
  ItemError,
  MULTIPART_BODY,
} from './http/schemas.js';
import type { RouteEntry } from './http/types.js';
import { newId } from './lib/ids.js';
import { withWork } from './lib/work.js';
import { registerMetricsRoute, type MetricsRouteOptions } from './metrics/metrics.routes.js';
import { webhookRoutes } from './platform/cloud-api/webhook.routes.js';
import { MAX_MEDIA_BYTES } from './media/media-types.js';

/** JSON bodies over this size are refused with 400 request_too_large (docs/api.md §D3). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export const API_VERSION = '1.0.0';

/** How long `/health/ready` waits for the database's answer before it calls it unreachable, ms. */
export const READINESS_TIMEOUT_MS = 2000;

export async function buildApp(deps: Deps): Promise<FastifyInstance> {
  // Every schema with an `$id`, referred to by `$ref` from routes: the envelope's, and each feature's.
  const sharedSchemas = [ItemError, ErrorEnvelope, ...deps.features.flatMap((f) => f.schemas ?? [])];
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => newId('req'),
    requestIdHeader: false,
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PATH_PARAM_LENGTH },
    frameworkErrors: frameworkError,
    // The envelope's message is written from the errors themselves (http/validation.ts); Fastify's
    // own would join every one of them, megabytes for a body of many wrong items.
    schemaErrorFormatter: (errors, part) => new Error(`The ${part} has ${errors.length} schema errors.`),
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Bodies strictly, query strings and paths coerced; every problem at once (http/ajv.ts).
  const bodyAjv = newAjv('body');
  const queryAjv = newAjv('query');
  app.setValidatorCompiler(({ schema, httpPart }) => {
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
  });

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
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      routeTable.push({ method, url: route.url, schema: route.schema ?? {}, config: route.config ?? {} });
    }
  });

  // What the request does, named for the statements it runs (lib/work.ts); the rest of its
  // lifecycle runs inside this hook's `done`.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    withWork(`${request.method} ${routeLabel(request.routeOptions.url)}`, done);
  });
  // /health, /health/live, /health/ready; new requests refused while draining; the in-flight count.
  registerLifecycle(app, { lifecycle: deps.lifecycle, checks: databaseChecks(deps.store, READINESS_TIMEOUT_MS) });
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
    deps.metrics.recorders.http.request(
      routeLabel(request.routeOptions.url),
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
  });
  // On the main port only with a token and no port of its own (metrics.routes.ts); else 404.
  if (deps.config.metricsPort === null && deps.config.metricsToken !== null)
    registerMetricsRoute(app, { metrics: deps.metrics, token: deps.config.metricsToken });

  for (const schema of sharedSchemas) app.addSchema(schema);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tidings API',
        version: API_VERSION,
        description:
          "Business messaging in front of the WhatsApp Business Cloud API: messages from the number a key was issued against (text, templates, files, and rich types: reply buttons, lists, URL buttons, locations, contact cards, reactions), queued, paced and tracked to `sent`, `delivered`, `read` or `failed`; utility templates through the platform's review; contacts known by phone number and business-scoped user id, with their 24-hour customer service window; what customers send, their files downloaded and kept, and read receipts back; uploads; signed webhook events. Every request carries `x-api-key`. Errors share one envelope: branch on `error.code`; a body's problems are listed together in `error.issues`.",
        license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
      },
      servers: [{ url: '/' }],
      tags: API_TAGS.map((tag) => ({ ...tag })),
      components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } } },
      security: [{ apiKey: [] }],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    // Each path is served with and without its trailing slash (`POST /v1/messages/`, as the
    // interface document writes it, and `POST /v1/messages`); the document lists one form.
    transform: ({ schema, url }) => ({ schema: schema as never, url: url.length > 1 ? url.replace(/\/+$/, '') : url }),
    transformObject: (documents) =>
      addDiscriminatorMappings('openapiObject' in documents ? documents.openapiObject : documents.swaggerObject),
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { url: '/v1/openapi.json' } as never });

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
      registerAuth(v1, { authenticate: (key) => deps.keys.authenticate(key), rateLimiter: deps.keyRateLimiter });
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

  return app;
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

/**
 * The web dashboard (`dashboard/`, built by Vite into `dist/dashboard`) at /dashboard/. It is a
 * static single-page app that uses the public /v1 API with the key its user pastes in. Both from
 * `src/` (tests) and from `dist/` the build is at `<root>/dist/dashboard`.
 */
async function registerDashboard(app: FastifyInstance): Promise<void> {
  const root = fileURLToPath(new URL('../dist/dashboard/', import.meta.url));
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
