/**
 * Delivery of events to webhook endpoints (docs/api.md §D10): signed per the Standard Webhooks spec
 * with the `standardwebhooks` library, a 10 s limit per attempt, at least once, retried with growing
 * jittered delays for about three days; an endpoint whose deliveries have failed for three days is
 * disabled. Each attempt is one job (`DELIVER_JOB`), so the work is shared by every process that
 * runs the job queue and survives restarts.
 */
import { Webhook } from 'standardwebhooks';
import type { Logger } from 'pino';
import type { Store, Tx } from '../db/store.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { iso, type Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import type { DeliveryRecorder } from '../metrics/recorders.js';
import type { Slot } from '../feature.js';
import { type CloudApiRenderer, metaDelivery } from './cloud-api-format.js';
import type { EndpointService } from './endpoint.service.js';
import * as repo from './event.repository.js';
import { DELIVER_JOB } from './event.service.js';
import type { PostOutcome, WebhookTransport } from './transport.js';
import { checkEndpointUrl } from './url-policy.js';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export interface DeliveryPolicy {
  /**
   * The delay before each retry, ms: after the first failed attempt the first entry, and so on;
   * when they run out the delivery has failed. Each delay is stretched by a random 0–10 % so
   * retries of many events do not arrive together.
   */
  retryDelaysMs: number[];
  /** An endpoint whose every attempt has failed for this long is disabled, ms. */
  disableAfterMs: number;
  /** Limit on one attempt: connecting, sending, and the answer's status and first 1 KB, ms. */
  timeoutMs: number;
}

/**
 * Twelve attempts: at once, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h ×4, 12 h and 13 h: 72.6
 * hours before jitter, so a delivery's last attempt comes after the three days that disable its
 * endpoint (unless another delivery succeeded meanwhile).
 */
export const DEFAULT_DELIVERY_POLICY: DeliveryPolicy = Object.freeze({
  retryDelaysMs: [
    5 * SECOND,
    5 * MINUTE,
    30 * MINUTE,
    2 * HOUR,
    5 * HOUR,
    10 * HOUR,
    10 * HOUR,
    10 * HOUR,
    10 * HOUR,
    12 * HOUR,
    13 * HOUR,
  ],
  disableAfterMs: 72 * HOUR,
  timeoutMs: 10 * SECOND,
});

/** The first bytes of an answer that are kept with the attempt. */
export const RESPONSE_BODY_LIMIT = 1024;

export interface DeliveryServiceOptions {
  store: Store;
  jobs: JobQueue;
  clock: Clock;
  endpoints: EndpointService;
  logger: Logger;
  policy: DeliveryPolicy;
  allowPrivateUrls: boolean;
  /** The POST itself (HttpWebhookTransport). */
  transport: WebhookTransport;
  /** Counts attempts by outcome and times each event's lag to its delivery. */
  metrics: DeliveryRecorder;
  /** Meta's shape of an event, for `cloud_api` endpoints (docs/api.md §D35; filled by the facade). */
  cloudApiRenderer: Slot<CloudApiRenderer>;
}

export class DeliveryService {
  readonly #o: DeliveryServiceOptions;
  /** Attempts made and succeeded by this process: for tests, benchmarks and operators. */
  readonly stats = { attempted: 0, succeeded: 0 };

  constructor(options: DeliveryServiceOptions) {
    this.#o = options;
  }

  /**
   * The DELIVER_JOB handler: one attempt of one delivery, then its outcome and (on failure) the next
   * attempt's job, written atomically (one statement for a plain success, else one transaction).
   * Idempotent: a delivery no longer pending is left alone, so a
   * job run twice after a crash does not send twice unless the crash fell between the receiver's
   * answer and that commit (at least once).
   */
  async deliver(payload: { deliveryId: string }): Promise<void> {
    const { store, clock } = this.#o;
    const work = await repo.findDeliveryWork(store.read, payload.deliveryId);
    // Gone (removed with its event by the retention of events) or already finished.
    if (!work || work.delivery.status !== 'pending') return;
    const { delivery, event, endpoint } = work;
    if (!endpoint || endpoint.deleted_at !== null || endpoint.enabled !== 1) {
      const now = iso(clock.now());
      await store.write((trx) =>
        repo.updateDelivery(trx, delivery.id, { status: 'failed', next_attempt_at: null, updated_at: now }),
      );
      return;
    }

    const attemptedAt = clock.now();
    const outcome = await this.#post(endpoint, event, attemptedAt);
    this.stats.attempted++;
    const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    if (ok) this.stats.succeeded++;
    this.#o.metrics.attempt(ok ? 'succeeded' : outcome.statusCode === null ? 'unreachable' : 'rejected');
    if (ok) this.#o.metrics.delivered((clock.now() - Date.parse(event.created_at)) / 1000);

    const attempt = {
      id: newId('att'),
      delivery_id: delivery.id,
      attempted_at: iso(attemptedAt),
      ...toColumns(outcome),
    };
    const attemptCount = delivery.attempt_count + 1;
    if (ok && endpoint.failing_since === null) {
      // The common case, in one statement.
      const now = iso(clock.now());
      await store.writeOne((tx) =>
        repo.recordAttempt(tx, attempt, {
          status: 'succeeded',
          attempt_count: attemptCount,
          next_attempt_at: null,
          updated_at: now,
        }),
      );
      return;
    }
    await store.write(async (trx) => {
      const now = clock.now();
      if (ok) {
        await repo.recordAttempt(trx, attempt, {
          status: 'succeeded',
          attempt_count: attemptCount,
          next_attempt_at: null,
          updated_at: iso(now),
        });
        await repo.updateEndpoint(trx, endpoint.id, { failing_since: null });
        return;
      }
      await repo.insertAttempt(trx, attempt);
      await this.#onFailure(trx, delivery, attemptCount, now);
    });
    if (!ok)
      this.#o.logger.info(
        { deliveryId: delivery.id, endpointId: endpoint.id, statusCode: outcome.statusCode, error: outcome.error },
        'event delivery attempt failed',
      );
  }

  /** Schedules the next attempt, or gives up; disables the endpoint after three days of failures. */
  async #onFailure(trx: Tx, delivery: repo.DeliveryRow, attemptCount: number, now: number): Promise<void> {
    const { policy, jobs } = this.#o;
    // Read again inside the transaction: another delivery may have succeeded or failed meanwhile.
    const endpoint = (await repo.findEndpointById(trx, delivery.endpoint_id))!;
    const failingSince = endpoint.failing_since ?? iso(now);
    if (endpoint.failing_since === null) await repo.updateEndpoint(trx, endpoint.id, { failing_since: failingSince });

    if (endpoint.enabled === 1 && now - Date.parse(failingSince) >= policy.disableAfterMs) {
      await repo.updateEndpoint(trx, endpoint.id, { enabled: 0, disabled_reason: 'failing', updated_at: iso(now) });
      await repo.failPendingDeliveries(trx, endpoint.id, iso(now));
      await repo.updateDelivery(trx, delivery.id, {
        status: 'failed',
        attempt_count: attemptCount,
        next_attempt_at: null,
        updated_at: iso(now),
      });
      this.#o.logger.warn(
        { endpointId: endpoint.id, failingSince },
        'webhook endpoint disabled: its deliveries have failed for three days',
      );
      return;
    }
    const delay = policy.retryDelaysMs[attemptCount - 1];
    if (delay === undefined || endpoint.enabled !== 1) {
      await repo.updateDelivery(trx, delivery.id, {
        status: 'failed',
        attempt_count: attemptCount,
        next_attempt_at: null,
        updated_at: iso(now),
      });
      return;
    }
    const runAt = now + Math.round(delay * (1 + Math.random() * 0.1));
    await repo.updateDelivery(trx, delivery.id, {
      attempt_count: attemptCount,
      next_attempt_at: iso(runAt),
      updated_at: iso(now),
    });
    await jobs.enqueue(trx, [{ type: DELIVER_JOB, payload: { deliveryId: delivery.id }, runAt }]);
  }

  /**
   * One POST of the event's stored bytes, signed with every current secret of the endpoint; to a
   * `cloud_api` endpoint, the event in Meta's shape, rendered now and signed with its app secret.
   */
  async #post(endpoint: repo.EndpointRow, event: repo.DeliveryEvent, at: number): Promise<PostOutcome> {
    try {
      // The URL rules may have changed since the endpoint was saved (WEBHOOK_ALLOW_PRIVATE_URLS).
      checkEndpointUrl(endpoint.url, this.#o.allowPrivateUrls);
    } catch (err) {
      return {
        statusCode: null,
        durationMs: 0,
        responseBody: null,
        error: `address_refused: ${(err as Error).message}`,
      };
    }
    const limits = { timeoutMs: this.#o.policy.timeoutMs, bodyLimit: RESPONSE_BODY_LIMIT };
    if (endpoint.format === 'cloud_api') return this.#postToApp(endpoint, event, limits);
    const signature = this.#o.endpoints
      .signingSecrets(endpoint)
      .map((secret) => new Webhook(secret).sign(event.id, new Date(at), event.payload))
      .join(' ');
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Tidings-Webhooks/1.0',
      'webhook-id': event.id,
      'webhook-timestamp': String(Math.floor(at / 1000)),
      'webhook-signature': signature,
    };
    return this.#o.transport.post(endpoint.url, headers, event.payload, limits);
  }

  /** One POST to a Cloud API app: the event rendered in Meta's shape, signed with the app secret. */
  async #postToApp(
    endpoint: repo.EndpointRow,
    event: repo.DeliveryEvent,
    limits: { timeoutMs: number; bodyLimit: number },
  ): Promise<PostOutcome> {
    const failed = (error: string): PostOutcome => ({ statusCode: null, durationMs: 0, responseBody: null, error });
    let body: unknown;
    try {
      const stored = {
        id: event.id,
        type: event.type,
        accountId: event.account_id,
        mode: event.mode,
        phoneNumberId: event.phone_number_id,
        payload: event.payload,
      };
      body = await this.#o.cloudApiRenderer.get().render(stored, endpoint.phone_number_id);
    } catch (err) {
      // A failed attempt like any other (logged, retried), not a job that throws.
      return failed(`render_failed: ${(err as Error).message}`);
    }
    if (body === null) return failed('not_relayed: the event has no Cloud API shape');
    const { raw, headers } = metaDelivery(body, this.#o.endpoints.signingSecrets(endpoint)[0]!);
    return this.#o.transport.post(endpoint.url, headers, raw, limits);
  }
}

function toColumns(o: PostOutcome) {
  return { status_code: o.statusCode, duration_ms: o.durationMs, response_body: o.responseBody, error: o.error };
}
