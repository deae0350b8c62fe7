/**
 * Opens the database named by the config, runs pending migrations, and returns its Store (the one
 * way to read and write it, db/store.ts). SQLite uses better-sqlite3 in WAL mode (one writer, many
 * readers, other processes such as the CLI may open the same file); PostgreSQL uses a `pg` pool.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, SqliteDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import type { DatabaseConfig } from '../config.js';
import { migrationProvider } from './migrations.js';
import { CurrentSchemaPostgresDialect } from './pg-introspection.js';
import { changeChannel } from './pg-listener.js';
import { observedPgClient, observedSqlite, type StatementObserver } from './statements.js';
import type { Database } from './schema.js';
import { Store, type Reader } from './store.js';

/**
 * @param options.observe told of every statement the service runs on this database (statements.ts)
 * @param options.onRetry told of each unit of work run again after PostgreSQL broke it off (retry.ts)
 * @throws Error when the database cannot be opened or a migration fails (start-up then stops).
 */
export async function connectDatabase(
  config: DatabaseConfig,
  options: { observe?: StatementObserver; onRetry?: (code: string) => void } = {},
): Promise<Store> {
  let db: Kysely<Database>;
  let pool: pg.Pool | undefined;
  let dataVersion: (() => number) | undefined;
  if (config.dialect === 'sqlite') {
    // Readable by the service's user only: the database holds customers' messages. SQLite gives
    // its -wal and -shm files the database file's permissions.
    fs.mkdirSync(path.dirname(config.file), { recursive: true, mode: 0o700 });
    fs.closeSync(fs.openSync(config.file, 'a', 0o600));
    const sqlite = new SQLite(config.file);
    sqlite.pragma('journal_mode = WAL');
    // FULL: every commit is fsynced to the WAL before it returns, so a 201 (or a webhook 200)
    // survives a power loss, not just a process crash (NORMAL would only promise the latter).
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
    // Deleted content is overwritten with zeros, not left in free space (an erasure must leave
    // nothing of a customer in the file: docs/api.md §D28). It costs a delete's pages a write each.
    sqlite.pragma('secure_delete = ON');
    // Pages read through memory mapping rather than a read() each (Rails' SQLite adapter maps
    // 128 MB by default): a contact search that reads 2,000 rows at random took half the time
    // (bench/README.md, "Contacts"). Writes still go through the WAL.
    sqlite.pragma('mmap_size = 268435456');
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: observedSqlite(sqlite, options.observe) }) });
    dataVersion = () => sqlite.pragma('data_version', { simple: true }) as number;
  } else {
    // Keep text and numbers as JavaScript expects them: int8 (count(*)) as number.
    pg.types.setTypeParser(20, (v) => Number(v));
    pool = new pg.Pool({
      connectionString: config.url,
      max: 20,
      ...(options.observe ? { Client: observedPgClient(options.observe) } : {}),
    });
    db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
  }

  // On PostgreSQL, keep Kysely's bookkeeping tables in the schema this connection works in
  // (search_path): its existence checks otherwise look across every schema of the database.
  const migrationTableSchema =
    config.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({
    db,
    provider: migrationProvider,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    await db.destroy();
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }

  const opened = pool;
  const counts = opened && (() => ({ total: opened.totalCount, idle: opened.idleCount, waiting: opened.waitingCount }));
  return new Store({
    db,
    dialect: config.dialect,
    ...(counts ? { pool: counts } : {}),
    ...(config.dialect === 'postgres'
      ? { notify: { url: config.url, channel: changeChannel(migrationTableSchema!) } }
      : {}),
    ...(dataVersion ? { dataVersion } : {}),
    ...(options.onRetry ? { onRetry: options.onRetry } : {}),
  });
}

/** True when `db` (or a transaction of it) runs on PostgreSQL. */
export function isPostgres(db: Reader): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
