/**
 * The composition root: builds every service from the config, with one named options object each.
 * The service (`main.ts`), the admin CLI and the tests all build through it; tests pass their own
 * config (a temporary SQLite file or a PostgreSQL schema, the simulator's URL) and may pass a clock.
 */
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { AccountService } from './accounts/account.service.js';
import { KeyService } from './accounts/key.service.js';
import { ThroughputTiers } from './accounts/throughput.js';
import { PricingTiers } from './accounts/pricing-tiers.js';
import { AccountSignals } from './accounts/account-signals.js';
import { BusinessEchoes } from './messages/reports/business-echoes.js';
import type { SuppressionService } from './consent/suppression.service.js';
import { CONSENT_REPLY_JOB } from './consent/consent-intake.js';
import { Background } from './background.js';
import type { Config } from './config.js';
import { ConfigError } from './lib/env-values.js';
import { buildContent } from './composition/content.js';
import type { Base, DepsOverrides } from './composition/base.js';
import { buildEventing } from './composition/eventing.js';
import { buildMessaging } from './composition/messaging.js';
import { buildRetention } from './composition/retention.js';
import type { RetentionSettings } from './accounts/retention-settings.js';
import type { ContactService } from './contacts/contact.service.js';
import { BlockSync } from './contacts/block-sync.js';
import { BlockService } from './contacts/block.service.js';
import { connectDatabase } from './db/connect.js';
import { observedPgClient, type StatementObserver } from './db/statements.js';
import type { Store } from './db/store.js';
import type { DeliveryService } from './events/delivery.service.js';
import type { EndpointService } from './events/endpoint.service.js';
import { DELIVER_JOB, type EventService } from './events/event.service.js';
import type { JobQueue } from './jobs/job-queue.js';
import { PgBossJobQueue } from './jobs/pg-boss-queue.js';
import { SqlJobQueue } from './jobs/sql-job-queue.js';
import { systemClock, type Clock } from './lib/clock.js';
import { SecretBox } from './lib/crypto.js';
import { createLogger } from './lib/log.js';
import { FlexibleRateLimiter, type RateLimiter } from './lib/rate-limiter.js';
import { INBOUND_MEDIA_JOB } from './media/inbound-download.js';
import { DELETE_PLATFORM_COPY_JOB, type MediaDeletion } from './media/media-deletion.js';
import type { MediaService } from './media/media.service.js';
import type { Dispatcher } from './messages/dispatch/dispatcher.js';
import type { MessageService } from './messages/message.service.js';
import type { RetentionService } from './messages/retention/retention.service.js';
import type { MessageSender } from './messages/accept/send.service.js';
import type { BatchSender } from './messages/batches/batch-send.service.js';
import type { BatchService } from './messages/batches/batch.service.js';
import type { CancelService } from './messages/batches/cancel.service.js';
import { TEST_STATUS_JOB, type TestModeService } from './messages/reports/test-mode.service.js';
import { Metrics } from './metrics/metrics.js';
import { CloudApiPlatform } from './platform/cloud-api/cloud-api.platform.js';
import { PlatformIntake } from './platform/intake.js';
import { MeteredPlatform } from './platform/metered.platform.js';
import type { Platform } from './platform/platform.js';
import { keyMismatchMessage, readSecrets, type Secrets } from './secrets.js';
import { SUBMIT_JOB } from './templates/template-submission.js';
import { READ_BACK_JOB } from './templates/template-sync.js';
import { READ_GENERATED_JOB } from './templates/generated-templates.js';
import type { TemplateService } from './templates/template.service.js';
import type { TemplateHistory } from './templates/template-history.js';
import type { TemplateSync } from './templates/template-sync.js';
import { MessageAnalytics } from './analytics/message-analytics.js';
import { PriceTable } from './analytics/price-table.js';
import { errorMeaning } from './platform/error-meanings.js';
import type { TemplateLibrary } from './templates/template-library.js';

export interface Deps {
  config: Config;
  store: Store;
  clock: Clock;
  logger: Logger;
  secrets: Secrets;
  platform: Platform;
  accounts: AccountService;
  keys: KeyService;
  messages: MessageService;
  contacts: ContactService;
  /** Blocking customers through the Block Users API (docs/api.md §D25), and the sync with the platform's blocklist. */
  blocks: BlockService;
  blockSync: BlockSync;
  sender: MessageSender;
  /** Batch sends and dry runs, batches, cancelling (docs/api.md §D18). */
  batchSender: BatchSender;
  batchService: BatchService;
  cancels: CancelService;
  dispatcher: Dispatcher;
  tiers: ThroughputTiers;
  /** The platform's volume-based pricing tier notices, per account (GET /v1/pricing_tiers). */
  pricingTiers: PricingTiers;
  accountSignals: AccountSignals;
  /** The suppression list and the account's consent settings (docs/api.md §D23). */
  suppressions: SuppressionService;
  intake: PlatformIntake;
  testMode: TestModeService;
  templates: TemplateService;
  /** Each template's history (GET /v1/templates/{id}/history). */
  history: TemplateHistory;
  /** Reconciliation of templates with the platform (POST /v1/templates/sync, and daily). */
  templateSync: TemplateSync;
  /** Delivery and cost analytics (GET /v1/analytics/messages, docs/api.md §D22). */
  analytics: MessageAnalytics;
  /** Meta's Template Library (GET /v1/template_library, POST /v1/templates/from_library). */
  templateLibrary: TemplateLibrary;
  media: MediaService;
  /** Deleting files (`DELETE /v1/media/{id}`, retention, the orphan sweep). */
  mediaDeletion: MediaDeletion;
  /** Each account's retention, and its sweep (docs/api.md §D17). */
  retentionSettings: RetentionSettings;
  retention: RetentionService;
  keyRateLimiter: RateLimiter;
  events: EventService;
  endpoints: EndpointService;
  deliveries: DeliveryService;
  jobs: JobQueue;
  /** This instance's Prometheus registry and recorders (served at `/metrics`, app.ts and metrics.routes.ts). */
  metrics: Metrics;
  /** Starts the job workers, the dispatcher and hourly housekeeping (expired idempotency keys and events, tiers not read for a day). Service only. */
  startBackground(): Promise<void>;
  /**
   * Stops every background worker (job workers, housekeeping): no new work is started and the
   * running work is awaited. The one place a worker is stopped; `shutdown.ts` bounds the wait
   * (SHUTDOWN_TIMEOUT_MS). Idempotent; `close` calls it too.
   */
  stopBackground(): Promise<void>;
  /** Set while shutting down: /health/ready answers 503 and new requests get 503 service_unavailable. */
  lifecycle: { draining: boolean };
  /** Stops the background workers, then releases every connection (database, Redis, HTTP clients). */
  close(): Promise<void>;
}

export type { DepsOverrides } from './composition/base.js';

export async function buildDeps(config: Config, overrides: DepsOverrides = {}): Promise<Deps> {
  const role = overrides.role ?? 'service';
  const clock = overrides.clock ?? systemClock;
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const { secrets, ...pendingSecrets } = readSecrets(config);
  // The operator's price table, read before anything connects: a file that is not one stops the start.
  const prices = config.priceTableFile ? PriceTable.load(config.priceTableFile) : null;
  // One registry per instance. The process's own metrics only when something serves them.
  const metrics = new Metrics({
    logger,
    processMetrics: role === 'service' && (config.metricsPort !== null || config.metricsToken !== null),
  });
  // Every statement, the job queue's included, is counted by the work that ran it.
  const observe: StatementObserver = (kind, rows) => metrics.recorders.db.statement(kind, rows);
  const store = await connectDatabase(config.database, { observe });
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

  const graphUrl =
    overrides.graphUrl ??
    (config.platform.mode === 'graph'
      ? config.platform.graphUrl
      : `http://127.0.0.1:${config.platform.simulatorPort}/v23.0`);
  // Every platform call is counted and timed here, whoever makes it; media downloads go only where docs/platform.md §3.1 allows.
  const media = { hosts: config.platformMediaHosts, allowHttp: config.platformAllowHttp, resolver: overrides.resolver };
  const platform = new MeteredPlatform(
    new CloudApiPlatform({
      graphUrl,
      timeoutMs: config.platformTimeoutMs,
      connections: config.platformConnections,
      media,
    }),
    metrics.recorders.platform,
  );

  const keys = new KeyService({ store, clock, accounts });
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
  const base: Base = { config, overrides, role, store, clock, logger, platform, accounts, jobs, metrics };

  const eventing = buildEventing(base, secretBox);
  const content = await buildContent(base, eventing.events);
  const messaging = buildMessaging(base, eventing.events, content);
  const kept = buildRetention(base, eventing.events, content);
  const tiers = new ThroughputTiers({ store, platform, accounts, clock, logger });
  const pricingTiers = new PricingTiers({ store, events: eventing.events, logger });
  const accountSignals = new AccountSignals({ store, events: eventing.events, clock, logger });
  // A block suppresses the customer on its number (reason `blocked`), in the block's unit of work.
  const blocks = new BlockService({
    store,
    clock,
    platform,
    accounts,
    events: eventing.events,
    contacts: messaging.contacts,
    suppressions: messaging.suppressions.forBlocks(),
  });
  const blockSync = new BlockSync({ store, clock, platform, accounts, blocks });
  // The hand-offs of a platform webhook: each feature's own object takes its updates.
  const intake = new PlatformIntake({
    store,
    clock,
    logger,
    consumers: {
      numberOwners: accounts,
      contacts: messaging.contactUpdates,
      statuses: messaging.statuses,
      inbound: messaging.inbound,
      templates: content.reviews,
      numbers: tiers,
      pricingTiers,
      signals: accountSignals,
      echoes: new BusinessEchoes({ events: eventing.events, contacts: messaging.contactUpdates }),
      consent: messaging.consent,
    },
  });

  metrics.observe({
    lanes: () => messaging.dispatcher.lanes(),
    jobDepths: () => jobs.depths(),
    pool: () => store.poolStats(),
    oldestMediaDownload: () => jobs.oldestDueAge(INBOUND_MEDIA_JOB),
    mediaUsage: () => content.media.allUsage(),
  });
  jobs.register(TEST_STATUS_JOB, (payload) => messaging.testMode.applyTestStatus(payload), { concurrency: 4 });
  jobs.register(SUBMIT_JOB, (payload) => content.submitter.resubmit(payload));
  jobs.register(READ_BACK_JOB, (payload) => content.templateSync.readBack(payload));
  jobs.register(READ_GENERATED_JOB, (payload) => content.generatedTemplates.read(payload));
  jobs.register(CONSENT_REPLY_JOB, (payload) => messaging.consentReplies.run(payload));
  jobs.register(DELIVER_JOB, (payload) => eventing.deliveries.deliver(payload), { concurrency: 64 });
  const downloads = {
    concurrency: config.mediaDownloadConcurrency,
    accountLimit: config.mediaDownloadAccountLimit,
    callTimeoutMs: config.platformTimeoutMs,
  };
  jobs.register(DELETE_PLATFORM_COPY_JOB, (payload) => kept.deletion.deletePlatformCopy(payload));
  jobs.register(
    INBOUND_MEDIA_JOB,
    (payload) => messaging.inboundMedia.download(payload),
    messaging.inboundMedia.jobOptions(downloads),
  );
  if (jobs instanceof PgBossJobQueue && role === 'service') await jobs.prepare();

  const analytics = new MessageAnalytics({ store, clock, prices, explainError: errorMeaning });
  const background = new Background({
    store,
    clock,
    logger,
    jobs,
    dispatcher: messaging.dispatcher,
    events: eventing.events,
    tiers,
    retention: kept.retention,
    deletion: kept.deletion,
    templateSync: content.templateSync,
  });
  return {
    config,
    store,
    clock,
    logger,
    secrets,
    platform,
    accounts,
    keys,
    messages: messaging.messages,
    contacts: messaging.contacts,
    blocks,
    blockSync,
    sender: messaging.sender,
    batchSender: messaging.batchSender,
    batchService: messaging.batchService,
    cancels: messaging.cancels,
    dispatcher: messaging.dispatcher,
    tiers,
    pricingTiers,
    accountSignals,
    suppressions: messaging.suppressions,
    intake,
    testMode: messaging.testMode,
    templates: content.templates,
    history: content.history,
    templateSync: content.templateSync,
    analytics,
    templateLibrary: content.templateLibrary,
    media: content.media,
    mediaDeletion: kept.deletion,
    retentionSettings: kept.settings,
    retention: kept.retention,
    keyRateLimiter,
    events: eventing.events,
    endpoints: eventing.endpoints,
    deliveries: eventing.deliveries,
    jobs,
    metrics,
    lifecycle: { draining: false },
    startBackground: () => background.start(),
    stopBackground: () => background.stop(),
    async close() {
      await background.stop();
      await jobs.close();
      await eventing.transport.close();
      await platform.close();
      await keyRateLimiter.close();
      if (redis) redis.disconnect();
      await store.close();
    },
  };
}
