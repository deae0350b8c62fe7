/**
 * The composition root: builds every service from the config, with one named options object each.
 * Tests call `buildDeps` with their own config (a temporary SQLite file or a PostgreSQL schema, the
 * simulator's URL) and may pass a clock.
 */
import path from 'node:path';
import { Redis } from 'ioredis';
import pino, { type Logger } from 'pino';
import { AccountService } from './accounts/account.service.js';
import type { Config } from './config.js';
import { connectDatabase, type Db } from './db/connect.js';
import { GroupCommit } from './db/group-commit.js';
import { purgeExpiredIdempotencyKeys } from './http/idempotency.js';
import { DeliveryService, DEFAULT_DELIVERY_POLICY, type DeliveryPolicy } from './events/delivery.service.js';
import { EndpointService } from './events/endpoint.service.js';
import { DELIVER_JOB, EventService } from './events/event.service.js';
import type { Resolver } from './events/url-policy.js';
import { SqlJobQueue, type JobQueue } from './jobs/job-queue.js';
import { PgBossJobQueue } from './jobs/pg-boss-queue.js';
import { systemClock, type Clock } from './lib/clock.js';
import { SecretBox } from './lib/crypto.js';
import { FlexibleRateLimiter, type RateLimiter } from './lib/rate-limiter.js';
import { MessageService } from './messages/message.service.js';
import { PlatformReportService } from './messages/platform-reports.service.js';
import { TEST_STATUS_JOB, TestModeService } from './messages/test-mode.service.js';
import { SUBMIT_JOB, TemplateService } from './templates/template.service.js';
import { MediaService } from './media/media.service.js';
import { LocalDirectoryStorage } from './media/storage.js';
import { CloudApiPlatform } from './platform/cloud-api/cloud-api.platform.js';
import type { Platform } from './platform/platform.js';
import { loadSecrets, type Secrets } from './secrets.js';

export interface Deps {
  config: Config;
  db: Db;
  dialect: 'sqlite' | 'postgres';
  clock: Clock;
  logger: Logger;
  secrets: Secrets;
  platform: Platform;
  accounts: AccountService;
  messages: MessageService;
  reports: PlatformReportService;
  testMode: TestModeService;
  templates: TemplateService;
  media: MediaService;
  keyRateLimiter: RateLimiter;
  events: EventService;
  endpoints: EndpointService;
  deliveries: DeliveryService;
  jobs: JobQueue;
  /** Starts the job workers and hourly housekeeping (expired idempotency keys and events). */
  startBackground(): Promise<void>;
  /** Set while shutting down: new requests get 503 service_unavailable. */
  lifecycle: { draining: boolean };
  close(): Promise<void>;
}

export interface DepsOverrides {
  clock?: Clock;
  logger?: Logger;
  /** The Graph API base URL (the simulator's, in tests and with the embedded simulator). */
  graphUrl?: string;
  /** Event delivery timing (tests shorten the retry delays and the 10 s timeout). */
  deliveryPolicy?: Partial<DeliveryPolicy>;
  /** Host name resolution for the webhook address check. */
  resolver?: Resolver;
}

export async function buildDeps(config: Config, overrides: DepsOverrides = {}): Promise<Deps> {
  const clock = overrides.clock ?? systemClock;
  const logger = overrides.logger ?? pino({ level: config.logLevel, base: { service: 'tidings' } });
  const secrets = loadSecrets(config);
  const { db, dialect, close: closeDb } = await connectDatabase(config.database);

  const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true }) : null;
  const keyRateLimiter = new FlexibleRateLimiter({ redis, prefix: 'tidings:key' });
  const numberRateLimiter = new FlexibleRateLimiter({ redis, prefix: 'tidings:number', burst: false });

  const graphUrl = overrides.graphUrl ?? (config.platform.mode === 'graph' ? config.platform.graphUrl : `http://127.0.0.1:${config.platform.simulatorPort}/v23.0`);
  const platform = new CloudApiPlatform({ graphUrl, timeoutMs: config.platformTimeoutMs });

  const secretBox = new SecretBox(secrets.encryptionKey);
  const accounts = new AccountService({ db, secretBox, clock });
  const writes = new GroupCommit(db, dialect === 'sqlite');
  const jobs =
    config.database.dialect === 'postgres'
      ? new PgBossJobQueue({ db, connectionString: config.database.url, logger, clock, pollMs: config.jobPollMs })
      : new SqlJobQueue({ db, writes, clock, logger, pollMs: config.jobPollMs });
  const events = new EventService({ db, writes, jobs, clock });
  const endpoints = new EndpointService({ db, writes, clock, secretBox, allowPrivateUrls: config.allowPrivateWebhookUrls });
  const deliveries = new DeliveryService({
    db,
    writes,
    jobs,
    clock,
    endpoints,
    logger,
    policy: { ...DEFAULT_DELIVERY_POLICY, ...overrides.deliveryPolicy },
    allowPrivateUrls: config.allowPrivateWebhookUrls,
    ...(overrides.resolver ? { resolver: overrides.resolver } : {}),
  });
  const storage = new LocalDirectoryStorage(path.join(config.dataDir, 'media'));
  await storage.sweepTemp();
  const media = new MediaService({ db, writes, clock, platform, accounts, storage, logger });
  const templates = new TemplateService({ db, media, appId: config.appId, writes, jobs, events, clock, platform, accounts, logger });
  const messages = new MessageService({ db, writes, jobs, events, clock, platform, accounts, templates, media, rateLimiter: numberRateLimiter, logger });
  const reports = new PlatformReportService({ writes, events, clock, accounts, templates, logger });
  const testMode = new TestModeService({ writes, events, clock });

  jobs.register(TEST_STATUS_JOB, (payload) => testMode.applyTestStatus(payload), { concurrency: 4 });
  jobs.register(SUBMIT_JOB, (payload) => templates.resubmit(payload));
  jobs.register(DELIVER_JOB, (payload) => deliveries.deliver(payload), { concurrency: 64 });
  if (jobs instanceof PgBossJobQueue) await jobs.prepare();
  let purgeTimer: NodeJS.Timeout | null = null;

  return {
    config,
    db,
    dialect,
    clock,
    logger,
    secrets,
    platform,
    accounts,
    messages,
    reports,
    testMode,
    templates,
    media,
    keyRateLimiter,
    events,
    endpoints,
    deliveries,
    jobs,
    lifecycle: { draining: false },
    async startBackground() {
      await jobs.start();
      const purge = () => {
        purgeExpiredIdempotencyKeys(db, clock).catch((err) => logger.warn({ err }, 'idempotency key purge failed'));
        events.purgeExpired().catch((err) => logger.warn({ err }, 'event purge failed'));
      };
      void purge();
      purgeTimer = setInterval(purge, 60 * 60 * 1000);
      purgeTimer.unref();
    },
    async close() {
      if (purgeTimer) clearInterval(purgeTimer);
      await jobs.stop();
      await jobs.close();
      await deliveries.close();
      await platform.close();
      await keyRateLimiter.close();
      await numberRateLimiter.close();
      if (redis) redis.disconnect();
      await closeDb();
    },
  };
}
