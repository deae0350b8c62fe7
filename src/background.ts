/**
 * The service's background work, started by `main.ts` through `Deps.startBackground` (never by the
 * CLI or the tests that do not ask for it).
 */
import type { Logger } from 'pino';
import type { ThroughputTiers } from './accounts/throughput.js';
import { tableUpkeep } from './db/upkeep.js';
import type { Store } from './db/store.js';
import type { EventService } from './events/event.service.js';
import type { MediaDeletion } from './media/media-deletion.js';
import type { RetentionService } from './messages/retention/retention.service.js';
import { purgeExpiredIdempotencyKeys } from './http/idempotency.js';
import type { JobQueue } from './jobs/job-queue.js';
import type { Clock } from './lib/clock.js';
import { withWork } from './lib/work.js';
import type { Dispatcher } from './messages/dispatch/dispatcher.js';
import type { TemplateSync } from './templates/template-sync.js';
import { FOLD_INTERVAL_MS, FOLD_LIMIT, foldStatChanges } from './analytics/stats-fold.js';

/** How often PostgreSQL's planner statistics and dead row versions are checked (db/upkeep.ts), ms. */
const UPKEEP_CHECK_MS = 10_000;

export interface BackgroundOptions {
  store: Store;
  clock: Clock;
  logger: Logger;
  jobs: JobQueue;
  dispatcher: Dispatcher;
  events: EventService;
  tiers: ThroughputTiers;
  retention: RetentionService;
  deletion: MediaDeletion;
  /** The periodic reconciliation of templates with the platform (templates/template-sync.ts). */
  templateSync: Pick<TemplateSync, 'sweep'>;
}

/**
 * The service's background work: the job workers, the dispatcher, the message aggregates' fold
 * every second (analytics/stats-fold.ts), hourly housekeeping (expired
 * idempotency keys and events, tiers not read for a day, each account's retention, stored files no
 * row names, each account's templates reconciled with the platform when due), and on PostgreSQL the planner's statistics and the send queue's dead rows.
 */
export class Background {
  readonly #o: BackgroundOptions;
  #purgeTimer: NodeJS.Timeout | null = null;
  #upkeepTimer: NodeJS.Timeout | null = null;
  #foldTimer: NodeJS.Timeout | null = null;

  constructor(options: BackgroundOptions) {
    this.#o = options;
  }

  async start(): Promise<void> {
    const { store, clock, logger, jobs, dispatcher, events, tiers, retention, deletion, templateSync } = this.#o;
    await jobs.start();
    dispatcher.start();
    const purge = () =>
      withWork('housekeeping', () => {
        purgeExpiredIdempotencyKeys(store, clock).catch((err) => logger.warn({ err }, 'idempotency key purge failed'));
        events.purgeExpired().catch((err) => logger.warn({ err }, 'event purge failed'));
        tiers.refreshStale().catch((err) => logger.warn({ err }, 'tier refresh failed'));
        retention.sweep().catch((err) => logger.warn({ err }, 'retention sweep failed'));
        deletion.sweepOrphans().catch((err) => logger.warn({ err }, 'stored file sweep failed'));
        templateSync.sweep().catch((err) => logger.warn({ err }, 'template reconciliation sweep failed'));
      });
    void purge();
    this.#purgeTimer = setInterval(purge, 60 * 60 * 1000);
    this.#purgeTimer.unref();
    // The message aggregates' change log, folded every second (a full turn goes again at once).
    let folding = false;
    const fold = async (): Promise<void> => {
      if (folding) return;
      folding = true;
      try {
        let n: number;
        do n = await withWork('housekeeping', () => foldStatChanges(store));
        while (n >= FOLD_LIMIT && this.#foldTimer !== null);
      } catch (err) {
        logger.warn({ err }, 'message aggregates fold failed');
      } finally {
        folding = false;
      }
    };
    this.#foldTimer = setInterval(fold, FOLD_INTERVAL_MS);
    this.#foldTimer.unref();
    // PostgreSQL's planner statistics and the queue's dead rows, wherever autovacuum does not keep up (db/upkeep.ts).
    if (store.dialect === 'postgres') {
      const upkeep = () =>
        withWork('housekeeping', () =>
          tableUpkeep(store).then(
            (done) =>
              done.analyzed.length + done.vacuumed.length > 0 && logger.debug(done, 'tables analyzed or vacuumed'),
            (err) => logger.warn({ err }, 'table upkeep failed'),
          ),
        );
      this.#upkeepTimer = setInterval(upkeep, UPKEEP_CHECK_MS);
      this.#upkeepTimer.unref();
    }
  }

  /** Stops housekeeping, then the dispatcher (entries waiting for their slot go back to the queue at once; calls under way finish), then the job workers. */
  async stop(): Promise<void> {
    if (this.#purgeTimer) clearInterval(this.#purgeTimer);
    if (this.#upkeepTimer) clearInterval(this.#upkeepTimer);
    if (this.#foldTimer) clearInterval(this.#foldTimer);
    this.#foldTimer = null;
    await this.#o.dispatcher.stop();
    await this.#o.jobs.stop();
  }
}
