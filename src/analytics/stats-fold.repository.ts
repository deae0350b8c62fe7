/**
 * The fold of the message aggregates (docs/api.md §D22): moves the change log the triggers on
 * `messages` append to (`message_stat_changes`, migration 0017) into the quarter-hour, hourly and
 * daily aggregates (migration 0025), oldest rows first, at most `FOLD_LIMIT` rows a turn, each turn one unit of work. The
 * readers add what is still in the log, so a fold changes no figure: it only keeps the log short.
 *
 * Every service process runs it (the analytics module's periodic task); on PostgreSQL a transaction-scoped advisory lock
 * lets one process fold at a time (the others skip that turn), so no two folds contend on the
 * aggregates' rows. The status and send paths never touch the aggregates: they only append to the
 * log, which no two transactions contend on.
 */
import { sql } from 'kysely';
import type { Store, Tx } from '../db/store.js';
import {
  changeSidesSql,
  changeSums,
  GRAIN_TABLES,
  logBucketSql,
  STAT_COUNTERS,
  STAT_DIMENSIONS,
  STAT_KEY,
  type StatGrain,
} from '../db/tables/message-stats.js';

/**
 * Change rows folded per turn at most: a turn holds SQLite's one write lock (and the aggregate rows
 * it adds to on PostgreSQL) for tens of milliseconds, not seconds, however far behind the fold is;
 * a full turn goes again at once.
 */
export const FOLD_LIMIT = 10_000;
/** How often each service process folds, ms. */
export const FOLD_INTERVAL_MS = 1_000;
/** The PostgreSQL advisory lock key of the fold ("tidings stats fold"). */
const FOLD_LOCK = 0x7469_6466;

/**
 * Folds up to `limit` of the oldest change rows into the three aggregate tables. An empty log is seen
 * by one read, outside any unit of work: an idle service takes no write lock (SQLite) and opens no
 * transaction (PostgreSQL) every second.
 * @returns how many change rows were folded (0 when the log was empty, or when another process
 *   held the fold on PostgreSQL).
 */
export async function foldStatChanges(store: Store, limit = FOLD_LIMIT): Promise<number> {
  const any = await sql<{ one: number }>`select 1 as one from message_stat_changes limit 1`.execute(store.read);
  if (any.rows.length === 0) return 0;
  return store.write(async (tx) => (store.dialect === 'postgres' ? foldPostgres(tx, limit) : foldSqlite(tx, limit)));
}

/** Rows in the change log not folded yet (the metrics scrape): one count of a table the fold keeps short. */
export async function changeLogLength(store: Store): Promise<number> {
  const r = await sql<{ n: number | string }>`select count(*) as n from message_stat_changes`.execute(store.read);
  return Number(r.rows[0]?.n ?? 0);
}

/**
 * The insert of summed change rows from `source` into one aggregate table, adding to what is there.
 * `where true`: SQLite could read `on conflict` after a bare `select … from` as a join's clause.
 */
function upsert(grain: StatGrain, source: string): string {
  const table = GRAIN_TABLES[grain];
  const bucket = logBucketSql(grain);
  const groupBy = ['account_id', 'mode', bucket, ...STAT_DIMENSIONS].join(', ');
  return `insert into ${table} (${STAT_KEY.join(', ')}, ${STAT_COUNTERS.join(', ')})
    select ${groupBy}, ${changeSums().join(', ')} from ${source} where true group by ${groupBy}
    on conflict (${STAT_KEY.join(', ')}) do update set ${STAT_COUNTERS.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', ')}`;
}

async function foldSqlite(tx: Tx, limit: number): Promise<number> {
  // The unit of work holds SQLite's one write lock: no change row can appear meanwhile.
  const last = await sql<{
    id: number | null;
    n: number;
  }>`select max(id) as id, count(*) as n from (select id from message_stat_changes order by id limit ${limit})`.execute(
    tx,
  );
  const { id, n } = last.rows[0]!;
  if (id === null || n === 0) return 0;
  const source = `(${changeSidesSql(`(select * from message_stat_changes where id <= ${Number(id)})`)})`;
  for (const grain of Object.keys(GRAIN_TABLES) as StatGrain[]) await sql.raw(upsert(grain, source)).execute(tx);
  await sql`delete from message_stat_changes where id <= ${id}`.execute(tx);
  return Number(n);
}

async function foldPostgres(tx: Tx, limit: number): Promise<number> {
  const locked = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${FOLD_LOCK}) as ok`.execute(tx);
  if (!locked.rows[0]?.ok) return 0;
  // One statement: exactly the rows it deletes are the rows it adds (a change row committed by
  // another transaction meanwhile is neither), in one snapshot. The log has no index (each one
  // would cost every change): rows are taken by their place (`ctid`, a TID scan), whatever the
  // planner's statistics say of the log (ordering by an id made it a nested loop that took 188 s
  // for one turn of 10,000 once the statistics said the log was empty).
  const result = await sql
    .raw<{ n: string }>(
      `with gone as (delete from message_stat_changes where ctid = any(array(select ctid from message_stat_changes limit ${Math.trunc(limit)})) returning *),
        sides as (${changeSidesSql('gone')}),
        quarter as (${upsert('quarter', 'sides')} returning 1),
        hourly as (${upsert('hour', 'sides')} returning 1),
        daily as (${upsert('day', 'sides')} returning 1)
      select count(*) as n from gone`,
    )
    .execute(tx);
  return Number(result.rows[0]?.n ?? 0);
}
