/**
 * The HTTP face of errors: one code → status table, one envelope for every error (validation,
 * body parsing, domain, platform, unknown), docs/api.md §D3. Nothing ever answers a bare 500: an
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
  contact_not_found: 404,
  recipient_not_supported: 400,
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
  range_not_satisfiable: 416,
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
  /** With Ajv's `verbose`: the schema holding the failed keyword (for a union's allowed values). */
  parentSchema?: { anyOf?: { const?: unknown }[]; oneOf?: { properties?: Record<string, { const?: unknown; enum?: unknown[] }> }[] };
}

/** The tag values a tagged union (TaggedUnion) allows. */
function tagValues(e: AjvError, tag: string): unknown[] {
  return (e.parentSchema?.oneOf ?? []).flatMap((branch) => {
    const property = branch.properties?.[tag];
    return property?.const !== undefined ? [property.const] : (property?.enum ?? []);
  });
}

/** The values a failed `enum`, `const` or union of constants allows, or none. */
function allowedValues(e: AjvError): unknown[] {
  if (e.keyword === 'enum') return (e.params.allowedValues as unknown[] | undefined) ?? [];
  if (e.keyword === 'const') return 'allowedValue' in e.params ? [e.params.allowedValue] : [];
  const branches = e.parentSchema?.anyOf ?? [];
  return branches.length > 0 && branches.every((b) => b.const !== undefined) ? branches.map((b) => b.const) : [];
}

/** `/variables/first_name` → `variables.first_name`. */
function pathToParam(instancePath: string, extra?: string): string {
  const parts = instancePath.split('/').filter(Boolean).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra) parts.push(extra);
  return parts.join('.');
}

/** The first schema violation as a TidingsError naming the field. */
export function fromValidation(errors: AjvError[], context: string): TidingsError {
  // A union's branches each fail first; the union's own error (reported after them) speaks for
  // the field as a whole, so it can list every allowed value.
  const union = errors.find((x) => x.keyword === 'anyOf' && x.instancePath === errors[0]!.instancePath && allowedValues(x).length > 0);
  const e = union ?? errors[0]!;
  const where = context === 'body' ? '' : `${context} `;
  if (e.keyword === 'required') {
    const param = pathToParam(e.instancePath, String(e.params.missingProperty));
    if (context === 'headers' && param === 'idempotency-key') {
      return new TidingsError('idempotency_key_missing', 'This operation requires an Idempotency-Key header.', { param: 'Idempotency-Key' });
    }
    return new TidingsError('parameter_missing', `Missing required ${where}parameter: ${param}.`, { param });
  }
  if (e.keyword === 'additionalProperties') {
    const param = pathToParam(e.instancePath, String(e.params.additionalProperty));
    return new TidingsError('parameter_unknown', `Unknown ${where}parameter: ${param}.`, { param });
  }
  if (e.keyword === 'discriminator') {
    const tag = String(e.params.tag);
    const param = pathToParam(e.instancePath, tag);
    if (e.params.tagValue === undefined) return new TidingsError('parameter_missing', `Missing required ${where}parameter: ${param}.`, { param });
    return new TidingsError('parameter_invalid', `Invalid ${where}parameter ${param}: must be one of ${tagValues(e, tag).join(', ')}.`, { param });
  }
  if (e.keyword === 'minProperties') {
    const param = pathToParam(e.instancePath);
    return new TidingsError('parameter_missing', `Send at least one field to change${param ? ` in ${param}` : ''}.`, param ? { param } : {});
  }
  const param = pathToParam(e.instancePath);
  if (param === '' && context === 'body') {
    return new TidingsError('invalid_json', 'The request body must be a JSON object.');
  }
  let detail = e.message ?? 'is invalid';
  if (e.keyword === 'enum' || e.keyword === 'anyOf' || e.keyword === 'const') {
    const allowed = allowedValues(e);
    detail = allowed.length > 0 ? `must be one of ${allowed.join(', ')}` : 'is not one of the allowed values';
  }
  return new TidingsError('parameter_invalid', `Invalid ${where}parameter ${param}: ${detail}.`, { param });
}

/** `1048576` → `1 MB`. */
function megabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

/** Framework errors (body parsing, limits) mapped onto the service's codes; `bodyLimit` is the route's. */
function fromFastify(error: FastifyError, bodyLimit: number | undefined): TidingsError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new TidingsError('request_too_large', `The request body is larger than ${megabytes(bodyLimit ?? 1024 * 1024)}, this operation's limit.`);
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

export function toTidingsError(error: unknown, bodyLimit?: number): TidingsError | null {
  if (error instanceof TidingsError) return error;
  if (error instanceof PlatformError) return toClientError(error);
  const fe = error as FastifyError & { validation?: AjvError[]; validationContext?: string };
  if (fe && Array.isArray(fe.validation)) return fromValidation(fe.validation, fe.validationContext ?? 'body');
  if (fe && typeof fe === 'object') return fromFastify(fe, bodyLimit);
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
  if (error.stored) request.refusalStored = true;
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.code(STATUS_BY_CODE[error.code]).type('application/json; charset=utf-8').send(envelope(error, request.id));
}

/**
 * Errors the router raises before any route or hook runs (Fastify's `frameworkErrors`), in the
 * envelope like every other error: a malformed percent-escape in the path, or a path segment over
 * the router's length limit.
 */
export function frameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  reply.header('x-request-id', request.id);
  const mapped =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? new TidingsError('parameter_invalid', `A segment of the path is longer than ${MAX_PATH_PARAM_LENGTH} characters; no id is that long.`)
      : new TidingsError('parameter_invalid', 'The path is not a valid URL: a % must start a two-digit hex escape (%2F).');
  return sendError(reply, request, mapped);
}

/** The router's limit on one path parameter (Fastify's `maxParamLength`); ids and wamids are far shorter. */
export const MAX_PATH_PARAM_LENGTH = 200;

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    // A method or path with no route is 404 whatever else is wrong with the request (a QUERY
    // without a content type would otherwise be judged on its body).
    if (request.is404) return sendError(reply, request, new TidingsError('route_not_found', `No route ${request.method} ${request.url.split('?')[0]}.`));
    let mapped = toTidingsError(error, request.routeOptions.bodyLimit);
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
