// Running test files: each in its own Node process (as `node --test` runs it, with
// --test-force-exit and a time limit), from one pool, the longest first; a failed file once more,
// after the rest. Used by scripts/test.mjs.
import { spawn } from 'node:child_process';
import path from 'node:path';

/** The tests counted in a spec reporter's summary (`ℹ tests 12`, `ℹ pass 11`…). */
function counts(output) {
  const out = {};
  for (const [, name, n] of output.matchAll(/^\u2139 (tests|pass|fail|cancelled|skipped|todo) (\d+)$/gm))
    out[name] = Number(n);
  return out;
}

const children = new Set();

/** Stops every file still running (SIGTERM), as the runner itself is stopped. */
export function stopChildren() {
  for (const child of children) child.kill('SIGTERM');
}

/**
 * Runs one file in its own process, with test data under `tmpdir` (undefined: the system's), stopped
 * after `fileTimeoutS` seconds; resolves with what it printed, its exit code and wall time.
 */
function runJob(j, tmpdir, fileTimeoutS) {
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

/**
 * Runs `jobs`, longest first by `durations` (recorded wall times by job key), `width` at a time;
 * prints each file's output as it ends. A failed file runs again, up to `retries` times, after the
 * files not yet started. Resolves with each job's last result, with its earlier failures.
 */
export async function runPool(jobs, width, { tmpdir, durations, retries, fileTimeoutS }) {
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
        const r = await runJob(j, tmpdir, fileTimeoutS);
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
