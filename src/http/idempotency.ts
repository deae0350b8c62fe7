/**
 * Idempotency keys (DECISIONS §4), one mechanism for every POST and PATCH under /v1.
 *
 * - `Idempotency-Key`: 1–255 visible ASCII characters; scope: the key's account and mode;
 *   retention 24 hours.
 * - Fingerprint: method, path, and the canonical JSON body (key order and white space do not
 *   matter).
 * - A finished answer below 500 is stored and replayed byte for byte with `Idempotent-Replayed:
 *   true`; a 5xx is not stored, so the retry runs again.
 * - Same key, other fingerprint: 409 idempotency_key_reused. Same key while the first request is
 *   still running: 409 idempotency_request_in_progress with `Retry-After: 1`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/connect.js';
import { TidingsError } from '../errors.js';
import { iso, type Clock } from '../lib/clock.js';
import { canonicalJson, sha256Hex } from '../lib/crypto.js';
import * as repo from './idempotency.repository.js';
import './types.js';

export const IDEMPOTENCY_RETENTION_MS = 24 * 60 * 60 * 1000;
/** A `running` key older than this belongs to a process that died; a retry may take it over. */
const STALE_RUNNING_MS = 60_000;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export interface IdempotencyOptions {
  db: Db;
  clock: Clock;
}

function scopeOf(request: FastifyRequest, key: string) {
  return { account_id: request.auth!.accountId, mode: request.auth!.mode, key };
}

/**
 * The request's Idempotency-Key, checked, or null when it has none.
 * @throws TidingsError idempotency_key_invalid
 */
function keyOf(request: FastifyRequest): string | null {
  const header = request.headers['idempotency-key'];
  if (header === undefined) return null;
  const key = Array.isArray(header) ? header.join(',') : header;
  if (!KEY_PATTERN.test(key)) {
    throw new TidingsError('idempotency_key_invalid', 'Idempotency-Key must be 1 to 255 visible ASCII characters.', { param: 'Idempotency-Key' });
  }
  return key;
}

export type IdempotencyGate = (request: FastifyRequest, reply: FastifyReply, contentFingerprint: string) => Promise<FastifyReply | null>;

export function registerIdempotency(app: FastifyInstance, { db, clock }: IdempotencyOptions): IdempotencyGate {
  app.decorateRequest('idempotencyKey', null);

  /**
   * Claims the key for this request, or answers for it: the stored replay, or 409. Resolves to the
   * reply when it answered, null when the request should run (and record its answer).
   */
  async function gate(request: FastifyRequest, reply: FastifyReply, key: string, content: string): Promise<FastifyReply | null> {
    const path = request.url.split('?')[0];
    const fingerprint = sha256Hex(`${request.method} ${path} ${content}`);
    const scope = scopeOf(request, key);
    const now = clock.now();

    for (let attempt = 0; attempt < 2; attempt++) {
      if (await repo.claimKey(db, scope, fingerprint, iso(now))) {
        request.idempotencyKey = key;
        return null;
      }
      const existing = await repo.findKey(db, scope);
      if (!existing) continue; // finished and deleted (a 5xx) between our two queries: claim again
      const age = now - Date.parse(existing.created_at);
      const expired = age > IDEMPOTENCY_RETENTION_MS;
      const abandoned = existing.state === 'running' && age > STALE_RUNNING_MS;
      if (expired || abandoned) {
        await repo.deleteKey(db, scope, existing.created_at);
        continue;
      }
      if (existing.fingerprint !== fingerprint) {
        throw new TidingsError('idempotency_key_reused', 'This Idempotency-Key was used with a different request; use a new key for a new request.', {
          param: 'Idempotency-Key',
        });
      }
      if (existing.state === 'running') {
        throw new TidingsError('idempotency_request_in_progress', 'A request with this Idempotency-Key is still running; retry shortly.', {
          param: 'Idempotency-Key',
          retryAfterSeconds: 1,
        });
      }
      const headers = JSON.parse(existing.response_headers ?? '{}') as Record<string, string>;
      return reply.code(existing.response_status!).headers(headers).header('idempotent-replayed', 'true').send(existing.response_body);
    }
    throw new TidingsError('idempotency_request_in_progress', 'A request with this Idempotency-Key is still running; retry shortly.', {
      param: 'Idempotency-Key',
      retryAfterSeconds: 1,
    });
  }

  app.addHook('preHandler', async (request, reply) => {
    const mode = request.routeOptions.config.idempotency;
    if (!mode || !request.auth || mode === 'content') return;
    const key = keyOf(request);
    if (key === null) {
      if (mode === 'required') throw new TidingsError('idempotency_key_missing', 'This operation requires an Idempotency-Key header.', { param: 'Idempotency-Key' });
      return;
    }
    const answered = await gate(request, reply, key, canonicalJson(request.body ?? null));
    if (answered) return answered;
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (key === null) return payload;
    request.idempotencyKey = null;
    const scope = scopeOf(request, key);
    if (reply.statusCode >= 500) {
      await repo.deleteKey(db, scope);
    } else {
      const contentType = reply.getHeader('content-type');
      await repo.completeKey(db, scope, {
        status: reply.statusCode,
        headers: JSON.stringify(contentType ? { 'content-type': String(contentType) } : {}),
        body: typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : JSON.stringify(payload ?? ''),
      });
    }
    return payload;
  });

  // For routes whose fingerprint is known only once the body has been read (`idempotency:
  // 'content'`, the media upload: SHA-256 of the file plus its name, DECISIONS §4).
  return async (request, reply, contentFingerprint) => {
    const key = keyOf(request);
    return key === null ? null : gate(request, reply, key, contentFingerprint);
  };
}

/** Deletes keys past retention; run periodically. */
export function purgeExpiredIdempotencyKeys(db: Db, clock: Clock): Promise<number> {
  return repo.purgeKeysBefore(db, iso(clock.now() - IDEMPOTENCY_RETENTION_MS));
}
