/**
 * Idempotency keys (docs/api.md §D4), one mechanism for every POST and PATCH under /v1.
 *
 * - `Idempotency-Key`: 1–255 visible ASCII characters; scope: the key's account and mode;
 *   retention 24 hours.
 * - Fingerprint: method, path (with or without its trailing slash: one route), the query string
 *   when there is one (`?dryRun=true` is another request), and the canonical JSON body (key order
 *   and white space do not matter).
 * - What is stored is what had an effect: a 2xx, or a refusal thrown with `stored: true` (the
 *   request changed something before it was refused). It is replayed byte for byte with
 *   `Idempotent-Replayed: true`. A refusal that changed nothing (validation, a closed window, a
 *   state conflict), a success that changed nothing (a dry run), and every 5xx release the key, so
 *   the retry a client makes once the reason is gone runs again.
 * - Same key, other fingerprint: 409 idempotency_key_reused. Same key while the first request is
 *   still running: 409 idempotency_request_in_progress with `Retry-After: 1`.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '../db/store.js';
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
  store: Store;
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
    throw new TidingsError('idempotency_key_invalid', 'Idempotency-Key must be 1 to 255 visible ASCII characters.', {
      param: 'Idempotency-Key',
    });
  }
  return key;
}

/** A stored answer, to replay byte for byte. */
export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Sends a stored answer again, marked `Idempotent-Replayed: true`. */
export function replay(reply: FastifyReply, answer: StoredAnswer): FastifyReply {
  return reply.code(answer.status).headers(answer.headers).header('idempotent-replayed', 'true').send(answer.body);
}

/**
 * For routes whose fingerprint is known only once the body has been read (`idempotency: 'content'`):
 * claims the key, or returns the answer to replay (null: the request should run and record its
 * answer). The caller drops what it prepared before it replays.
 * @throws TidingsError idempotency_key_invalid, idempotency_key_reused, idempotency_request_in_progress
 */
export type IdempotencyGate = (request: FastifyRequest, contentFingerprint: string) => Promise<StoredAnswer | null>;

/**
 * The request's path as one route (a trailing slash does not matter), with its query string when
 * it has one: a batch's dry run (`?dryRun=true`) and its send are two requests.
 */
function routePath(request: FastifyRequest): string {
  const [rawPath, query] = request.url.split('?') as [string, string | undefined];
  const path = rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath;
  return query ? `${path}?${query}` : path;
}

export function registerIdempotency(app: FastifyInstance, { store, clock }: IdempotencyOptions): IdempotencyGate {
  app.decorateRequest('idempotencyKey', null);
  app.decorateRequest('refusalStored', false);
  app.decorateRequest('changedNothing', false);

  /**
   * Claims the key for this request, or finds the answer to replay, or refuses with 409. Resolves
   * to null when the request should run and record its answer. (It never resolves to the reply:
   * a FastifyReply is thenable, so an async function returning one resolves to undefined.)
   */
  async function gate(request: FastifyRequest, key: string, content: string): Promise<StoredAnswer | null> {
    const fingerprint = sha256Hex(`${request.method} ${routePath(request)} ${content}`);
    const scope = scopeOf(request, key);
    const now = clock.now();

    for (let attempt = 0; attempt < 2; attempt++) {
      if (await store.writeOne((tx) => repo.claimKey(tx, scope, fingerprint, iso(now)))) {
        request.idempotencyKey = key;
        return null;
      }
      const existing = await repo.findKey(store.read, scope);
      if (!existing) continue; // finished and deleted (a 5xx) between our two queries: claim again
      const age = now - Date.parse(existing.created_at);
      const expired = age > IDEMPOTENCY_RETENTION_MS;
      const abandoned = existing.state === 'running' && age > STALE_RUNNING_MS;
      if (expired || abandoned) {
        await store.writeOne((tx) => repo.deleteKey(tx, scope, existing.created_at));
        continue;
      }
      if (existing.fingerprint !== fingerprint) {
        throw new TidingsError(
          'idempotency_key_reused',
          'This Idempotency-Key was used with a different request; use a new key for a new request.',
          { param: 'Idempotency-Key' },
        );
      }
      if (existing.state === 'running') {
        throw new TidingsError(
          'idempotency_request_in_progress',
          'A request with this Idempotency-Key is still running; retry shortly.',
          { param: 'Idempotency-Key', retryAfterSeconds: 1 },
        );
      }
      return {
        status: existing.response_status!,
        headers: JSON.parse(existing.response_headers ?? '{}') as Record<string, string>,
        body: existing.response_body ?? '',
      };
    }
    throw new TidingsError(
      'idempotency_request_in_progress',
      'A request with this Idempotency-Key is still running; retry shortly.',
      { param: 'Idempotency-Key', retryAfterSeconds: 1 },
    );
  }

  app.addHook('preHandler', async (request, reply) => {
    const mode = request.routeOptions.config.idempotency;
    if (!mode || !request.auth || mode === 'content') return;
    const key = keyOf(request);
    if (key === null) {
      if (mode === 'required')
        throw new TidingsError('idempotency_key_missing', 'This operation requires an Idempotency-Key header.', {
          param: 'Idempotency-Key',
        });
      return;
    }
    const answer = await gate(request, key, canonicalJson(request.body ?? null));
    // An async hook that has answered returns the reply, so Fastify skips the handler.
    if (answer) return replay(reply, answer);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (key === null) return payload;
    request.idempotencyKey = null;
    const scope = scopeOf(request, key);
    const hadEffect =
      (reply.statusCode < 400 && !request.changedNothing) || (reply.statusCode < 500 && request.refusalStored);
    if (!hadEffect) {
      await store.writeOne((tx) => repo.deleteKey(tx, scope));
    } else {
      const contentType = reply.getHeader('content-type');
      await store.writeOne((tx) =>
        repo.completeKey(tx, scope, {
          status: reply.statusCode,
          headers: JSON.stringify(contentType ? { 'content-type': String(contentType) } : {}),
          body:
            typeof payload === 'string'
              ? payload
              : Buffer.isBuffer(payload)
                ? payload.toString('utf8')
                : JSON.stringify(payload ?? ''),
        }),
      );
    }
    return payload;
  });

  // The media upload's fingerprint: SHA-256 of the file plus its name (docs/api.md §D4).
  return async (request, contentFingerprint) => {
    const key = keyOf(request);
    return key === null ? null : gate(request, key, contentFingerprint);
  };
}

/** Deletes keys past retention; run periodically. */
export function purgeExpiredIdempotencyKeys(store: Store, clock: Clock): Promise<number> {
  return store.writeOne((tx) => repo.purgeKeysBefore(tx, iso(clock.now() - IDEMPOTENCY_RETENTION_MS)));
}
