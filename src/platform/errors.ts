/**
 * Platform errors at request time, read from the one table of Graph codes (graph-codes.ts), and how
 * each reaches a client of the service (docs/api.md §D3: 429 for the platform's rate limits, 503
 * when it gave no usable answer or calls the error temporary, 409 for a closed customer service
 * window, 502 when it answered with an error the service cannot map to a 4xx).
 */
import { TidingsError } from '../errors.js';
import { graphCode } from './graph-codes.js';
import { PlatformError } from './platform.js';

/** What a Graph error code gives a `PlatformError` at request time (graph-codes.ts). */
export function classifyPlatformCode(code: number): PlatformError['kind'] {
  switch (graphCode(code).condition) {
    case 'throughput_exceeded':
    case 'pair_rate_limited':
    case 'graph_rate_limited':
      return 'rate_limited';
    case 'temporary':
    case 'number_maintenance':
      return 'unavailable';
    default:
      return 'refused';
  }
}

/**
 * The `PlatformError` of a Graph error envelope's `error` (`{message, code, error_subcode,
 * error_data: {details}}`, docs/platform.md §6.1): its kind and retry delay from the code's row.
 */
export function platformErrorOf(error: {
  message?: string;
  code: number;
  error_subcode?: number;
  error_data?: { details?: string };
}): PlatformError {
  return new PlatformError(classifyPlatformCode(error.code), error.message ?? `Graph error ${error.code}`, {
    code: error.code,
    details: error.error_data?.details ?? null,
    retryAfterSeconds: graphCode(error.code).retryAfterSeconds ?? null,
    subcode: error.error_subcode ?? null,
  });
}

/**
 * The client-facing error for a platform failure at request time.
 * A closed window (131047) reported synchronously is 409 outside_customer_window.
 * @param options.stored the request stored something before the platform refused it (its answer
 *   is then kept for replay under the Idempotency-Key, docs/api.md §D4).
 */
export function toClientError(error: PlatformError, options: { stored?: boolean } = {}): TidingsError {
  const stored = options.stored ? { stored: true } : {};
  const platformError =
    error.code === null ? undefined : { code: String(error.code), message: error.details ?? error.message };
  if (error.kind === 'rate_limited') {
    return new TidingsError(
      'platform_rate_limited',
      'The platform rate-limited this request; retry after the delay given.',
      { retryAfterSeconds: error.retryAfterSeconds ?? 1, ...stored, ...(platformError ? { platformError } : {}) },
    );
  }
  if (error.kind === 'unavailable') {
    return new TidingsError('platform_unavailable', 'The platform did not give a usable answer; retry later.', {
      retryAfterSeconds: error.retryAfterSeconds ?? 5,
      ...(platformError ? { platformError } : {}),
    });
  }
  if (error.code !== null && graphCode(error.code).condition === 'window_closed') {
    return new TidingsError(
      'outside_customer_window',
      'The platform reports the customer service window with this recipient is closed.',
      { param: 'to', ...stored, ...(platformError ? { platformError } : {}) },
    );
  }
  return new TidingsError('platform_error', `The platform refused the request: ${error.message}`, {
    ...stored,
    ...(platformError ? { platformError } : {}),
  });
}
