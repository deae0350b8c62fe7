// Runs the whole test suite on SQLite and on PostgreSQL (with Redis), as CI does: both at once,
// each dialect's lines prefixed with its name. `node scripts/test.mjs sqlite` or `… postgres` runs
// one; extra arguments are test files. TIDINGS_TEST_CONCURRENCY sets how many test files of a
// dialect run at once (2 by default); TIDINGS_TEST_SERIAL=1 runs the dialects one after the other.
//
// Test data (SQLite files, data directories) goes to a RAM disk when there is one with room
// (/dev/shm, 2 GB free): the suite then waits for no fsync (test processes spent much of their time
// in I/O wait on this kind of machine). The service calls fsync all the same; only the disk differs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const [only, ...files] = process.argv.slice(2);
const dialects = only === 'sqlite' || only === 'postgres' ? [only] : ['sqlite', 'postgres'];
const testFiles = files.length > 0 ? files : fs.readdirSync('test').filter((f) => f.endsWith('.test.ts')).map((f) => `test/${f}`);

/** A temporary directory on a RAM disk with room for the suite, or undefined (the system's). */
function ramTmpdir() {
  if (process.env.TMPDIR || !fs.existsSync('/dev/shm')) return undefined;
  try {
    const s = fs.statfsSync('/dev/shm');
    if (s.bavail * s.bsize < 2 * 1024 ** 3) return undefined;
    return fs.mkdtempSync(path.join('/dev/shm', 'tidings-test-'));
  } catch {
    return undefined;
  }
}

/**
 * Drops the schemas test harnesses create in the PostgreSQL `test` database (`t_…` and their
 * pg-boss `t_…_pgboss`), one transaction each (one would run out of lock slots).
 */
async function dropTestSchemas() {
  const client = new pg.Client({ connectionString: process.env.TIDINGS_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test' });
  try {
    await client.connect();
    const { rows } = await client.query("select nspname from pg_namespace where nspname like 't\\_%'");
    for (const { nspname } of rows) await client.query(`drop schema if exists "${nspname}" cascade`);
  } catch (err) {
    console.error(`could not drop the test schemas: ${err.message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Writes a child's output line by line, each line prefixed (when both dialects run at once). */
function prefixed(stream, prefix, out) {
  let rest = '';
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop();
    for (const line of lines) out.write(`${prefix}${line}\n`);
  });
  stream.on('end', () => rest && out.write(`${prefix}${rest}\n`));
}

/** Runs the suite on one dialect: @returns whether it passed. */
async function run(dialect, tmpdir, prefix) {
  if (dialect === 'postgres') await dropTestSchemas();
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${process.env.TIDINGS_TEST_CONCURRENCY ?? 2}`, ...testFiles], {
    stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, TIDINGS_TEST_DB: dialect, ...(tmpdir ? { TMPDIR: tmpdir } : {}) },
  });
  if (prefix) {
    prefixed(child.stdout, prefix, process.stdout);
    prefixed(child.stderr, prefix, process.stderr);
  }
  const code = await new Promise((resolve) => child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0))));
  if (dialect === 'postgres') await dropTestSchemas();
  console.log(`\n# ${dialect}: ${code === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s\n`);
  return code === 0;
}

const tmpdir = ramTmpdir();
if (tmpdir) console.log(`# test data in ${tmpdir}`);
let ok;
try {
  if (dialects.length === 1 || process.env.TIDINGS_TEST_SERIAL === '1') {
    ok = true;
    for (const dialect of dialects) {
      console.log(`\n# Test suite on ${dialect}\n`);
      ok = (await run(dialect, tmpdir, '')) && ok;
    }
  } else {
    console.log(`\n# Test suite on ${dialects.join(' and ')}, at once\n`);
    ok = (await Promise.all(dialects.map((d) => run(d, tmpdir, `[${d}] `)))).every(Boolean);
  }
} finally {
  if (tmpdir) fs.rmSync(tmpdir, { recursive: true, force: true });
}
process.exit(ok ? 0 : 1);
