/**
 * The composition root: builds every service from the config, with one named options object each.
 * The service (`main.ts`), the admin CLI and the tests all build through it; tests pass their own
 * config (a temporary SQLite file or a PostgreSQL schema, the simulator's URL) and may pass a clock.
 */
import path from 'node:path';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { AccountService } from './accounts/account.service.js';
import { KeyService } from './accounts/key.service.js';
import { ThroughputTiers } from './accounts/throughput.js';
import { Background } from './background.js';
import { ConfigError, type Config } from './config.js';
import { ContactUpdates } from './contacts/contact-updates.js';
import { ContactService } from './contacts/contact.service.js';
import { connectDatabase } from './db/connect.js';
import { observedPgClient, type StatementObserver } from './db/statements.js';
import type { Store } from './db/store.js';
import { DeliveryService, DEFAULT_DELIVERY_POLICY, type DeliveryPolicy } from './events/delivery.service.js';
import { EndpointService } from './events/endpoint.service.js';
import { DELIVER_JOB, EventService } from './events/event.service.js';
import { HttpWebhookTransport } from './events/transport.js';
import type { JobQueue } from './jobs/job-queue.js';
import { PgBossJobQueue } from './jobs/pg-boss-queue.js';
import { SqlJobQueue } from './jobs/sql-job-queue.js';
import type { Resolver } from './lib/address-guard.js';
import { systemClock, type Clock } from './lib/clock.js';
import { SecretBox } from './lib/crypto.js';
import { createLogger } from './lib/log.js';
import { FlexibleRateLimiter, type RateLimiter } from './lib/rate-limiter.js';
import { DEFAULT_INBOUND_MEDIA_POLICY, INBOUND_MEDIA_JOB, InboundMedia, type InboundMediaPolicy } from './media/inbound-download.js';
import { MediaService } from './media/media.service.js';
import { LocalDirectoryStorage } from './media/storage.js';
import { DEFAULT_DISPATCH_POLICY, Dispatcher, type DispatchPolicy } from './messages/dispatch/dispatcher.js';
import { DatabasePacer, MemoryPacer } from './messages/dispatch/pacer.js';
import { PayloadResolver } from './messages/dispatch/payload.js';
import { InboundUpdates } from './messages/inbound-updates.js';
import { findInbound, relinkContact } from './messages/message.repository.js';
import { MessageService } from './messages/message.service.js';
import { MessageSender } from './messages/send.service.js';
import { StatusReports } from './messages/status-reports.js';
import { TEST_STATUS_JOB, TestModeService } from './messages/test-mode.service.js';
import { Metrics } from './metrics/metrics.js';
import { CloudApiPlatform } from './platform/cloud-api/cloud-api.platform.js';
import { PlatformIntake } from './platform/intake.js';
import { MeteredPlatform } from './platform/metered.platform.js';
import type { Platform } from './platform/platform.js';
import { keyMismatchMessage, readSecrets, type Secrets } from './secrets.js';
import { TemplateReviews } from './templates/template-reviews.js';
import { SUBMIT_JOB, TemplateSubmitter } from './templates/template-submission.js';
import { TemplateService } from './templates/template.service.js';

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
  sender: MessageSender;
  dispatcher: Dispatcher;
  tiers: ThroughputTiers;
  intake: PlatformIntake;
  testMode: TestModeService;
  templates: TemplateService;
  media: MediaService;
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
interface Base {
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

export async function buildDeps(config: Config, overrides: DepsOverrides = {}): Promise<Deps> {
  const role = overrides.role ?? 'service';
  const clock = overrides.clock ?? systemClock;
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const { secrets, ...pendingSecrets } = readSecrets(config);
  // One registry per instance. The process's own metrics only when something serves them.
  const metrics = new Metrics({ logger, processMetrics: role === 'service' && (config.metricsPort !== null || config.metricsToken !== null) });
  // Every statement, the job queue's included, is counted by the work that ran it.
  const observe: StatementObserver = (kind, rows) => metrics.recorders.db.statement(kind, rows);
  const store = await connectDatabase(config.database, { observe });
  const secretBox = new SecretBox(secrets.encryptionKey);
  const accounts = new AccountService({ store, secretBox, clock, simulatorSecret: secrets.appSecret });
  // A key that cannot read the stored credentials stops the start before anything is written (secrets.ts).
  if (!(await accounts.decryptsStoredCredentials())) throw await store.close().then(() => new ConfigError(keyMismatchMessage(pendingSecrets)));
  pendingSecrets.save();
  // The caches hear of other processes' changes (the CLI, short-lived, does not need to).
  if (role === 'service') await store.watchChanges((err) => logger.warn({ err }, 'database change listener failed; it reconnects, and the caches start over'));

  // Auto-pipelining: the rate-limit commands of concurrent requests share one write to Redis.
  const redis = config.redisUrl && role === 'service' ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true, enableAutoPipelining: true }) : null;
  // Without a listener ioredis prints its connection errors to stderr as plain text, outside the JSON log.
  redis?.on('error', (err) => logger.warn({ err }, 'redis connection error (it reconnects)'));
  const keyRateLimiter = new FlexibleRateLimiter({ redis, prefix: 'tidings:key' });

  const graphUrl = overrides.graphUrl ?? (config.platform.mode === 'graph' ? config.platform.graphUrl : `http://127.0.0.1:${config.platform.simulatorPort}/v23.0`);
  // Every platform call is counted and timed here, whoever makes it; media downloads go only where docs/platform.md §3.1 allows.
  const media = { hosts: config.platformMediaHosts, allowHttp: config.platformAllowHttp, resolver: overrides.resolver };
  const platform = new MeteredPlatform(new CloudApiPlatform({ graphUrl, timeoutMs: config.platformTimeoutMs, connections: config.platformConnections, media }), metrics.recorders.platform);

  const keys = new KeyService({ store, clock, accounts });
  const jobs =
    config.database.dialect === 'postgres'
      ? new PgBossJobQueue({ store, connectionString: config.database.url, logger, clock, pollMs: config.jobPollMs, metrics: metrics.recorders.jobs, pgClient: observedPgClient(observe) })
      : new SqlJobQueue({ store, clock, logger, pollMs: config.jobPollMs, metrics: metrics.recorders.jobs });
  const base: Base = { config, overrides, role, store, clock, logger, platform, accounts, jobs, metrics };

  const eventing = buildEventing(base, secretBox);
  const content = await buildContent(base, eventing.events);
  const messaging = buildMessaging(base, eventing.events, content);
  const tiers = new ThroughputTiers({ store, platform, accounts, clock, logger });
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
    },
  });

  metrics.observe({ lanes: () => messaging.dispatcher.lanes(), jobDepths: () => jobs.depths(), pool: () => store.poolStats(), oldestMediaDownload: () => jobs.oldestDueAge(INBOUND_MEDIA_JOB) });
  jobs.register(TEST_STATUS_JOB, (payload) => messaging.testMode.applyTestStatus(payload), { concurrency: 4 });
  jobs.register(SUBMIT_JOB, (payload) => content.submitter.resubmit(payload));
  jobs.register(DELIVER_JOB, (payload) => eventing.deliveries.deliver(payload), { concurrency: 64 });
  const downloads = { concurrency: config.mediaDownloadConcurrency, accountLimit: config.mediaDownloadAccountLimit, callTimeoutMs: config.platformTimeoutMs };
  jobs.register(INBOUND_MEDIA_JOB, (payload) => messaging.inboundMedia.download(payload), messaging.inboundMedia.jobOptions(downloads));
  if (jobs instanceof PgBossJobQueue && role === 'service') await jobs.prepare();

  const background = new Background({ store, clock, logger, jobs, dispatcher: messaging.dispatcher, events: eventing.events, tiers });
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
    sender: messaging.sender,
    dispatcher: messaging.dispatcher,
    tiers,
    intake,
    testMode: messaging.testMode,
    templates: content.templates,
    media: content.media,
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

/** Events, webhook endpoints and their signed deliveries (events feature). */
function buildEventing({ config, overrides, store, clock, logger, jobs, metrics }: Base, secretBox: SecretBox) {
  const events = new EventService({ store, jobs, clock });
  const endpoints = new EndpointService({ store, clock, secretBox, allowPrivateUrls: config.allowPrivateWebhookUrls });
  const policy = { ...DEFAULT_DELIVERY_POLICY, ...overrides.deliveryPolicy };
  const transport = new HttpWebhookTransport({ connectTimeoutMs: policy.timeoutMs, allowPrivateUrls: config.allowPrivateWebhookUrls, ...(overrides.resolver ? { resolver: overrides.resolver } : {}) });
  const deliveries = new DeliveryService({ store, jobs, clock, endpoints, logger, policy, allowPrivateUrls: config.allowPrivateWebhookUrls, transport, metrics: metrics.recorders.deliveries });
  return { events, endpoints, deliveries, transport };
}

/** Uploaded files and templates, with the platform's reviews of templates (media and templates features). */
async function buildContent({ config, role, store, clock, logger, platform, accounts, jobs }: Base, events: EventService) {
  const storage = new LocalDirectoryStorage(path.join(config.dataDir, 'media'));
  if (role === 'service') await storage.keepTemp();
  const media = new MediaService({ store, clock, platform, accounts, storage });
  const submitter = new TemplateSubmitter({ store, platform, accounts, media, events, jobs, clock, logger, appId: config.appId });
  const templates = new TemplateService({ store, media, submitter, clock, platform, accounts });
  const reviews = new TemplateReviews({ store, events });
  return { storage, media, submitter, templates, reviews };
}

/**
 * Contacts, and messages through their whole life: accepting sends, the dispatcher, test mode,
 * the platform's status reports, customers' messages and their files (messages and contacts features).
 */
function buildMessaging(base: Base, events: EventService, content: Awaited<ReturnType<typeof buildContent>>) {
  const { config, overrides, store, clock, logger, platform, accounts, jobs, metrics } = base;
  // Contacts are written in the units of work of the messages that name them; a merge moves the
  // merged contact's messages of both directions.
  const contactUpdates = new ContactUpdates({ onMerge: relinkContact });
  const contacts = new ContactService({ store, clock });
  const statuses = new StatusReports({ events, clock, contacts: contactUpdates, logger, metrics: metrics.recorders.webhooks });
  // Customers' messages schedule their files' downloads, and a download settles its message: the one cycle
  // between two features, closed here by handing the download the message's settle step and its pending state.
  const inboundMedia: InboundMedia = new InboundMedia({
    store, jobs, clock, logger, platform, accounts,
    storage: content.storage,
    policy: { ...DEFAULT_INBOUND_MEDIA_POLICY, minBytesPerSecond: config.mediaDownloadMinBytesPerSecond, ...overrides.inboundMediaPolicy },
    settle: (tx, inboundMessageId, outcome) => inbound.settleInboundMedia(tx, inboundMessageId, outcome),
    pending: async (inboundMessageId, accountId) => (await findInbound(store.read, accountId, 'live', inboundMessageId))?.media_status === 'pending',
  });
  const inbound = new InboundUpdates({ events, contacts: contactUpdates, inboundMedia });
  const messages = new MessageService({ store, clock, platform, accounts });
  const testMode = new TestModeService({ store, clock, jobs, statuses, inbound, contactUpdates });
  const dispatcher = new Dispatcher({
    store,
    clock,
    logger,
    platform,
    accounts,
    statuses,
    testMode,
    resolver: new PayloadResolver({ store, media: content.media }),
    // One process on SQLite; on PostgreSQL every process shares each number's pace.
    pacer: config.database.dialect === 'postgres' ? new DatabasePacer(store) : new MemoryPacer(),
    policy: {
      ...DEFAULT_DISPATCH_POLICY,
      reconciliationWindowMs: config.reconciliationWindowMs,
      retry: { ...DEFAULT_DISPATCH_POLICY.retry, maxMs: config.dispatchRetryMaxMs },
      tierShare: config.dispatchTierShare,
      pollMs: config.jobPollMs,
      platformTimeoutMs: config.platformTimeoutMs,
      ...overrides.dispatchPolicy,
    },
    metrics: metrics.recorders.dispatch,
  });
  const sender = new MessageSender({ store, clock, templates: content.templates, media: content.media, dispatcher, contacts, contactUpdates });
  return { contactUpdates, contacts, statuses, inbound, inboundMedia, messages, testMode, dispatcher, sender };
}
