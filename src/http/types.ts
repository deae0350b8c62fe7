/** What the HTTP layer adds to Fastify's request and route config. */
import type { FastifyContextConfig, FastifySchema } from 'fastify';
import type { AuthContext, Permission, Scope } from './access.js';
import type { RouteSpec } from './route.js';

/** A registered route (`app.routeTable`): what the auth and fuzz suites iterate. */
export interface RouteEntry {
  method: string;
  url: string;
  schema: FastifySchema & { hide?: boolean };
  config: FastifyContextConfig;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: no API key (platform webhooks, docs, health). Default: required. */
    auth?: boolean;
    /** The scope a key needs for this route (docs/api.md §D2); null: no key may call it (people only). */
    scope?: Scope | null;
    /** The permission a person (and a key a person made) needs for this route (docs/api.md §D26). */
    permission?: Permission;
    /** Test keys get 403 live_mode_required. */
    liveOnly?: boolean;
    /** Live keys get 403 permission_denied (test helpers). */
    testOnly?: boolean;
    /** `Idempotency-Key` handling (docs/api.md §D4); every POST and PATCH under /v1 sets it. */
    idempotency?: 'required' | 'optional' | 'content';
    /** The definition of an API route (http/route.ts): absent on routes outside the API. */
    route?: RouteSpec;
    /** The most JSON values the route's body may hold (http/body-budget.ts), when not the default. */
    bodyValues?: number;
  }
  interface FastifyInstance {
    /** Every route registered on the app, one entry per method (HEAD routes Fastify adds included). */
    routeTable: readonly RouteEntry[];
    /** The validators and serializers not compiled yet (http/lazy-schemas.ts). */
    lazySchemas: import('./lazy-schemas.js').LazySchemas;
  }
  interface FastifyRequest {
    /** Set by the auth hook on every authenticated route; null elsewhere. */
    auth: AuthContext | null;
    /** Set when this request claimed an idempotency key and must record its response. */
    idempotencyKey: string | null;
    /** Set when the request was refused after it changed something (`TidingsError` `stored`): its answer is kept for replay. */
    refusalStored: boolean;
    /** Set by a handler whose success changed nothing (a dry run): its key is released, not kept for replay. */
    changedNothing: boolean;
  }
}
