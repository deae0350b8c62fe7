/**
 * What the composition root's builders share (deps.ts builds through them, one file per part):
 * the caller's overrides and the process's shared handles.
 */
import type { Logger } from 'pino';
import type { AccountService } from '../accounts/account.service.js';
import type { Config } from '../config.js';
import type { Store } from '../db/store.js';
import type { DeliveryPolicy } from '../events/delivery.service.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Resolver } from '../lib/address-guard.js';
import type { Clock } from '../lib/clock.js';
import type { InboundMediaPolicy } from '../media/inbound-download.js';
import type { DispatchPolicy } from '../messages/dispatch/dispatcher.js';
import type { Metrics } from '../metrics/metrics.js';
import type { Platform } from '../platform/platform.js';

export interface DepsOverrides {
  clock?: Clock;
  logger?: Logger;
  /** The Graph API base URL (the simulator's, in tests and with the embedded simulator). */
  graphUrl?: string;
  /** Event delivery timing (tests shorten the retry delays and the 10 s timeout). */
  deliveryPolicy?: Partial<DeliveryPolicy>;
  /** When customers' files are downloaded again after a failure (tests shorten the delays). */
  inboundMediaPolicy?: Partial<InboundMediaPolicy>;
  /** Dispatch timing beyond what the config sets (tests shorten the retry backoff). */
  dispatchPolicy?: Partial<DispatchPolicy>;
  /** Host name resolution for the address guard (event deliveries and media downloads). */
  resolver?: Resolver;
  /**
   * `service` (default): ready to take requests and run jobs. `admin` (the CLI, which may run beside
   * a running service): the same services, without starting the PostgreSQL job queue and without
   * sweeping the media directory's temporary files (the service's uploads in progress).
   */
  role?: 'service' | 'admin';
}

/** What every part is built from: the config, the caller's overrides and the process's shared handles. */
export interface Base {
  config: Config;
  overrides: DepsOverrides;
  role: 'service' | 'admin';
  store: Store;
  clock: Clock;
  logger: Logger;
  platform: Platform;
  accounts: AccountService;
  jobs: JobQueue;
  metrics: Metrics;
}
