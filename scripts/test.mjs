// Runs the whole test suite on SQLite and then on PostgreSQL (with Redis), as CI does.
// `node scripts/test.mjs sqlite` or `… postgres` runs one; extra arguments are test files.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';

const [only, ...files] = process.argv.slice(2);
const dialects = only === 'sqlite' || only === 'postgres' ? [only] : ['sqlite', 'postgres'];
const testFiles = files.length > 0 ? files : readdirSync('test').filter((f) => f.endsWith('.test.ts')).map((f) => `test/${f}`);

let failed = false;
for (const dialect of dialects) {
  console.log(`\n# Test suite on ${dialect}\n`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', ...testFiles], {
    stdio: 'inherit',
    env: { ...process.env, TIDINGS_TEST_DB: dialect },
  });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
