/**
 * Who is acting right now (docs/api.md §D27): the person, key, operator, platform or service task
 * behind the work in progress, and the request it came in by. It follows the work through its async
 * calls (AsyncLocalStorage), units of work included (db/store.ts runs each unit in its caller's
 * context), so the audit trail (audit/audit-trail.ts) names the actor of a change in the unit that
 * makes it without every service passing it along.
 *
 * Set by: the route wrapper for each API request's handler (http/route.ts), the CLI for each command (cli/main.ts),
 * the platform webhook intake (`platform`), and service tasks (`system`). Work outside any of them
 * acts as `{ type: 'system', id: 'service' }`.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The actor of a change.
 * - `user`: a person signed in to the dashboard or API with a session (`id`: the user's `usr_` id).
 * - `key`: an API key (`id`: its `key_` id; `userId`: the person who created it, or null for a key
 *   the operator made with the CLI).
 * - `cli`: the operator, through `npx tidings` (`id`: the operating system's user name).
 * - `platform`: Meta, through its webhooks (`id`: `meta`).
 * - `system`: the service itself (`id`: the task: `retention`, `scheduler`, `service`…).
 */
export type Actor =
  | { type: 'user'; id: string; email: string; sessionId: string }
  | { type: 'key'; id: string; userId: string | null }
  | { type: 'cli'; id: string }
  | { type: 'platform'; id: string }
  | { type: 'system'; id: string };

/** Where a request came from: what the audit trail keeps beside the actor. Absent outside requests. */
export interface RequestOrigin {
  /** The request's id (`req_…`), as its log lines and `request-id` header carry it. */
  requestId: string;
  /** The client's address (behind a proxy, as `TRUST_PROXY` lets Fastify read it). */
  address: string;
  /** `User-Agent`, at most 512 characters; null when absent. */
  userAgent: string | null;
}

export interface Acting {
  actor: Actor;
  origin: RequestOrigin | null;
}

const acting = new AsyncLocalStorage<Acting>();

/** The service acting on its own behalf (no request, no operator). */
export const SYSTEM: Actor = { type: 'system', id: 'service' };

/** The platform (Meta), as the actor of what its webhooks change, and of its verdicts the service reads. */
export const PLATFORM: Actor = { type: 'platform', id: 'meta' };

/** Runs `fn` as `actor` (from `origin`), until it and everything it starts are done. */
export function actAs<T>(actor: Actor, origin: RequestOrigin | null, fn: () => T): T {
  return acting.run({ actor, origin }, fn);
}

/** The actor of the work running now; the service itself outside any. */
export function currentActing(): Acting {
  return acting.getStore() ?? { actor: SYSTEM, origin: null };
}
