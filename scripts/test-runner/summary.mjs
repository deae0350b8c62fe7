// What a run reports and keeps: the summary (totals, failed and flaky files, each label's slowest
// files) and the wall times recorded in test/durations.json for the next run's order. Used by
// scripts/test.mjs.
import fs from 'node:fs';

const DURATIONS = 'test/durations.json';
const SLOWEST = 15;

/** The recorded wall times, s, by `<label>:<file>` (`sqlite:test/x.test.ts`). */
export function recordedDurations() {
  try {
    return JSON.parse(fs.readFileSync(DURATIONS, 'utf8'));
  } catch {
    return {};
  }
}

/** The summary: totals, failed files, and each label's slowest files. */
export function report(results, seconds) {
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
export function recordDurations(results, durations) {
  const next = { ...durations };
  for (const r of results) next[r.key] = Math.max(1, Math.round(r.seconds));
  const sorted = Object.fromEntries(
    Object.keys(next)
      .sort()
      .map((k) => [k, next[k]]),
  );
  fs.writeFileSync(DURATIONS, `${JSON.stringify(sorted, null, 2)}\n`);
}
