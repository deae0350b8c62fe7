/**
 * The erasure of customers as a module (src/feature.ts; docs/api.md §D28): the routes, the durable
 * job that erases in bounded units, and `ErasureService` for the features after it (the retention of
 * inactive contacts queues its erasures through `eraseInactive`). Built after the features whose
 * data it removes: consent (the tombstones), media (file deletion), events and the audit trail.
 */
import type { Logger } from 'pino';
import type { AuditTrail } from '../../audit/audit-trail.js';
import type { SuppressionTombstones } from '../../consent/suppression-tombstones.js';
import type { Store } from '../../db/store.js';
import type { EventService } from '../../events/event.service.js';
import { HOURLY_MS, type Feature } from '../../feature.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Clock } from '../../lib/clock.js';
import type { MediaDeletion } from '../../media/media-deletion.js';
import { erasureRoutes } from './erasure.routes.js';
import { Erasure } from './erasure.schemas.js';
import { ERASE_JOB, ERASE_LEASE_MS, ErasureService } from './erasure.service.js';
import { scrubAfterErasures } from './scrub.js';

export interface ErasureNeeds {
  store: Store;
  clock: Clock;
  jobs: JobQueue;
  logger: Logger;
  events: EventService;
  audit: AuditTrail;
  suppressionTombstones: SuppressionTombstones;
  mediaDeletion: MediaDeletion;
}

export interface ErasureProvides {
  /** Erasing customers (docs/api.md §D28). */
  erasures: ErasureService;
  /** SQLite: rebuilds the file after completed erasures (scrub.ts); the periodic task's run, for the CLI and tests. */
  scrubAfterErasures: () => ReturnType<typeof scrubAfterErasures>;
}

export function erasureModule(needs: ErasureNeeds): Feature<ErasureProvides> {
  const erasures = new ErasureService({
    store: needs.store,
    clock: needs.clock,
    jobs: needs.jobs,
    logger: needs.logger,
    events: needs.events,
    audit: needs.audit,
    tombstones: needs.suppressionTombstones,
    files: needs.mediaDeletion,
  });
  return {
    name: 'erasure',
    provides: { erasures, scrubAfterErasures: () => scrubAfterErasures(needs.store, needs.clock) },
    routes: () => erasureRoutes({ erasures }),
    schemas: [Erasure],
    // One erasure at a time per process; each run is a slice well inside its lease (erasure.service.ts).
    jobs: [
      {
        type: ERASE_JOB,
        run: (payload) => erasures.run(payload),
        options: { concurrency: 2, leaseMs: ERASE_LEASE_MS },
      },
    ],
    periodic: [
      {
        // SQLite: the file rebuilt once erasures completed, so no moved copy of them is left (scrub.ts).
        name: 'erasure scrub',
        everyMs: HOURLY_MS,
        atStart: true,
        run: async () => {
          const done = await scrubAfterErasures(needs.store, needs.clock);
          if (done.vacuumed) needs.logger.info(done, 'database file rebuilt after erasures');
        },
      },
    ],
  };
}
