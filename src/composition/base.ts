/**
 * The ground every feature stands on (deps.ts opens it first): the config and the caller's
 * overrides, the database, the clock and the logger, the secrets, the platform client, the tenant
 * directory (accounts and their credentials), the job queue, the metrics registry and the API keys'
 * rate limiter. As a `Feature`, the ground also does the service's housekeeping that belongs to no
 * feature (expired idempotency keys; on PostgreSQL the planner's statistics and the queue's dead
 * rows) and releases the connections last.
 */
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { AccountService } from '../accounts/account.service.js';
import { auditKeyOf } from '../audit/audit-hash.js';
import { AuditTrail } from '../audit/audit-trail.js';
import { PriceTable } from '../analytics/price-table.js';
import type { Config } from '../config.js';
import { ConfigError } from '../lib/env-values.js';
import { connectDatabase } from '../db/connect.js';
import { observedPgClient, type StatementObserver } from '../db/statements.js';
import type { Store } from '../db/store.js';
import { tableUpkeep } from '../db/upkeep.js';
import type { DeliveryPolicy } from '../events/delivery.service.js';
import { HOURLY_MS, type Feature } from '../feature.js';
import { purgeExpiredIdempotencyKeys } from '../http/idempotency.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { PgBossJobQueue } from '../jobs/pg-boss-queue.js';
import { SqlJobQueue } from '../jobs/sql-job-queue.js';
import type { Resolver } from '../lib/address-guard.js';
import { systemClock, type Clock } from '../lib/clock.js';
import { SecretBox } from '../lib/crypto.js';
import { createLogger } from '../lib/log.js';
import { FlexibleRateLimiter, type RateLimiter } from '../lib/rate-limiter.js';
import type { InboundMediaPolicy } from '../media/inbound.rules.js';
import type { DispatchPolicy } from '../messages/dispatch/dispatcher.js';
import { Metrics } from '../metrics/metrics.js';
import type { GraphApi } from '../lib/graph-versions.js';
import { CloudApiPlatform } from '../platform/cloud-api/cloud-api.platform.js';
import { checkGraphVersionAtStart, graphApiOf, graphVersionCheck } from '../platform/graph-api-version.js';
import { MeteredPlatform } from '../platform/metered.platform.js';
import type { Platform } from '../platform/platform.js';
import { keyMismatchMessage, readSecrets, type Secrets } from '../secrets.js';

/** How often PostgreSQL's planner statistics and dead row versions are checked (db/upkeep.ts), ms. */
const UPKEEP_CHECK_MS = 10_000;

export interface DepsOverrides {
  clock?: Clock;
  logger?: Logger;
  /**
   * The Graph API base URL (the simulator's, in tests): one ending with a version (`…/v23.0`) speaks
   * it; one without (`http://127.0.0.1:3001`) takes WHATSAPP_GRAPH_VERSION's (docs/api.md §D33).
   */
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

/** What every feature may use: the config, the caller's overrides and the process's shared handles. */
export interface Ground {
  config: Config;
  overrides: DepsOverrides;
  role: 'service' | 'admin';
  store: Store;
  clock: Clock;
  logger: Logger;
  secrets: Secrets;
  /** Encrypts what is stored secret (accounts' credentials, endpoints' signing secrets). */
  secretBox: SecretBox;
  platform: Platform;
  /** The Graph API version spoken and its end of life (platform/graph-api-version.ts). */
  graphApi: GraphApi;
  /** The tenant directory: accounts, their numbers and credentials. */
  accounts: AccountService;
  /** Records who changed what, in the unit of work of the change (audit/audit-trail.ts). */
  audit: AuditTrail;
  jobs: JobQueue;
  /** This instance's Prometheus registry and recorders (served at `/metrics`). */
  metrics: Metrics;
  /** Each API key's requests per second (Redis on PostgreSQL deployments, memory otherwise). */
  keyRateLimiter: RateLimiter;
  /** The shared Redis connection (REDIS_URL, the service only), or null: counters kept in memory. */
  redis: Redis | null;
  /** The operator's price table (PRICE_TABLE_FILE), or null for the platform's list prices. */
  prices: PriceTable | null;
  /** Set while shutting down: /health/ready answers 503 and new requests get 503 service_unavailable. */
  lifecycle: { draining: boolean };
}

/**
 * Opens the ground: reads the secrets and the price table, connects the database (and Redis), and
 * checks that the encryption key reads the stored credentials before anything is written.
 * @throws ConfigError when the key cannot read them (secrets.ts says what to do), or a price table
 *   file is not one (before anything connects).
 */
export async function openGround(config: Config, overrides: DepsOverrides): Promise<Feature<Ground>> {
  const role = overrides.role ?? 'service';
  const clock = overrides.clock ?? systemClock;
  const logger = overrides.logger ?? createLogger(config.logLevel);
  // The Graph API version, checked before anything connects: one near or past its end of life is logged (docs/api.md §D33).
  const graphApi = graphApiOf(config, overrides.graphUrl, clock);
  if (role === 'service') checkGraphVersionAtStart(graphApi, logger);
  const { secrets, ...pendingSecrets } = readSecrets(config);
  // The operator's price table, read before anything connects: a file that is not one stops the start.
  const prices = config.priceTableFile ? PriceTable.load(config.priceTableFile) : null;
  // One registry per instance. The process's own metrics only when something serves them.
  const processMetrics = role === 'service' && (config.metricsPort !== null || config.metricsToken !== null);
  const metrics = new Metrics({ logger, processMetrics });
  // Every statement, the job queue's included, is counted by the work that ran it.
  const observe: StatementObserver = (kind, rows) => metrics.recorders.db.statement(kind, rows);
  const store = await connectDatabase(config.database, {
    observe,
    onRetry: (code) => metrics.recorders.db.retried(code),
  });
  const secretBox = new SecretBox(secrets.encryptionKey);
  const accounts = new AccountService({ store, secretBox, clock, simulatorSecret: secrets.appSecret });
  // A key that cannot read the stored credentials stops the start before anything is written (secrets.ts).
  if (!(await accounts.decryptsStoredCredentials()))
    throw await store.close().then(() => new ConfigError(keyMismatchMessage(pendingSecrets)));
  pendingSecrets.save();
  // The caches hear of other processes' changes (the CLI, short-lived, does not need to).
  if (role === 'service')
    await store.watchChanges((err) =>
      logger.warn({ err }, 'database change listener failed; it reconnects, and the caches start over'),
    );

  // Auto-pipelining: the rate-limit commands of concurrent requests share one write to Redis.
  const redis =
    config.redisUrl && role === 'service'
      ? new Redis(config.redisUrl, {
          lazyConnect: false,
          maxRetriesPerRequest: 2,
          enableOfflineQueue: true,
          enableAutoPipelining: true,
        })
      : null;
  // Without a listener ioredis prints its connection errors to stderr as plain text, outside the JSON log.
  redis?.on('error', (err) => logger.warn({ err }, 'redis connection error (it reconnects)'));
  const keyRateLimiter = new FlexibleRateLimiter({ redis, prefix: 'tidings:key' });

  // Every platform call is counted and timed here, whoever makes it; media downloads go only where docs/platform.md §3.1 allows.
  const media = { hosts: config.platformMediaHosts, allowHttp: config.platformAllowHttp, resolver: overrides.resolver };
  const cloudApi = new CloudApiPlatform({
    graphUrl: graphApi.baseUrl,
    timeoutMs: config.platformTimeoutMs,
    connections: config.platformConnections,
    media,
  });
  const platform = new MeteredPlatform(cloudApi, metrics.recorders.platform);

  const jobs =
    config.database.dialect === 'postgres'
      ? new PgBossJobQueue({
          store,
          connectionString: config.database.url,
          logger,
          clock,
          pollMs: config.jobPollMs,
          metrics: metrics.recorders.jobs,
          pgClient: observedPgClient(observe),
        })
      : new SqlJobQueue({ store, clock, logger, pollMs: config.jobPollMs, metrics: metrics.recorders.jobs });

  const provides: Ground = {
    config,
    overrides,
    role,
    store,
    clock,
    logger,
    secrets,
    secretBox,
    platform,
    graphApi,
    accounts,
    audit: new AuditTrail({ clock, key: auditKeyOf(secrets.encryptionKey) }),
    jobs,
    metrics,
    keyRateLimiter,
    redis,
    prices,
    lifecycle: { draining: false },
  };
  return {
    name: 'ground',
    provides,
    scrape: { jobDepths: () => jobs.depths(), pool: () => store.poolStats() },
    periodic: [
      {
        name: 'idempotency key purge',
        everyMs: HOURLY_MS,
        atStart: true,
        run: () => purgeExpiredIdempotencyKeys(store, clock),
      },
      ...(role === 'service' ? [graphVersionCheck(graphApi, logger)] : []),
      // PostgreSQL's planner statistics and the queue's dead rows, wherever autovacuum does not keep up (db/upkeep.ts).
      ...(store.dialect === 'postgres'
        ? [
            {
              name: 'table upkeep',
              everyMs: UPKEEP_CHECK_MS,
              atStart: false,
              run: async () => {
                const done = await tableUpkeep(store);
                if (done.analyzed.length + done.vacuumed.length > 0) logger.debug(done, 'tables analyzed or vacuumed');
              },
            },
          ]
        : []),
    ],
    async close() {
      await jobs.close();
      await platform.close();
      await keyRateLimiter.close();
      if (redis) redis.disconnect();
      await store.close();
    },
  };
}
