/**
 * The message aggregates' tables (docs/api.md §D22): their columns and their latency bins, shared
 * by the migrations that made them (0017: tables, triggers; 0025: the quarter hours) and the analytics feature that keeps
 * and reads them (src/analytics/: the fold, the reader). Changing any of it needs a migration.
 *
 * A message counts in one row of each aggregate table: the row of its key (the quarter hour, hour
 * or day it was accepted, in UTC, and the dimensions below, '' where it has none), with 1 in `n_messages` and in
 * each step it reached, and 1 in one bin of each latency histogram it has.
 */

/**
 * Latency histograms of the message aggregates (docs/api.md §D22): how long messages took from
 * accepted to sent and from sent to delivered, counted in bins rather than kept per message, so
 * that any grouping of the aggregates can merge them by adding. Bin `i` (0 ≤ i < 21) holds
 * durations below `LATENCY_BIN_UPPER_MS[i]` and at or above the bin before's; bin 21 holds the
 * rest (above about 29 h). Each bin is twice as wide as the one before: a percentile read from them
 * is exact to the bin and interpolated inside it (as a Prometheus histogram's quantile is).
 */

/** Upper bounds (exclusive) of bins 0–20, ms: 100 ms · 2^i. */
export const LATENCY_BIN_UPPER_MS: readonly number[] = Array.from({ length: 21 }, (_, i) => 100 * 2 ** i);
/** How many bins a histogram has (the last one is open-ended). */
export const LATENCY_BINS = LATENCY_BIN_UPPER_MS.length + 1;

/**
 * The SQL expression of the bin of a duration (`ms`, an SQL expression in milliseconds): a ladder
 * of comparisons both dialects run the same, over the duration computed once in a subquery (`offset
 * 0` keeps PostgreSQL from folding it back in): written into the ladder, each comparison parsed
 * both timestamps again, which cost 10-20 µs a bin (both dialects) and most of what the triggers
 * cost the status path. Durations below zero (the platform's timestamps are whole seconds, so a
 * message sent within the second it was accepted can read as sent before it) fall in bin 0.
 */
export function latencyBinSql(ms: string, postgres: boolean): string {
  const ladder = `case ${LATENCY_BIN_UPPER_MS.map((upper, i) => `when ms < ${upper} then ${i}`).join(' ')} else ${LATENCY_BINS - 1} end`;
  return `(select ${ladder} from (select ${ms} as ms${postgres ? ' offset 0' : ''}) duration)`;
}

/** Dimensions of the aggregates' key, after the account, the mode and the time bucket. */
export const STAT_DIMENSIONS = [
  'phone_number_id',
  'template_id',
  'type',
  'status',
  'error_code',
  'pricing_category',
  'country',
] as const;
export type StatDimension = (typeof STAT_DIMENSIONS)[number];

/** The whole key of an aggregate row. */
export const STAT_KEY = ['account_id', 'mode', 'bucket', ...STAT_DIMENSIONS] as const;

/** Per-message flags a change row carries (0 or 1), summed into the aggregates' `n_` columns. */
export const STAT_FLAGS = ['accepted', 'sent', 'delivered', 'read', 'failed', 'canceled', 'billable'] as const;
export type StatFlag = (typeof STAT_FLAGS)[number];

/** The histogram columns: `as_0…as_21` (accepted → sent), `sd_0…sd_21` (sent → delivered). */
export const HISTOGRAMS = ['as', 'sd'] as const;
export const HISTOGRAM_COLUMNS: readonly string[] = HISTOGRAMS.flatMap((h) =>
  Array.from({ length: LATENCY_BINS }, (_, i) => `${h}_${i}`),
);

/** Every counter column of an aggregate row: `n_messages`, `n_<flag>`, then the histograms. */
export const STAT_COUNTERS: readonly string[] = [
  'n_messages',
  ...STAT_FLAGS.map((f) => `n_${f}`),
  ...HISTOGRAM_COLUMNS,
];

/** The aggregate tables, by granularity (of UTC time). */
export const STAT_TABLES = { hour: 'message_stats_hourly', day: 'message_stats_daily' } as const;
export type Granularity = keyof typeof STAT_TABLES;

/**
 * The quarter-hour aggregates (migration 0025): the same key with the quarter hour a message was
 * accepted in (`YYYY-MM-DDTHH:MM`, MM one of 00, 15, 30, 45, UTC), so that a day or an hour of a
 * zone whose offset is not whole hours (India +5:30, Nepal +5:45, Chatham +12:45) can be summed
 * from whole buckets: every offset in use is a multiple of 15 minutes.
 */
export const QUARTER_TABLE = 'message_stats_quarter';
/** Every aggregate table's grain: the UTC day, hour or quarter hour. */
export type StatGrain = Granularity | 'quarter';
/** The aggregate table of each grain. */
export const GRAIN_TABLES: Record<StatGrain, string> = { ...STAT_TABLES, quarter: QUARTER_TABLE };

/**
 * The SQL of the quarter hour an ISO 8601 UTC timestamp column (`2026-11-20T18:42:07.123Z`) falls
 * in: `2026-11-20T18:30`. What the triggers write to the change log's `hour` columns since
 * migration 0025 (before it, the hour: `2026-11-20T18`).
 */
export function quarterOfSql(createdAt: string): string {
  const minute = `substr(${createdAt}, 15, 2)`;
  return `substr(${createdAt}, 1, 14) || case when ${minute} < '15' then '00' when ${minute} < '30' then '15' when ${minute} < '45' then '30' else '45' end`;
}

/** The SQL of a change log row's bucket of `grain` from its `hour` column (a quarter hour, see `quarterOfSql`). */
export function logBucketSql(grain: StatGrain, column = 'hour'): string {
  return grain === 'quarter' ? column : `substr(${column}, 1, ${grain === 'hour' ? 13 : 10})`;
}

/**
 * The columns of one side of a change (a message as it was, or as it is): the quarter hour it was
 * accepted (in the column `hour`, see `quarterOfSql`), its dimensions, its flags (`f_<flag>`) and its latency bins. The change log
 * (`message_stat_changes`) holds one row per change, with the account and mode, then each side
 * prefixed: `o_` (as it was; null for an insert) and `n_` (as it is; null for a deletion).
 */
export const CHANGE_SIDE_COLUMNS: readonly string[] = [
  'hour',
  ...STAT_DIMENSIONS,
  ...STAT_FLAGS.map((f) => `f_${f}`),
  'as_bin',
  'sd_bin',
];

/**
 * The change log `source` (a table name or a parenthesised query with its columns) as one row per
 * side: `account_id, mode, hour, <dimensions>, sign, f_<flag>…, as_bin, sd_bin`, with `sign` −1 for
 * a message as it was and +1 as it is. `changeSums` adds these up.
 */
export function changeSidesSql(source: string): string {
  const side = (prefix: 'o' | 'n', sign: number) => {
    const [hour, ...rest] = CHANGE_SIDE_COLUMNS.map((c) => `${prefix}_${c} as ${c}`);
    return `select account_id, mode, ${hour}, ${rest.slice(0, STAT_DIMENSIONS.length).join(', ')}, ${sign} as sign, ${rest.slice(STAT_DIMENSIONS.length).join(', ')} from ${source} c where ${prefix}_hour is not null`;
  };
  return `${side('o', -1)} union all ${side('n', 1)}`;
}

/**
 * Sums of change sides (`changeSidesSql`) as the aggregates' counters, in `STAT_COUNTERS` order:
 * each side adds its `sign` (+1 for a message as it now is, −1 for it as it was) to its flags and
 * to its bins.
 */
export function changeSums(alias = ''): string[] {
  const c = (name: string) => (alias ? `${alias}.${name}` : name);
  return [
    `sum(${c('sign')})`,
    ...STAT_FLAGS.map((f) => `sum(${c('sign')} * ${c(`f_${f}`)})`),
    ...HISTOGRAMS.flatMap((h) =>
      Array.from(
        { length: LATENCY_BINS },
        (_, i) => `sum(case when ${c(`${h}_bin`)} = ${i} then ${c('sign')} else 0 end)`,
      ),
    ),
  ];
}
