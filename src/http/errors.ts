/**
 * The HTTP face of errors: one code → status table, one envelope for every error (validation,
 * body parsing, domain, platform, unknown), docs/api.md §D3. Nothing ever answers a bare 500: an
 * unexpected fault is logged with its request id and answered 503 service_unavailable.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TidingsError, type ErrorCode } from '../errors.js';
import { PlatformError } from '../platform/platform.js';
import { toClientError } from '../platform/errors.js';
import { formatBytes, sizeOver } from '../lib/text.js';
import type { AjvError } from './ajv.js';
import { fromValidation } from './validation.js';

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  invalid_json: 400,
  parameter_missing: 400,
  parameter_invalid: 400,
  parameter_unknown: 400,
  request_too_large: 400,
  batch_rejected: 400,
  phone_number_invalid: 400,
  template_invalid: 400,
  variables_invalid: 400,
  template_values_missing: 400,
  idempotency_key_missing: 400,
  idempotency_key_invalid: 400,
  media_type_unsupported: 400,
  media_too_large: 400,
  media_empty: 400,
  api_key_missing: 401,
  api_key_invalid: 401,
  signature_invalid: 401,
  permission_denied: 403,
  live_mode_required: 403,
  suppression_override_not_allowed: 403,
  operator_only: 403,
  cross_site_request: 403,
  session_expired: 401,
  sign_in_failed: 401,
  second_factor_invalid: 401,
  second_factor_already_set_up: 409,
  second_factor_not_set_up: 409,
  password_incorrect: 403,
  sign_in_locked: 429,
  password_too_weak: 400,
  link_invalid: 400,
  sso_required: 403,
  owner_required: 403,
  last_owner: 409,
  member_not_found: 404,
  api_key_not_found: 404,
  session_not_found: 404,
  template_not_found: 404,
  message_not_found: 404,
  media_not_found: 404,
  reply_target_not_found: 404,
  contact_not_found: 404,
  recipient_not_supported: 400,
  route_not_found: 404,
  webhook_endpoint_not_found: 404,
  event_not_found: 404,
  suppression_not_found: 404,
  erasure_not_found: 404,
  template_not_editable: 409,
  media_in_use: 409,
  client_reference_in_use: 409,
  message_not_cancelable: 409,
  template_name_taken: 409,
  template_name_reserved: 409,
  template_not_approved: 409,
  template_category_not_allowed: 409,
  template_paused: 409,
  template_disabled: 409,
  outside_customer_window: 409,
  block_window_closed: 409,
  contact_not_blockable: 422,
  recipient_suppressed: 409,
  suppression_is_block: 409,
  idempotency_key_reused: 409,
  idempotency_request_in_progress: 409,
  range_not_satisfiable: 416,
  rate_limited: 429,
  platform_rate_limited: 429,
  platform_error: 502,
  platform_unavailable: 503,
  service_unavailable: 503,
};

/** What the mapping of an error reads of its request. */
export interface RequestFacts {
  /** The route's body limit, bytes. */
  bodyLimit?: number;
  /** The body's declared size, bytes (`Content-Length`), when it was given. */
  contentLength?: number;
  /** The value of a request part, by Fastify's name for it (`body`, `querystring`, `params`, `headers`). */
  part?: (context: string) => unknown;
}

/** The facts of `request` an error's mapping reads. */
export function requestFacts(request: FastifyRequest): RequestFacts {
  const declared = Number(request.headers['content-length']);
  const parts: Record<string, () => unknown> = {
    body: () => request.body,
    querystring: () => request.query,
    params: () => request.params,
    headers: () => request.headers,
  };
  return {
    bodyLimit: request.routeOptions.bodyLimit,
    ...(Number.isSafeInteger(declared) && declared >= 0 ? { contentLength: declared } : {}),
    part: (context) => parts[context]?.(),
  };
}

/** Framework errors (body parsing, limits) mapped onto the service's codes. */
function fromFastify(error: FastifyError, facts: RequestFacts): TidingsError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE': {
      const limit = facts.bodyLimit ?? 1024 * 1024;
      const size =
        facts.contentLength !== undefined && facts.contentLength > limit
          ? ` (${sizeOver(facts.contentLength, limit)})`
          : '';
      return new TidingsError(
        'request_too_large',
        `The request body${size} is larger than ${formatBytes(limit)}, this operation's limit.`,
      );
    }
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new TidingsError('parameter_missing', 'The request body is empty; send a JSON object.');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new TidingsError('invalid_json', `The request body is not valid JSON: ${error.message}`);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new TidingsError('invalid_json', 'Send the body as JSON with Content-Type: application/json.');
    default:
      break;
  }
  if (error instanceof SyntaxError || error.name === 'SyntaxError') {
    return new TidingsError('invalid_json', `The request body is not valid JSON: ${error.message}`);
  }
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    return new TidingsError('parameter_invalid', error.message);
  }
  return null;
}

export function toTidingsError(error: unknown, facts: RequestFacts = {}): TidingsError | null {
  if (error instanceof TidingsError) return error;
  if (error instanceof PlatformError) return toClientError(error);
  const fe = error as FastifyError & { validation?: AjvError[]; validationContext?: string };
  if (fe && Array.isArray(fe.validation) && fe.validation.length > 0) {
    const context = fe.validationContext ?? 'body';
    return fromValidation(fe.validation, context, facts.part?.(context));
  }
  if (fe && typeof fe === 'object') return fromFastify(fe, facts);
  return null;
}

/** The envelope body for an error, as sent. */
export function envelope(error: TidingsError, requestId: string) {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.param !== undefined ? { param: error.param } : {}),
      requestId,
      ...(error.issues !== undefined ? { issues: error.issues } : {}),
      ...(error.platformError !== undefined ? { platformError: error.platformError } : {}),
      ...(error.items !== undefined ? { items: error.items } : {}),
    },
  };
}

export function sendError(reply: FastifyReply, request: FastifyRequest, error: TidingsError): FastifyReply {
  if (error.stored) request.refusalStored = true;
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply
    .code(STATUS_BY_CODE[error.code])
    .type('application/json; charset=utf-8')
    .send(envelope(error, request.id));
}

/**
 * Errors the router raises before any route or hook runs (Fastify's `frameworkErrors`), in the
 * envelope like every other error: a malformed percent-escape in the path, or a path segment over
 * the router's length limit.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.header('x-request-id', request.id);
  return sendError(reply, request, frameworkTidingsError(error));
}

/** What `frameworkError` answers, as a TidingsError (the Cloud API facade answers it in Meta's envelope). */
export function frameworkTidingsError(error: FastifyError): TidingsError {
  return error.code === 'FST_ERR_MAX_PARAM_LENGTH'
    ? new TidingsError(
        'parameter_invalid',
        `A segment of the path is longer than ${MAX_PATH_PARAM_LENGTH} characters; no id is that long.`,
      )
    : new TidingsError(
        'parameter_invalid',
        'The path is not a valid URL: a % must start a two-digit hex escape (%2F).',
      );
}

/** The router's limit on one path parameter (Fastify's `maxParamLength`); ids and wamids are far shorter. */
export const MAX_PATH_PARAM_LENGTH = 200;

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    // A method or path with no route is 404 whatever else is wrong with the request (a QUERY
    // without a content type would otherwise be judged on its body).
    if (request.is404)
      return sendError(
        reply,
        request,
        new TidingsError('route_not_found', `No route ${request.method} ${request.url.split('?')[0]}.`),
      );
    let mapped = toTidingsError(error, requestFacts(request));
    if (!mapped) {
      request.log.error({ err: error, requestId: request.id }, 'unexpected error');
      mapped = new TidingsError('service_unavailable', 'The service could not complete the request; retry later.', {
        retryAfterSeconds: 1,
      });
    } else if (STATUS_BY_CODE[mapped.code] >= 500) {
      request.log.warn({ err: error, requestId: request.id, code: mapped.code }, 'request failed');
    }
    return sendError(reply, request, mapped);
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(
      reply,
      request,
      new TidingsError('route_not_found', `No route ${request.method} ${request.url.split('?')[0]}.`),
    ),
  );
}
