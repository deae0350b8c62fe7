// Where the suite's data goes and what it leaves behind: a RAM disk for the test data when there is
// one with room, and the PostgreSQL schemas the harnesses create, dropped before and after a run.
// Used by scripts/test.mjs.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** A temporary directory on a RAM disk with room for the suite, or undefined (the system's). */
export function ramTmpdir() {
  if (process.env.TMPDIR || !fs.existsSync('/dev/shm')) return undefined;
  try {
    const s = fs.statfsSync('/dev/shm');
    if (s.bavail * s.bsize < 2 * 1024 ** 3) return undefined;
    return fs.mkdtempSync(path.join('/dev/shm', 'tidings-test-'));
  } catch {
    return undefined;
  }
}

/** Whether process `pid` is running. */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/**
 * Drops the schemas test harnesses create in the PostgreSQL `test` database (`t<run>_<pid>_…` and
 * their pg-boss `…_pgboss`, test/database.ts) of this run and of runs no longer running (a run by
 * hand: `t_<pid>_…`, by its file's process), one transaction each (one would run out of lock
 * slots). Another run against the same server keeps its own.
 */
export async function dropTestSchemas() {
  const client = new pg.Client({
    connectionString: process.env.TIDINGS_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  });
  try {
    await client.connect();
    const { rows } = await client.query("select nspname from pg_namespace where nspname ~ '^t[0-9]*_[0-9]+_'");
    for (const { nspname } of rows) {
      const [, run, pid] = nspname.match(/^t(\d*)_(\d+)_/);
      const owner = Number(run || pid);
      if (owner === process.pid || !alive(owner)) await client.query(`drop schema if exists "${nspname}" cascade`);
    }
  } catch (err) {
    console.error(`could not drop the test schemas: ${err.message}`);
  } finally {
    await client.end().catch(() => {});
  }
}
