/**
 * Planner statistics on PostgreSQL. Without them (a new database, or autovacuum turned off) the
 * planner guesses that every index finds one row, and may answer "the contact with this phone
 * number" by scanning every contact of the business number through another index: a read that
 * grows with the data. PostgreSQL's autovacuum normally keeps statistics fresh; this does what its
 * analyze would, for the service's own tables (and pg-boss's beside them), wherever it does not:
 * a table changed by more than a tenth of its rows since it was last analyzed (and by at least
 * 500 rows) is analyzed again. One query of the statistics views per check, an `ANALYZE` only when
 * one is due.
 */
import { sql } from 'kysely';
import type { Store } from './store.js';

/** How many rows must have changed, at least and as a share of the table, before it is analyzed again. */
const MIN_CHANGED = 500;
const SHARE_CHANGED = 0.1;

/**
 * Analyzes the tables whose statistics are stale. @returns the tables analyzed (schema-qualified).
 * Does nothing on SQLite (its planner needs no statistics to prefer the index that matches).
 */
export async function refreshStatistics(store: Store): Promise<string[]> {
  if (store.dialect !== 'postgres') return [];
  const { rows } = await sql<{ schema: string; table: string }>`
    select s.schemaname as schema, s.relname as table
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname in (current_schema(), current_schema() || '_pgboss')
      and s.n_mod_since_analyze >= ${MIN_CHANGED}
      and s.n_mod_since_analyze > ${SHARE_CHANGED} * greatest(c.reltuples, 0)`.execute(store.read);
  for (const { schema, table } of rows) await sql`analyze ${sql.table(`${schema}.${table}`)}`.execute(store.read);
  return rows.map((r) => `${r.schema}.${r.table}`);
}
