/**
 * The latency histograms of the message aggregates (docs/api.md §D22): how long messages took from
 * accepted to sent and from sent to delivered, counted in bins rather than kept per message, so
 * that any grouping of the aggregates can merge them by adding. Bin `i` (0 ≤ i < 21) holds
 * durations below `LATENCY_BIN_UPPER_MS[i]` and at or above the bin before's; bin 21 holds the
 * rest (above about 29 h). Each bin is twice as wide as the one before: a percentile read from them
 * is exact to the bin and interpolated inside it (as a Prometheus histogram's quantile is).
 *
 * Migration 0017 wrote these bounds into the database's triggers: changing them needs a migration.
 */

/** Upper bounds (exclusive) of bins 0–20, ms: 100 ms · 2^i. */
export const LATENCY_BIN_UPPER_MS: readonly number[] = Array.from({ length: 21 }, (_, i) => 100 * 2 ** i);
/** How many bins a histogram has (the last one is open-ended). */
export const LATENCY_BINS = LATENCY_BIN_UPPER_MS.length + 1;

/**
 * The SQL expression of the bin of a duration (`ms`, an SQL expression in milliseconds): a ladder
 * of comparisons both dialects run the same. Durations below zero (the platform's timestamps are
 * whole seconds, so a message sent within the second it was accepted can read as sent before it)
 * fall in bin 0.
 */
export function latencyBinSql(ms: string): string {
  return `case ${LATENCY_BIN_UPPER_MS.map((upper, i) => `when ${ms} < ${upper} then ${i}`).join(' ')} else ${LATENCY_BINS - 1} end`;
}

/** Median and 95th percentile of a histogram, ms; null when it is empty. */
export interface LatencySummary {
  median: number;
  p95: number;
}

/**
 * The median and 95th percentile of a histogram (`counts[i]`: durations in bin i), interpolated
 * linearly inside the bin that holds them; the open-ended last bin answers its lower bound.
 * @returns null when the histogram counts nothing.
 */
export function summarize(counts: readonly number[]): LatencySummary | null {
  const total = counts.reduce((a, b) => a + b, 0);
  if (total <= 0) return null;
  return { median: quantile(counts, total, 0.5), p95: quantile(counts, total, 0.95) };
}

function quantile(counts: readonly number[], total: number, q: number): number {
  const rank = q * total;
  let below = 0;
  for (let i = 0; i < counts.length; i++) {
    const n = counts[i]!;
    if (n > 0 && below + n >= rank) {
      const lower = i === 0 ? 0 : LATENCY_BIN_UPPER_MS[i - 1]!;
      const upper = LATENCY_BIN_UPPER_MS[i];
      if (upper === undefined) return lower;
      return Math.round(lower + ((upper - lower) * (rank - below)) / n);
    }
    below += n;
  }
  return LATENCY_BIN_UPPER_MS[LATENCY_BIN_UPPER_MS.length - 1]!;
}
