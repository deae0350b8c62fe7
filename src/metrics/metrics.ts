/**
 * The service's Prometheus metrics (issue 14, item 2), on one prom-client registry per service
 * instance (never the global one: tests build several services in one process). It is the only
 * file that imports prom-client besides `event-metrics.ts`; features see the narrow recorders of
 * `recorders.ts`.
 *
 * Counters and histograms are recorded as things happen (`event-metrics.ts` builds them and the
 * recorders that write them). The gauges that describe state (each
 * number's send queue, the job queues, the database pool, the oldest pending download of a
 * customer's file, the analytics change log's length) are read at scrape time through
 * prom-client `collect()` callbacks from the `ScrapeSources` the composition root wires in: a few
 * queries per scrape however many numbers there are, never one per number.
 *
 * The README's "Metrics" section lists every name; docs/grafana-dashboard.json is built on them
 * and test/metrics.test.ts checks the dashboard uses no name a scrape lacks.
 */
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';
import type { Logger } from 'pino';
import type { PoolStats } from '../db/store.js';
import { eventRecorders } from './event-metrics.js';
import type { LaneLabels, Recorders } from './recorders.js';

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
  /** Rows in the analytics change log not folded into the aggregates yet. */
  analyticsChangeLog(): Promise<number>;
}

export interface MetricsOptions {
  logger: Logger;
  /** Also collect the Node process's metrics (CPU, memory, event-loop lag, GC): when metrics are served. */
  processMetrics: boolean;
}

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
    // Registered first, so the exposition lists them in the order it always did.
    this.recorders = eventRecorders(registers);

    const collectErrors = new Counter({
      name: 'tidings_metrics_collect_errors_total',
      help: 'Gauges left out of a scrape because their source could not be read, by source.',
      labelNames: ['source'],
      registers,
    });
    for (const source of [
      'send_queues',
      'job_queues',
      'database_pool',
      'media_downloads',
      'media_usage',
      'analytics_change_log',
    ])
      collectErrors.inc({ source }, 0);

    const lane = (l: LaneLabels) => ({ phone_number_id: l.phoneNumberId, mode: l.mode });

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
    new Gauge({
      name: 'tidings_analytics_change_log_rows',
      help: 'Rows in the analytics change log not folded into the aggregates yet (the fold runs every second; a growing log means it falls behind).',
      registers,
      async collect() {
        await guarded('analytics_change_log', this, async () => this.set(await metrics.#sources!.analyticsChangeLog()));
      },
    });
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
