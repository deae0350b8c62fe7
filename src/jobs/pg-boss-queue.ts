/**
 * The job queue on PostgreSQL: jobs are stored and handed out by pg-boss
 * (https://github.com/timgit/pg-boss), so several service processes share the work without running
 * a job twice (its `fetch` claims jobs with `FOR UPDATE SKIP LOCKED`), a failed job is retried with
 * exponential backoff, and a job of a process that died is retried once it expires.
 *
 * Jobs are inserted through the caller's Kysely transaction (pg-boss's `db` option), so a job
 * commits or rolls back with the change that caused it. pg-boss keeps its tables in its own schema,
 * named after the service's: `<current_schema>_pgboss` (`public_pgboss` by default).
 *
 * A job type's lease (`JobTypeOptions.leaseMs`) is its jobs' `expireInSeconds`, set at insert; its
 * fair shares (`group`) are pg-boss's groups (`group.id` at insert, `groupConcurrency` at fetch),
 * counted in the database across every process.
 *
 * The workers are this project's (`PollingJobQueue`), calling pg-boss's `fetch`, `complete` and
 * `fail`: pg-boss's own `work()` loop sleeps its polling interval (at least 500 ms) after every
 * batch, which capped deliveries at one batch per worker per half second (measured on pg-boss 10).
 */
import { CompiledQuery, sql } from 'kysely';
import { PgBoss } from 'pg-boss';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Store, Tx } from '../db/store.js';
import type { Clock } from '../lib/clock.js';
import type { JobRecorder } from '../metrics/recorders.js';
import { PollingJobQueue, type ClaimedJob, type JobInput } from './job-queue.js';

export interface PgBossJobQueueOptions {
  store: Store;
  /** The service's PostgreSQL URL (pg-boss opens its own small pool on it). */
  connectionString: string;
  logger: Logger;
  /** The service's clock: `runAt` is on it, while pg-boss compares with the database's time. */
  clock: Clock;
  /** How often idle workers look for due jobs, ms. */
  pollMs: number;
  metrics: JobRecorder;
  /** A job still running after this long is taken to have died with its process, s, unless its type's `leaseMs` says otherwise. */
  expireInSeconds?: number;
  /** The `pg.Client` class of pg-boss's pool (db/statements.ts counts its statements with the service's). */
  pgClient?: typeof pg.Client;
}

export class PgBossJobQueue extends PollingJobQueue {
  readonly #o: PgBossJobQueueOptions;
  #boss: PgBoss | null = null;
  #schema = '';

  constructor(options: PgBossJobQueueOptions) {
    super(options);
    this.#o = options;
  }

  /** Installs (or migrates) pg-boss's schema and creates a queue per registered type. Call once, after `register`, before `enqueue`. */
  async prepare(): Promise<void> {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(this.#o.store.read);
    this.#schema = `${rows[0]!.schema}_pgboss`;
    const boss = new PgBoss({
      connectionString: this.#o.connectionString,
      schema: this.#schema,
      max: 8,
      application_name: 'tidings-jobs',
      schedule: false,
      supervise: true,
      // Handed to pg-boss's pg.Pool as it is (pg-boss spreads its options into the pool's).
      ...(this.#o.pgClient ? ({ Client: this.#o.pgClient } as object) : {}),
    });
    boss.on('error', (err) => this.#o.logger.error({ err }, 'job queue (pg-boss) error'));
    await boss.start();
    for (const type of this.types) {
      if (await boss.getQueue(type)) continue;
      try {
        // Finished jobs are removed after a day.
        await boss.createQueue(type, { deleteAfterSeconds: 24 * 60 * 60 });
      } catch (err) {
        // Another process created it at the same moment.
        if (!(await boss.getQueue(type))) throw err;
      }
    }
    this.#boss = boss;
  }

  async enqueue(tx: Tx, jobs: JobInput[]): Promise<void> {
    if (jobs.length === 0) return;
    const defaultExpiry = this.#o.expireInSeconds ?? 120;
    // pg-boss starts a job when the database's clock passes `startAfter`: pass the delay the
    // service's clock asks for, measured from real time.
    const offset = Date.now() - this.#o.clock.now();
    const executeSql = (text: string, values?: unknown[]) =>
      tx.executeQuery(CompiledQuery.raw(text, values)) as Promise<{ rows: any[] }>;
    const byType = new Map<string, JobInput[]>();
    for (const j of jobs) byType.set(j.type, [...(byType.get(j.type) ?? []), j]);
    for (const [type, ofType] of byType) {
      const options = this.typeOptions(type);
      const expireInSeconds = options?.leaseMs !== undefined ? Math.ceil(options.leaseMs / 1000) : defaultExpiry;
      const groupKey = options?.group?.key;
      await this.#required().insert(
        type,
        ofType.map((j) => {
          const group = groupKey !== undefined ? (j.payload as Record<string, unknown>)[groupKey] : undefined;
          return {
            data: j.payload as object,
            startAfter: new Date(j.runAt + offset),
            retryLimit: options?.retryLimit ?? 9,
            retryDelay: 1,
            retryBackoff: true,
            expireInSeconds,
            ...(group !== undefined && group !== null ? { group: { id: String(group) } } : {}),
          };
        }),
        { db: { executeSql } },
      );
    }
  }

  async pending(type: string): Promise<number> {
    const { rows } = await sql<{
      n: string;
    }>`select count(*) as n from ${sql.table(`${this.#schema}.job`)} where name = ${type} and state < 'completed'`.execute(
      this.#o.store.read,
    );
    return Number(rows[0]!.n);
  }

  /** Empty before `prepare` (the admin CLI never prepares the queue). */
  async depths(): Promise<Map<string, number>> {
    if (this.#schema === '') return new Map();
    const { rows } = await sql<{
      name: string;
      n: string;
    }>`select name, count(*) as n from ${sql.table(`${this.#schema}.job`)} where state < 'completed' group by name`.execute(
      this.#o.store.read,
    );
    return new Map([
      ...this.types.map((t): [string, number] => [t, 0]),
      ...rows.map((r): [string, number] => [r.name, Number(r.n)]),
    ]);
  }

  async oldestDueAge(type: string): Promise<number> {
    if (this.#schema === '') return 0;
    const { rows } = await sql<{
      age: string | null;
    }>`select extract(epoch from now() - min(start_after)) as age from ${sql.table(`${this.#schema}.job`)} where name = ${type} and state < 'completed' and start_after <= now()`.execute(
      this.#o.store.read,
    );
    return Math.max(0, Number(rows[0]?.age ?? 0));
  }

  async close(): Promise<void> {
    await this.#boss?.stop({ graceful: true, close: true, timeout: 10_000 });
    this.#boss = null;
  }

  protected async claim(type: string, limit: number): Promise<ClaimedJob[]> {
    const group = this.typeOptions(type)?.group;
    const jobs = await this.#required().fetch<unknown>(type, {
      batchSize: limit,
      ...(group ? { groupConcurrency: group.limit } : {}),
    });
    return jobs.map((j) => ({ id: j.id, type, payload: j.data }));
  }

  protected async complete(type: string, ids: string[]): Promise<void> {
    await this.#required().complete(type, ids);
  }

  /** pg-boss retries it (up to the retryLimit given at insert, with backoff) or marks it failed. */
  protected async fail(job: ClaimedJob, err: unknown): Promise<void> {
    await this.#required().fail(job.type, job.id, { message: String(err) });
  }

  #required(): PgBoss {
    if (!this.#boss)
      throw new Error(
        'PgBossJobQueue.prepare() was not called (the admin CLI builds the service without its job queue)',
      );
    return this.#boss;
  }
}
