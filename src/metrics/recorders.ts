/**
 * What features tell the metrics (issue 14, item 2), as narrow typed recorders. Features depend
 * on these interfaces only, never on prom-client: the composition root hands each feature the
 * recorder it needs (`Metrics` in `metrics.ts` implements them all), so a feature's tests and its
 * code read "this happened", not "increment that counter".
 *
 * Every label value is bounded: route patterns, operation names, closed lists of outcomes, the
 * platform's numeric error codes, and business numbers (as many as the service has).
 */
import type { StatementKind } from '../db/statements.js';

/** One answered HTTP request. */
export interface HttpRecorder {
  /**
   * @param route the route pattern (`/v1/messages/:id`), or `unmatched` for a URL no route serves
   * @param method `GET`, `POST`, …
   * @param status the HTTP status answered
   * @param seconds from the request's arrival to the answer, seconds
   */
  request(route: string, method: string, status: number, seconds: number): void;
}

/** What the dispatcher did with one queued message's attempt (DispatchStats, dispatcher.ts). */
export type DispatchOutcome = 'sent' | 'failed' | 'retried' | 'expired' | 'reslotted';

/** A send lane: one business number in one mode. */
export interface LaneLabels {
  phoneNumberId: string;
  mode: 'live' | 'test';
}

export interface DispatchRecorder {
  /** `count` messages of the lane ended an attempt with `outcome` (default 1). */
  outcome(lane: LaneLabels, outcome: DispatchOutcome, count?: number): void;
  /** A routed send (`"route": "auto"`, docs/api.md §D19) of the lane went out as `deliveredAs`. */
  routed(lane: LaneLabels, deliveredAs: 'free_form' | 'direct_send' | 'template'): void;
}

/** The Platform interface's operations (`platform/platform.ts`), one name per method. */
export type PlatformOperation =
  | 'send_message'
  | 'upload_media'
  | 'delete_media'
  | 'upload_header_handle'
  | 'create_template'
  | 'find_template'
  | 'set_template_ttl'
  | 'get_template'
  | 'list_templates'
  | 'create_library_template'
  | 'browse_template_library'
  | 'edit_template'
  | 'delete_template'
  | 'get_throughput'
  | 'get_media_url'
  | 'download_media'
  | 'mark_read'
  | 'block_users'
  | 'unblock_users'
  | 'list_blocked_users';

export interface PlatformRecorder {
  /**
   * One call to the platform ended.
   * @param code the platform's numeric Graph error code as text (`"130429"`), `none` for an error
   *   that carried none (timeout, connection, 5xx without a Graph error), `""` for a success
   * @param seconds the call's duration, seconds
   */
  call(operation: PlatformOperation, outcome: 'ok' | 'error', code: string, seconds: number): void;
}

/**
 * How a platform webhook POST ended: stored (`accepted`); its signature matched no app secret
 * (`signature_refused`); signed by an app that does not speak for every account it names
 * (`tenant_refused`); not JSON or not a WhatsApp envelope (`invalid`); an unexpected fault
 * (`error`: the platform retries it).
 */
export type WebhookIntakeOutcome = 'accepted' | 'signature_refused' | 'tenant_refused' | 'invalid' | 'error';

export interface WebhookIntakeRecorder {
  received(outcome: WebhookIntakeOutcome): void;
  /** An accepted delivery carried `updates` updates (statuses + customer messages + template and number changes). */
  batch(updates: number): void;
  /** `count` statuses named no message Tidings knows and no recipient (kept in the status log only). */
  unmatchedStatuses(count: number): void;
}

/**
 * How one event delivery attempt ended: a 2xx (`succeeded`), another status (`rejected`), or no
 * answer at all: refused address, connection error, timeout (`unreachable`).
 */
export type DeliveryAttemptOutcome = 'succeeded' | 'rejected' | 'unreachable';

export interface DeliveryRecorder {
  attempt(outcome: DeliveryAttemptOutcome): void;
  /** An event reached an endpoint `seconds` after the event was created (its first successful attempt). */
  delivered(lagSeconds: number): void;
}

export interface JobRecorder {
  /**
   * A job's handler ended: `completed`, or `failed` (it runs again later, or is dropped after its
   * retry limit). @param seconds the handler's run time, seconds
   */
  finished(queue: string, outcome: 'completed' | 'failed', seconds: number): void;
}

/** The statements the service runs on its database (db/statements.ts), as they reach the driver. */
export interface DatabaseRecorder {
  /**
   * One statement ran, for the work running now (lib/work.ts: a route, `dispatch`, a job type…).
   * @param rows the rows it returned to the service
   */
  statement(kind: StatementKind, rows: number): void;
  /** A unit of work ran again after PostgreSQL broke it off (`40P01` deadlock, `40001` serialization failure), for the work running now. */
  retried(code: string): void;
}

/** How a JSON request body ended at the parser (http/body-budget.ts): parsed, or refused unparsed for holding more values than any valid request. */
export interface JsonBodyRecorder {
  body(outcome: 'parsed' | 'over_budget'): void;
}

/** The fold of the message aggregates' change log (analytics/stats-fold.repository.ts). */
export interface AnalyticsRecorder {
  /** One turn of the fold moved `rows` change rows (at least 1) into the aggregates in `seconds`. */
  folded(rows: number, seconds: number): void;
}

/** The audit trail's retention (audit/audit-retention.ts). */
export interface AuditRecorder {
  /** The retention removed `entries` entries past their account's days. */
  removed(entries: number): void;
}

/** What a retention kind removed (privacy/retention/, docs/api.md §D17). */
export type RetentionKind =
  | 'customer_files'
  | 'events'
  | 'platform_payloads'
  | 'platform_webhook_events'
  | 'inactive_contacts';

/** The retention sweep (messages/retention/retention.service.ts, privacy/retention/). */
export interface RetentionRecorder {
  /** The sweep removed (or cut, or handed to erasure) `rows` rows of `kind`. */
  removed(kind: RetentionKind, rows: number): void;
  /** One whole sweep (every kind, every account) took `seconds`. */
  swept(seconds: number): void;
}

/** Every recorder, one per feature. */
export interface Recorders {
  db: DatabaseRecorder;
  http: HttpRecorder;
  jsonBodies: JsonBodyRecorder;
  dispatch: DispatchRecorder;
  platform: PlatformRecorder;
  webhooks: WebhookIntakeRecorder;
  deliveries: DeliveryRecorder;
  jobs: JobRecorder;
  analytics: AnalyticsRecorder;
  audit: AuditRecorder;
  retention: RetentionRecorder;
}
