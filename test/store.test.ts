/**
 * The store (db/store.ts): units of work commit together and resolve once stored, a failing unit
 * fails alone, after-commit callbacks run only after a commit, and the root handle cannot be used
 * inside a unit (a type error for writes, test/types/write-path.ts; an error at once for reads,
 * here, where on SQLite it would otherwise wait forever).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../src/config.js';
import { connectDatabase } from '../src/db/connect.js';
import { RootHandleInUnitError, type Store } from '../src/db/store.js';
import { DIALECT, freshDatabase } from './database.js';

describe(`the store (${DIALECT})`, () => {
  let store: Store;
  let drop: () => Promise<void>;
  let dir: string;
  let env: Record<string, string>;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-'));
    const fresh = await freshDatabase();
    drop = fresh.drop;
    env = fresh.env;
    store = await connectDatabase(loadConfig({ DATA_DIR: dir, ...fresh.env }).database);
  });
  after(async () => {
    await store.close();
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const job = (id: string) => ({
    id,
    type: 't',
    payload: '{}',
    run_at: '2026-01-01T00:00:00.000Z',
    locked_until: null,
    last_error: null,
    created_at: '2026-01-01T00:00:00.000Z',
  });
  const ids = async () => (await store.read.selectFrom('jobs').select('id').orderBy('id').execute()).map((r) => r.id);

  it('commits concurrent units, each resolving with its own result once stored', async () => {
    const results = await Promise.all(
      ['a1', 'a2', 'a3'].map((id) =>
        store.write(async (tx) => {
          await tx.insertInto('jobs').values(job(id)).execute();
          return id.toUpperCase();
        }),
      ),
    );
    assert.deepEqual(results, ['A1', 'A2', 'A3']);
    assert.deepEqual(await ids(), ['a1', 'a2', 'a3']);
  });

  it('fails only the unit that throws; the others of its group still commit', async () => {
    const outcomes = await Promise.allSettled([
      store.write((tx) => tx.insertInto('jobs').values(job('b1')).execute()),
      store.write(async (tx) => {
        await tx.insertInto('jobs').values(job('b-bad')).execute();
        throw new Error('unit failed after writing');
      }),
      store.write((tx) => tx.insertInto('jobs').values(job('b3')).execute()),
    ]);
    assert.deepEqual(
      outcomes.map((o) => o.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    );
    const stored = await ids();
    assert.ok(stored.includes('b1') && stored.includes('b3'));
    assert.ok(!stored.includes('b-bad'), "the failed unit's writes are rolled back");
  });

  it('runs after-commit callbacks once the unit committed, and never for one that rolled back', async () => {
    const seen: string[] = [];
    await store.write(async (tx) => {
      tx.afterCommit(() => seen.push('committed'));
      await tx.insertInto('jobs').values(job('c1')).execute();
      assert.deepEqual(seen, [], 'not before the commit');
    });
    assert.deepEqual(seen, ['committed']);
    await assert.rejects(
      store.write(async (tx) => {
        tx.afterCommit(() => seen.push('rolled back'));
        throw new Error('no');
      }),
    );
    assert.deepEqual(seen, ['committed']);
    await store.writeOne(async (tx) => {
      tx.afterCommit(() => seen.push('one statement'));
      await tx.insertInto('jobs').values(job('c2')).execute();
    });
    assert.deepEqual(seen, ['committed', 'one statement']);
  });

  it('runs a unit again when PostgreSQL breaks off a deadlock, so both units of the cycle commit (PostgreSQL only)', {
    skip: DIALECT !== 'postgres',
  }, async () => {
    const codes: string[] = [];
    const retrying = await connectDatabase(loadConfig({ DATA_DIR: dir, ...env }).database, {
      onRetry: (code) => codes.push(code),
    });
    try {
      await retrying.write((tx) =>
        tx
          .insertInto('jobs')
          .values([job('x1'), job('x2')])
          .execute(),
      );
      // Each unit takes one row, waits until the other has taken its own, then asks for the
      // other's: a cycle, which PostgreSQL breaks by rolling one back (40P01).
      let bothHold!: () => void;
      const held = new Promise<void>((r) => (bothHold = r));
      let holding = 0;
      const crossing = (first: string, second: string) =>
        retrying.write(async (tx) => {
          await tx
            .updateTable('jobs')
            .set({ last_error: `by ${first}` })
            .where('id', '=', first)
            .execute();
          if (++holding === 2) bothHold();
          await held;
          await tx
            .updateTable('jobs')
            .set({ last_error: `by ${first}` })
            .where('id', '=', second)
            .execute();
          return first;
        });
      const committed: string[] = [];
      const results = await Promise.all(
        [crossing('x1', 'x2'), crossing('x2', 'x1')].map((p) => p.then((r) => (committed.push(r), r))),
      );
      assert.deepEqual(results, ['x1', 'x2'], 'both units resolve with their own result');
      assert.deepEqual(codes, ['40P01'], 'the one broken off ran again once');
      const rows = await retrying.read
        .selectFrom('jobs')
        .select(['id', 'last_error'])
        .where('id', 'in', ['x1', 'x2'])
        .execute();
      // The unit that ran again committed last: both rows carry its name.
      assert.deepEqual(new Set(rows.map((r) => r.last_error)), new Set([`by ${committed[1]}`]));
    } finally {
      await retrying.close();
    }
  });

  it('refuses the root handle inside a unit of work at once, instead of waiting for the connection the unit holds', async () => {
    await assert.rejects(
      store.write(async (tx) => {
        await tx.insertInto('jobs').values(job('d1')).execute();
        await store.read.selectFrom('jobs').selectAll().execute();
      }),
      RootHandleInUnitError,
    );
    await assert.rejects(
      store.write(() => store.write(async () => {})),
      /inside a unit of work/,
    );
    assert.ok(!(await ids()).includes('d1'), 'the unit rolled back');
    assert.ok(
      (await store.read.selectFrom('jobs').selectAll().execute()).length > 0,
      'the root handle reads outside units',
    );
  });
});
