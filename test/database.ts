/**
 * The database a test runs on, chosen by TIDINGS_TEST_DB: `sqlite` (a fresh file) or `postgres` (a
 * fresh schema in the `test` database, with rate limits in Redis). test/harness.ts starts the
 * service on one; tests of the store, backups and older databases take one of their own.
 */
import pg from 'pg';

export const DIALECT = (process.env.TIDINGS_TEST_DB ?? 'sqlite') as 'sqlite' | 'postgres';
export const PG_BASE_URL = process.env.TIDINGS_TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_URL = process.env.TIDINGS_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A fresh, empty database: a SQLite file path or a PostgreSQL URL whose search_path is a new schema. */
export async function freshDatabase(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (DIALECT === 'sqlite') return { env: {}, drop: async () => {} };
  // `t<run>_<pid>_<random>`, <run> being scripts/test.mjs's process id (TIDINGS_TEST_RUN): a run
  // drops its own schemas and those of runs that are gone, never those of another run going on
  // against the same server. A file run by hand makes `t_<pid>_…`, dropped by the next run.
  const schema = `t${process.env.TIDINGS_TEST_RUN ?? ''}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const client = new pg.Client({ connectionString: PG_BASE_URL });
  await client.connect();
  await client.query(`create schema "${schema}"`);
  await client.end();
  // Commits are not waited for on disk (synchronous_commit off): a test never crashes the server,
  // so nothing it relies on changes, and the suite does not queue behind fsyncs. The service's own
  // durability is PostgreSQL's, tested by nobody here; its crash tests kill Tidings, not the server.
  const url = `${PG_BASE_URL}?options=${encodeURIComponent(`-c search_path=${schema} -c synchronous_commit=off`)}`;
  return {
    env: { DATABASE_URL: url, REDIS_URL: `${REDIS_URL}` },
    // Schemas are dropped by scripts/test.mjs (the name says which run made one), not here: a drop
    // takes locks on the catalog while other files' services start and migrate.
    async drop() {},
  };
}
