/**
 * Reads of the message aggregates (docs/api.md §D22): the aggregate table of the granularity plus
 * what the change log still holds (stats-fold.repository.ts), summed per bucket and per the dimensions asked
 * for, in one statement (one snapshot: a fold committing meanwhile is seen whole or not at all).
 * The statement reads the aggregate rows of the range through their key, never the messages:
 * its cost follows the buckets and groups asked for, not how many messages there are.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Reader } from '../db/store.js';
import {
  changeSidesSql,
  changeSums,
  GRAIN_TABLES,
  logBucketSql,
  STAT_COUNTERS,
  type StatDimension,
  type StatGrain,
} from '../db/tables/message-stats.js';

export interface StatsQuery {
  accountId: string;
  mode: 'live' | 'test';
  /** The table read: UTC days, hours or quarter hours. */
  grain: StatGrain;
  /**
   * First bucket (inclusive) and last (exclusive), as the tables write them: `YYYY-MM-DD` (day),
   * `YYYY-MM-DDTHH` (hour) or `YYYY-MM-DDTHH:MM` (quarter), UTC.
   */
  fromBucket: string;
  toBucket: string;
  /** Dimensions to sum per (each row then has them); the rest are summed over. */
  dimensions: readonly StatDimension[];
  /** Only rows whose dimension has this value ('' for none). */
  filters: Partial<Record<StatDimension, string>>;
  /** Only buckets in these UTC hours (`YYYY-MM-DDTHH`; a quarter-hour read of the hours a zone's bucket starts inside). */
  hours?: readonly string[];
}

/** One (bucket, group) of summed aggregates: the dimensions asked for ('' for none), and each counter of `STAT_COUNTERS`. */
export interface StatsRow {
  bucket: string;
  dimensions: Partial<Record<StatDimension, string>>;
  /** In `STAT_COUNTERS` order. */
  counters: number[];
}

/** The summed aggregates of a query's range, by bucket then dimensions, leaving out empty groups. */
export async function readStats(db: Reader, q: StatsQuery): Promise<StatsRow[]> {
  const table = GRAIN_TABLES[q.grain];
  const logBucket = logBucketSql(q.grain);
  const dims = q.dimensions.join(', ');
  const withDims = (first: string) => (dims ? `${first}, ${dims}` : first);
  const where = (bucket: string): RawBuilder<unknown> => {
    const parts = [
      sql`account_id = ${q.accountId}`,
      sql`mode = ${q.mode}`,
      sql`${sql.raw(bucket)} >= ${q.fromBucket}`,
      sql`${sql.raw(bucket)} < ${q.toBucket}`,
    ];
    for (const [dimension, value] of Object.entries(q.filters)) parts.push(sql`${sql.ref(dimension)} = ${value}`);
    if (q.hours) {
      const hours = q.hours.length ? q.hours : [''];
      parts.push(sql`substr(${sql.raw(bucket)}, 1, 13) in (${sql.join(hours.map((h) => sql`${h}`))})`);
    }
    return sql.join(parts, sql` and `);
  };
  const counters = STAT_COUNTERS.map((c, i) => `sum(${c}) as c${i}`).join(', ');
  const logSums = changeSums()
    .map((s, i) => `${s} as ${STAT_COUNTERS[i]}`)
    .join(', ');
  const result = await sql<Record<string, string | number>>`
    select ${sql.raw(withDims('bucket'))}, ${sql.raw(counters)} from (
      select ${sql.raw(withDims('bucket'))}, ${sql.raw(STAT_COUNTERS.join(', '))} from ${sql.table(table)} where ${where('bucket')}
      union all
      select ${sql.raw(withDims(`${logBucket} as bucket`))}, ${sql.raw(logSums)} from (${sql.raw(changeSidesSql('message_stat_changes'))}) l where ${where(logBucket)}
      group by ${sql.raw(withDims(logBucket))}
    ) s
    group by ${sql.raw(withDims('bucket'))}
    having sum(n_messages) <> 0
    order by ${sql.raw(withDims('bucket'))}`.execute(db);
  return result.rows.map((r) => ({
    bucket: String(r.bucket),
    dimensions: Object.fromEntries(q.dimensions.map((d) => [d, String(r[d] ?? '')])),
    counters: STAT_COUNTERS.map((_, i) => Number(r[`c${i}`] ?? 0)),
  }));
}

/** The names of an account's templates with these ids (those it has), for the rows grouped by template. */
export async function templateNames(db: Reader, accountId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const found = await db
    .selectFrom('templates')
    .select(['id', 'name'])
    .where('account_id', '=', accountId)
    .where('id', 'in', ids)
    .execute();
  return new Map(found.map((t) => [t.id, t.name]));
}
