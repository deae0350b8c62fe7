/**
 * A database (the suite's dialect) as an older release left it: migrated up to a given migration
 * only, for tests of what a later migration does with the rows already stored.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import type { DatabaseConfig } from '../src/config.js';
import { migrationProvider } from '../src/db/migrations.js';
import { CurrentSchemaPostgresDialect } from '../src/db/pg-introspection.js';
import { DIALECT, freshDatabase } from './database.js';

export interface OlderDatabase {
  /** Where it is, for `connectDatabase` (which runs the later migrations). */
  config: DatabaseConfig;
  /** A connection of its own, to write the rows the older release would have; closed by `closeOlder`. */
  older: Kysely<any>;
  /** Closes `older` (before `connectDatabase` takes the database over). */
  closeOlder(): Promise<void>;
  /** Drops the database and its directory. */
  remove(): Promise<void>;
}

/** A fresh database migrated up to `migration` (e.g. `0016_template_lifecycle`). @throws when a migration fails. */
export async function olderDatabase(migration: string): Promise<OlderDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tidings-older-'));
  const database = await freshDatabase();
  const config: DatabaseConfig =
    DIALECT === 'sqlite'
      ? { dialect: 'sqlite', file: path.join(dataDir, 'tidings.sqlite') }
      : { dialect: 'postgres', url: database.env.DATABASE_URL! };
  const pool = config.dialect === 'postgres' ? new pg.Pool({ connectionString: config.url }) : undefined;
  const older = new Kysely<any>({
    dialect: pool
      ? new CurrentSchemaPostgresDialect({ pool })
      : new SqliteDialect({ database: new SQLite((config as { file: string }).file) }),
  });
  const schema = pool ? ((await pool.query('select current_schema() as s')).rows[0].s as string) : undefined;
  const migrated = await new Migrator({
    db: older,
    provider: migrationProvider,
    ...(schema ? { migrationTableSchema: schema } : {}),
  }).migrateTo(migration);
  if (migrated.error) throw migrated.error;
  return {
    config,
    older,
    closeOlder: () => older.destroy(),
    async remove() {
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
