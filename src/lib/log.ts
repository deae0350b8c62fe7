/**
 * The service's logger: pino, JSON lines on stdout, with what must never be written taken out.
 *
 * - Credentials (API keys, access tokens, app and webhook secrets, the verify token, the encryption
 *   key) and message content (`text`, `caption`, `body`, `variables`) are replaced by
 *   `"[redacted]"` wherever an object carrying them is logged, at the top level or one level down
 *   (pino's `redact`, fast-redact paths).
 * - Errors are logged by an allowlist ({@link serializeError}), not with every property they carry:
 *   a validation error holds the request's values, a platform error the platform's `details` (which
 *   may quote the message), a driver error its query parameters.
 * - Requests add `reqId` (Fastify), then `accountId` and `keyId` once authenticated (http/auth.ts),
 *   and the id of the object answered (`messageId`, …; http/route.ts). The access log holds paths and
 *   the names of query parameters only (http/observe.ts `loggedUrl`).
 */
import pino, { type DestinationStream, type Logger } from 'pino';

/** Keys whose values are never written, wherever they appear (top level and one level down). */
const SECRET_KEYS = [
  'accessToken',
  'appSecret',
  'secret',
  'secrets',
  'verifyToken',
  'encryptionKey',
  'apiKey',
  'password',
  'authorization',
];
/** Keys that hold what a customer or a business wrote. */
const CONTENT_KEYS = ['text', 'caption', 'body', 'variables'];

const REDACTED_PATHS = [
  ...[...SECRET_KEYS, ...CONTENT_KEYS].flatMap((key) => [key, `*.${key}`]),
  'req.headers["x-api-key"]',
  'req.headers.authorization',
  'req.headers["x-hub-signature-256"]',
  'req.headers.cookie',
  'headers["x-api-key"]',
  'headers["x-hub-signature-256"]',
  'headers.cookie',
];

/** What the log keeps of an error. */
export interface LoggedError {
  type: string;
  message: string;
  stack?: string;
  code?: string | number;
  [field: string]: unknown;
}

/** Properties of an error that describe it without carrying data: codes, kinds, statuses. */
const ERROR_FIELDS = [
  'code',
  'kind',
  'subcode',
  'statusCode',
  'errno',
  'syscall',
  'retryAfterSeconds',
  'param',
] as const;

/**
 * An error as the log keeps it: its class name, message, stack, the scalar fields of
 * `ERROR_FIELDS`, and its `cause` the same way (three levels at most). Every other property is
 * left out. Non-errors are logged as their type only.
 */
export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error))
    return { type: typeof err, message: typeof err === 'string' ? err : `a thrown ${typeof err}` };
  const out: LoggedError = { type: err.name || err.constructor?.name || 'Error', message: err.message };
  if (err.stack) out.stack = err.stack;
  const fields = err as unknown as Record<string, unknown>;
  for (const field of ERROR_FIELDS) {
    const value = fields[field];
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      (out as Record<string, unknown>)[field] = value;
  }
  if (err.cause !== undefined && depth < 3) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

/**
 * The service's logger at `level`, writing to `destination` (stdout by default).
 * @example createLogger('info').child({ component: 'jobs' })
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'tidings' },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError },
  };
  return destination ? pino(options, destination) : pino(options);
}
