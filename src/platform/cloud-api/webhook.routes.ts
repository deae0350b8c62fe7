/**
 * The platform's webhooks in (docs/api.md §D11): the verification handshake and signed event
 * deliveries. Mounted outside `/v1`: the platform, not a customer, calls these.
 */
import type { FastifyInstance } from 'fastify';
import { TidingsError } from '../../errors.js';
import { safeEqual } from '../../lib/crypto.js';
import type { WebhookIntakeOutcome, WebhookIntakeRecorder } from '../../metrics/recorders.js';
import type { PlatformIntake } from '../intake.js';
import { parseWebhook } from './webhook-payload.js';
import { identifySigner } from './webhook-signer.js';

export interface WebhookRouteOptions {
  appSecret: string;
  verifyToken: string;
  /**
   * The app secrets accounts have of their own (webhook-signer.ts), cached; `fresh` reads them
   * again (a signature none verified may be an account's made a moment ago in another process).
   */
  appSecrets: (options?: { fresh?: boolean }) => Promise<string[]>;
  intake: PlatformIntake;
  /** Counts each POST's outcome and the size of accepted batches. */
  metrics: WebhookIntakeRecorder;
}

/** The platform batches up to 1,000 updates in at most 3 MB (docs/platform.md §4.3). */
const WEBHOOK_BODY_LIMIT = 4 * 1024 * 1024;

/**
 * A JSON.parse reviver replacing U+0000 (which PostgreSQL text cannot hold) with U+FFFD in every
 * string and key: a customer's message carrying one must be stored, not refused, or the platform
 * would retry the batch for days.
 */
function withoutNul(_key: string, value: unknown): unknown {
  if (typeof value === 'string') return value.includes('\u0000') ? value.replaceAll('\u0000', '\ufffd') : value;
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).some((k) => k.includes('\u0000'))) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replaceAll('\u0000', '\ufffd'), v]));
  }
  return value;
}

export async function webhookRoutes(app: FastifyInstance, options: WebhookRouteOptions): Promise<void> {
  // The signature covers the raw bytes, so this scope keeps them instead of parsing JSON first.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) => done(null, body));

  app.get('/platform/whatsapp/webhook', { schema: { hide: true }, config: { auth: false } }, async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    if (q['hub.mode'] === 'subscribe' && typeof q['hub.verify_token'] === 'string' && safeEqual(q['hub.verify_token'], options.verifyToken)) {
      return reply.type('text/plain').send(q['hub.challenge'] ?? '');
    }
    throw new TidingsError('permission_denied', 'Verification token does not match.');
  });

  app.post('/platform/whatsapp/webhook', { schema: { hide: true }, config: { auth: false }, bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
    // What a refusal means for the metrics depends on the step that refused; a fault is `error`.
    let step: WebhookIntakeOutcome = 'signature_refused';
    try {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-hub-signature-256'];
      const header = Array.isArray(signature) ? signature[0] : signature;
      const signer =
        identifySigner(raw, header, { global: options.appSecret, own: await options.appSecrets() }) ??
        identifySigner(raw, header, { global: options.appSecret, own: await options.appSecrets({ fresh: true }) });
      if (!signer) throw new TidingsError('signature_invalid', 'X-Hub-Signature-256 does not match the app secret; nothing was changed.');

      step = 'invalid';
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'), withoutNul);
      } catch {
        throw new TidingsError('invalid_json', 'The webhook body is not valid JSON.');
      }
      const parsed = parseWebhook(body);
      if (!parsed) throw new TidingsError('parameter_invalid', 'Not a whatsapp_business_account webhook.', { param: 'object' });

      // The intake refuses a batch only when it names an account the signing app does not cover.
      step = 'tenant_refused';
      const result = await options.intake.ingest(parsed, signer);
      options.metrics.received('accepted');
      options.metrics.batch(parsed.statuses.length + parsed.inbound.length + parsed.templates.length + parsed.numbers.length);
      request.log.debug({ ...result, ignored: parsed.ignored }, 'platform webhook stored');
    } catch (err) {
      options.metrics.received(err instanceof TidingsError ? step : 'error');
      throw err;
    }
    return reply.code(200).send({ received: true });
  });
}
