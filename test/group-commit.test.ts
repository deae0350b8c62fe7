/** Group commit (db/group-commit.ts): shared commits, isolated failures, durable before resolving. */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../src/config.js';
import { connectDatabase, type ConnectedDatabase } from '../src/db/connect.js';
import { GroupCommit } from '../src/db/group-commit.js';
import { DIALECT, freshDatabase } from './harness.js';

describe(`group commit (${DIALECT})`, () => {
  let database: ConnectedDatabase;
  let drop: () => Promise<void>;
  let dir: string;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gc-'));
    const fresh = await freshDatabase();
    drop = fresh.drop;
    database = await connectDatabase(loadConfig({ DATA_DIR: dir, ...fresh.env }).database);
  });
  after(async () => {
    await database.close();
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const job = (id: string) => ({ id, type: 't', payload: '{}', run_at: '2026-01-01T00:00:00.000Z', locked_until: null, last_error: null, created_at: '2026-01-01T00:00:00.000Z' });
  const ids = async () => (await database.db.selectFrom('jobs').select('id').orderBy('id').execute()).map((r) => r.id);

  it('commits concurrent units, each resolving with its own result once stored', async () => {
    const writes = new GroupCommit(database.db, database.dialect === 'sqlite');
    const results = await Promise.all(
      ['a1', 'a2', 'a3'].map((id) =>
        writes.run(async (trx) => {
          await trx.insertInto('jobs').values(job(id)).execute();
          return id.toUpperCase();
        }),
      ),
    );
    assert.deepEqual(results, ['A1', 'A2', 'A3']);
    assert.deepEqual(await ids(), ['a1', 'a2', 'a3']);
  });

  it('fails only the unit that throws; the others of its group still commit', async () => {
    const writes = new GroupCommit(database.db, database.dialect === 'sqlite');
    const outcomes = await Promise.allSettled([
      writes.run((trx) => trx.insertInto('jobs').values(job('b1')).execute()),
      writes.run(async (trx) => {
        await trx.insertInto('jobs').values(job('b-bad')).execute();
        throw new Error('unit failed after writing');
      }),
      writes.run((trx) => trx.insertInto('jobs').values(job('b3')).execute()),
    ]);
    assert.deepEqual(outcomes.map((o) => o.status), ['fulfilled', 'rejected', 'fulfilled']);
    const stored = await ids();
    assert.ok(stored.includes('b1') && stored.includes('b3'));
    assert.ok(!stored.includes('b-bad'), "the failed unit's writes are rolled back");
  });
});
