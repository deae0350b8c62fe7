/**
 * The metrics recorded as things happen (README "Metrics"): HTTP requests, send attempts, platform
 * calls, webhook intake, event deliveries, background jobs, database statements and the analytics fold, as prom-client
 * counters and histograms on the instance's registry, and the typed recorders (`recorders.ts`) that
 * write them. `Metrics` (metrics.ts) builds them once and adds the gauges read at scrape time.
 */
import { Counter, Histogram, type Registry } from 'prom-client';
import { currentWork } from '../lib/work.js';
import type {
  DeliveryAttemptOutcome,
  DispatchOutcome,
  LaneLabels,
  PlatformOperation,
  Recorders,
  WebhookIntakeOutcome,
} from './recorders.js';

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const PLATFORM_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Event deliveries are retried for three days (delivery.service.ts): buckets up to 3 d. */
const LAG_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 3600, 6 * 3600, 24 * 3600, 72 * 3600];
/** The platform batches up to 1,000 updates per POST (docs/platform.md §4.3). */
const BATCH_BUCKETS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 5000];
const JOB_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
/** A fold turn takes tens of milliseconds (FOLD_LIMIT rows at most); seconds means it fell behind. */
const FOLD_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A sweep with nothing due takes milliseconds; a backlog, units of 300 rows, minutes. */
const RETENTION_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900, 3600];

/** Registers the counters and histograms on `registers`; @returns the recorders that write them. */
export function eventRecorders(registers: Registry[]): Recorders {
  const httpRequests = new Counter({
    name: 'tidings_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status.',
    labelNames: ['route', 'method', 'status'],
    registers,
  });
  const httpDuration = new Histogram({
    name: 'tidings_http_request_duration_seconds',
    help: "Time from a request's arrival to its answer, seconds.",
    labelNames: ['route', 'method'],
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const jsonBodies = new Counter({
    name: 'tidings_json_bodies_total',
    help: 'JSON request bodies by outcome: parsed, or over_budget (more values than any valid request: refused unparsed).',
    labelNames: ['outcome'],
    registers,
  });
  const dispatch = new Counter({
    name: 'tidings_dispatch_outcomes_total',
    help: 'Outcomes of send attempts by business number and mode: sent, failed, retried, expired, reslotted.',
    labelNames: ['phone_number_id', 'mode', 'outcome'],
    registers,
  });
  const routed = new Counter({
    name: 'tidings_routed_sends_total',
    help: 'Routed sends ("route": "auto") that went out, by business number, mode and how: free_form, direct_send or template (the fallback).',
    labelNames: ['phone_number_id', 'mode', 'delivered_as'],
    registers,
  });
  const platformCalls = new Counter({
    name: 'tidings_platform_calls_total',
    help: 'Calls to the platform (Graph API) by operation, outcome and Graph error code (none: no code, e.g. a timeout).',
    labelNames: ['operation', 'outcome', 'code'],
    registers,
  });
  const platformDuration = new Histogram({
    name: 'tidings_platform_call_duration_seconds',
    help: 'Duration of calls to the platform, seconds.',
    labelNames: ['operation', 'outcome'],
    buckets: PLATFORM_BUCKETS,
    registers,
  });
  const intake = new Counter({
    name: 'tidings_webhook_intake_requests_total',
    help: 'Platform webhook POSTs by outcome: accepted, signature_refused, tenant_refused, invalid, error.',
    labelNames: ['outcome'],
    registers,
  });
  const batch = new Histogram({
    name: 'tidings_webhook_intake_batch_updates',
    help: 'Updates (statuses, customer messages, template and number changes) per accepted platform webhook.',
    buckets: BATCH_BUCKETS,
    registers,
  });
  const unmatched = new Counter({
    name: 'tidings_webhook_statuses_unmatched_total',
    help: 'Platform statuses that named no message Tidings knows (by wamid or callback data) and no recipient: logged, applied to nothing.',
    registers,
  });
  const attempts = new Counter({
    name: 'tidings_event_delivery_attempts_total',
    help: 'Event delivery attempts to webhook endpoints by outcome: succeeded, rejected (non-2xx), unreachable.',
    labelNames: ['outcome'],
    registers,
  });
  const lag = new Histogram({
    name: 'tidings_event_delivery_lag_seconds',
    help: "Time from an event's creation to its successful delivery, seconds.",
    buckets: LAG_BUCKETS,
    registers,
  });
  const jobs = new Counter({
    name: 'tidings_jobs_total',
    help: 'Background jobs run, by queue and outcome: completed, failed (retried later or dropped).',
    labelNames: ['queue', 'outcome'],
    registers,
  });
  const jobDuration = new Histogram({
    name: 'tidings_job_duration_seconds',
    help: 'Run time of background jobs, seconds.',
    labelNames: ['queue'],
    buckets: JOB_BUCKETS,
    registers,
  });
  const statements = new Counter({
    name: 'tidings_db_statements_total',
    help: 'Database statements run (on PostgreSQL each is a round trip), by the work that ran them (an HTTP route, dispatch, a job type…) and kind (select, insert, update, delete, begin, commit…).',
    labelNames: ['work', 'kind'],
    registers,
  });
  const rows = new Counter({
    name: 'tidings_db_rows_total',
    help: 'Rows database statements returned to the service, by the work that ran them.',
    labelNames: ['work'],
    registers,
  });
  const retries = new Counter({
    name: 'tidings_db_unit_retries_total',
    help: 'Units of work run again after PostgreSQL broke them off to resolve a conflict, by the work that ran them and SQLSTATE (40P01 deadlock, 40001 serialization failure).',
    labelNames: ['work', 'code'],
    registers,
  });
  const foldDuration = new Histogram({
    name: 'tidings_analytics_fold_duration_seconds',
    help: 'Time of one turn of the fold of the analytics change log into the aggregates (turns that moved rows), seconds.',
    buckets: FOLD_BUCKETS,
    registers,
  });
  const foldedRows = new Counter({
    name: 'tidings_analytics_folded_rows_total',
    help: 'Change rows the fold moved into the analytics aggregates.',
    registers,
  });
  const auditRemoved = new Counter({
    name: 'tidings_audit_entries_removed_total',
    help: "Audit trail entries the retention removed past their account's days (the chain's anchor moves past them).",
    registers,
  });
  const retentionRemoved = new Counter({
    name: 'tidings_retention_removed_total',
    help: "Rows the retention sweep removed past their account's days, by kind (`customer_files`, `events` with their deliveries, `platform_payloads` cut, `platform_webhook_events`, `inactive_contacts` handed to erasure).",
    labelNames: ['kind'],
    registers,
  });
  const retentionDuration = new Histogram({
    name: 'tidings_retention_sweep_duration_seconds',
    help: 'Time of one whole retention sweep (every kind of every account), seconds.',
    buckets: RETENTION_BUCKETS,
    registers,
  });
  // One child per (work, kind), found without building a label object per statement.
  const counters = new Map<string, { statements: { inc(n?: number): void }; rows: { inc(n?: number): void } }>();

  const lane = (l: LaneLabels) => ({ phone_number_id: l.phoneNumberId, mode: l.mode });
  return {
    db: {
      statement(kind, returned) {
        const work = currentWork();
        const key = `${work}\u0000${kind}`;
        let c = counters.get(key);
        if (!c) counters.set(key, (c = { statements: statements.labels({ work, kind }), rows: rows.labels({ work }) }));
        c.statements.inc();
        if (returned > 0) c.rows.inc(returned);
      },
      retried: (code) => retries.inc({ work: currentWork(), code }),
    },
    http: {
      request: (route, method, status, seconds) => (
        httpRequests.inc({ route, method, status: String(status) }), httpDuration.observe({ route, method }, seconds)
      ),
    },
    jsonBodies: { body: (outcome) => jsonBodies.inc({ outcome }) },
    dispatch: {
      outcome: (l, outcome: DispatchOutcome, count = 1) => dispatch.inc({ ...lane(l), outcome }, count),
      routed: (l, deliveredAs) => routed.inc({ ...lane(l), delivered_as: deliveredAs }),
    },
    platform: {
      call: (operation: PlatformOperation, outcome, code, seconds) => (
        platformCalls.inc({ operation, outcome, code }), platformDuration.observe({ operation, outcome }, seconds)
      ),
    },
    webhooks: {
      received: (outcome: WebhookIntakeOutcome) => intake.inc({ outcome }),
      batch: (updates) => batch.observe(updates),
      unmatchedStatuses: (count) => unmatched.inc(count),
    },
    deliveries: {
      attempt: (outcome: DeliveryAttemptOutcome) => attempts.inc({ outcome }),
      delivered: (seconds) => lag.observe(Math.max(0, seconds)),
    },
    jobs: {
      finished: (queue, outcome, seconds) => (jobs.inc({ queue, outcome }), jobDuration.observe({ queue }, seconds)),
    },
    analytics: { folded: (n, seconds) => (foldedRows.inc(n), foldDuration.observe(seconds)) },
    audit: { removed: (n) => auditRemoved.inc(n) },
    retention: {
      removed: (kind, n) => retentionRemoved.inc({ kind }, n),
      swept: (seconds) => retentionDuration.observe(seconds),
    },
  };
}
