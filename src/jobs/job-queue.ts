/**
 * Durable background jobs: test-mode progression, template resubmission, event deliveries.
 *
 * A job is stored in the same transaction as the change that causes it (`enqueue(trx, …)`), so it
 * exists exactly when its cause committed, and survives a restart. Two implementations behind one
 * interface, picked in the composition root:
 * - PostgreSQL (several service processes): pg-boss (`pg-boss-queue.ts`), whose workers claim jobs
 *   with `FOR UPDATE SKIP LOCKED`, so every job runs in one process at a time.
 * - SQLite (one machine): `SqlJobQueue` below, a table in the service's own database.
 *
 * Handlers run at least once: a process that dies mid-job leaves it to be run again (after its
 * lease or expiry), so every handler is idempotent.
 */
import type { Logger } from 'pino';
import type { Db } from '../db/connect.js';
import type { Clock } from '../lib/clock.js';
import { iso } from '../lib/clock.js';
import { newId } from '../lib/ids.js';

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
}

export interface JobQueue {
  /** Stores jobs in `db`, which may be a transaction: they commit or roll back with their cause. */
  enqueue(db: Db, jobs: JobInput[]): Promise<void>;
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
  /** Releases connections; after `stop`. */
  close(): Promise<void>;
}

export interface SqlJobQueueOptions {
  db: Db;
  clock: Clock;
  logger: Logger;
  pollMs: number;
  /** How long a claimed job is reserved for its runner, ms; longer than any handler runs. */
  leaseMs?: number;
}

interface Registered {
  handler: JobHandler;
  concurrency: number;
  retryLimit: number;
  running: number;
}

/**
 * The job queue of the SQLite mode: a `jobs` table. A job is claimed with a lease by one conditional
 * UPDATE, so even two processes on one database file never run it twice; a job whose process died
 * is taken again when its lease runs out. A failing job is retried after 2^n s (at most an hour).
 */
export class SqlJobQueue implements JobQueue {
  readonly #types = new Map<string, Registered>();
  readonly #o: Required<SqlJobQueueOptions>;
  readonly #inFlight = new Set<Promise<void>>();
  #timer: NodeJS.Timeout | null = null;
  #polling = false;
  #again = false;
  #stopped = true;

  constructor(options: SqlJobQueueOptions) {
    this.#o = { leaseMs: 60_000, ...options };
  }

  async enqueue(db: Db, jobs: JobInput[]): Promise<void> {
    if (jobs.length === 0) return;
    const now = iso(this.#o.clock.now());
    await db
      .insertInto('jobs')
      .values(jobs.map((j) => ({ id: newId('job'), type: j.type, payload: JSON.stringify(j.payload), run_at: iso(j.runAt), locked_until: null, last_error: null, created_at: now })))
      .execute();
  }

  register(type: string, handler: JobHandler, options: JobTypeOptions = {}): void {
    this.#types.set(type, { handler, concurrency: options.concurrency ?? 1, retryLimit: options.retryLimit ?? 9, running: 0 });
  }

  async start(): Promise<void> {
    this.#stopped = false;
    this.#schedule(this.#o.pollMs);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    while (this.#polling || this.#inFlight.size > 0) await Promise.race([...this.#inFlight, new Promise((r) => setTimeout(r, 10))]);
  }

  wake(): void {
    if (!this.#stopped) this.#schedule(0);
  }

  async pending(type: string): Promise<number> {
    const row = await this.#o.db.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('n')).where('type', '=', type).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async close(): Promise<void> {}

  #schedule(ms: number): void {
    if (this.#stopped) return;
    if (this.#polling) {
      this.#again = true;
      return;
    }
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#poll(), ms);
    this.#timer.unref();
  }

  async #poll(): Promise<void> {
    this.#polling = true;
    this.#again = false;
    try {
      await this.runDue();
    } catch (err) {
      this.#o.logger.error({ err }, 'job queue poll failed');
    } finally {
      this.#polling = false;
      this.#schedule(this.#again ? 0 : this.#o.pollMs);
    }
  }

  /**
   * Claims every due job there is room for (each type's concurrency) and starts it; returns how
   * many were started. Exposed for tests.
   */
  async runDue(): Promise<number> {
    let started = 0;
    for (const [type, t] of this.#types) {
      while (!this.#stopped && t.running < t.concurrency) {
        const job = await this.#claim(type);
        if (!job) break;
        started++;
        t.running++;
        const run = this.#run(job, t).finally(() => {
          t.running--;
          this.#inFlight.delete(run);
          this.#schedule(0);
        });
        this.#inFlight.add(run);
      }
    }
    return started;
  }

  async #run(job: { id: string; type: string; payload: string; attempts: number }, t: Registered): Promise<void> {
    const { db, clock, logger } = this.#o;
    try {
      await t.handler(JSON.parse(job.payload));
      await db.deleteFrom('jobs').where('id', '=', job.id).execute();
    } catch (err) {
      if (job.attempts > t.retryLimit) {
        logger.error({ err, jobId: job.id, type: job.type }, 'job failed for the last time; dropped');
        await db.deleteFrom('jobs').where('id', '=', job.id).execute();
        return;
      }
      const delay = Math.min(60 * 60 * 1000, 1000 * 2 ** job.attempts);
      logger.warn({ err, jobId: job.id, type: job.type, attempts: job.attempts }, 'job failed; will retry');
      await db.updateTable('jobs').set({ locked_until: null, run_at: iso(clock.now() + delay), last_error: String(err) }).where('id', '=', job.id).execute();
    }
  }

  async #claim(type: string) {
    const { db, clock, leaseMs } = this.#o;
    const now = iso(clock.now());
    const due = await db
      .selectFrom('jobs')
      .select('id')
      .where('type', '=', type)
      .where('run_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .orderBy('run_at')
      .limit(1)
      .executeTakeFirst();
    if (!due) return undefined;
    // The lease condition is repeated in the UPDATE: of two runners racing for this job, the
    // second finds it already leased and updates nothing.
    return db
      .updateTable('jobs')
      .set((eb) => ({ locked_until: iso(clock.now() + leaseMs), attempts: eb('attempts', '+', 1) }))
      .where('id', '=', due.id)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .returningAll()
      .executeTakeFirst();
  }
}
