// Which test files run where: the jobs of a run (one file on one dialect, under one Node), and the
// files that touch no database (the line `// test-runner: no database`), which run on one dialect
// only. Used by scripts/test.mjs.
import fs from 'node:fs';

const NO_DATABASE = /^\/\/ test-runner: no database$/m;
const STARTS_SOMETHING =
  /\b(startHarness|freshDatabase|connectDatabase|olderDatabase|startPeer|cliProcess|spawn|execFile)\b/;

/**
 * Whether `file` says it touches no database (runs on one dialect only).
 * @throws Error when it says so but starts a harness, a database or a process.
 */
export function noDatabase(file) {
  const text = fs.readFileSync(file, 'utf8');
  if (!NO_DATABASE.test(text)) return false;
  const found = text.match(STARTS_SOMETHING);
  if (found) throw new Error(`${file} says "test-runner: no database" but calls ${found[1]}`);
  return true;
}

/**
 * One test file on one dialect: `label` names it in the output (the dialect, or `node22` for the
 * extra Node's files), `node` is the executable that runs it.
 */
export function job(label, dialect, file, node = process.execPath) {
  return { label, dialect, file, node, key: `${label}:${file}` };
}
