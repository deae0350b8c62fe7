/**
 * Durable background jobs: test-mode progression, template resubmission, event deliveries.
 *
 * A job is stored in the same transaction as the change that causes it (`enqueue(trx, …)`), so it
 * exists exactly when its cause committed, and survives a restart. Two stores behind one interface,
 * picked in the composition root, share the workers of `PollingJobQueue`:
 * - PostgreSQL (several service processes): pg-boss (`pg-boss-queue.ts`), which hands out jobs
 *   with `FOR UPDATE SKIP LOCKED`, so every job runs in one process at a time.
 * - SQLite (one machine): `SqlJobQueue` (`sql-job-queue.ts`), a table in the service's own database.
 *
 * Handlers run at least once: a process that dies mid-job leaves it to be run again (after its
 * lease or expiry), so every handler is idempotent.
 */
import type { Logger } from 'pino';
import type { Tx } from '../db/store.js';
import { withWork } from '../lib/work.js';
import type { JobRecorder } from '../metrics/recorders.js';

export interface JobInput {
  type: string;
  payload: unknown;
  /** When to run it, ms since the epoch. */
  runAt: number;
}

export type JobHandler = (payload: any) => Promise<void>;

export interface JobTypeOptions {
  /** Jobs of this type run at most this many at a time per process. Default 1. */
  concurrency?: number;
  /** Times a job whose handler throws is run again, with growing delays. Default 9. */
  retryLimit?: number;
  /**
   * How long a claimed job stays reserved for the process running it, ms: longer than its handler
   * can run (the handler keeps its own deadline), or the job is claimed again while it still runs.
   * A job of a process that died waits this long before it runs again. Default: the store's
   * (60 s on SQLite, 120 s on PostgreSQL).
   */
  leaseMs?: number;
  /**
   * Fair shares: jobs whose payloads have the same value at `key` (an `accountId`) run at most
   * `limit` at a time, across every process sharing the database, so one group's slow jobs never
   * hold every slot. Other groups' due jobs run meanwhile, in their order.
   */
  group?: { key: string; limit: number };
}

export interface JobQueue {
  /** Stores jobs in the caller's unit of work: they commit or roll back with their cause. */
  enqueue(tx: Tx, jobs: JobInput[]): Promise<void>;
  /** Registers the handler of a job type; call before `start`. */
  register(type: string, handler: JobHandler, options?: JobTypeOptions): void;
  /** Starts working (polling for due jobs). */
  start(): Promise<void>;
  /** Stops claiming jobs and waits for the running ones to finish. */
  stop(): Promise<void>;
  /** Asks this process's workers of `type` to look for jobs now (call after the commit that stored them). */
  wake(type: string): void;
  /** Jobs of `type` stored and not finished. For tests and operators. */
  pending(type: string): Promise<number>;
  /** Jobs stored and not finished, by type (every registered type, 0 when none), in one query (the metrics scrape). */
  depths(): Promise<Map<string, number>>;
  /**
   * How long the oldest due job of `type` (waiting for a slot, or running) has been due, seconds;
   * 0 when none is due. One query (the metrics scrape).
   */
  oldestDueAge(type: string): Promise<number>;
  /** Releases connections; after `stop`. */
  close(): Promise<void>;
}

/** A job handed to this process to run. */
export interface ClaimedJob {
  id: string;
  type: string;
  payload: unknown;
}

interface Registered extends JobTypeOptions {
  handler: JobHandler;
  concurrency: number;
  retryLimit: number;
  running: number;
}

/**
 * The workers shared by both stores: per job type, up to `concurrency` jobs run at once; when there
 * is room the store is asked for due jobs, at once after a `wake`, after a job ends, or every
 * `pollMs` when idle. Subclasses say how jobs are stored, claimed, completed and failed.
 */
export abstract class PollingJobQueue implements JobQueue {
  readonly #types = new Map<string, Registered>();
  readonly #inFlight = new Set<Promise<void>>();
  readonly #logger: Logger;
  readonly #pollMs: number;
  readonly #metrics: JobRecorder;
  #timer: NodeJS.Timeout | null = null;
  #polling = false;
  /** Types to look at on the next poll, or all of them. */
  readonly #due = new Set<string>();
  #all = false;
  #stopped = true;

  constructor(options: { logger: Logger; pollMs: number; metrics: JobRecorder }) {
    this.#logger = options.logger;
    this.#pollMs = options.pollMs;
    this.#metrics = options.metrics;
  }

  abstract enqueue(tx: Tx, jobs: JobInput[]): Promise<void>;
  abstract pending(type: string): Promise<number>;
  abstract depths(): Promise<Map<string, number>>;
  abstract oldestDueAge(type: string): Promise<number>;
  abstract close(): Promise<void>;
  /** Reserves up to `limit` due jobs of `type` for this process. */
  protected abstract claim(type: string, limit: number): Promise<ClaimedJob[]>;
  /** Records finished jobs of one type (batched: every job that ended in the same turn of the event loop). */
  protected abstract complete(type: string, ids: string[]): Promise<void>;
  /** Records a failed run: the job runs again later, or (after `retryLimit` retries) is dropped. */
  protected abstract fail(job: ClaimedJob, err: unknown, retryLimit: number): Promise<void>;

  register(type: string, handler: JobHandler, options: JobTypeOptions = {}): void {
    this.#types.set(type, {
      ...options,
      handler,
      concurrency: options.concurrency ?? 1,
      retryLimit: options.retryLimit ?? 9,
      running: 0,
    });
  }

  protected typeOptions(type: string): JobTypeOptions | undefined {
    const t = this.#types.get(type);
    return (
      t && {
        concurrency: t.concurrency,
        retryLimit: t.retryLimit,
        ...(t.leaseMs !== undefined ? { leaseMs: t.leaseMs } : {}),
        ...(t.group ? { group: t.group } : {}),
      }
    );
  }

  protected get types(): string[] {
    return [...this.#types.keys()];
  }

  async start(): Promise<void> {
    this.#stopped = false;
    this.#schedule(0, null);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    while (this.#polling || this.#inFlight.size > 0)
      await Promise.race([...this.#inFlight, new Promise((r) => setTimeout(r, 10))]);
  }

  wake(type: string): void {
    if (!this.#stopped) this.#schedule(0, type);
  }

  /**
   * Polls after `ms`: for `type` only (a wake, or a job of that type ended), or for every type
   * (`null`: the idle poll).
   */
  #schedule(ms: number, type: string | null): void {
    if (this.#stopped) return;
    if (type !== null) this.#due.add(type);
    if (this.#polling) return; // #poll looks again when it ends
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      if (type === null) this.#all = true;
      void this.#poll();
    }, ms);
    this.#timer.unref();
  }

  async #poll(): Promise<void> {
    this.#polling = true;
    try {
      while (!this.#stopped && (this.#all || this.#due.size > 0)) {
        const types = this.#all ? [...this.#types.keys()] : [...this.#due];
        this.#all = false;
        this.#due.clear();
        await this.runDue(types);
      }
    } catch (err) {
      this.#logger.error({ err }, 'job queue poll failed');
    } finally {
      this.#polling = false;
      this.#schedule(this.#pollMs, null);
    }
  }

  /** Claims every due job of `types` there is room for and starts it; returns how many were started. */
  async runDue(types: string[] = [...this.#types.keys()]): Promise<number> {
    let started = 0;
    for (const type of types) {
      const t = this.#types.get(type);
      if (!t) continue;
      while (!this.#stopped && t.running < t.concurrency) {
        const jobs = await withWork(`job:${type}`, () => this.claim(type, t.concurrency - t.running));
        if (jobs.length === 0) break;
        for (const job of jobs) {
          started++;
          t.running++;
          const run = withWork(`job:${type}`, () => this.#run(job, t)).finally(() => {
            t.running--;
            this.#inFlight.delete(run);
            this.#schedule(0, type);
          });
          this.#inFlight.add(run);
        }
      }
    }
    return started;
  }

  async #run(job: ClaimedJob, t: Registered): Promise<void> {
    const start = performance.now();
    try {
      await t.handler(job.payload);
      this.#metrics.finished(job.type, 'completed', (performance.now() - start) / 1000);
    } catch (err) {
      this.#metrics.finished(job.type, 'failed', (performance.now() - start) / 1000);
      this.#logger.warn({ err, jobId: job.id, type: job.type }, 'job failed');
      await this.fail(job, err, t.retryLimit).catch((e) =>
        this.#logger.error({ err: e, jobId: job.id }, 'could not record a job failure'),
      );
      return;
    }
    await this.#completeBatched(job).catch((err) =>
      this.#logger.error({ err, jobId: job.id }, 'could not record a finished job; it may run again'),
    );
  }

  readonly #finished = new Map<string, { ids: string[]; done: Promise<void> }>();

  /** One `complete` for every job of a type that ends in this turn of the event loop. */
  #completeBatched(job: ClaimedJob): Promise<void> {
    let batch = this.#finished.get(job.type);
    if (!batch) {
      const ids: string[] = [];
      const done = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        this.#finished.delete(job.type);
        return this.complete(job.type, ids);
      });
      batch = { ids, done };
      this.#finished.set(job.type, batch);
    }
    batch.ids.push(job.id);
    return batch.done;
  }
}
