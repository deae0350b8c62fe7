// Runs the whole test suite on SQLite and then on PostgreSQL (with Redis), as CI does.
// `node scripts/test.mjs sqlite` or `… postgres` runs one; extra arguments are test files.
// TIDINGS_TEST_CONCURRENCY sets how many test files run at once (2 by default).
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import pg from 'pg';

const [only, ...files] = process.argv.slice(2);
const dialects = only === 'sqlite' || only === 'postgres' ? [only] : ['sqlite', 'postgres'];
const testFiles = files.length > 0 ? files : readdirSync('test').filter((f) => f.endsWith('.test.ts')).map((f) => `test/${f}`);

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

let failed = false;
for (const dialect of dialects) {
  console.log(`\n# Test suite on ${dialect}\n`);
  if (dialect === 'postgres') await dropTestSchemas();
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', `--test-concurrency=${process.env.TIDINGS_TEST_CONCURRENCY ?? 2}`, ...testFiles], {
    stdio: 'inherit',
    env: { ...process.env, TIDINGS_TEST_DB: dialect },
  });
  if (result.status !== 0) failed = true;
  if (dialect === 'postgres') await dropTestSchemas();
}
process.exit(failed ? 1 : 0);
