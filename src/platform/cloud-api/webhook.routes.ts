/**
 * The platform's webhooks in (DECISIONS §11): the verification handshake and signed event
 * deliveries. Mounted outside `/v1`: the platform, not a customer, calls these.
 */
import type { FastifyInstance } from 'fastify';
import type { AccountService } from '../../accounts/account.service.js';
import { TidingsError } from '../../errors.js';
import { safeEqual, verifyHubSignature } from '../../lib/crypto.js';
import type { PlatformReportService } from '../../messages/platform-reports.service.js';
import { parseWebhook } from './webhook-payload.js';

export interface WebhookRouteOptions {
  appSecret: string;
  verifyToken: string;
  accounts: AccountService;
  reports: PlatformReportService;
}

/** The platform batches up to 1,000 updates in at most 3 MB (CLOUD_API.md §4.3). */
const WEBHOOK_BODY_LIMIT = 4 * 1024 * 1024;

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

  app.post('/platform/whatsapp/webhook', { schema: { hide: true }, config: { auth: false } }, async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers['x-hub-signature-256'];
    const header = Array.isArray(signature) ? signature[0] : signature;
    let trusted = verifyHubSignature(raw, header, options.appSecret);
    if (!trusted) {
      for (const secret of await options.accounts.accountAppSecrets()) {
        if (verifyHubSignature(raw, header, secret)) {
          trusted = true;
          break;
        }
      }
    }
    if (!trusted) throw new TidingsError('signature_invalid', 'X-Hub-Signature-256 does not match the app secret; nothing was changed.');

    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new TidingsError('invalid_json', 'The webhook body is not valid JSON.');
    }
    const parsed = parseWebhook(body);
    if (!parsed) throw new TidingsError('parameter_invalid', 'Not a whatsapp_business_account webhook.', { param: 'object' });
    const result = await options.reports.ingestPlatformBatch(parsed);
    request.log.debug({ ...result, ignored: parsed.ignored }, 'platform webhook stored');
    return reply.code(200).send({ received: true });
  });
}
