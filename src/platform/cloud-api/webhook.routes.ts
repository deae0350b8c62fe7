/**
 * The platform's webhooks in (docs/api.md §D11): the verification handshake and signed event
 * deliveries. Mounted outside `/v1`: the platform, not a customer, calls these.
 */
import type { FastifyInstance } from 'fastify';
import { TidingsError } from '../../errors.js';
import { safeEqual } from '../../lib/crypto.js';
import type { WebhookIntakeOutcome, WebhookIntakeRecorder } from '../../metrics/recorders.js';
import type { PlatformIntake } from '../intake.js';
import { namedWabaIds, overBounds, WEBHOOK_BOUNDS } from './webhook-bounds.js';
import { parseWebhook } from './webhook-payload.js';
import { identifySigner, type AppSecretsLookup } from './webhook-signer.js';

export interface WebhookRouteOptions {
  appSecret: string;
  verifyToken: string;
  /** The app secrets of the accounts on the WABAs a body names (webhook-signer.ts), cached. */
  appSecrets: AppSecretsLookup;
  intake: PlatformIntake;
  /** Counts each POST's outcome and the size of accepted batches. */
  metrics: WebhookIntakeRecorder;
}

/** The platform batches up to 1,000 updates in at most 3 MB (docs/platform.md §4.3). */
const WEBHOOK_BODY_LIMIT = 4 * 1024 * 1024;

/** What `readJson` answers for a body that is not JSON. */
const NOT_JSON = Symbol('not JSON');

/**
 * The body as JSON, with U+0000 (which PostgreSQL text cannot hold) replaced by U+FFFD in every
 * string and key: a customer's message carrying one must be stored, not refused, or the platform
 * would retry the batch for days. A NUL can only come from the escape `\u0000` (JSON allows no raw
 * control character), so the slower reviver runs only for a body that has one.
 */
function readJson(raw: Buffer): unknown {
  const text = raw.toString('utf8');
  try {
    return JSON.parse(text, text.includes('\\u0000') ? withoutNul : undefined);
  } catch {
    return NOT_JSON;
  }
}

function withoutNul(_key: string, value: unknown): unknown {
  if (typeof value === 'string') return value.includes('\u0000') ? value.replaceAll('\u0000', '\ufffd') : value;
  if (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.keys(value).some((k) => k.includes('\u0000'))
  ) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.replaceAll('\u0000', '\ufffd'), v]));
  }
  return value;
}

export async function webhookRoutes(app: FastifyInstance, options: WebhookRouteOptions): Promise<void> {
  // The signature covers the raw bytes, so this scope keeps them instead of parsing JSON first.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_req, body, done) =>
    done(null, body),
  );

  app.get('/platform/whatsapp/webhook', { schema: { hide: true }, config: { auth: false } }, async (request, reply) => {
    const q = request.query as Record<string, string | undefined>;
    if (
      q['hub.mode'] === 'subscribe' &&
      typeof q['hub.verify_token'] === 'string' &&
      safeEqual(q['hub.verify_token'], options.verifyToken)
    ) {
      return reply.type('text/plain').send(q['hub.challenge'] ?? '');
    }
    throw new TidingsError('permission_denied', 'Verification token does not match.');
  });

  app.post(
    '/platform/whatsapp/webhook',
    { schema: { hide: true }, config: { auth: false }, bodyLimit: WEBHOOK_BODY_LIMIT },
    async (request, reply) => {
      // What a refusal means for the metrics depends on the step that refused; a fault is `error`.
      let step: WebhookIntakeOutcome = 'signature_refused';
      try {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const signature = request.headers['x-hub-signature-256'];
        const header = Array.isArray(signature) ? signature[0] : signature;
        // Read at most once: before the signature when the WABAs it names choose the secret, else after.
        let json: unknown;
        const body = () => (json ??= readJson(raw));
        const signer = await identifySigner(raw, header, {
          global: options.appSecret,
          appSecrets: options.appSecrets,
          wabaIds: () => namedWabaIds(body()),
        });
        if (!signer)
          throw new TidingsError(
            'signature_invalid',
            'X-Hub-Signature-256 does not match the app secret of the WABAs the body names; nothing was changed.',
          );

        step = 'invalid';
        if (body() === NOT_JSON) throw new TidingsError('invalid_json', 'The webhook body is not valid JSON.');
        const over = overBounds(body());
        if (over) {
          // Signed by a real app, yet larger than the platform sends: worth an operator's look.
          request.log.warn({ over }, "platform webhook over the platform's bounds refused");
          const limit = WEBHOOK_BOUNDS[over.what].toLocaleString('en-US');
          throw new TidingsError(
            'request_too_large',
            `The webhook carries ${over.count.toLocaleString('en-US')} ${over.what}; the platform sends at most ${limit} in one POST, so this is not one of its webhooks; nothing was stored.`,
          );
        }
        const parsed = parseWebhook(body());
        if (!parsed)
          throw new TidingsError('parameter_invalid', 'Not a whatsapp_business_account webhook.', { param: 'object' });

        // The intake refuses a batch only when it names an account the signing app does not cover.
        step = 'tenant_refused';
        const result = await options.intake.ingest(parsed, signer);
        options.metrics.received('accepted');
        options.metrics.batch(
          parsed.statuses.length +
            parsed.inbound.length +
            parsed.templates.length +
            parsed.numbers.length +
            parsed.pricingTiers.length +
            parsed.signals.length +
            parsed.echoes.length,
        );
        request.log.debug({ ...result, ignored: parsed.ignored }, 'platform webhook stored');
      } catch (err) {
        options.metrics.received(err instanceof TidingsError ? step : 'error');
        throw err;
      }
      return reply.code(200).send({ received: true });
    },
  );
}
