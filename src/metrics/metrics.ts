/**
 * The service's Prometheus metrics (issue 14, item 2), on one prom-client registry per service
 * instance (never the global one: tests build several services in one process). It is the only
 * file that imports prom-client; features see the narrow recorders of `recorders.ts`.
 *
 * Counters and histograms are recorded as things happen. The gauges that describe state (each
 * number's send queue, the job queues, the database pool, the oldest pending download of a
 * customer's file) are read at scrape time through
 * prom-client `collect()` callbacks from the `ScrapeSources` the composition root wires in: a few
 * queries per scrape however many numbers there are, never one per number.
 *
 * The README's "Metrics" section lists every name; docs/grafana-dashboard.json is built on them
 * and test/metrics.test.ts checks the dashboard uses no name a scrape lacks.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Logger } from 'pino';
import type { PoolStats } from '../db/store.js';
import { currentWork } from '../lib/work.js';
import type {
  DeliveryAttemptOutcome,
  DispatchOutcome,
  LaneLabels,
  PlatformOperation,
  Recorders,
  WebhookIntakeOutcome,
} from './recorders.js';

/** One send lane's state at scrape time. */
export interface LaneSample {
  phoneNumberId: string;
  mode: 'live' | 'test';
  /** Messages in the queue (waiting, in flight, or waiting for a retry). */
  queued: number;
  /** Age of the oldest queued message, seconds; 0 when the queue is empty. */
  oldestAgeSeconds: number;
  /** The pace the lane sends at now, messages/s (the tier's share, lowered after 130429). */
  pace: number;
}

/** What the gauges read at scrape time; each may reject (its gauges are then left out of that scrape). */
export interface ScrapeSources {
  /** Every business number's live and test lane. */
  lanes(): Promise<LaneSample[]>;
  /** Jobs stored and not finished, by queue (job type). */
  jobDepths(): Promise<Map<string, number>>;
  /** The database connections (SQLite: one connection, `waiting` = units of work queued for it). */
  pool(): PoolStats;
  /** How long the oldest customer file download still to finish (waiting for a slot, or downloading) has been due, seconds; 0 when none. */
  oldestMediaDownload(): Promise<number>;
  /** Files stored, per account, mode and source (a row each, kept with every insert and delete). */
  mediaUsage(): Promise<
    { accountId: string; mode: 'live' | 'test'; source: 'upload' | 'inbound'; files: number; bytes: number }[]
  >;
}

export interface MetricsOptions {
  logger: Logger;
  /** Also collect the Node process's metrics (CPU, memory, event-loop lag, GC): when metrics are served. */
  processMetrics: boolean;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const PLATFORM_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Event deliveries are retried for three days (delivery.service.ts): buckets up to 3 d. */
const LAG_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 1800, 3600, 6 * 3600, 24 * 3600, 72 * 3600];
/** The platform batches up to 1,000 updates per POST (docs/platform.md §4.3). */
const BATCH_BUCKETS = [1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 5000];
const JOB_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

export class Metrics {
  /** The instance's registry: `/metrics` serialises it. */
  readonly registry = new Registry();
  readonly recorders: Recorders;
  readonly #logger: Logger;
  #sources: ScrapeSources | null = null;
  /** One `lanes()` read shared by the three lane gauges of a scrape (their collects start together). */
  #lanes: Promise<LaneSample[]> | null = null;

  constructor(options: MetricsOptions) {
    this.#logger = options.logger;
    const registers = [this.registry];
    const metrics = this;
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });

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
    // One child per (work, kind), found without building a label object per statement.
    const counters = new Map<string, { statements: { inc(n?: number): void }; rows: { inc(n?: number): void } }>();
    const collectErrors = new Counter({
      name: 'tidings_metrics_collect_errors_total',
      help: 'Gauges left out of a scrape because their source could not be read, by source.',
      labelNames: ['source'],
      registers,
    });
    for (const source of ['send_queues', 'job_queues', 'database_pool', 'media_downloads', 'media_usage'])
      collectErrors.inc({ source }, 0);

    const lane = (l: LaneLabels) => ({ phone_number_id: l.phoneNumberId, mode: l.mode });
    this.recorders = {
      db: {
        statement(kind, returned) {
          const work = currentWork();
          const key = `${work}\u0000${kind}`;
          let c = counters.get(key);
          if (!c)
            counters.set(key, (c = { statements: statements.labels({ work, kind }), rows: rows.labels({ work }) }));
          c.statements.inc();
          if (returned > 0) c.rows.inc(returned);
        },
      },
      http: {
        request: (route, method, status, seconds) => (
          httpRequests.inc({ route, method, status: String(status) }), httpDuration.observe({ route, method }, seconds)
        ),
      },
      jsonBodies: { body: (outcome) => jsonBodies.inc({ outcome }) },
      dispatch: { outcome: (l, outcome: DispatchOutcome, count = 1) => dispatch.inc({ ...lane(l), outcome }, count) },
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
    };

    // Read at scrape time. A source that fails leaves its gauges empty for that scrape (reset), so
    // a stale value never looks current; the failure is counted and logged.
    const guarded = async (source: string, gauge: { reset(): void }, read: () => Promise<void> | void) => {
      gauge.reset();
      if (!this.#sources) return;
      try {
        await read();
      } catch (err) {
        collectErrors.inc({ source });
        this.#logger.warn({ err, source }, 'a metrics source could not be read');
      }
    };
    const laneGauge = (name: string, help: string, value: (s: LaneSample) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['phone_number_id', 'mode'],
        registers,
        async collect() {
          await guarded('send_queues', this, async () => {
            for (const s of await metrics.#sampleLanes()) this.set(lane(s), value(s));
          });
        },
      });
    laneGauge('tidings_send_queue_depth', "Messages in a business number's send queue, by mode.", (s) => s.queued);
    laneGauge(
      'tidings_send_queue_oldest_age_seconds',
      "Age of the oldest message in a number's send queue, seconds (0 when empty).",
      (s) => s.oldestAgeSeconds,
    );
    laneGauge(
      'tidings_send_pace_messages_per_second',
      'The pace a number sends at now, messages/s (lowered after a 130429, rising back to the tier).',
      (s) => s.pace,
    );
    new Gauge({
      name: 'tidings_job_queue_depth',
      help: 'Background jobs stored and not finished, by queue.',
      labelNames: ['queue'],
      registers,
      async collect() {
        await guarded('job_queues', this, async () => {
          for (const [queue, n] of await metrics.#sources!.jobDepths()) this.set({ queue }, n);
        });
      },
    });
    new Gauge({
      name: 'tidings_media_download_oldest_pending_seconds',
      help: 'How long the oldest customer file download still to finish (waiting for a slot, or downloading) has been due, seconds (0 when none).',
      registers,
      async collect() {
        await guarded('media_downloads', this, async () => this.set(await metrics.#sources!.oldestMediaDownload()));
      },
    });
    const usage = (name: string, help: string, value: (u: { files: number; bytes: number }) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['account', 'mode', 'source'],
        registers,
        async collect() {
          await guarded('media_usage', this, async () => {
            for (const u of await metrics.#sources!.mediaUsage())
              this.set({ account: u.accountId, mode: u.mode, source: u.source }, value(u));
          });
        },
      });
    usage(
      'tidings_media_stored_bytes',
      "Bytes of files stored, by account, mode and source (upload, or inbound: customers' files).",
      (u) => u.bytes,
    );
    usage('tidings_media_stored_files', 'Files stored, by account, mode and source.', (u) => u.files);
    const pool = (name: string, help: string, value: (p: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers,
        async collect() {
          await guarded('database_pool', this, () => this.set(value(metrics.#sources!.pool())));
        },
      });
    pool('tidings_db_pool_connections', 'Database connections open (SQLite: 1).', (p) => p.total);
    pool('tidings_db_pool_idle_connections', 'Database connections open and idle.', (p) => p.idle);
    pool(
      'tidings_db_pool_waiting_clients',
      'Queries or units of work waiting for a database connection.',
      (p) => p.waiting,
    );
  }

  /** Wires in what the scrape-time gauges read (the composition root, once the services exist). */
  observe(sources: ScrapeSources): void {
    this.#sources = sources;
  }

  /** The exposition: Prometheus text format 0.0.4 and its content type. */
  async scrape(): Promise<{ contentType: string; text: string }> {
    return { contentType: this.registry.contentType, text: await this.registry.metrics() };
  }

  #sampleLanes(): Promise<LaneSample[]> {
    if (!this.#lanes) {
      this.#lanes = this.#sources!.lanes();
      // Shared by the collects of this scrape, which all start in the same turn of the event loop.
      const clear = () => void setImmediate(() => (this.#lanes = null));
      this.#lanes.then(clear, clear);
    }
    return this.#lanes;
  }
}
