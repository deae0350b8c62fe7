/**
 * A PostgreSQL dialect whose introspection sees only the schema the connection works in
 * (`current_schema()`, from the connection string's `search_path`).
 *
 * Kysely's Migrator asks the introspector whether its own tables exist. Kysely's
 * `PostgresIntrospector.getTables` reads every column of every table in every schema of the
 * database, calling `pg_get_serial_sequence` on each. On a server that many applications (or a test
 * suite's many schemas) share, that read grows with everyone's tables, and it fails with "relation
 * … does not exist" when another session drops a table while it runs. Tidings keeps all its tables,
 * the Migrator's included, in one schema (connect.ts), so nothing outside it needs reading.
 */
import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type DatabaseMetadataOptions,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

/** Lists the tables (names only, no columns) of `current_schema()`, and that schema. */
export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<any>;

  constructor(db: Kysely<any>) {
    this.#db = db;
  }

  /** The current schema only (the one the Migrator is told to use). */
  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select current_schema() as name`.execute(this.#db);
    return rows.filter((r) => r.name !== null).map((r) => ({ name: r.name }));
  }

  /**
   * The tables and views of the current schema, by name, with no columns (the Migrator reads
   * names only). `withInternalKyselyTables: false` leaves out `kysely_migration` and its lock.
   */
  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<{ schema: string; name: string; kind: string }>`
      select n.nspname as schema, c.relname as name, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'v', 'p', 'f')
      order by c.relname`.execute(this.#db);
    return rows
      .filter(
        (r) =>
          options.withInternalKyselyTables || (r.name !== 'kysely_migration' && r.name !== 'kysely_migration_lock'),
      )
      .map((r) => ({ schema: r.schema, name: r.name, isView: r.kind === 'v', isForeign: r.kind === 'f', columns: [] }));
  }
}

/** Kysely's PostgreSQL dialect, with the introspector above. */
export class CurrentSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
