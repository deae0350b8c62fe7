// Which test files run where: the jobs of a run (one file on one dialect, under one Node), the
// files that touch no database (the line `// test-runner: no database`), and the files whose subject
// is not the database (the line `// test-runner: one database (why)`: the dashboard's pages in a
// browser, the OpenAPI document, the typed client), which run on one dialect only, the first. Used by
// scripts/test.mjs.
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

const ONE_DATABASE = /^\/\/ test-runner: one database \((.+)\)$/m;

/**
 * Whether `file` runs on the first dialect only: it touches no database, or it says `// test-runner:
 * one database (why)`: what it tests does not depend on the database (a page in a browser, whose API
 * calls their own files test on both; the OpenAPI document), so a second dialect would only repeat
 * it. `node scripts/test.mjs postgres <file>` still runs it on PostgreSQL.
 * @throws Error as noDatabase does.
 */
export function oneDialect(file) {
  return noDatabase(file) || ONE_DATABASE.test(fs.readFileSync(file, 'utf8'));
}

/**
 * One test file on one dialect: `label` names it in the output (the dialect, or `node22` for the
 * extra Node's files), `node` is the executable that runs it.
 */
export function job(label, dialect, file, node = process.execPath) {
  return { label, dialect, file, node, key: `${label}:${file}` };
}
