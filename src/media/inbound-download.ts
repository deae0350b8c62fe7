/**
 * Customers' files kept (docs/api.md §D14): a durable job per file asks the platform for a fresh
 * download URL (it works 5 minutes, docs/platform.md §3), streams the file into storage within the
 * platform's size limit for its kind and within a deadline that follows from it (inbound.rules.ts),
 * checks its SHA-256 against the webhook's, and keeps it as a `med_` file with `source: "inbound"`.
 * The customer's message is settled (stored or failed, with its `message.received` event) in the
 * transaction that keeps the file, through `settle`, which the messages feature provides: no event
 * ever names a file that is not stored.
 *
 * Each attempt is one job (`INBOUND_MEDIA_JOB`); a transient failure schedules the next attempt
 * itself, with doubling, jittered delays; a permanent one (the platform forgot the id, the file is
 * too large, its hash is not the webhook's, its URL is not one the token may go to) fails the file
 * at once. A job whose message is already settled does nothing, and a download stops as soon as
 * another copy settled its message: no file is downloaded twice over. One transfer (the stream
 * into storage, its size limit, hash and deadline) is inbound-transfer.ts.
 */
import type { Logger } from 'pino';
import type { AccountService } from '../accounts/account.service.js';
import type { Store, Tx } from '../db/store.js';
import type { JobQueue, JobTypeOptions } from '../jobs/job-queue.js';
import { iso, type Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import type { Platform, SenderCredentials } from '../platform/platform.js';
import { SNIFF_BYTES, sniffMediaType } from './detect.js';
import type { MediaFile } from './media-file.js';
import type { MediaKind } from './media-types.js';
import * as repo from './media.repository.js';
import {
  baseType,
  downloadDeadlineMs,
  downloadJobLeaseMs,
  inboundFileName,
  inboundLimit,
  sameSha256,
  type InboundMediaPolicy,
} from './inbound.rules.js';
import { AttemptFailed, platformFailure, tooLarge, transfer, type InboundMediaFailure } from './inbound-transfer.js';
import type { MediaStorage } from './storage.js';

export { DEFAULT_INBOUND_MEDIA_POLICY, type InboundMediaPolicy } from './inbound.rules.js';

/** The job that makes one download attempt; its payload is `InboundMediaAttempt`. */
export const INBOUND_MEDIA_JOB = 'media.download_inbound';

/** A customer's file to download, as the webhook described it (docs/platform.md §4.5). */
export interface InboundMediaRequest {
  /** The customer's message (`in_` id) that carries the file. */
  inboundMessageId: string;
  accountId: string;
  /** The business number the customer wrote to: its account's token downloads the file. */
  phoneNumberId: string;
  platformMediaId: string;
  /** The message type: image, video, audio, document or sticker. */
  kind: MediaKind;
  /** The webhook's `mime_type`, `sha256` (base64 in webhooks) and `filename` (documents), when given. */
  mimeType: string | null;
  sha256: string | null;
  filename: string | null;
}

/** One attempt's job payload: the request and its attempt number (from 1). */
export interface InboundMediaAttempt extends InboundMediaRequest {
  attempt: number;
}

/** How a customer's file ended. */
export type InboundMediaOutcome =
  | { status: 'stored'; mediaId: string }
  | { status: 'failed'; reason: InboundMediaFailure };

export interface InboundMediaOptions {
  store: Store;
  jobs: JobQueue;
  clock: Clock;
  logger: Logger;
  platform: Platform;
  accounts: AccountService;
  storage: MediaStorage;
  policy: InboundMediaPolicy;
  /**
   * Records the outcome on the customer's message (and its `message.received` event) in `tx`, the
   * transaction that keeps the file. @returns false when the message was already settled (a job
   * run twice): the file is then not kept.
   */
  settle(tx: Tx, inboundMessageId: string, outcome: InboundMediaOutcome): Promise<boolean>;
  /**
   * Whether the message's file is still `pending` (neither stored nor failed), read before a
   * download starts and every `policy.settledCheckMs` while it runs (the messages feature's row).
   */
  pending(inboundMessageId: string, accountId: string): Promise<boolean>;
}

export class InboundMedia {
  readonly #o: InboundMediaOptions;

  constructor(options: InboundMediaOptions) {
    this.#o = options;
  }

  /**
   * How the job queue runs INBOUND_MEDIA_JOB: `concurrency` downloads at once per process, at most
   * `accountLimit` of them for one account (fair shares, across processes on PostgreSQL), each
   * claim leased past the longest download's deadline (`callTimeoutMs`: one platform call's limit).
   */
  jobOptions(downloads: { concurrency: number; accountLimit: number; callTimeoutMs: number }): JobTypeOptions {
    return {
      concurrency: downloads.concurrency,
      leaseMs: downloadJobLeaseMs(this.#o.policy, downloads.callTimeoutMs),
      group: { key: 'accountId' satisfies keyof InboundMediaAttempt, limit: downloads.accountLimit },
    };
  }

  /** Schedules the first download attempt of each file, in the caller's transaction (the webhook's). */
  async schedule(tx: Tx, requests: InboundMediaRequest[]): Promise<void> {
    if (requests.length === 0) return;
    const runAt = this.#o.clock.now();
    await this.#o.jobs.enqueue(
      tx,
      requests.map((r) => ({
        type: INBOUND_MEDIA_JOB,
        payload: { ...r, attempt: 1 } satisfies InboundMediaAttempt,
        runAt,
      })),
    );
    tx.afterCommit(() => this.#o.jobs.wake(INBOUND_MEDIA_JOB));
  }

  /**
   * The INBOUND_MEDIA_JOB handler: one attempt, then in one transaction its outcome (the file kept
   * and the message settled, the message failed, or the next attempt's job). Does nothing when the
   * message's file is no longer pending (a copy of the job, or an attempt after the file was
   * settled). Throws only for a fault of this service (storage, database), which the job queue retries.
   */
  async download(attempt: InboundMediaAttempt): Promise<void> {
    const { store, clock, policy, jobs, logger } = this.#o;
    const where = {
      inboundMessageId: attempt.inboundMessageId,
      accountId: attempt.accountId,
      attempt: attempt.attempt,
    };
    if (!(await this.#o.pending(attempt.inboundMessageId, attempt.accountId))) {
      logger.info(where, 'customer media already settled: not downloaded again');
      return;
    }
    let file: MediaFile | null;
    try {
      file = await this.#fetch(attempt);
    } catch (err) {
      if (!(err instanceof AttemptFailed)) throw err;
      const delay = policy.retryDelaysMs[attempt.attempt - 1];
      const final = err.final || delay === undefined;
      logger.warn({ ...where, reason: err.reason, final, error: err.message }, 'customer media download failed');
      await store.write(async (tx) => {
        if (final) {
          await this.#o.settle(tx, attempt.inboundMessageId, { status: 'failed', reason: err.reason });
          return;
        }
        const runAt = clock.now() + Math.round(delay * (1 + Math.random() * 0.1));
        await jobs.enqueue(tx, [
          {
            type: INBOUND_MEDIA_JOB,
            payload: { ...attempt, attempt: attempt.attempt + 1 } satisfies InboundMediaAttempt,
            runAt,
          },
        ]);
      });
      return;
    }
    if (file === null) {
      logger.info(where, 'customer media settled by another copy while downloading: this download stopped');
      return;
    }
    // The file is durable before any row or event names it; removed again if it is not kept.
    const kept = file;
    let settled = false;
    try {
      await store.write(async (tx) => {
        settled = await this.#o.settle(tx, attempt.inboundMessageId, { status: 'stored', mediaId: kept.id });
        if (settled) await repo.insertMedia(tx, kept);
      });
    } finally {
      if (!settled) await this.#o.storage.remove(kept.id);
    }
  }

  /**
   * Fetches a fresh URL, streams the file into storage (permanent under a new `med_` id) and
   * checks it. @returns null when the message's file was settled meanwhile (nothing is kept).
   * @throws AttemptFailed; other errors are faults of this service.
   */
  async #fetch(request: InboundMediaAttempt): Promise<MediaFile | null> {
    const { platform, accounts, storage, clock, policy } = this.#o;
    let sender: SenderCredentials;
    try {
      sender = await accounts.senderCredentials(request.phoneNumberId);
    } catch (err) {
      throw new AttemptFailed('media_download_failed', true, `The business number is gone: ${(err as Error).message}`);
    }
    const located = await platform.getMediaUrl(sender, request.platformMediaId).catch((err: unknown) => {
      // An id the platform does not know (or forgot after 7 days) will not come back.
      throw platformFailure(err, 'Asking for the media URL');
    });
    const mimeType = baseType(request.mimeType) ?? baseType(located.mimeType) ?? 'application/octet-stream';
    const limit = inboundLimit(request.kind, mimeType);
    if (located.fileSize !== null && located.fileSize > limit) throw tooLarge(located.fileSize, limit, mimeType);

    // The deadline runs from the request: waiting for the answer's headers counts too.
    const deadlineMs = downloadDeadlineMs(limit, policy);
    const started = performance.now();
    const download = await platform.downloadMedia(sender, located.url).catch((err: unknown) => {
      // A stale URL is 404 at the platform: the next attempt asks for a new one.
      throw platformFailure(err, 'Downloading');
    });
    if (download.contentLength !== null && download.contentLength > limit) {
      download.body.destroy();
      throw tooLarge(download.contentLength, limit, mimeType);
    }

    const received = await transfer(download, {
      storage,
      limit,
      mimeType,
      policy,
      deadlineMs,
      startedAt: started,
      pending: () => this.#o.pending(request.inboundMessageId, request.accountId),
    });
    if (received === null) return null;
    const { tempKey, size, digest, head } = received;
    const expected = request.sha256 ?? located.sha256;
    if (expected !== null && !sameSha256(expected, digest)) {
      await storage.discard(tempKey);
      throw new AttemptFailed(
        'media_hash_mismatch',
        true,
        `The file's SHA-256 is not the one the platform announced (${expected}).`,
      );
    }
    // Stored and served as what the bytes are; the declaration stays on the message (`media.mimeType`).
    const stored = (await sniffMediaType(head, size <= SNIFF_BYTES, request.filename)) ?? 'application/octet-stream';
    const file: MediaFile = {
      id: newId('med'),
      accountId: request.accountId,
      mode: 'live',
      filename: inboundFileName(request.kind, request.filename, stored),
      mimeType: stored,
      kind: request.kind,
      sizeBytes: size,
      sha256: digest.toString('hex'),
      source: 'inbound',
      createdAt: iso(clock.now()),
    };
    await storage.commit(tempKey, file.id);
    return file;
  }
}
