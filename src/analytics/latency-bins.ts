/**
 * Percentiles of the message aggregates' latency histograms (docs/api.md §D22; the bins:
 * db/tables/message-stats.ts): a percentile is exact to its bin and interpolated inside it (as a
 * Prometheus histogram's quantile is).
 */
import { LATENCY_BIN_UPPER_MS } from '../db/tables/message-stats.js';

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
