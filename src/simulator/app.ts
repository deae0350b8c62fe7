/**
 * The Cloud API simulator (DECISIONS §12): speaks the Graph API for sends as Meta does (paths, JSON
 * shapes, error envelope and codes, signed webhooks), plus a control API under `/_simulator/`.
 * Templates and media slot in as further route files beside `messages.routes.ts`.
 */
import { randomBytes } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { graphError, webhookError } from './graph-errors.js';
import { DEFAULT_CONFIG, SimulatorState, type SimMessage, type SimulatorConfig } from './state.js';
import { registerMediaRoutes, usableMedia } from './media.routes.js';
import { registerTemplateRoutes } from './templates.routes.js';
import { WebhookSender } from './webhook-sender.js';

export interface SimulatorOptions {
  /** Signs webhooks (X-Hub-Signature-256). */
  appSecret: string;
  /** Where webhooks go; settable later with PUT /_simulator/config `{ "webhookUrl" }`. */
  webhookUrl?: string | null;
  stateFile?: string | null;
  logger: Logger;
}

export interface Simulator {
  app: FastifyInstance;
  state: SimulatorState;
  webhooks: WebhookSender;
  /** Where webhooks go from now on (the service's `/platform/whatsapp/webhook`). */
  setWebhookUrl(url: string | null): void;
  close(): Promise<void>;
}

const CUSTOMER_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Free-form types that need an open customer service window (CLOUD_API.md §5). */
const FREE_FORM = new Set(['text', 'image', 'video', 'audio', 'document', 'sticker', 'interactive', 'location', 'contacts', 'reaction']);

export function newWamid(): string {
  return `wamid.HBgL${randomBytes(27).toString('base64')}`;
}

const digits = (s: string) => s.replace(/\D/g, '');

export async function buildSimulator(options: SimulatorOptions): Promise<Simulator> {
  const state = new SimulatorState(options.stateFile ?? null);
  let webhookUrl = options.webhookUrl ?? null;
  const webhooks = new WebhookSender(state, { appSecret: options.appSecret, webhookUrl: () => webhookUrl, logger: options.logger });
  const timers = new Set<NodeJS.Timeout>();
  const hanging = new Set<() => void>();
  const throughputLimiters = new Map<number, RateLimiterMemory>();
  let pairLimiter = new RateLimiterMemory({ points: state.config.pairLimit.burst, duration: state.config.pairLimit.windowSeconds });

  const app = Fastify({ loggerInstance: options.logger.child({ component: 'simulator' }) as FastifyBaseLogger, logController: new LogController({ disableRequestLogging: true }), bodyLimit: 5 * 1024 * 1024 });

  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
  };

  /** Reports one status of a sent message through a webhook (compare the `webhook-status-*.json` fixtures). */
  function report(message: SimMessage, status: string, errorCode?: number): void {
    if (message.statuses.includes(status) || message.statuses.includes('failed')) return;
    message.statuses.push(status);
    state.changed();
    const item: Record<string, unknown> = {
      id: message.wamid,
      status,
      timestamp: String(Math.floor(Date.now() / 1000)),
      recipient_id: message.to,
    };
    if (message.callbackData) item.biz_opaque_callback_data = message.callbackData;
    if (status === 'sent' || status === 'delivered') {
      const template = message.type === 'template';
      item.pricing = {
        billable: template,
        pricing_model: 'PMP',
        type: template ? 'regular' : 'free_customer_service',
        category: template ? 'utility' : 'service',
      };
    }
    if (status === 'failed') item.errors = [webhookError(errorCode ?? 131000)];
    webhooks.enqueue({ kind: 'status', phoneNumberId: message.phoneNumberId, status: item });
  }

  function progress(message: SimMessage, failure: number | null): void {
    if (state.config.delivery !== 'auto') return;
    const d = state.config.deliveryDelaysMs;
    if (failure !== null) return later(d.sent, () => report(message, 'failed', failure));
    later(d.sent, () => report(message, 'sent'));
    later(d.delivered, () => report(message, 'delivered'));
    later(d.read, () => report(message, 'read'));
  }

  async function consumeThroughput(phoneNumberId: string): Promise<boolean> {
    const perSecond = state.config.throughputByNumber[phoneNumberId] ?? state.config.throughput;
    let limiter = throughputLimiters.get(perSecond);
    if (!limiter) throughputLimiters.set(perSecond, (limiter = new RateLimiterMemory({ points: perSecond, duration: 1 })));
    try {
      await limiter.consume(phoneNumberId);
      return true;
    } catch (e) {
      if (e instanceof RateLimiterRes) return false;
      throw e;
    }
  }

  // POST /{version}/{phone-number-id}/messages (CLOUD_API.md §1).
  app.post<{ Params: { version: string; phoneNumberId: string } }>('/:version/:phoneNumberId/messages', async (request, reply) => {
    const { latencyMs, errorRate, timeoutRate } = state.config;
    if (latencyMs > 0) await new Promise((r) => setTimeout(r, latencyMs));
    const fail = (e: ReturnType<typeof graphError>) => reply.code(e.status).send(e.body);
    const auth = request.headers.authorization;
    if (!auth || !/^Bearer \S+/.test(auth)) return fail(graphError(190, 'Missing or malformed access token.'));
    if (Math.random() < timeoutRate) {
      // Never answer: the caller's timeout fires. Released when the simulator closes.
      return new Promise<void>((resolve) => hanging.add(resolve));
    }
    if (Math.random() < errorRate) return fail(graphError(state.config.errorCode));

    const phoneNumberId = request.params.phoneNumberId;
    if (!/^\d+$/.test(phoneNumberId)) return fail(graphError(100, `Unsupported post request. Object with ID '${phoneNumberId}' does not exist.`, 33));
    const body = (request.body ?? {}) as Record<string, any>;
    if (body.status === 'read' && typeof body.message_id === 'string') return { success: true }; // mark as read
    if (body.messaging_product !== 'whatsapp') return fail(graphError(100, 'The parameter messaging_product is required and must be "whatsapp".'));
    if (typeof body.to !== 'string' || digits(body.to) === '') return fail(graphError(131008, 'The parameter to is required.'));
    const type = typeof body.type === 'string' ? body.type : 'text';
    let templateMediaUnusable = false;
    if (type === 'text') {
      if (typeof body.text?.body !== 'string' || body.text.body === '') return fail(graphError(131008, 'The parameter text.body is required.'));
      if (body.text.body.length > 4096) return fail(graphError(100, 'Param text.body must be at most 4096 characters long.'));
    } else if (['image', 'video', 'audio', 'document', 'sticker'].includes(type)) {
      const object = body[type];
      if (typeof object?.id !== 'string' && typeof object?.link !== 'string') return fail(graphError(131008, `The parameter ${type}.id is required.`));
      if (object.caption !== undefined && (type === 'audio' || type === 'sticker')) return fail(graphError(100, `Param ${type}.caption is not allowed.`));
    } else if (type === 'template') {
      // CLOUD_API.md §8.3: (name, language.code) of an APPROVED template, and as many body values
      // as the body has placeholders.
      const name = body.template?.name;
      const language = body.template?.language?.code;
      const template = [...state.templates.values()].find((t) => t.name === name && t.language === language && t.status === 'APPROVED');
      if (!template) return fail(graphError(132001, `template name (${name}) does not exist in ${language}`));
      const templateBody = String((template.components.find((c) => String(c.type).toUpperCase() === 'BODY') as { text?: string } | undefined)?.text ?? '');
      const expected = new Set(templateBody.match(/\{\{\d+\}\}/g) ?? []).size;
      const components = Array.isArray(body.template?.components) ? body.template.components : [];
      const given = components.find((c: { type?: string }) => c.type === 'body')?.parameters?.length ?? 0;
      if (given !== expected) return fail(graphError(132000, `body: number of localizable_params (${given}) does not match the expected number of params (${expected})`));
      const headerFormat = String((template.components.find((c) => String(c.type).toUpperCase() === 'HEADER') as { format?: string } | undefined)?.format ?? '').toLowerCase();
      if (['image', 'video', 'document'].includes(headerFormat)) {
        const param = components.find((c: { type?: string }) => c.type === 'header')?.parameters?.[0];
        if (param?.type !== headerFormat) return fail(graphError(132012, `header: expected a ${headerFormat} parameter.`));
        if (param[headerFormat]?.id !== undefined && !usableMedia(state, param[headerFormat].id, phoneNumberId)) templateMediaUnusable = true;
      }
    } else {
      return fail(graphError(131051, `Message type ${type} is not supported by the simulator yet.`));
    }

    const number = state.number(phoneNumberId);
    if (!(await consumeThroughput(phoneNumberId))) return fail(graphError(130429));
    const to = digits(body.to);
    try {
      await pairLimiter.consume(`${phoneNumberId}:${to}`);
    } catch (e) {
      if (e instanceof RateLimiterRes) return fail(graphError(131056));
      throw e;
    }

    const message: SimMessage = {
      wamid: newWamid(),
      phoneNumberId: number.phoneNumberId,
      to,
      type,
      body,
      callbackData: typeof body.biz_opaque_callback_data === 'string' ? body.biz_opaque_callback_data : null,
      statuses: [],
      createdAt: Date.now(),
    };
    state.addMessage(message);
    // Errors the platform reports asynchronously (CLOUD_API.md §5, §6.2): the send is accepted,
    // then a failed status arrives.
    let failure: number | null = null;
    const mediaObject = body[type];
    if (to.endsWith('0001')) failure = 131026;
    else if (templateMediaUnusable) failure = 131053;
    else if (mediaObject?.id !== undefined && !usableMedia(state, mediaObject.id, phoneNumberId)) failure = 131053; // unknown, expired or another number's media
    else if (FREE_FORM.has(type) && Date.now() - (state.windows.get(`${phoneNumberId}:${to}`) ?? 0) > CUSTOMER_WINDOW_MS) failure = 131047;
    progress(message, failure);
    return { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: to }], messages: [{ id: message.wamid }] };
  });

  // Control API (DECISIONS §12).
  app.post('/_simulator/inbound', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const from = typeof body.from === 'string' ? digits(body.from) : '';
    const to = typeof body.to === 'string' ? body.to : '';
    if (from === '' || !/^\d+$/.test(to) || typeof body.text !== 'string' || body.text === '') {
      return reply.code(400).send({ error: 'Give from (the customer number), to (the business phone number id) and text.' });
    }
    const number = state.number(to);
    const now = Date.now();
    state.windows.set(`${to}:${from}`, now);
    state.changed();
    const wamid = newWamid();
    const message: Record<string, unknown> = { from, id: wamid, timestamp: String(Math.floor(now / 1000)), type: 'text', text: { body: body.text } };
    if (typeof body.contextMessageId === 'string') message.context = { from: number.displayPhoneNumber, id: body.contextMessageId };
    webhooks.enqueue({
      kind: 'message',
      phoneNumberId: to,
      contact: { profile: { name: typeof body.name === 'string' ? body.name : 'Simulated Customer' }, wa_id: from },
      message,
    });
    return { wamid };
  });

  app.post<{ Params: { wamid: string } }>('/_simulator/messages/:wamid/status', async (request, reply) => {
    const message = state.messages.get(request.params.wamid);
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (!message) return reply.code(404).send({ error: `No message ${request.params.wamid}.` });
    if (!['sent', 'delivered', 'read', 'failed'].includes(String(body.status))) {
      return reply.code(400).send({ error: 'status must be sent, delivered, read or failed.' });
    }
    report(message, String(body.status), body.errorCode === undefined ? undefined : Number(body.errorCode));
    return { wamid: message.wamid, statuses: message.statuses };
  });

  app.put('/_simulator/config', async (request, reply) => {
    const body = (request.body ?? {}) as Partial<SimulatorConfig> & { webhookUrl?: string | null; reset?: boolean };
    const next: SimulatorConfig = { ...(body.reset ? structuredClone(DEFAULT_CONFIG) : state.config) };
    for (const key of Object.keys(DEFAULT_CONFIG) as (keyof SimulatorConfig)[]) {
      if (body[key] === undefined) continue;
      if (typeof body[key] !== typeof DEFAULT_CONFIG[key]) return reply.code(400).send({ error: `${key} must be a ${typeof DEFAULT_CONFIG[key]}.` });
      (next as any)[key] = typeof DEFAULT_CONFIG[key] === 'object' ? { ...(DEFAULT_CONFIG[key] as object), ...(body[key] as object) } : body[key];
    }
    state.config = next;
    if (body.webhookUrl !== undefined) webhookUrl = body.webhookUrl;
    pairLimiter = new RateLimiterMemory({ points: next.pairLimit.burst, duration: next.pairLimit.windowSeconds });
    state.changed();
    return { ...state.config, webhookUrl };
  });

  app.get('/_simulator/state', async () => state.snapshot());

  registerTemplateRoutes(app, { state, webhooks, later });
  await registerMediaRoutes(app, state);

  return {
    app,
    state,
    webhooks,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      for (const release of hanging) release();
      await app.close();
      await webhooks.close();
      state.flush();
    },
  };
}
