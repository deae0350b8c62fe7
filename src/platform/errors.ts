/**
 * Platform error codes (docs/platform.md §6.2, §7) and how each reaches a client of the service
 * (docs/api.md §D3: 429 for the platform's rate limits, 503 when it gave no usable answer, 502 when it
 * answered with an error the service cannot map to a 4xx).
 */
import { TidingsError } from '../errors.js';
import { PlatformError } from './platform.js';

/**
 * Codes that mean "slow down": 4 (app Graph rate limit), 80007 (WABA Graph rate limit), 130429
 * (throughput per number), 131056 (pair rate limit). Value: seconds to wait before retrying.
 */
export const RATE_LIMIT_CODES: ReadonlyMap<number, number> = new Map([
  [4, 60],
  [80007, 60],
  [130429, 1],
  [131056, 6], // pair limit: one message per 6 s to the same user (docs/platform.md §7)
]);

/** Codes the platform documents as transient: 1/2 (service), 131000 (unknown, retry), 131016, 131057. */
export const TRANSIENT_CODES: ReadonlySet<number> = new Set([1, 2, 131000, 131016, 131057]);

/** Classifies a Graph error envelope's code. */
export function classifyPlatformCode(code: number): PlatformError['kind'] {
  if (RATE_LIMIT_CODES.has(code)) return 'rate_limited';
  if (TRANSIENT_CODES.has(code)) return 'unavailable';
  return 'refused';
}

/**
 * The client-facing error for a platform failure at request time.
 * 131047 reported synchronously is the customer service window: 409 outside_customer_window.
 * @param options.stored the request stored something before the platform refused it (its answer
 *   is then kept for replay under the Idempotency-Key, docs/api.md §D4).
 */
export function toClientError(error: PlatformError, options: { stored?: boolean } = {}): TidingsError {
  const stored = options.stored ? { stored: true } : {};
  const platformError = error.code === null ? undefined : { code: String(error.code), message: error.details ?? error.message };
  if (error.kind === 'rate_limited') {
    return new TidingsError('platform_rate_limited', 'The platform rate-limited this request; retry after the delay given.', {
      retryAfterSeconds: error.retryAfterSeconds ?? 1,
      ...stored,
      ...(platformError ? { platformError } : {}),
    });
  }
  if (error.kind === 'unavailable') {
    return new TidingsError('platform_unavailable', 'The platform did not give a usable answer; retry later.', {
      retryAfterSeconds: error.retryAfterSeconds ?? 5,
      ...(platformError ? { platformError } : {}),
    });
  }
  if (error.code === 131047) {
    return new TidingsError('outside_customer_window', 'The platform reports the customer service window with this recipient is closed.', {
      param: 'to',
      ...stored,
      ...(platformError ? { platformError } : {}),
    });
  }
  return new TidingsError('platform_error', `The platform refused the request: ${error.message}`, { ...stored, ...(platformError ? { platformError } : {}) });
}
