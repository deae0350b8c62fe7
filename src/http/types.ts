/** What the HTTP layer adds to Fastify's request and route config. */
import type { AuthContext, Scope } from '../accounts/scopes.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: no API key (platform webhooks, docs, health). Default: required. */
    auth?: boolean;
    /** The scope a key needs for this route (DECISIONS §2). */
    scope?: Scope;
    /** Test keys get 403 live_mode_required. */
    liveOnly?: boolean;
    /** Live keys get 403 permission_denied (test helpers). */
    testOnly?: boolean;
    /** `Idempotency-Key` handling (DECISIONS §4); every POST and PATCH under /v1 sets it. */
    idempotency?: 'required' | 'optional' | 'content';
  }
  interface FastifyRequest {
    /** Set by the auth hook on every authenticated route; null elsewhere. */
    auth: AuthContext | null;
    /** Set when this request claimed an idempotency key and must record its response. */
    idempotencyKey: string | null;
  }
}

export {};
