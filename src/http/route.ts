/**
 * One definition per API operation. A route states its method and path, its schemas, who may call
 * it (a scope and the key modes, or public), its idempotency mode, and the error codes it can
 * answer; everything else is derived from that one object:
 * - the error statuses of its OpenAPI responses, from the one code → status table (http/errors.ts),
 *   each listing its codes, with the codes every route of its kind shares added, and an example
 *   envelope per code (http/error-examples.ts);
 * - the `Idempotency-Key` header in its OpenAPI parameters, required or optional as the mode says;
 * - the route config the auth, mode and idempotency hooks read;
 * - the request types its handler sees (TypeBox `Static`), and the response it must return.
 * The auth and tenant suite iterates the registered definitions (`config.route`).
 */
import type { Logger } from 'pino';
import type { Static, TObject, TSchema } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext, Permission, Scope } from './access.js';
import type { ErrorCode } from '../errors.js';
import { errorExample } from './error-examples.js';
import { STATUS_BY_CODE } from './errors.js';
import { ErrorEnvelope, IdempotencyHeaders } from './schemas.js';
import { actAs, type RequestOrigin } from '../lib/actor.js';
import { logFieldsOfId } from '../lib/ids.js';
import type { ApiTag } from './tags.js';

/**
 * Who may call a route: keys with `scope`, and people whose role grants `permission` (a key made by a
 * person needs both), in these modes (`test`: test mode only, `live`: live mode only). `scope: null`:
 * people only (no key may call it: managing keys, members, one's own sessions). docs/api.md §D26.
 */
export type Access = { scope: Scope | null; permission: Permission; modes: 'any' | 'live' | 'test' } | 'public';

export interface RouteSpec {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The path under /v1, with `:param`s. */
  url: string;
  operationId: string;
  /** A short phrase (`Send a message`): the operation's name in the docs and the generated client. */
  summary: string;
  description?: string;
  /** Exactly one of the tags declared in http/tags.ts: the resource it belongs to. */
  tags: [ApiTag];
  access: Access;
  /** `required`: refused without the header; `content`: the handler claims the key once the body is read (uploads). */
  idempotency: 'none' | 'optional' | 'required' | 'content';
  /** The codes this operation answers besides those every route of its kind can (see `sharedErrors`). */
  errors: readonly ErrorCode[];
  params?: TObject;
  querystring?: TObject;
  body?: TSchema;
  /** A request with no body at all is taken as `{}` (the body's fields are all optional). */
  bodyOptional?: boolean;
  /** Other headers (the idempotency header is added by the mode). */
  headers?: TObject;
  response: {
    /** 302: the handler answers `reply.redirect(…, 302)` itself, no body (`Location` says where). */
    status: 200 | 201 | 202 | 302;
    schema: TSchema;
    /**
     * The success answer is a file of this media type (`*\/*`: the file's own), not JSON: the
     * handler sends it (a stream) itself, with its headers.
     */
    contentType?: string;
    /** The operation answers `Range` requests: a 206 with `Content-Range` is documented beside the success. */
    ranges?: boolean;
    /** The success answer also comes as this media type when `Accept` asks for it (the handler sends it itself): documented beside the JSON. */
    alsoAs?: { contentType: string; description: string };
  };
  consumes?: string[];
  /** Left out of the OpenAPI document (an alternative form of another route). */
  hidden?: boolean;
  /** The largest JSON body this operation takes, bytes; default the app's 1 MB (`BODY_LIMIT_BYTES`). */
  bodyLimit?: number;
  /** The most JSON values its body may hold (http/body-budget.ts); default `MAX_BODY_VALUES`. */
  bodyValues?: number;
  /** A second success answer the handler sends itself (`reply.code(status)`), documented beside the first. */
  alsoAnswers?: { status: 200 | 201 | 202; schema: TSchema; description: string };
}

type StaticOf<T> = T extends TSchema ? Static<T> : Record<string, never>;

/** What a handler gets: the request's parts typed by the route's schemas. */
export interface RouteContext<S extends RouteSpec> {
  /** The caller's key (null on public routes). */
  auth: S['access'] extends 'public' ? null : AuthContext;
  params: StaticOf<S['params']>;
  query: StaticOf<S['querystring']>;
  body: StaticOf<S['body']>;
  headers: StaticOf<S['headers']> & Record<string, string | string[] | undefined>;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A handler answers with the response (sent with the route's status), or with the reply it already sent. */
export type RouteHandler<S extends RouteSpec> = (
  ctx: RouteContext<S>,
) => Promise<Static<S['response']['schema']> | FastifyReply>;

export interface Route<S extends RouteSpec = RouteSpec> {
  spec: S;
  handler: RouteHandler<S>;
}

/** Defines a route; its handler's types come from the spec. */
export function defineRoute<const S extends RouteSpec>(spec: S, handler: RouteHandler<S>): Route<S> {
  return { spec, handler };
}

/** The codes every route of this shape can answer, whatever it does. */
export function sharedErrors(spec: RouteSpec): ErrorCode[] {
  const codes: ErrorCode[] = ['service_unavailable', 'parameter_invalid'];
  if (spec.access !== 'public') {
    codes.push('api_key_missing', 'api_key_invalid', 'permission_denied', 'rate_limited');
    if (spec.access.modes === 'live') codes.push('live_mode_required');
  }
  if (spec.querystring) codes.push('parameter_unknown');
  if (spec.body) codes.push('invalid_json', 'parameter_missing', 'parameter_unknown', 'request_too_large');
  if (spec.idempotency !== 'none')
    codes.push('idempotency_key_invalid', 'idempotency_key_reused', 'idempotency_request_in_progress');
  if (spec.idempotency === 'required') codes.push('idempotency_key_missing');
  return codes;
}

/** Every code a route can answer, by HTTP status. */
export function errorsByStatus(spec: RouteSpec): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set([...sharedErrors(spec), ...spec.errors])) {
    const status = STATUS_BY_CODE[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

/** Registers the routes on `app` (the /v1 scope). */
export function registerRoutes(app: FastifyInstance, routes: Route<any>[]): void {
  for (const { spec, handler } of routes) {
    const { contentType } = spec.response;
    const { alsoAs } = spec.response;
    const success = contentType
      ? { description: 'The file.', content: { [contentType]: { schema: spec.response.schema } } }
      : alsoAs
        ? {
            description: `JSON; ${alsoAs.description}`,
            content: {
              'application/json': { schema: spec.response.schema },
              [alsoAs.contentType]: { schema: { type: 'string' } },
            },
          }
        : spec.response.schema;
    const responses: Record<number, unknown> = { [spec.response.status]: success };
    if (spec.alsoAnswers)
      responses[spec.alsoAnswers.status] = { ...spec.alsoAnswers.schema, description: spec.alsoAnswers.description };
    if (spec.response.ranges) {
      responses[206] = {
        description: 'The byte range asked for with `Range: bytes=…`, with `Content-Range`.',
        content: { [contentType ?? 'application/octet-stream']: { schema: spec.response.schema } },
      };
    }
    for (const [status, codes] of errorsByStatus(spec)) {
      // The media-type form, so the document can show an example envelope per code beside the schema.
      responses[status] = {
        description: `\`error.code\`: ${codes.map((c) => `\`${c}\``).join(', ')}.`,
        content: {
          'application/json': {
            schema: Type.Ref(ErrorEnvelope),
            examples: Object.fromEntries(codes.map((code) => [code, { summary: code, value: errorExample(code) }])),
          },
        },
      };
    }
    const idempotencyHeader =
      spec.idempotency === 'none' ? undefined : IdempotencyHeaders(spec.idempotency === 'required');
    const headers =
      idempotencyHeader || spec.headers
        ? Type.Object({ ...idempotencyHeader?.properties, ...spec.headers?.properties })
        : undefined;
    app.route({
      method: spec.method,
      url: spec.url,
      ...(spec.bodyLimit !== undefined ? { bodyLimit: spec.bodyLimit } : {}),
      config: {
        route: spec,
        ...(spec.bodyValues !== undefined ? { bodyValues: spec.bodyValues } : {}),
        auth: spec.access !== 'public',
        ...(spec.access !== 'public'
          ? {
              scope: spec.access.scope,
              permission: spec.access.permission,
              liveOnly: spec.access.modes === 'live',
              testOnly: spec.access.modes === 'test',
            }
          : {}),
        ...(spec.idempotency !== 'none' ? { idempotency: spec.idempotency } : {}),
      },
      schema: {
        tags: spec.tags,
        summary: spec.summary,
        operationId: spec.operationId,
        ...(spec.description ? { description: spec.description } : {}),
        ...(spec.hidden ? { hide: true } : {}),
        ...(spec.consumes ? { consumes: spec.consumes } : {}),
        ...(spec.params ? { params: spec.params } : {}),
        ...(spec.querystring ? { querystring: spec.querystring } : {}),
        ...(spec.body ? { body: spec.body } : {}),
        ...(headers ? { headers } : {}),
        response: responses,
      },
      ...(spec.bodyOptional
        ? {
            preValidation: async (request: FastifyRequest) => {
              if (request.body === undefined || request.body === null) request.body = {};
            },
          }
        : {}),
      handler: async (request, reply) => {
        // The handler and every unit of work it runs act as the caller (lib/actor.ts: the audit trail).
        const run = () =>
          handler({
            auth: request.auth,
            params: request.params,
            query: request.query,
            body: request.body,
            headers: request.headers,
            request,
            reply,
          } as RouteContext<RouteSpec>);
        const result = request.auth ? await actAs(request.auth.actor, originOf(request), run) : await run();
        if (result === reply || reply.sent) return reply;
        // The access log line names the object answered (`messageId`: the message sent or read).
        const ids = logFieldsOfId((result as { id?: unknown } | null)?.id);
        if (Object.keys(ids).length > 0) (request.log as Logger).setBindings(ids);
        return reply.code(spec.response.status).send(result);
      },
    });
  }
}

/** Where a request came from, for the audit trail. */
export function originOf(request: FastifyRequest): RequestOrigin {
  const agent = request.headers['user-agent'];
  return { requestId: request.id, address: request.ip, userAgent: agent ? agent.slice(0, 512) : null };
}
