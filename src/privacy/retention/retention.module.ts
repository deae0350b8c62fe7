/**
 * The retention of events, the platform's raw payloads and inactive contacts as a module
 * (src/feature.ts; docs/api.md §D17): it fills the messages feature's `furtherRetention` slot, so
 * these kinds are swept at the end of each retention sweep (hourly, and `tidings retention
 * sweep`), and fills its own `contactEraser` slot with the erasure of customers (docs/api.md §D28),
 * built before it: an inactive contact is erased as `POST /v1/erasures` erases one.
 */
import type { Store } from '../../db/store.js';
import type { Feature, Slot } from '../../feature.js';
import type { Clock } from '../../lib/clock.js';
import type { Metrics } from '../../metrics/metrics.js';
import type { FurtherRetention } from '../../messages/retention/retention.service.js';
import type { Logger } from 'pino';
import type { ErasureService } from '../erasure/erasure.service.js';
import { RetentionKinds } from './retention-kinds.service.js';

export interface RetentionNeeds {
  store: Store;
  clock: Clock;
  logger: Logger;
  metrics: Metrics;
  /** The messages feature's retention sweep, which runs these kinds at its end. */
  furtherRetention: Slot<FurtherRetention>;
  /** The erasure of customers, which erases the inactive contacts the sweep picks. */
  erasures: Pick<ErasureService, 'eraseInactive'>;
}

export interface RetentionProvides {
  /** The sweep of events, platform payloads and inactive contacts, with its `contactEraser` slot. */
  retentionKinds: RetentionKinds;
}

export function retentionModule({
  store,
  clock,
  logger,
  metrics,
  furtherRetention,
  erasures,
}: RetentionNeeds): Feature<RetentionProvides> {
  const retentionKinds = new RetentionKinds({ store, clock, logger, metrics: metrics.recorders.retention });
  furtherRetention.fill(retentionKinds);
  retentionKinds.contactEraser.fill({
    eraseInactive: async (accountId, mode, contactIds, actor) => {
      await erasures.eraseInactive(accountId, mode, contactIds, actor);
    },
  });
  return { name: 'privacy/retention', provides: { retentionKinds } };
}
