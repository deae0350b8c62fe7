/**
 * buildApp(deps): the HTTP application. Plugins, the error envelope, the `/v1` routes with auth,
 * rate limits and idempotency, the platform webhook intake, `/v1/openapi.json` and `/docs`.
 * It never listens; `main.ts` and the tests decide where it runs.
 */
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Deps } from './deps.js';
import { TidingsError } from './errors.js';
import { registerAuth } from './http/auth.js';
import { registerErrorHandling } from './http/errors.js';
import { registerIdempotency } from './http/idempotency.js';
import { ErrorEnvelope } from './http/schemas.js';
import './http/types.js';
import { newId } from './lib/ids.js';
import { InboundMessage, Message } from './messages/message.schemas.js';
import { eventRoutes } from './events/event.routes.js';
import { Delivery, Event, WebhookEndpoint } from './events/event.schemas.js';
import { messageRoutes } from './messages/message.routes.js';
import { webhookRoutes } from './platform/cloud-api/webhook.routes.js';
import { templateRoutes } from './templates/template.routes.js';
import { mediaRoutes } from './media/media.routes.js';
import { Media } from './media/media.schemas.js';
import { Template } from './templates/template.schemas.js';

// ajv-formats is CommonJS; its default export arrives as the module object under NodeNext.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as unknown as (ajv: Ajv) => Ajv;

/** JSON bodies over this size are refused with 400 request_too_large (DECISIONS §3). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

export const API_VERSION = '1.0.0';

export async function buildApp(deps: Deps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: BODY_LIMIT_BYTES,
    genReqId: () => newId('req'),
    requestIdHeader: false,
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<TypeBoxTypeProvider>();

  // Bodies are validated strictly (a number where a string belongs is an error, unknown fields are
  // refused); query strings and path parameters are text, so their numbers are coerced.
  const bodyAjv = addFormats(new Ajv({ coerceTypes: false, useDefaults: true, removeAdditional: false, strict: false, allErrors: false }));
  const queryAjv = addFormats(new Ajv({ coerceTypes: 'array', useDefaults: true, removeAdditional: false, strict: false, allErrors: false }));
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? bodyAjv : queryAjv).compile(schema));

  registerErrorHandling(app);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (deps.lifecycle.draining) {
      throw new TidingsError('service_unavailable', 'The service is shutting down; retry on another instance.', { retryAfterSeconds: 1 });
    }
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info({ method: request.method, url: request.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request');
  });

  for (const schema of [ErrorEnvelope, Message, InboundMessage, Template, Media, Event, WebhookEndpoint, Delivery]) app.addSchema(schema);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tidings API',
        version: API_VERSION,
        description:
          'Business messaging in front of the WhatsApp Business Cloud API. Every request carries `x-api-key`. Errors share one envelope: branch on `error.code`.',
      },
      servers: [{ url: '/' }],
      components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } } },
      security: [{ apiKey: [] }],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { url: '/v1/openapi.json' } as never });

  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  await registerDashboard(app);

  await app.register(webhookRoutes, {
    appSecret: deps.secrets.appSecret,
    verifyToken: deps.secrets.verifyToken,
    accounts: deps.accounts,
    reports: deps.reports,
  });

  await app.register(
    async (v1) => {
      registerAuth(v1, { accounts: deps.accounts, rateLimiter: deps.keyRateLimiter });
      const idempotency = registerIdempotency(v1, { db: deps.db, clock: deps.clock });
      v1.get('/openapi.json', { config: { auth: false }, schema: { hide: true } }, async () => app.swagger());
      await v1.register(messageRoutes, { messages: deps.messages, testMode: deps.testMode });
      await v1.register(templateRoutes, { templates: deps.templates });
      await v1.register(mediaRoutes, { media: deps.media, idempotency });
      await v1.register(eventRoutes, { events: deps.events, endpoints: deps.endpoints });
    },
    { prefix: '/v1' },
  );

  return app;
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
      throw new TidingsError('service_unavailable', 'The dashboard is not built: run `npm run build`.', { retryAfterSeconds: 60 });
    });
    return;
  }
  // The page talks only to this origin; nothing inline, nothing from elsewhere.
  const headers = {
    'content-security-policy': "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
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
  app.get('/dashboard', { schema: { hide: true } }, async (_request, reply) => reply.headers({ ...headers, 'cache-control': 'no-cache' }).type('text/html; charset=utf-8').send(index));
}
