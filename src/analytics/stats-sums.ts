/**
 * Sums of the aggregate rows of one bucket, one group or the whole range (message-analytics.ts
 * adds each row to the sums it belongs to), and the figures they make: counts, billable messages
 * per pricing category, delivery and read rates, latency percentiles, and the estimated cost under
 * the operator's price table.
 */
import { LATENCY_BINS, STAT_COUNTERS } from '../db/tables/message-stats.js';
import type { AnalyticsFigures, AnalyticsGroup } from './analytics.schemas.js';
import { summarize } from './latency-bins.js';
import type { StatsRow } from './message-stats.repository.js';
import type { PriceTable } from './price-table.js';

const C = Object.fromEntries(STAT_COUNTERS.map((c, i) => [c, i])) as Record<string, number>;
const AS = C.as_0!;
const SD = C.sd_0!;

/** Sums of aggregate rows, and the estimated cost of their billable messages (in millionths). */
export class Sums {
  readonly counters = new Array<number>(STAT_COUNTERS.length).fill(0);
  readonly billable = new Map<string, number>();
  costMicros = 0;

  constructor(
    readonly group: AnalyticsGroup,
    readonly start?: string,
  ) {}

  add(row: StatsRow, day: string, prices: PriceTable | null): void {
    for (let i = 0; i < row.counters.length; i++) this.counters[i]! += row.counters[i]!;
    const billable = row.counters[C.n_billable!]!;
    if (billable !== 0) {
      const category = row.dimensions.pricing_category || 'unknown';
      this.billable.set(category, (this.billable.get(category) ?? 0) + billable);
      if (prices)
        this.costMicros += billable * Math.round(prices.price(day, category, row.dimensions.country || null) * 1e6);
    }
  }

  figures(prices: PriceTable | null): AnalyticsFigures {
    const n = (c: string) => this.counters[C[c]!]!;
    const sent = n('n_sent');
    const delivered = n('n_delivered');
    return {
      accepted: n('n_accepted'),
      sent,
      delivered,
      read: n('n_read'),
      failed: n('n_failed'),
      canceled: n('n_canceled'),
      billable: n('n_billable'),
      billableByCategory: Object.fromEntries(
        [...this.billable].filter(([, v]) => v !== 0).sort(([a], [b]) => a.localeCompare(b)),
      ),
      deliveryRate: sent > 0 ? round(delivered / sent) : null,
      readRate: delivered > 0 ? round(n('n_read') / delivered) : null,
      acceptedToSentMs: summarize(this.counters.slice(AS, AS + LATENCY_BINS)),
      sentToDeliveredMs: summarize(this.counters.slice(SD, SD + LATENCY_BINS)),
      estimatedCost: prices
        ? { currency: prices.currency, amount: (this.costMicros / 1e6).toFixed(4), estimate: true }
        : null,
    };
  }
}

function round(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}
