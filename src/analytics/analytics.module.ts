/**
 * The analytics feature as a module (src/feature.ts): what was sent, what arrived and what it cost
 * (`GET /v1/analytics/messages`, docs/api.md §D22), and the fold that keeps the aggregates' change
 * log short (its length and its time in `/metrics`).
 */
import type { Store } from '../db/store.js';
import type { Feature } from '../feature.js';
import type { Clock } from '../lib/clock.js';
import type { Metrics } from '../metrics/metrics.js';
import { errorMeaning } from '../platform/error-meanings.js';
import { analyticsRoutes } from './analytics.routes.js';
import { AnalyticsResult } from './analytics.schemas.js';
import { MessageAnalytics } from './message-analytics.js';
import type { PriceTable } from './price-table.js';
import { changeLogLength, FOLD_INTERVAL_MS, FOLD_LIMIT, foldStatChanges } from './stats-fold.repository.js';

export interface AnalyticsNeeds {
  store: Store;
  clock: Clock;
  /** The operator's price table, or null for the platform's list prices. */
  prices: PriceTable | null;
  metrics: Metrics;
}

export interface AnalyticsProvides {
  /** Delivery and cost analytics (docs/api.md §D22). */
  analytics: MessageAnalytics;
}

export function analyticsModule({ store, clock, prices, metrics }: AnalyticsNeeds): Feature<AnalyticsProvides> {
  const analytics = new MessageAnalytics({ store, clock, prices, explainError: errorMeaning });
  return {
    name: 'analytics',
    provides: { analytics },
    routes: () => analyticsRoutes({ analytics }),
    schemas: [AnalyticsResult],
    scrape: { analyticsChangeLog: () => changeLogLength(store) },
    periodic: [
      {
        // The message aggregates' change log, folded every second; a full turn goes again at once.
        name: 'message aggregates fold',
        everyMs: FOLD_INTERVAL_MS,
        atStart: false,
        run: async (signal) => {
          let n: number;
          do {
            const started = performance.now();
            n = await foldStatChanges(store);
            if (n > 0) metrics.recorders.analytics.folded(n, (performance.now() - started) / 1000);
          } while (n >= FOLD_LIMIT && !signal.aborted);
        },
      },
    ],
  };
}
