/**
 * How a part of the Cloud API facade defines its routes (docs/api.md §D34): the Graph path under
 * `/graph/{version}`, the object the path names (checked against the key before the handler runs),
 * the key's scope and permission, and its idempotency. The plugin (`facade.plugin.ts`) reads the
 * request the way the Graph API does and answers every error in Meta's envelope.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthContext, Permission, Scope } from '../http/access.js';
import type { IdempotencyGate } from '../http/idempotency.js';
import type { SenderCredentials } from '../platform/platform.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The facade routes one Fastify route dispatches to (facade.plugin.ts). */
    facade?: readonly FacadeRoute[];
  }
}

export interface FacadeRoute {
  method: 'GET' | 'POST' | 'DELETE';
  /** The path under `/graph/{version}`, with `:param`s: `/:phoneNumberId/messages`, `/:mediaId`. */
  url: string;
  /**
   * What the path's first segment (its first `:param`) names, checked before the handler runs:
   * - `phone_number`: must be the key's number; `waba`: the key's WABA. Otherwise Meta's 100 /
   *   subcode 33, as Graph hides what a token may not see.
   * - `media` (a `med_` id), `template` (a `tpl_` id): the handler finds it in the key's account and
   *   mode (not found: 100 / 33, `graphErrorOf` with `missing`).
   * Graph puts every object at `/{id}`: routes of one method on `/:nodeId` are one Fastify route,
   * dispatched by what the id names (the key's number, `med_…`, `tpl_…`).
   */
  owner: 'phone_number' | 'waba' | 'media' | 'template';
  scope: Scope;
  permission: Permission;
  /** Test keys get Meta's permission error (templates are managed on live keys only, docs/api.md §4.2). */
  liveOnly?: boolean;
  /** `Idempotency-Key` (docs/api.md §D4): `content`: the handler claims it once it read the body (uploads). */
  idempotency: 'none' | 'optional' | 'content';
  /** The body is `multipart/form-data`, read by the handler as a stream (`request.parts()`). */
  multipart?: boolean;
  handler(ctx: FacadeContext): Promise<unknown>;
}

/** What a facade handler gets. */
export interface FacadeContext {
  auth: AuthContext;
  /** The key's number as the platform knows it (its WABA id, display number), cached (accounts). */
  sender: SenderCredentials;
  /** The path's Graph API version (`v25.0`): a known one (src/lib/graph-versions.ts). */
  version: string;
  params: Record<string, string>;
  /**
   * The request's parameters as the Graph API reads them: the query string and the body merged,
   * the body winning; JSON or form-encoded; object parameters sent as JSON strings decoded.
   * `access_token` is left out. Empty for a multipart body.
   */
  input: Record<string, any>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Claims the `Idempotency-Key` for a `content` route once its body is read. */
  idempotency: IdempotencyGate;
}

/** Defines a facade route (typed, so a part's list reads like the Graph reference). */
export function defineFacadeRoute(route: FacadeRoute): FacadeRoute {
  return route;
}
