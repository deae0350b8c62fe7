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
import { JobRunner } from './jobs/job-queue.js';
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
  jobs: JobRunner;
  /** Starts the job runner and hourly housekeeping (expired idempotency keys). */
  startBackground(): void;
  /** Set while shutting down: new requests get 503 service_unavailable. */
  lifecycle: { draining: boolean };
  close(): Promise<void>;
}

export interface DepsOverrides {
  clock?: Clock;
  logger?: Logger;
  /** The Graph API base URL (the simulator's, in tests and with the embedded simulator). */
  graphUrl?: string;
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

  const accounts = new AccountService({ db, secretBox: new SecretBox(secrets.encryptionKey), clock });
  const writes = new GroupCommit(db, dialect === 'sqlite');
  const storage = new LocalDirectoryStorage(path.join(config.dataDir, 'media'));
  await storage.sweepTemp();
  const media = new MediaService({ db, writes, clock, platform, accounts, storage, logger });
  const templates = new TemplateService({ db, media, appId: config.appId, writes, clock, platform, accounts, logger });
  const messages = new MessageService({ db, writes, clock, platform, accounts, templates, media, rateLimiter: numberRateLimiter, logger });
  const reports = new PlatformReportService({ writes, clock, accounts, templates, logger });
  const testMode = new TestModeService({ writes, clock });

  const jobs = new JobRunner({ db, clock, logger, pollMs: config.jobPollMs });
  jobs.register(TEST_STATUS_JOB, (payload) => testMode.applyTestStatus(payload));
  jobs.register(SUBMIT_JOB, (payload) => templates.resubmit(payload));
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
    jobs,
    lifecycle: { draining: false },
    startBackground() {
      jobs.start();
      const purge = () => purgeExpiredIdempotencyKeys(db, clock).catch((err) => logger.warn({ err }, 'idempotency key purge failed'));
      void purge();
      purgeTimer = setInterval(purge, 60 * 60 * 1000);
      purgeTimer.unref();
    },
    async close() {
      if (purgeTimer) clearInterval(purgeTimer);
      await jobs.stop();
      await platform.close();
      await keyRateLimiter.close();
      await numberRateLimiter.close();
      if (redis) redis.disconnect();
      await closeDb();
    },
  };
}
