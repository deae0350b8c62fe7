/**
 * Delivery of events to webhook endpoints (DECISIONS §10): signed per the Standard Webhooks spec
 * with the `standardwebhooks` library, a 10 s limit per attempt, at least once, retried with growing
 * jittered delays for about three days; an endpoint whose deliveries have failed for three days is
 * disabled. Each attempt is one job (`DELIVER_JOB`), so the work is shared by every process that
 * runs the job queue and survives restarts.
 */
import { Webhook } from 'standardwebhooks';
import { Agent, request } from 'undici';
import type { Logger } from 'pino';
import type { Db } from '../db/connect.js';
import type { GroupCommit } from '../db/group-commit.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { iso, type Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import type { EndpointService } from './endpoint.service.js';
import * as repo from './event.repository.js';
import { DELIVER_JOB } from './event.service.js';
import { AddressRefusedError, checkEndpointUrl, guardedLookup, systemResolver, type Resolver } from './url-policy.js';

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
  retryDelaysMs: [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR, 10 * HOUR, 10 * HOUR, 12 * HOUR, 13 * HOUR],
  disableAfterMs: 72 * HOUR,
  timeoutMs: 10 * SECOND,
});

/** The first bytes of an answer that are kept with the attempt. */
export const RESPONSE_BODY_LIMIT = 1024;

export interface DeliveryServiceOptions {
  db: Db;
  writes: GroupCommit;
  jobs: JobQueue;
  clock: Clock;
  endpoints: EndpointService;
  logger: Logger;
  policy: DeliveryPolicy;
  allowPrivateUrls: boolean;
  /** Host name resolution for the address check (default: the system resolver). */
  resolver?: Resolver;
}

interface AttemptOutcome {
  statusCode: number | null;
  durationMs: number;
  responseBody: string | null;
  error: string | null;
}

export class DeliveryService {
  readonly #o: DeliveryServiceOptions;
  readonly #agent: Agent;
  /** Attempts made and succeeded by this process: for tests, benchmarks and operators. */
  readonly stats = { attempted: 0, succeeded: 0 };

  constructor(options: DeliveryServiceOptions) {
    this.#o = options;
    const connect = { timeout: options.policy.timeoutMs, ...(options.allowPrivateUrls ? {} : { lookup: guardedLookup(options.resolver ?? systemResolver) }) };
    this.#agent = new Agent({ connect, keepAliveTimeout: 4 * SECOND, connections: 16 });
  }

  /**
   * The DELIVER_JOB handler: one attempt of one delivery, then its outcome and (on failure) the next
   * attempt's job, written atomically (one statement for a plain success, else one transaction).
   * At most 16 connections are open to one endpoint's host. Idempotent: a delivery no longer pending is left alone, so a
   * job run twice after a crash does not send twice unless the crash fell between the receiver's
   * answer and that commit (at least once).
   */
  async deliver(payload: { deliveryId: string }): Promise<void> {
    const { db, writes, clock } = this.#o;
    const work = await repo.findDeliveryWork(db, payload.deliveryId);
    // Gone (purged with its event after 30 days) or already finished.
    if (!work || work.delivery.status !== 'pending') return;
    const { delivery, event, endpoint } = work;
    if (!endpoint || endpoint.deleted_at !== null || endpoint.enabled !== 1) {
      const now = iso(clock.now());
      await writes.run((trx) => repo.updateDelivery(trx, delivery.id, { status: 'failed', next_attempt_at: null, updated_at: now }));
      return;
    }

    const attemptedAt = clock.now();
    const outcome = await this.#post(endpoint, event, attemptedAt);
    this.stats.attempted++;
    const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
    if (ok) this.stats.succeeded++;

    const attempt = { id: newId('att'), delivery_id: delivery.id, attempted_at: iso(attemptedAt), ...toColumns(outcome) };
    const attemptCount = delivery.attempt_count + 1;
    if (ok && endpoint.failing_since === null) {
      // The common case, in one statement.
      const now = iso(clock.now());
      await writes.single((db) => repo.recordAttempt(db, attempt, { status: 'succeeded', attempt_count: attemptCount, next_attempt_at: null, updated_at: now }));
      return;
    }
    await writes.run(async (trx) => {
      const now = clock.now();
      if (ok) {
        await repo.recordAttempt(trx, attempt, { status: 'succeeded', attempt_count: attemptCount, next_attempt_at: null, updated_at: iso(now) });
        await repo.updateEndpoint(trx, endpoint.id, { failing_since: null });
        return;
      }
      await repo.insertAttempt(trx, attempt);
      await this.#onFailure(trx, delivery, attemptCount, now);
    });
    if (!ok) this.#o.logger.info({ deliveryId: delivery.id, endpointId: endpoint.id, statusCode: outcome.statusCode, error: outcome.error }, 'event delivery attempt failed');
  }

  async close(): Promise<void> {
    await this.#agent.close();
  }

  /** Schedules the next attempt, or gives up; disables the endpoint after three days of failures. */
  async #onFailure(trx: Db, delivery: repo.DeliveryRow, attemptCount: number, now: number): Promise<void> {
    const { policy, jobs } = this.#o;
    // Read again inside the transaction: another delivery may have succeeded or failed meanwhile.
    const endpoint = (await repo.findEndpointById(trx, delivery.endpoint_id))!;
    const failingSince = endpoint.failing_since ?? iso(now);
    if (endpoint.failing_since === null) await repo.updateEndpoint(trx, endpoint.id, { failing_since: failingSince });

    if (endpoint.enabled === 1 && now - Date.parse(failingSince) >= policy.disableAfterMs) {
      await repo.updateEndpoint(trx, endpoint.id, { enabled: 0, disabled_reason: 'failing', updated_at: iso(now) });
      await repo.failPendingDeliveries(trx, endpoint.id, iso(now));
      await repo.updateDelivery(trx, delivery.id, { status: 'failed', attempt_count: attemptCount, next_attempt_at: null, updated_at: iso(now) });
      this.#o.logger.warn({ endpointId: endpoint.id, failingSince }, 'webhook endpoint disabled: its deliveries have failed for three days');
      return;
    }
    const delay = policy.retryDelaysMs[attemptCount - 1];
    if (delay === undefined || endpoint.enabled !== 1) {
      await repo.updateDelivery(trx, delivery.id, { status: 'failed', attempt_count: attemptCount, next_attempt_at: null, updated_at: iso(now) });
      return;
    }
    const runAt = now + Math.round(delay * (1 + Math.random() * 0.1));
    await repo.updateDelivery(trx, delivery.id, { attempt_count: attemptCount, next_attempt_at: iso(runAt), updated_at: iso(now) });
    await jobs.enqueue(trx, [{ type: DELIVER_JOB, payload: { deliveryId: delivery.id }, runAt }]);
  }

  /** One POST of the event's stored bytes, signed with every current secret of the endpoint. */
  async #post(endpoint: repo.EndpointRow, event: Pick<repo.EventRow, 'id' | 'payload'>, at: number): Promise<AttemptOutcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    try {
      // The URL rules may have changed since the endpoint was saved (WEBHOOK_ALLOW_PRIVATE_URLS).
      checkEndpointUrl(endpoint.url, this.#o.allowPrivateUrls);
    } catch (err) {
      return { statusCode: null, durationMs: 0, responseBody: null, error: `address_refused: ${(err as Error).message}` };
    }
    const timestamp = new Date(at);
    const signature = this.#o.endpoints
      .signingSecrets(endpoint)
      .map((secret) => new Webhook(secret).sign(event.id, timestamp, event.payload))
      .join(' ');
    try {
      const res = await request(endpoint.url, {
        method: 'POST',
        dispatcher: this.#agent,
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Tidings-Webhooks/1.0',
          'webhook-id': event.id,
          'webhook-timestamp': String(Math.floor(at / 1000)),
          'webhook-signature': signature,
        },
        body: event.payload,
        signal: AbortSignal.timeout(this.#o.policy.timeoutMs),
        headersTimeout: this.#o.policy.timeoutMs,
        bodyTimeout: this.#o.policy.timeoutMs,
      });
      const responseBody = await readPrefix(res.body, RESPONSE_BODY_LIMIT);
      return { statusCode: res.statusCode, durationMs: elapsed(), responseBody, error: null };
    } catch (err) {
      return { statusCode: null, durationMs: elapsed(), responseBody: null, error: describeFailure(err) };
    }
  }
}

/** Reads at most `limit` bytes of an answer, then drops the rest (and, if there was more, the connection). */
async function readPrefix(body: AsyncIterable<Buffer> & { destroy(): unknown }, limit: number): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= limit) {
      body.destroy();
      break;
    }
  }
  if (size === 0) return null;
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, limit));
}

function describeFailure(err: unknown): string {
  const e = err as { name?: string; code?: string; message?: string; cause?: unknown };
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || e.code === 'UND_ERR_HEADERS_TIMEOUT' || e.code === 'UND_ERR_BODY_TIMEOUT' || e.code === 'UND_ERR_CONNECT_TIMEOUT') return 'timeout';
  const root = e.cause instanceof Error ? e.cause : err;
  if (root instanceof AddressRefusedError || err instanceof AddressRefusedError) return `address_refused: ${(root as Error).message}`;
  const r = root as { code?: string; message?: string };
  return `connection_failed: ${r.code ?? r.message ?? String(root)}`;
}

function toColumns(o: AttemptOutcome) {
  return { status_code: o.statusCode, duration_ms: o.durationMs, response_body: o.responseBody, error: o.error };
}
