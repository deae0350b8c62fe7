/**
 * The job queue on PostgreSQL: pg-boss (https://github.com/timgit/pg-boss), so several service
 * processes share the work without running a job twice (its workers claim jobs with
 * `FOR UPDATE SKIP LOCKED`) and a job of a process that died is run again once it expires.
 *
 * Jobs are inserted through the caller's Kysely transaction (pg-boss's `db` option), so a job
 * commits or rolls back with the change that caused it. pg-boss keeps its tables in its own schema,
 * named after the service's: `<current_schema>_pgboss` (`public_pgboss` by default).
 */
import { CompiledQuery, sql } from 'kysely';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Db } from '../db/connect.js';
import type { Clock } from '../lib/clock.js';
import type { JobHandler, JobInput, JobQueue, JobTypeOptions } from './job-queue.js';

export interface PgBossJobQueueOptions {
  db: Db;
  /** The service's PostgreSQL URL (pg-boss opens its own small pool on it). */
  connectionString: string;
  logger: Logger;
  /** The service's clock: `runAt` is on it, while pg-boss compares with the database's time. */
  clock: Clock;
  /** How often idle workers look for due jobs, ms (pg-boss's minimum is 500). */
  pollMs: number;
  /** A job still running after this long is taken to have died with its process, s. */
  expireInSeconds?: number;
}

interface Registered {
  handler: JobHandler;
  options: JobTypeOptions;
  workerIds: string[];
}

/** pg-boss queue names allow letters, digits, `-`, `_`, `.` and `/`: job types are used as they are. */
export class PgBossJobQueue implements JobQueue {
  readonly #o: PgBossJobQueueOptions;
  readonly #types = new Map<string, Registered>();
  #boss: PgBoss | null = null;
  #schema = '';
  #running = 0;

  constructor(options: PgBossJobQueueOptions) {
    this.#o = options;
  }

  /** Installs (or migrates) pg-boss's schema and creates a queue per registered type. Call once, before `enqueue`. */
  async prepare(): Promise<void> {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(this.#o.db);
    this.#schema = `${rows[0]!.schema}_pgboss`;
    const boss = new PgBoss({
      connectionString: this.#o.connectionString,
      schema: this.#schema,
      max: 4,
      application_name: 'tidings-jobs',
      schedule: false,
      supervise: true,
      // Finished jobs are kept a day for inspection, then removed.
      archiveCompletedAfterSeconds: 60 * 60,
      deleteAfterDays: 1,
    });
    boss.on('error', (err) => this.#o.logger.error({ err }, 'job queue (pg-boss) error'));
    await boss.start();
    for (const type of this.#types.keys()) {
      if (!(await boss.getQueue(type))) {
        try {
          await boss.createQueue(type);
        } catch (err) {
          // Another process created it at the same moment.
          if (!(await boss.getQueue(type))) throw err;
        }
      }
    }
    this.#boss = boss;
  }

  get schema(): string {
    return this.#schema;
  }

  async enqueue(db: Db, jobs: JobInput[]): Promise<void> {
    if (jobs.length === 0) return;
    const expireInSeconds = this.#o.expireInSeconds ?? 120;
    // pg-boss starts a job when the database's clock passes `startAfter`: pass the delay the
    // service's clock asks for, measured from real time.
    const offset = Date.now() - this.#o.clock.now();
    await this.#required().insert(
      jobs.map((j) => {
        const retryLimit = this.#types.get(j.type)?.options.retryLimit ?? 9;
        return { name: j.type, data: j.payload as object, startAfter: new Date(j.runAt + offset), retryLimit, retryDelay: 1, retryBackoff: true, expireInSeconds };
      }),
      { db: { executeSql: (text, values) => db.executeQuery(CompiledQuery.raw(text, values)) as Promise<{ rows: any[] }> } },
    );
  }

  register(type: string, handler: JobHandler, options: JobTypeOptions = {}): void {
    this.#types.set(type, { handler, options, workerIds: [] });
  }

  async start(): Promise<void> {
    const boss = this.#required();
    for (const [type, t] of this.#types) {
      // pg-boss v10 runs one batch per worker at a time: `concurrency` workers of one job each,
      // so one slow job never holds back the others.
      for (let i = 0; i < (t.options.concurrency ?? 1); i++) {
        const id = await boss.work<object>(type, { batchSize: 1, pollingIntervalSeconds: Math.max(0.5, this.#o.pollMs / 1000) }, async ([job]) => {
          this.#running++;
          try {
            await t.handler(job!.data);
          } finally {
            this.#running--;
          }
        });
        t.workerIds.push(id);
      }
    }
  }

  async stop(): Promise<void> {
    const boss = this.#boss;
    if (!boss) return;
    for (const [type, t] of this.#types) {
      if (t.workerIds.length > 0) await boss.offWork(type);
      t.workerIds = [];
    }
    // offWork asks the workers to stop; wait until no handler is running.
    while (this.#running > 0) await new Promise((r) => setTimeout(r, 10));
  }

  wake(type: string): void {
    const t = this.#types.get(type);
    for (const id of t?.workerIds ?? []) this.#boss?.notifyWorker(id);
  }

  async pending(type: string): Promise<number> {
    const { rows } = await sql<{ n: string }>`select count(*) as n from ${sql.table(`${this.#schema}.job`)} where name = ${type} and state < 'completed'`.execute(this.#o.db);
    return Number(rows[0]!.n);
  }

  async close(): Promise<void> {
    await this.#boss?.stop({ graceful: true, close: true, wait: true, timeout: 10_000 });
    this.#boss = null;
  }

  #required(): PgBoss {
    if (!this.#boss) throw new Error('PgBossJobQueue.prepare() was not called');
    return this.#boss;
  }
}
