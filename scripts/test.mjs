// Runs the whole test suite on SQLite and on PostgreSQL (with Redis), as CI does: both at once.
// `node scripts/test.mjs sqlite` or `… postgres` runs one; extra arguments are test files.
//
// Each test file runs in its own Node process (as `node --test` runs it), from one pool shared by
// both dialects: TIDINGS_TEST_CONCURRENCY files per dialect at once (2 by default, so 4 for both);
// TIDINGS_TEST_SERIAL=1 runs the dialects one after the other. A file still running after
// TIDINGS_TEST_FILE_TIMEOUT seconds (300; the longest file takes about 150) is stopped and fails.
// Each file runs with --test-force-exit: a handle a failed test leaves open (a pool, a server) cannot
// hold the file after its last test (CI once waited 900 s on one). The longest files start first,
// from the wall times of earlier runs in test/durations.json (files it does not know start before
// all others), so the run does not end with one long file alone on the machine. A full run
// rewrites test/durations.json; commit it when the times have moved much.
//
// TIDINGS_TEST_EXTRA_NODE (another `node` executable) and TIDINGS_TEST_EXTRA_FILES (test files,
// space-separated) add those files on SQLite under that Node to the same pool (CI's Node 22 pass),
// labelled `node<major>`.
//
// A file that touches no database (the simulator's own tests, pure rules, checks of the repository)
// says so with the line `// test-runner: no database`: it runs once, on the first dialect, not once
// per dialect. The marker is refused in a file that starts a harness, a database or a process. A file
// whose subject is not the database (the dashboard's pages in a browser, whose API calls are tested on
// both dialects by their own files; the OpenAPI document; the typed client) says `// test-runner: one
// database (why)` and runs once too, on the first dialect (test-runner/files.mjs).
//
// A file that fails is run once more, after the files not yet started (TIDINGS_TEST_RETRIES, 1; 0
// runs each file once): a file that passes then is reported as flaky, with both runs' output, and
// does not fail the run. A failure that repeats fails it. Flaky files are listed at the end: each
// is a defect to fix, not a pass.
//
// A file's output is printed, prefixed with its dialect, once the file is done; at the end come the
// failed and flaky files and the 15 slowest files of each dialect.
//
// Test data (SQLite files, data directories) goes to a RAM disk when there is one with room
// (/dev/shm, 2 GB free): the suite then waits for no fsync (test processes spent much of their time
// in I/O wait on this kind of machine). The service calls fsync all the same; only the disk differs.
//
// The tests that start the service, the simulator or the CLI as processes run the build (`dist/`,
// as `npm start` and `npx tidings` do), so the build is brought up to date first when a source is
// newer than it (scripts/build.mjs --if-stale; nothing to do after `npm test`'s own build).
//
// The parts: test-runner/files.mjs (the jobs, the no-database marker), test-runner/pool.mjs (the
// processes and the pool), test-runner/summary.mjs (the summary, test/durations.json),
// test-runner/machine.mjs (the RAM disk, the PostgreSQL schemas). Plain .mjs: it runs before
// anything is built.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { job, oneDialect } from './test-runner/files.mjs';
import { dropTestSchemas, ramTmpdir } from './test-runner/machine.mjs';
import { runPool, stopChildren } from './test-runner/pool.mjs';
import { recordDurations, recordedDurations, report } from './test-runner/summary.mjs';

const args = process.argv.slice(2);
const only = args[0] === 'sqlite' || args[0] === 'postgres' ? args.shift() : undefined;
const dialects = only ? [only] : ['sqlite', 'postgres'];
const fullRun = args.length === 0;
const testFiles = fullRun
  ? fs
      .readdirSync('test')
      .filter((f) => f.endsWith('.test.ts'))
      .sort()
      .map((f) => `test/${f}`)
  : args;
const perDialect = Math.max(1, Number(process.env.TIDINGS_TEST_CONCURRENCY ?? 2));
const serial = process.env.TIDINGS_TEST_SERIAL === '1';
const fileTimeoutS = Number(process.env.TIDINGS_TEST_FILE_TIMEOUT ?? 300);
const extraNode = process.env.TIDINGS_TEST_EXTRA_NODE;
const extraFiles = extraNode ? (process.env.TIDINGS_TEST_EXTRA_FILES ?? '').split(/\s+/).filter(Boolean) : [];
const retries = Math.max(0, Number(process.env.TIDINGS_TEST_RETRIES ?? 1));

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopChildren();
    process.exit(1);
  });
}

const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const tmpdir = ramTmpdir();
if (tmpdir) console.log(`# test data in ${tmpdir}`);
const durations = recordedDurations();
const options = { tmpdir, durations, retries, fileTimeoutS };
const started = Date.now();
const results = [];
try {
  if (dialects.includes('postgres')) await dropTestSchemas();
  const once = new Set(testFiles.filter(oneDialect));
  const all = dialects.flatMap((d, i) => testFiles.filter((f) => i === 0 || !once.has(f)).map((f) => job(d, d, f)));
  const extraLabel = extraNode
    ? `node${execFileSync(extraNode, ['--version'], { encoding: 'utf8' })
        .trim()
        .replace(/^v(\d+).*/, '$1')}`
    : '';
  const extra = extraFiles.map((f) => job(extraLabel, 'sqlite', f, extraNode));
  if (serial) {
    for (const [i, d] of dialects.entries()) {
      console.log(`\n# Test suite on ${d}\n`);
      results.push(
        ...(await runPool([...all.filter((j) => j.dialect === d), ...(i === 0 ? extra : [])], perDialect, options)),
      );
    }
  } else {
    console.log(
      `\n# Test suite on ${dialects.join(' and ')}${extra.length ? ` (and ${extra.length} files on ${extraNode})` : ''}, ${perDialect * dialects.length} files at once\n`,
    );
    results.push(...(await runPool([...all, ...extra], perDialect * dialects.length, options)));
  }
} finally {
  if (dialects.includes('postgres')) await dropTestSchemas();
  if (tmpdir) fs.rmSync(tmpdir, { recursive: true, force: true });
}
report(results, (Date.now() - started) / 1000);
if (fullRun) recordDurations(results, durations);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
