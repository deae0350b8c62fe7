/**
 * The job queue of the SQLite mode: a `jobs` table in the service's own database. Jobs are claimed
 * with a lease by one UPDATE, so even two processes on one database file never run one twice; a
 * job whose process died is taken again when its lease runs out (a job type may have a longer lease
 * than the queue's). A type with fair shares (`group`) claims past the groups at their limit. A
 * failing job is retried after 2^n s (at most an hour).
 */
import { sql, type ExpressionBuilder } from 'kysely';
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
  /** How long a claimed job is reserved for its runner, ms, unless its type says otherwise (`JobTypeOptions.leaseMs`). */
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
      .values(
        jobs.map((j) => ({
          id: newId('job'),
          type: j.type,
          payload: JSON.stringify(j.payload),
          run_at: iso(j.runAt),
          locked_until: null,
          last_error: null,
          created_at: now,
        })),
      )
      .execute();
  }

  async pending(type: string): Promise<number> {
    const row = await this.#o.store.read
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('type', '=', type)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async depths(): Promise<Map<string, number>> {
    const rows = await this.#o.store.read
      .selectFrom('jobs')
      .select((eb) => ['type', eb.fn.countAll<number>().as('n')])
      .groupBy('type')
      .execute();
    return new Map([
      ...this.types.map((t): [string, number] => [t, 0]),
      ...rows.map((r): [string, number] => [r.type, Number(r.n)]),
    ]);
  }

  async oldestDueAge(type: string): Promise<number> {
    const now = this.#o.clock.now();
    const row = await this.#o.store.read
      .selectFrom('jobs')
      .select((eb) => eb.fn.min('run_at').as('due'))
      .where('type', '=', type)
      .where('run_at', '<=', iso(now))
      .executeTakeFirst();
    return row?.due ? Math.max(0, (now - Date.parse(row.due)) / 1000) : 0;
  }

  async close(): Promise<void> {}

  /**
   * Up to `limit` due jobs in one unit of work (one commit): the lease condition is part of the
   * UPDATE, which SQLite runs under its write lock, so two runners never claim one job. For a type
   * with fair shares, jobs of a group already running its `limit` (leased: running, or of a process
   * that died) are passed over, and a batch takes no more of a group than it has room for.
   */
  protected async claim(type: string, limit: number): Promise<ClaimedJob[]> {
    const { clock } = this.#o;
    const options = this.typeOptions(type);
    const leaseMs = options?.leaseMs ?? this.#o.leaseMs;
    const group = options?.group;
    const rows = await this.#o.store.write(async (tx) => {
      const now = iso(clock.now());
      const unleased = (eb: ExpressionBuilder<Database, 'jobs'>) =>
        eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]);
      const lease = (eb: ExpressionBuilder<Database, 'jobs'>) => ({
        locked_until: iso(clock.now() + leaseMs),
        attempts: eb('attempts', '+', 1),
      });
      if (!group) {
        // One statement: the hot path (event deliveries).
        return tx
          .updateTable('jobs')
          .set(lease)
          .where('id', 'in', (eb) =>
            eb
              .selectFrom('jobs')
              .select('id')
              .where('type', '=', type)
              .where('run_at', '<=', now)
              .where(unleased)
              .orderBy('run_at')
              .limit(limit),
          )
          .where(unleased)
          .returningAll()
          .execute();
      }
      // Fair shares: groups at their limit (leased jobs: running, or of a process that died) are passed over.
      const key = sql<string | null>`json_extract(payload, ${`$.${group.key}`})`;
      const running = await tx
        .selectFrom('jobs')
        .select([key.as('g'), (eb) => eb.fn.countAll<number>().as('n')])
        .where('type', '=', type)
        .where('locked_until', '>=', now)
        .groupBy(key)
        .execute();
      const room = new Map(running.map((r) => [r.g, group.limit - Number(r.n)]));
      // A job without the key belongs to no group.
      const full = [...room].filter(([g, left]) => g !== null && left <= 0).map(([g]) => g);
      const due = tx
        .selectFrom('jobs')
        .where('type', '=', type)
        .where('run_at', '<=', now)
        .where(unleased)
        .orderBy('run_at')
        .limit(limit);
      const candidates = await (full.length > 0 ? due.where(key, 'not in', full) : due)
        .select(['id', key.as('g')])
        .execute();
      const ids: string[] = [];
      for (const c of candidates) {
        const left = c.g === null ? 1 : (room.get(c.g) ?? group.limit);
        if (left <= 0) continue;
        if (c.g !== null) room.set(c.g, left - 1);
        ids.push(c.id);
      }
      if (ids.length === 0) return [];
      return tx.updateTable('jobs').set(lease).where('id', 'in', ids).where(unleased).returningAll().execute();
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
      trx
        .updateTable('jobs')
        .set({ locked_until: null, run_at: iso(this.#o.clock.now() + delay), last_error: String(err) })
        .where('id', '=', job.id)
        .execute(),
    );
  }
}
