/**
 * The Cloud API simulator (docs/api.md §D12; docs/simulator.md): speaks the Graph API as Meta does
 * (paths, parameters, tokens, JSON shapes, error envelope and codes, signed webhooks), plus a
 * control API under `/_simulator/`. Every Graph answer the simulator gives, including unknown paths,
 * bad JSON and unreadable bodies, is in Meta's `{"error": …}` envelope.
 */
import { registerCoexistenceRoutes } from './coexistence.routes.js';
import { registerSignalRoutes } from './signals.routes.js';
import { Activity } from './activity.js';
import { registerIdleRoute } from './idle.routes.js';
import querystring from 'node:querystring';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { systemClock, type Clock } from '../lib/clock.js';
import type { SimContext } from './context.js';
import { reporting } from './context.js';
import { registerControlRoutes, registerToken } from './control.routes.js';
import { registerIdentityChangeRoutes } from './identity-changes.js';
import { registerMarketingRoutes } from './marketing.js';
import { registerMetaAgentRoutes } from './meta-agent.js';
import { graphError, objectNotFound, unknownPath } from '../lib/graph-errors.js';
import { BAD_JSON, fail } from './graph-http.js';
import { registerBlockUserRoutes } from './block-users.routes.js';
import { registerSendRoutes } from './messages/send.routes.js';
import { registerMediaRoutes } from './media.routes.js';
import { registerObjectRoutes } from './objects.routes.js';
import { SimulatorState } from './state.js';
import { registerTemplateRoutes } from './templates.routes.js';
import { registerTemplateControlRoutes } from './templates/control.routes.js';
import { registerUploadRoutes } from './uploads.routes.js';
import { WebhookSender } from './webhook-sender.js';

export { newWamid } from './identity.js';
export { StateFileError } from './state-file.js';
export { simulatorAccessToken } from '../lib/simulated-identity.js';

export interface SimulatorOptions {
  /** Signs webhooks (X-Hub-Signature-256) and derives the tokens of simulated WABAs. */
  appSecret: string;
  /** Where webhooks go; settable later with PUT /_simulator/config `{ "webhookUrl" }`. */
  webhookUrl?: string | null;
  /**
   * Where the state is kept (docs/simulator.md "State file"), or null to keep it in memory. A file
   * that is not there is a fresh start; a damaged one is refused (`StateFileError`), never replaced.
   */
  stateFile?: string | null;
  logger: Logger;
  /**
   * The clock messages' time-to-live is measured on (default: the system's). Tests pass a
   * `ManualClock` to let a TTL pass without waiting; delays and retries still run on real time.
   */
  clock?: Clock;
}

export interface Simulator {
  app: FastifyInstance;
  state: SimulatorState;
  webhooks: WebhookSender;
  /** What the simulator still has to do (`GET /_simulator/idle`). */
  activity: Activity;
  /** Where webhooks go from now on (the service's `/platform/whatsapp/webhook`). */
  setWebhookUrl(url: string | null): void;
  /** Lets a token that is not derived from the app secret act for a WABA and its numbers. */
  registerToken(token: string, wabaId: string, phoneNumberIds: string[]): void;
  close(): Promise<void>;
}

const GRAPH_VERSION = /^v\d+\.\d+$/;
/** `POST /{version}/{phone-number-id}/messages`: sends and mark-as-read. */
const SEND = /^\/v\d+\.\d+\/\d+\/messages(?:\?|$)/;

/**
 * Builds the simulator (not listening yet) on its state file, and takes up the webhooks it still
 * owed when it last stopped (or was killed): those due meanwhile go out at once, in order, the
 * others at their time; templates still in review are reviewed when due.
 * @throws StateFileError when the state file or its journal is damaged (the message names the file).
 */
export async function buildSimulator(options: SimulatorOptions): Promise<Simulator> {
  const log = options.logger.child({ component: 'simulator' });
  const state = new SimulatorState(options.stateFile ?? null, {
    onSaveError: (err) => log.error({ err, stateFile: options.stateFile }, 'simulator state file not written'),
  });
  for (const note of state.notes) log.warn(note);
  let webhookUrl = options.webhookUrl ?? null;
  const webhooks = new WebhookSender(state, {
    appSecret: options.appSecret,
    webhookUrl: () => webhookUrl,
    logger: options.logger,
  });
  const activity = new Activity(webhooks);
  const { later } = activity;
  const held = new Set<() => void>();
  const { resume, ...reports } = reporting(state, webhooks, later);
  const ctx: SimContext = {
    state,
    webhooks,
    appSecret: options.appSecret,
    clock: options.clock ?? systemClock,
    later,
    hold(reply) {
      // The client gives up (its timeout) and closes the socket: drop the request then.
      reply.hijack();
      return new Promise<void>((resolve) => {
        const release = () => {
          held.delete(release);
          reply.raw.destroy();
          resolve();
        };
        held.add(release);
        reply.raw.on('close', release);
      });
    },
    ...reports,
  };

  const app = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 101 * 1024 * 1024,
  });
  // Bodies as the Graph API reads them: JSON (a broken one is answered 100 by the route), form
  // fields (values that are JSON objects or arrays decoded), and anything else as raw bytes
  // (resumable upload data; a route that wants parameters finds none in them).
  // Graph requests in progress, for GET /_simulator/idle (activity.ts).
  activity.track(app);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, body === '' ? {} : JSON.parse(body as string));
    } catch {
      done(null, BAD_JSON);
    }
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    const fields = querystring.parse(body as string) as Record<string, unknown>;
    for (const [k, v] of Object.entries(fields))
      if (typeof v === 'string' && /^\s*[[{]/.test(v)) fields[k] = tryJson(v);
    done(null, fields);
  });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

  // Latency on every Graph answer (the control API answers at once), once the body is in: a send
  // whose caller gave up during the wait is still taken, as the platform would.
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/_simulator/') && state.config.latencyMs > 0)
      await new Promise((r) => setTimeout(r, state.config.latencyMs));
  });
  // A call that changed something is answered once the change is on disk, so a kill after the
  // answer loses nothing the caller was told (templates, media, windows, tokens, config). Sends are
  // the exception: a snapshot per send would cost too much, and what they leave owed, their status
  // reports, is journaled before their answer (outbox.ts); their records may lag by 500 ms.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && !SEND.test(request.url)) await state.durable();
    return payload;
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path.startsWith('/_simulator/'))
      return reply.code(404).send({ error: `No control call ${request.method} ${path}.` });
    const [version, id, ...rest] = path.split('/').filter(Boolean);
    // A known Graph version and an id: the object (or the method on it) does not exist; else an unknown path.
    if (version && GRAPH_VERSION.test(version) && id && rest.length === 0)
      return fail(reply, objectNotFound(decodeURIComponent(id), request.method));
    return fail(reply, unknownPath(rest.length > 0 ? `/${rest.join('/')}` : path));
  });
  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, request, reply) => {
    if (request.url.startsWith('/_simulator/'))
      return reply.code(err.statusCode && err.statusCode < 500 ? err.statusCode : 500).send({ error: err.message });
    if (err.statusCode === 413) return fail(reply, graphError(100, 'The request body is too large.'));
    if (err.statusCode && err.statusCode < 500) return fail(reply, graphError(100, err.message));
    request.log.error({ err }, 'simulator route failed');
    return fail(reply, graphError(131000, 'Something went wrong in the simulator.'));
  });

  const templates = registerTemplateRoutes(app, ctx);
  registerSendRoutes(app, ctx);
  registerBlockUserRoutes(app, ctx);
  await registerMediaRoutes(app, ctx);
  registerUploadRoutes(app, ctx);
  registerObjectRoutes(app, ctx, templates);
  registerTemplateControlRoutes(app, ctx, templates);
  registerMarketingRoutes(app, ctx);
  registerIdentityChangeRoutes(app, ctx);
  registerControlRoutes(app, ctx, { setWebhookUrl: (url) => (webhookUrl = url), webhookUrl: () => webhookUrl });
  registerSignalRoutes(app, ctx);
  registerMetaAgentRoutes(app, ctx);
  registerCoexistenceRoutes(app, ctx);
  registerIdleRoute(app, activity);

  if (state.outbox.size > 0) log.info({ owed: state.outbox.size }, 'simulator resumes the webhooks it owed');
  resume();
  if (state.config.review === 'auto') {
    for (const t of state.templates.values()) {
      if (t.status === 'PENDING')
        later(Math.max(0, (t.edits.at(-1) ?? t.createdAt) + state.config.reviewDelayMs - Date.now()), () =>
          templates.review(t),
        );
    }
  }

  return {
    app,
    state,
    webhooks,
    activity,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    registerToken(token, wabaId, phoneNumberIds) {
      registerToken(ctx, token, wabaId, phoneNumberIds);
    },
    async close() {
      activity.close();
      for (const release of [...held]) release();
      await app.close();
      await webhooks.close();
      state.flush();
    },
  };
}

function tryJson(v: string): unknown {
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}
