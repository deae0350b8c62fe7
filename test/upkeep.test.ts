/**
 * Table upkeep on PostgreSQL (db/upkeep.ts): a table full of dead row versions is vacuumed, and a
 * table whose statistics are stale is analyzed, wherever autovacuum does not (it is off on the
 * machines the tests run on); a table that needs neither is left alone. On SQLite it does nothing.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { loadConfig } from '../src/config.js';
import { connectDatabase } from '../src/db/connect.js';
import type { Store } from '../src/db/store.js';
import { tableUpkeep } from '../src/db/upkeep.js';
import { DIALECT, freshDatabase } from './database.js';
import { eventually } from './helpers.js';

describe(`table upkeep (${DIALECT})`, () => {
  let store: Store;
  let drop: () => Promise<void>;
  let dir: string;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'upkeep-'));
    const fresh = await freshDatabase();
    drop = fresh.drop;
    store = await connectDatabase(loadConfig({ DATA_DIR: dir, ...fresh.env }).database);
  });
  after(async () => {
    await store.close();
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('does nothing on SQLite', { skip: DIALECT !== 'sqlite' }, async () => {
    assert.deepEqual(await tableUpkeep(store), { analyzed: [], vacuumed: [] });
  });

  it('vacuums and analyzes a table that took 12,000 rows in and out, then leaves it alone', {
    skip: DIALECT !== 'postgres',
  }, async () => {
    const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(store.read)).rows[0]!.s;
    const jobs = async () =>
      (
        await sql<{ dead: number; vacuumed: Date | null }>`
          select n_dead_tup as dead, last_vacuum as vacuumed from pg_stat_user_tables where schemaname = ${schema} and relname = 'jobs'`.execute(
          store.read,
        )
      ).rows[0]!;
    const xid = await store.write(async (tx) => {
      await sql`insert into jobs (id, type, payload, run_at, created_at)
        select 'job_' || g, 't', '{}', '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z' from generate_series(1, 12000) g`.execute(
        tx,
      );
      await sql`delete from jobs`.execute(tx);
      // A backend reports its counts when idle, at most once a second: this one reports at commit.
      await sql`select pg_stat_force_next_flush()`.execute(tx);
      return (await sql<{ x: string }>`select xid(pg_current_xact_id())::text as x`.execute(tx)).rows[0]!.x;
    });
    for (let i = 0; i < 100 && (await jobs()).dead < 12_000; i++) await new Promise((r) => setTimeout(r, 50));
    assert.equal((await jobs()).dead, 12_000);
    // A vacuum removes the deleted rows only once no transaction of the database still sees them:
    // other tests share the server, and one of theirs begun before the delete (or a snapshot taken
    // before it) would leave them all in place. Wait until every other session is past the delete.
    await eventually(async () => {
      const { rows } = await sql<{ n: number }>`
        select count(*)::int as n from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and ((backend_xmin is not null and age(backend_xmin) >= age(${xid}::xid)) or (backend_xid is not null and age(backend_xid) >= age(${xid}::xid)))`.execute(
        store.read,
      );
      return rows[0]!.n === 0;
    }, 60_000);

    const done = await tableUpkeep(store);
    assert.ok(done.vacuumed.includes(`${schema}.jobs`), `vacuumed: ${done.vacuumed.join(', ')}`);
    assert.ok(done.analyzed.includes(`${schema}.jobs`), `analyzed: ${done.analyzed.join(', ')}`);
    const after = await jobs();
    assert.equal(after.dead, 0);
    assert.notEqual(after.vacuumed, null);

    const again = await tableUpkeep(store);
    assert.ok(
      !again.vacuumed.includes(`${schema}.jobs`) && !again.analyzed.includes(`${schema}.jobs`),
      JSON.stringify(again),
    );
  });
});
