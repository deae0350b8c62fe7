/**
 * The columns of the message aggregates (docs/api.md §D22), shared by the migration that made them
 * (0017: tables, triggers), the fold that keeps them (stats-fold.ts) and the reader
 * (message-analytics.repository.ts). Changing them needs a migration.
 *
 * A message counts in one row of each aggregate table: the row of its key (the hour or day it was
 * accepted, in UTC, and the dimensions below, '' where it has none), with 1 in `n_messages` and in
 * each step it reached, and 1 in one bin of each latency histogram it has.
 */
import { LATENCY_BINS } from './latency-bins.js';

/** Dimensions of the aggregates' key, after the account, the mode and the time bucket. */
export const STAT_DIMENSIONS = ['phone_number_id', 'template_id', 'type', 'status', 'error_code', 'pricing_category', 'country'] as const;
export type StatDimension = (typeof STAT_DIMENSIONS)[number];

/** The whole key of an aggregate row. */
export const STAT_KEY = ['account_id', 'mode', 'bucket', ...STAT_DIMENSIONS] as const;

/** Per-message flags a change row carries (0 or 1), summed into the aggregates' `n_` columns. */
export const STAT_FLAGS = ['accepted', 'sent', 'delivered', 'read', 'failed', 'canceled', 'billable'] as const;
export type StatFlag = (typeof STAT_FLAGS)[number];

/** The histogram columns: `as_0…as_21` (accepted → sent), `sd_0…sd_21` (sent → delivered). */
export const HISTOGRAMS = ['as', 'sd'] as const;
export const HISTOGRAM_COLUMNS: readonly string[] = HISTOGRAMS.flatMap((h) => Array.from({ length: LATENCY_BINS }, (_, i) => `${h}_${i}`));

/** Every counter column of an aggregate row: `n_messages`, `n_<flag>`, then the histograms. */
export const STAT_COUNTERS: readonly string[] = ['n_messages', ...STAT_FLAGS.map((f) => `n_${f}`), ...HISTOGRAM_COLUMNS];

/** The aggregate tables, by granularity. */
export const STAT_TABLES = { hour: 'message_stats_hourly', day: 'message_stats_daily' } as const;
export type Granularity = keyof typeof STAT_TABLES;

/**
 * Sums of a change log's rows (`message_stat_changes`, or a relation of its columns) as the
 * aggregates' counters, in `STAT_COUNTERS` order: each row adds its `sign` (+1 for a message as it
 * now is, −1 for it as it was) to its flags and to its bins.
 */
export function changeSums(alias = ''): string[] {
  const c = (name: string) => (alias ? `${alias}.${name}` : name);
  return [
    `sum(${c('sign')})`,
    ...STAT_FLAGS.map((f) => `sum(${c('sign')} * ${c(`f_${f}`)})`),
    ...HISTOGRAMS.flatMap((h) => Array.from({ length: LATENCY_BINS }, (_, i) => `sum(case when ${c(`${h}_bin`)} = ${i} then ${c('sign')} else 0 end)`)),
  ];
}
