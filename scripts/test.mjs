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
// per dialect. The marker is refused in a file that starts a harness, a database or a process.
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
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const DURATIONS = 'test/durations.json';
const SLOWEST = 15;

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

const NO_DATABASE = /^\/\/ test-runner: no database$/m;
const STARTS_SOMETHING =
  /\b(startHarness|freshDatabase|connectDatabase|olderDatabase|startPeer|cliProcess|spawn|execFile)\b/;

/**
 * Whether `file` says it touches no database (runs on one dialect only).
 * @throws Error when it says so but starts a harness, a database or a process.
 */
function noDatabase(file) {
  const text = fs.readFileSync(file, 'utf8');
  if (!NO_DATABASE.test(text)) return false;
  const found = text.match(STARTS_SOMETHING);
  if (found) throw new Error(`${file} says "test-runner: no database" but calls ${found[1]}`);
  return true;
}

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
async function dropTestSchemas() {
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

/** The recorded wall times, s, by `<label>:<file>` (`sqlite:test/x.test.ts`). */
function recordedDurations() {
  try {
    return JSON.parse(fs.readFileSync(DURATIONS, 'utf8'));
  } catch {
    return {};
  }
}

/**
 * One test file on one dialect: `label` names it in the output (the dialect, or `node22` for the
 * extra Node's files), `node` is the executable that runs it.
 */
function job(label, dialect, file, node = process.execPath) {
  return { label, dialect, file, node, key: `${label}:${file}` };
}

/** The tests counted in a spec reporter's summary (`ℹ tests 12`, `ℹ pass 11`…). */
function counts(output) {
  const out = {};
  for (const [, name, n] of output.matchAll(/^\u2139 (tests|pass|fail|cancelled|skipped|todo) (\d+)$/gm))
    out[name] = Number(n);
  return out;
}

const children = new Set();

/** Runs one file in its own process; resolves with what it printed, its exit code and wall time. */
function runJob(j, tmpdir) {
  const started = Date.now();
  const child = spawn(j.node, ['--import', 'tsx', '--test-reporter=spec', '--test-force-exit', j.file], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      TIDINGS_TEST_DB: j.dialect,
      TIDINGS_TEST_RUN: String(process.pid),
      ...(tmpdir ? { TMPDIR: tmpdir } : {}),
      // Another Node's files find it first on PATH too (for the `node` and `npm` their tests start).
      ...(j.node !== process.execPath ? { PATH: `${path.dirname(j.node)}${path.delimiter}${process.env.PATH}` } : {}),
    },
  });
  children.add(child);
  const chunks = [];
  child.stdout.on('data', (c) => chunks.push(c));
  child.stderr.on('data', (c) => chunks.push(c));
  // A file that hangs (a database gone under it, a wait without end) fails the run, not holds it.
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  }, fileTimeoutS * 1000);
  return new Promise((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      const output =
        Buffer.concat(chunks).toString('utf8') +
        (timedOut ? `\n# stopped: still running after ${fileTimeoutS} s (TIDINGS_TEST_FILE_TIMEOUT)\n` : '');
      resolve({
        ...j,
        code: timedOut ? 1 : (code ?? (signal ? 1 : 0)),
        seconds: (Date.now() - started) / 1000,
        output,
        counts: counts(output),
      });
    });
  });
}

/** Runs `jobs`, longest first, `width` at a time; prints each file's output as it ends. */
async function runPool(jobs, width, tmpdir, durations) {
  // Files without a recorded time first (new ones, in name order), then the longest first.
  const time = (j) => durations[j.key] ?? Number.MAX_VALUE;
  const ordered = [...jobs].sort(
    (a, b) => time(b) - time(a) || a.file.localeCompare(b.file) || a.label.localeCompare(b.label),
  );
  const results = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, ordered.length) }, async () => {
      while (next < ordered.length) {
        const j = ordered[next++];
        const r = await runJob(j, tmpdir);
        const attempt = (j.attempt ?? 0) + 1;
        const retry = r.code !== 0 && attempt <= retries;
        if (retry) ordered.push({ ...j, attempt, failures: [...(j.failures ?? []), r] });
        else results.push({ ...r, failures: j.failures ?? [] });
        const prefix = `[${r.label}] `;
        const body = r.output
          .replace(/\n$/, '')
          .split('\n')
          .map((l) => prefix + l)
          .join('\n');
        const outcome =
          r.code === 0 ? (attempt > 1 ? `passed on run ${attempt} (FLAKY)` : 'passed') : `FAILED (exit ${r.code})`;
        process.stdout.write(
          `${body}\n${prefix}# ${r.file}: ${outcome} in ${r.seconds.toFixed(1)} s${retry ? '; it runs once more after the files not yet started' : ''}\n`,
        );
      }
    }),
  );
  return results;
}

/** The summary: totals, failed files, and each label's slowest files. */
function report(results, seconds) {
  const labels = [...new Set(results.map((r) => r.label))];
  console.log('');
  for (const label of labels) {
    const mine = results.filter((r) => r.label === label);
    const total = {};
    for (const r of mine) for (const [k, v] of Object.entries(r.counts)) total[k] = (total[k] ?? 0) + v;
    const failed = mine.filter((r) => r.code !== 0);
    console.log(
      `# ${label}: ${failed.length === 0 ? 'passed' : 'FAILED'}, ${mine.length} files, ${Object.entries(total)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ')}`,
    );
    for (const r of failed)
      console.log(
        `#   failed: ${r.file} (exit ${r.code}${r.failures.length ? `, and ${r.failures.length} time(s) before` : ''})`,
      );
    for (const r of mine.filter((x) => x.code === 0 && x.failures.length > 0)) {
      const first = r.failures[0];
      const failing = [
        ...new Set(
          first.output
            .split('\n')
            .filter((l) => /^\s*✖ /.test(l) && !l.includes('failing tests:'))
            .map((l) => l.trim()),
        ),
      ].slice(0, 5);
      console.log(
        `#   FLAKY: ${r.file} failed (exit ${first.code}), then passed${failing.length ? `; it failed in:\n${failing.map((l) => `#     ${l}`).join('\n')}` : ''}`,
      );
    }
  }
  for (const label of labels) {
    const slow = results
      .filter((r) => r.label === label)
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SLOWEST);
    console.log(`\n# ${label}: the ${slow.length} slowest files (wall time, s)`);
    for (const r of slow) console.log(`#   ${r.seconds.toFixed(1).padStart(6)}  ${r.file}`);
  }
  const flaky = results.filter((r) => r.code === 0 && r.failures.length > 0).length;
  console.log(
    `\n# ${results.every((r) => r.code === 0) ? 'passed' : 'FAILED'}: ${results.length} files in ${Math.round(seconds)} s${flaky ? ` (${flaky} flaky: passed only when run again)` : ''}\n`,
  );
}

/** Keeps this run's wall times (whole seconds) for the next run's order. */
function recordDurations(results, durations) {
  const next = { ...durations };
  for (const r of results) next[r.key] = Math.max(1, Math.round(r.seconds));
  const sorted = Object.fromEntries(
    Object.keys(next)
      .sort()
      .map((k) => [k, next[k]]),
  );
  fs.writeFileSync(DURATIONS, `${JSON.stringify(sorted, null, 2)}\n`);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill('SIGTERM');
    process.exit(1);
  });
}

const tmpdir = ramTmpdir();
if (tmpdir) console.log(`# test data in ${tmpdir}`);
const durations = recordedDurations();
const started = Date.now();
const results = [];
try {
  if (dialects.includes('postgres')) await dropTestSchemas();
  const once = new Set(testFiles.filter(noDatabase));
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
        ...(await runPool(
          [...all.filter((j) => j.dialect === d), ...(i === 0 ? extra : [])],
          perDialect,
          tmpdir,
          durations,
        )),
      );
    }
  } else {
    console.log(
      `\n# Test suite on ${dialects.join(' and ')}${extra.length ? ` (and ${extra.length} files on ${extraNode})` : ''}, ${perDialect * dialects.length} files at once\n`,
    );
    results.push(...(await runPool([...all, ...extra], perDialect * dialects.length, tmpdir, durations)));
  }
} finally {
  if (dialects.includes('postgres')) await dropTestSchemas();
  if (tmpdir) fs.rmSync(tmpdir, { recursive: true, force: true });
}
report(results, (Date.now() - started) / 1000);
if (fullRun) recordDurations(results, durations);
process.exit(results.every((r) => r.code === 0) ? 0 : 1);
