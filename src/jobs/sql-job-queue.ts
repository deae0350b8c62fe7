/**
 * The job queue of the SQLite mode: a `jobs` table in the service's own database. Jobs are claimed
 * with a lease by one UPDATE, so even two processes on one database file never run one twice; a
 * job whose process died is taken again when its lease runs out. A failing job is retried after
 * 2^n s (at most an hour).
 */
import type { ExpressionBuilder } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema.js';
import type { Store, Tx } from '../db/store.js';
import { iso, type Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import type { JobRecorder } from '../metrics/recorders.js';
import { PollingJobQueue, type ClaimedJob, type JobInput } from './job-queue.js';

export interface SqlJobQueueOptions {
  store: Store;
  clock: Clock;
  logger: Logger;
  pollMs: number;
  metrics: JobRecorder;
  /** How long a claimed job is reserved for its runner, ms; longer than any handler runs. */
  leaseMs?: number;
}

export class SqlJobQueue extends PollingJobQueue {
  readonly #o: Required<SqlJobQueueOptions>;
  readonly #attempts = new Map<string, number>();

  constructor(options: SqlJobQueueOptions) {
    super(options);
    this.#o = { leaseMs: 60_000, ...options };
  }

  async enqueue(tx: Tx, jobs: JobInput[]): Promise<void> {
    if (jobs.length === 0) return;
    const now = iso(this.#o.clock.now());
    await tx
      .insertInto('jobs')
      .values(jobs.map((j) => ({ id: newId('job'), type: j.type, payload: JSON.stringify(j.payload), run_at: iso(j.runAt), locked_until: null, last_error: null, created_at: now })))
      .execute();
  }

  async pending(type: string): Promise<number> {
    const row = await this.#o.store.read.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('n')).where('type', '=', type).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async depths(): Promise<Map<string, number>> {
    const rows = await this.#o.store.read.selectFrom('jobs').select((eb) => ['type', eb.fn.countAll<number>().as('n')]).groupBy('type').execute();
    return new Map([...this.types.map((t): [string, number] => [t, 0]), ...rows.map((r): [string, number] => [r.type, Number(r.n)])]);
  }

  async close(): Promise<void> {}

  /**
   * Up to `limit` due jobs in one statement (one commit): the lease condition is part of the
   * UPDATE, which SQLite runs under its write lock, so two runners never claim one job.
   */
  protected async claim(type: string, limit: number): Promise<ClaimedJob[]> {
    const { clock, leaseMs } = this.#o;
    const rows = await this.#o.store.write((tx) => {
      const now = iso(clock.now());
      const unleased = (eb: ExpressionBuilder<Database, 'jobs'>) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]);
      return tx
        .updateTable('jobs')
        .set((eb) => ({ locked_until: iso(clock.now() + leaseMs), attempts: eb('attempts', '+', 1) }))
        .where('id', 'in', (eb) => eb.selectFrom('jobs').select('id').where('type', '=', type).where('run_at', '<=', now).where(unleased).orderBy('run_at').limit(limit))
        .where(unleased)
        .returningAll()
        .execute();
    });
    return rows.map((r) => {
      this.#attempts.set(r.id, r.attempts);
      return { id: r.id, type: r.type, payload: JSON.parse(r.payload) };
    });
  }

  protected async complete(_type: string, ids: string[]): Promise<void> {
    for (const id of ids) this.#attempts.delete(id);
    await this.#o.store.write((trx) => trx.deleteFrom('jobs').where('id', 'in', ids).execute());
  }

  protected async fail(job: ClaimedJob, err: unknown, retryLimit: number): Promise<void> {
    const attempts = this.#attempts.get(job.id) ?? 1;
    this.#attempts.delete(job.id);
    if (attempts > retryLimit) {
      this.#o.logger.error({ err, jobId: job.id, type: job.type }, 'job failed for the last time; dropped');
      await this.#o.store.write((trx) => trx.deleteFrom('jobs').where('id', '=', job.id).execute());
      return;
    }
    const delay = Math.min(60 * 60 * 1000, 1000 * 2 ** attempts);
    await this.#o.store.write((trx) =>
      trx.updateTable('jobs').set({ locked_until: null, run_at: iso(this.#o.clock.now() + delay), last_error: String(err) }).where('id', '=', job.id).execute(),
    );
  }
}
