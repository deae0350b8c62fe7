/**
 * A durable job queue in the service's own database, so a job is stored in the same transaction as
 * the change that causes it and survives a restart. Several service processes may poll the same
 * table: a job is claimed with a lease by one conditional UPDATE, so only one process runs it; a job
 * whose process died is taken again when its lease runs out.
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

/** Stores jobs; `db` may be a transaction, so the job commits or rolls back with its cause. */
export async function enqueueJobs(db: Db, clock: Clock, jobs: JobInput[]): Promise<void> {
  if (jobs.length === 0) return;
  const now = iso(clock.now());
  await db
    .insertInto('jobs')
    .values(jobs.map((j) => ({ id: newId('job'), type: j.type, payload: JSON.stringify(j.payload), run_at: iso(j.runAt), locked_until: null, last_error: null, created_at: now })))
    .execute();
}

export type JobHandler = (payload: any) => Promise<void>;

export interface JobRunnerOptions {
  db: Db;
  clock: Clock;
  logger: Logger;
  pollMs: number;
  /** How long a claimed job is reserved for its runner, ms. */
  leaseMs?: number;
  /** Attempts before a job is dropped (with an error log). */
  maxAttempts?: number;
}

export class JobRunner {
  readonly #handlers = new Map<string, JobHandler>();
  readonly #o: Required<JobRunnerOptions>;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #stopped = false;

  constructor(options: JobRunnerOptions) {
    this.#o = { leaseMs: 30_000, maxAttempts: 10, ...options };
  }

  register(type: string, handler: JobHandler): void {
    this.#handlers.set(type, handler);
  }

  start(): void {
    this.#stopped = false;
    this.#schedule();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#running;
  }

  #schedule(): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => {
      this.#running = this.runDue()
        .then(() => undefined)
        .catch((err) => this.#o.logger.error({ err }, 'job runner failed'))
        .finally(() => this.#schedule());
    }, this.#o.pollMs);
    this.#timer.unref();
  }

  /** Runs every job that is due now, one at a time. Exposed for tests. */
  async runDue(): Promise<number> {
    let ran = 0;
    for (;;) {
      const job = await this.#claim();
      if (!job) break;
      ran++;
      const handler = this.#handlers.get(job.type);
      try {
        if (!handler) throw new Error(`No handler for job type ${job.type}`);
        await handler(JSON.parse(job.payload));
        await this.#o.db.deleteFrom('jobs').where('id', '=', job.id).execute();
      } catch (err) {
        const attempts = job.attempts;
        if (attempts >= this.#o.maxAttempts) {
          this.#o.logger.error({ err, jobId: job.id, type: job.type }, 'job failed for the last time; dropped');
          await this.#o.db.deleteFrom('jobs').where('id', '=', job.id).execute();
        } else {
          const delay = Math.min(60_000 * 60, 1000 * 2 ** attempts);
          this.#o.logger.warn({ err, jobId: job.id, type: job.type, attempts }, 'job failed; will retry');
          await this.#o.db
            .updateTable('jobs')
            .set({ locked_until: null, run_at: iso(this.#o.clock.now() + delay), last_error: String(err) })
            .where('id', '=', job.id)
            .execute();
        }
      }
      if (this.#stopped) break;
    }
    return ran;
  }

  async #claim() {
    const { db, clock, leaseMs } = this.#o;
    const now = iso(clock.now());
    const due = await db
      .selectFrom('jobs')
      .select('id')
      .where('run_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .orderBy('run_at')
      .limit(1)
      .executeTakeFirst();
    if (!due) return undefined;
    // The lease condition is repeated in the UPDATE: of two processes racing for this job, the
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
