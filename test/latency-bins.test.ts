// test-runner: no database
/** The latency histograms of the message aggregates (docs/api.md §D22): bins and percentiles. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { summarize } from '../src/analytics/latency-bins.js';
import { LATENCY_BIN_UPPER_MS, LATENCY_BINS, latencyBinSql } from '../src/db/tables/message-stats.js';

/** The bin a duration falls in, as the SQL ladder decides it (evaluated here as JavaScript). */
function binOf(ms: number): number {
  for (const [, upper, bin] of latencyBinSql('x', false).matchAll(/when ms < (\d+) then (\d+)/g))
    if (ms < Number(upper)) return Number(bin);
  return LATENCY_BINS - 1;
}

describe('latency histograms', () => {
  it('bins durations in bins twice as wide as the one before, from 100 ms to about 29 h, negatives in the first', () => {
    assert.equal(LATENCY_BINS, 22);
    assert.deepEqual(
      [binOf(-700), binOf(0), binOf(99), binOf(100), binOf(199), binOf(200), binOf(1000), binOf(60_000)],
      [0, 0, 0, 1, 1, 2, 4, 10],
    );
    assert.equal(binOf(LATENCY_BIN_UPPER_MS.at(-1)!), LATENCY_BINS - 1);
  });

  it('reads the median and 95th percentile inside their bin, and nothing from an empty histogram', () => {
    assert.equal(summarize(new Array(LATENCY_BINS).fill(0)), null);
    const counts = new Array(LATENCY_BINS).fill(0);
    counts[4] = 100; // 100 durations between 800 and 1,600 ms
    assert.deepEqual(summarize(counts), { median: 1200, p95: 1560 });
    counts[LATENCY_BINS - 1] = 1000; // most of them past the last bound: its lower bound is all that is known
    assert.deepEqual(summarize(counts), { median: LATENCY_BIN_UPPER_MS.at(-1), p95: LATENCY_BIN_UPPER_MS.at(-1) });
  });
});
