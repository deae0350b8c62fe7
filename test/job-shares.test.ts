/**
 * A job type's lease and fair shares (jobs/job-queue.ts `leaseMs`, `group`), on the queue of each
 * database (SQLite: sql-job-queue.ts; PostgreSQL: pg-boss): what keeps one slow download from being
 * claimed again while it runs, and one account's jobs from holding every slot (issue 23, item 2);
 * and the age of the oldest due job (the metric of the oldest pending download).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import pino from 'pino';
import { loadConfig, type Config } from '../src/config.js';
import { connectDatabase } from '../src/db/connect.js';
import type { Store } from '../src/db/store.js';
import type { JobQueue, JobTypeOptions } from '../src/jobs/job-queue.js';
import { PgBossJobQueue } from '../src/jobs/pg-boss-queue.js';
import { SqlJobQueue } from '../src/jobs/sql-job-queue.js';
import { systemClock } from '../src/lib/clock.js';
import { DIALECT, freshDatabase } from './database.js';
import { eventually } from './helpers.js';

const logger = pino({ level: 'silent' });
const metrics = { finished() {} };

describe(`job types' leases and fair shares (${DIALECT})`, () => {
  let store: Store;
  let config: Config;
  let dir: string;
  const queues: JobQueue[] = [];
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'job-shares-'));
    config = loadConfig({ DATA_DIR: dir, ...(await freshDatabase()).env });
    store = await connectDatabase(config.database);
  });
  after(async () => {
    for (const q of queues) {
      await q.stop();
      await q.close();
    }
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A queue with one registered type; its default lease is short (300 ms on SQLite, 1 s on PostgreSQL). */
  async function queueWith(
    type: string,
    handler: (payload: any) => Promise<void>,
    options: JobTypeOptions,
  ): Promise<JobQueue> {
    const queue =
      config.database.dialect === 'postgres'
        ? new PgBossJobQueue({
            store,
            connectionString: config.database.url,
            logger,
            clock: systemClock,
            pollMs: 20,
            metrics,
            expireInSeconds: 1,
          })
        : new SqlJobQueue({ store, clock: systemClock, logger, pollMs: 20, metrics, leaseMs: 300 });
    queue.register(type, handler, options);
    if (queue instanceof PgBossJobQueue) await queue.prepare();
    queues.push(queue);
    await queue.start();
    return queue;
  }

  const enqueue = (queue: JobQueue, type: string, payloads: object[], runAt = Date.now()) =>
    store
      .write((tx) =>
        queue.enqueue(
          tx,
          payloads.map((payload) => ({ type, payload, runAt })),
        ),
      )
      .then(() => queue.wake(type));

  it("holds a claim for its type's lease: a job running past the queue's default lease is not claimed again by a free slot", async () => {
    let runs = 0;
    let ended = 0;
    const queue = await queueWith(
      'test.slow',
      async () => {
        runs++;
        // Past the queue's default lease: a free slot would claim the job again while it runs.
        await new Promise((r) => setTimeout(r, 1500));
        ended++;
      },
      { concurrency: 2, leaseMs: 30_000 },
    );
    await enqueue(queue, 'test.slow', [{ n: 1 }]);
    await eventually(async () => runs === 1);
    if (DIALECT === 'postgres') {
      // pg-boss expires a job at its own `expire_seconds` (its supervisor looks once a minute).
      const { rows } = await sql<{
        s: number;
      }>`select expire_seconds as s from ${sql.table(`${await pgBossSchema(store)}.job`)} where name = 'test.slow'`.execute(
        store.read,
      );
      assert.deepEqual(
        rows.map((r) => Number(r.s)),
        [30],
      );
    }
    // Once the run ended and the job is done, no claim can come: the runs it had are all it gets.
    await eventually(async () => ended === 1 && (await queue.pending('test.slow')) === 0);
    assert.equal(runs, 1);
  });

  it("runs at most `limit` jobs of one group at a time: another group's job runs while the first's wait", async () => {
    const running: string[] = [];
    const started: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const queue = await queueWith(
      'test.shared',
      async (payload: { accountId: string; n: number }) => {
        started.push(payload.accountId);
        running.push(payload.accountId);
        await released;
        running.splice(running.indexOf(payload.accountId), 1);
      },
      { concurrency: 4, leaseMs: 30_000, group: { key: 'accountId', limit: 2 } },
    );
    await enqueue(
      queue,
      'test.shared',
      [1, 2, 3, 4, 5].map((n) => ({ accountId: 'acct_hog', n })),
      Date.now() - 1000,
    );
    await enqueue(queue, 'test.shared', [{ accountId: 'acct_other', n: 6 }]);
    try {
      await eventually(async () => started.includes('acct_other'));
      assert.equal(running.filter((a) => a === 'acct_hog').length, 2, 'the first group holds two slots of four');
      assert.ok((await queue.oldestDueAge('test.shared')) >= 1, 'the oldest due job has waited a second');
    } finally {
      release();
    }
    await eventually(async () => (await queue.pending('test.shared')) === 0);
    assert.deepEqual([started.filter((a) => a === 'acct_hog').length, await queue.oldestDueAge('test.shared')], [5, 0]);
  });
});

/** pg-boss's schema beside the service's (pg-boss-queue.ts). */
async function pgBossSchema(store: Store): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(store.read);
  return `${rows[0]!.schema}_pgboss`;
}
