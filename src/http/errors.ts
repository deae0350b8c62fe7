/**
 * The HTTP face of errors: one code → status table, one envelope for every error (validation,
 * body parsing, domain, platform, unknown), DECISIONS §3. Nothing ever answers a bare 500: an
 * unexpected fault is logged with its request id and answered 503 service_unavailable.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { TidingsError, type ErrorCode } from '../errors.js';
import { PlatformError } from '../platform/platform.js';
import { toClientError } from '../platform/errors.js';

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  invalid_json: 400,
  parameter_missing: 400,
  parameter_invalid: 400,
  parameter_unknown: 400,
  request_too_large: 400,
  phone_number_invalid: 400,
  template_invalid: 400,
  variables_invalid: 400,
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
  template_not_found: 404,
  message_not_found: 404,
  media_not_found: 404,
  reply_target_not_found: 404,
  route_not_found: 404,
  webhook_endpoint_not_found: 404,
  event_not_found: 404,
  template_not_editable: 409,
  template_name_taken: 409,
  template_name_reserved: 409,
  template_not_approved: 409,
  template_category_not_allowed: 409,
  outside_customer_window: 409,
  idempotency_key_reused: 409,
  idempotency_request_in_progress: 409,
  rate_limited: 429,
  platform_rate_limited: 429,
  platform_error: 502,
  platform_unavailable: 503,
  service_unavailable: 503,
};

interface AjvError {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** `/variables/first_name` → `variables.first_name`. */
function pathToParam(instancePath: string, extra?: string): string {
  const parts = instancePath.split('/').filter(Boolean).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra) parts.push(extra);
  return parts.join('.');
}

/** The first schema violation as a TidingsError naming the field. */
export function fromValidation(errors: AjvError[], context: string): TidingsError {
  const e = errors[0]!;
  const where = context === 'body' ? '' : `${context} `;
  if (e.keyword === 'required') {
    const param = pathToParam(e.instancePath, String(e.params.missingProperty));
    return new TidingsError('parameter_missing', `Missing required ${where}parameter: ${param}.`, { param });
  }
  if (e.keyword === 'additionalProperties') {
    const param = pathToParam(e.instancePath, String(e.params.additionalProperty));
    return new TidingsError('parameter_unknown', `Unknown ${where}parameter: ${param}.`, { param });
  }
  const param = pathToParam(e.instancePath);
  if (param === '' && context === 'body') {
    return new TidingsError('invalid_json', 'The request body must be a JSON object.');
  }
  let detail = e.message ?? 'is invalid';
  if (e.keyword === 'enum' || e.keyword === 'anyOf' || e.keyword === 'const') {
    const allowed = (e.params.allowedValues as unknown[] | undefined) ?? [];
    detail = allowed.length > 0 ? `must be one of ${allowed.join(', ')}` : 'is not one of the allowed values';
  }
  return new TidingsError('parameter_invalid', `Invalid ${where}parameter ${param}: ${detail}.`, { param });
}

/** Framework errors (body parsing, limits) mapped onto the service's codes. */
function fromFastify(error: FastifyError): TidingsError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new TidingsError('request_too_large', 'The request body is larger than 1 MB.');
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

export function toTidingsError(error: unknown): TidingsError | null {
  if (error instanceof TidingsError) return error;
  if (error instanceof PlatformError) return toClientError(error);
  const fe = error as FastifyError & { validation?: AjvError[]; validationContext?: string };
  if (fe && Array.isArray(fe.validation)) return fromValidation(fe.validation, fe.validationContext ?? 'body');
  if (fe && typeof fe === 'object') return fromFastify(fe);
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
    },
  };
}

export function sendError(reply: FastifyReply, request: FastifyRequest, error: TidingsError): FastifyReply {
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.code(STATUS_BY_CODE[error.code]).type('application/json; charset=utf-8').send(envelope(error, request.id));
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    let mapped = toTidingsError(error);
    if (!mapped) {
      request.log.error({ err: error, requestId: request.id }, 'unexpected error');
      mapped = new TidingsError('service_unavailable', 'The service could not complete the request; retry later.', { retryAfterSeconds: 1 });
    } else if (STATUS_BY_CODE[mapped.code] >= 500) {
      request.log.warn({ err: error, requestId: request.id, code: mapped.code }, 'request failed');
    }
    return sendError(reply, request, mapped);
  });
  app.setNotFoundHandler((request, reply) =>
    sendError(reply, request, new TidingsError('route_not_found', `No route ${request.method} ${request.url.split('?')[0]}.`)),
  );
}
