/**
 * Table upkeep on PostgreSQL: planner statistics, and dead row versions in the queue tables.
 *
 * Without statistics (a new database, or autovacuum turned off) the planner guesses that every
 * index finds one row, and may answer "the contact with this phone number" by scanning every
 * contact of the business number through another index: a read that grows with the data.
 *
 * The send queue (`dispatches`) takes every message in and out within seconds: each leaves dead
 * row versions whose index entries sit at the head of the walk a claim makes, in due order, until
 * a vacuum removes them. Between two vacuums a claim so walks over every message sent since the
 * last one (measured: a thousand buffers per claim of 50 after a few minutes without a vacuum).
 *
 * PostgreSQL's autovacuum normally does both, once a minute at best; this does what it would, for
 * the service's own tables (and pg-boss's beside them), wherever it does not or not often enough:
 * - a table changed by more than a tenth of its rows since it was last analyzed (and by at least
 *   500 rows) is analyzed again;
 * - a table with at least 10,000 dead row versions, and more than a fifth of its live ones, is
 *   vacuumed (`SKIP_LOCKED`: never waits for an autovacuum under way, nor for anyone's lock).
 * One query of the statistics views per check; a statement only for a table that needs one.
 */
import { sql } from 'kysely';
import type { Store } from './store.js';

/** How many rows must have changed, at least and as a share of the table, before it is analyzed again. */
const MIN_CHANGED = 500;
const SHARE_CHANGED = 0.1;
/** How many dead row versions, at least and as a share of the live ones, before a table is vacuumed. */
const MIN_DEAD = 10_000;
const SHARE_DEAD = 0.2;

/** What one check did: schema-qualified table names. */
export interface Upkeep {
  analyzed: string[];
  vacuumed: string[];
}

/**
 * Analyzes the tables whose statistics are stale and vacuums those full of dead row versions.
 * Does nothing on SQLite (its planner needs no statistics to prefer the index that matches, and a
 * deleted row's space is reused in place).
 * @throws the database's error when a statement fails (the caller logs it and checks again later).
 */
export async function tableUpkeep(store: Store): Promise<Upkeep> {
  const done: Upkeep = { analyzed: [], vacuumed: [] };
  if (store.dialect !== 'postgres') return done;
  const { rows } = await sql<{ schema: string; table: string; stale: boolean; dead: boolean }>`
    select s.schemaname as schema, s.relname as table,
      s.n_mod_since_analyze >= ${sql.lit(MIN_CHANGED)} and s.n_mod_since_analyze > ${sql.lit(SHARE_CHANGED)} * greatest(c.reltuples, 0) as stale,
      s.n_dead_tup >= ${sql.lit(MIN_DEAD)} and s.n_dead_tup > ${sql.lit(SHARE_DEAD)} * s.n_live_tup as dead
    from pg_stat_user_tables s join pg_class c on c.oid = s.relid
    where s.schemaname in (current_schema(), current_schema() || '_pgboss')`.execute(store.read);
  for (const { schema, table, stale, dead } of rows) {
    const name = sql.table(`${schema}.${table}`);
    if (dead) {
      // VACUUM cannot run inside a transaction block: the pool runs it on its own.
      await sql`vacuum (skip_locked${sql.raw(stale ? ', analyze' : '')}) ${name}`.execute(store.read);
      done.vacuumed.push(`${schema}.${table}`);
    } else if (stale) await sql`analyze ${name}`.execute(store.read);
    if (stale) done.analyzed.push(`${schema}.${table}`);
  }
  return done;
}
