/**
 * The media feature as a module (src/feature.ts): uploaded files in storage and registered with
 * the platform, customers' files downloaded by a durable job, deleting files (on request, by
 * retention, and the sweep of stored files no row names).
 */
import path from 'node:path';
import type { Logger } from 'pino';
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Config } from '../config.js';
import type { Store } from '../db/store.js';
import { HOURLY_MS, Slot, type Feature } from '../feature.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Clock } from '../lib/clock.js';
import type { AccountService } from '../accounts/account.service.js';
import type { Platform } from '../platform/platform.js';
import { FileUses } from './file-uses.js';
import { INBOUND_MEDIA_JOB, InboundMedia, type InboundMediaOptions } from './inbound-download.js';
import { DEFAULT_INBOUND_MEDIA_POLICY, type InboundMediaPolicy } from './inbound.rules.js';
import { DELETE_PLATFORM_COPY_JOB, MediaDeletion } from './media-deletion.js';
import { mediaRoutes } from './media.routes.js';
import { Media } from './media.schemas.js';
import { MediaService } from './media.service.js';
import { LocalDirectoryStorage } from './storage.js';

export interface MediaNeeds {
  config: Config;
  /** Tests shorten the download retry delays. */
  overrides: { inboundMediaPolicy?: Partial<InboundMediaPolicy> };
  role: 'service' | 'admin';
  store: Store;
  clock: Clock;
  logger: Logger;
  platform: Platform;
  accounts: AccountService;
  jobs: JobQueue;
  audit: AuditTrail;
}

/** Settling a customer's message once its file is kept or has failed: the messages feature's, which fills the slot. */
export type InboundSettlement = Pick<InboundMediaOptions, 'settle' | 'pending'>;

export interface MediaProvides {
  storage: LocalDirectoryStorage;
  media: MediaService;
  inboundMedia: InboundMedia;
  /** Deleting files (`DELETE /v1/media/{id}`, retention, the orphan sweep). */
  mediaDeletion: MediaDeletion;
  /** Where the features that hold files say so (templates, messages). */
  fileUses: FileUses;
  inboundSettlement: Slot<InboundSettlement>;
}

export async function mediaModule(needs: MediaNeeds): Promise<Feature<MediaProvides>> {
  const { config, overrides, role, store, clock, logger, platform, accounts, jobs, audit } = needs;
  const storage = new LocalDirectoryStorage(path.join(config.dataDir, 'media'));
  // The CLI, which may run beside the service, leaves the service's uploads in progress alone.
  if (role === 'service') await storage.keepTemp();
  const media = new MediaService({ store, clock, platform, accounts, storage, audit });
  const settlement = new Slot<InboundSettlement>('inboundSettlement');
  const inboundMedia = new InboundMedia({
    store,
    jobs,
    clock,
    logger,
    platform,
    accounts,
    storage,
    policy: {
      ...DEFAULT_INBOUND_MEDIA_POLICY,
      minBytesPerSecond: config.mediaDownloadMinBytesPerSecond,
      ...overrides.inboundMediaPolicy,
    },
    settle: (tx, inboundMessageId, outcome) => settlement.get().settle(tx, inboundMessageId, outcome),
    pending: (inboundMessageId, accountId) => settlement.get().pending(inboundMessageId, accountId),
  });
  const fileUses = new FileUses();
  const deletion = new MediaDeletion({
    store,
    clock,
    logger,
    platform,
    accounts,
    jobs,
    storage,
    audit,
    inUse: (file) => fileUses.inUse(file),
    onDeleted: (tx, file) => fileUses.onDeleted(tx, file),
  });
  const downloads = {
    concurrency: config.mediaDownloadConcurrency,
    accountLimit: config.mediaDownloadAccountLimit,
    callTimeoutMs: config.platformTimeoutMs,
  };
  return {
    name: 'media',
    provides: { storage, media, inboundMedia, mediaDeletion: deletion, fileUses, inboundSettlement: settlement },
    routes: ({ idempotency }) => mediaRoutes({ media, deletion, idempotency }),
    schemas: [Media],
    jobs: [
      { type: DELETE_PLATFORM_COPY_JOB, run: (payload) => deletion.deletePlatformCopy(payload) },
      {
        type: INBOUND_MEDIA_JOB,
        run: (payload) => inboundMedia.download(payload),
        options: inboundMedia.jobOptions(downloads),
      },
    ],
    scrape: { oldestMediaDownload: () => jobs.oldestDueAge(INBOUND_MEDIA_JOB), mediaUsage: () => media.allUsage() },
    periodic: [{ name: 'stored file sweep', everyMs: HOURLY_MS, atStart: true, run: () => deletion.sweepOrphans() }],
  };
}
