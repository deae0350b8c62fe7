/**
 * Customers' files kept (docs/api.md §D14): a durable job per file asks the platform for a fresh
 * download URL (it works 5 minutes, docs/platform.md §3), streams the file into storage within the
 * platform's size limit for its kind, checks its SHA-256 against the webhook's, and keeps it as a
 * `med_` file with `source: "inbound"`. The customer's message is settled (stored or failed, with
 * its `message.received` event) in the transaction that keeps the file, through `settle`, which the
 * messages feature provides: no event ever names a file that is not stored.
 *
 * Each attempt is one job (`INBOUND_MEDIA_JOB`); a transient failure schedules the next attempt
 * itself, with doubling, jittered delays; a permanent one (the platform forgot the id, the file is
 * too large, its hash is not the webhook's) fails the file at once.
 */
import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import type { Logger } from 'pino';
import type { AccountService } from '../accounts/account.service.js';
import type { Store, Tx } from '../db/store.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { iso, type Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { formatBytes, sizeOver } from '../lib/text.js';
import { PlatformError, type Platform, type SenderCredentials } from '../platform/platform.js';
import type { MediaFile } from './media-file.js';
import { MEDIA_TYPES, type MediaKind } from './media-types.js';
import * as repo from './media.repository.js';
import { displayName } from './receive.js';
import type { MediaStorage } from './storage.js';

/** The job that makes one download attempt; its payload is `InboundMediaAttempt`. */
export const INBOUND_MEDIA_JOB = 'media.download_inbound';

const SECOND = 1000;

/** When to try again after a transient failure. */
export interface InboundMediaPolicy {
  /**
   * The delay before each retry, ms: after the first failed attempt the first entry, and so on;
   * when they run out the file has failed (`media_download_failed`). Each delay is stretched by a
   * random 0–10 % so the retries of many files do not come together.
   */
  retryDelaysMs: number[];
}

/** Five attempts: at once, then after 40 s, 80 s, 160 s and 320 s: ten minutes before jitter. */
export const DEFAULT_INBOUND_MEDIA_POLICY: InboundMediaPolicy = Object.freeze({ retryDelaysMs: [40 * SECOND, 80 * SECOND, 160 * SECOND, 320 * SECOND] });

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

/** Why a customer's file could not be kept (`media.failureReason` of the message). */
export type InboundMediaFailure = 'media_download_failed' | 'media_hash_mismatch' | 'media_too_large';

/** How a customer's file ended. */
export type InboundMediaOutcome = { status: 'stored'; mediaId: string } | { status: 'failed'; reason: InboundMediaFailure };

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
}

/** A failure of one attempt: worth another attempt, or final. */
class AttemptFailed extends Error {
  constructor(
    readonly reason: InboundMediaFailure,
    readonly final: boolean,
    message: string,
  ) {
    super(message);
  }
}

/** The largest file of each kind the platform lets a customer send (docs/platform.md §3 table). */
const KIND_MAX_BYTES: Record<MediaKind, number> = (() => {
  const out = { image: 0, video: 0, audio: 0, sticker: 0, document: 0 };
  for (const { kind, maxBytes } of Object.values(MEDIA_TYPES)) out[kind] = Math.max(out[kind], maxBytes);
  return out;
})();

/** The size limit for a file of `kind` declared as `mimeType` (the type's own, else its kind's largest). */
export function inboundLimit(kind: MediaKind, mimeType: string): number {
  const byType = MEDIA_TYPES[mimeType];
  return byType && byType.kind === kind ? byType.maxBytes : KIND_MAX_BYTES[kind];
}

/** `audio/ogg; codecs=opus` → `audio/ogg`. */
function baseType(mime: string | null): string | null {
  const base = mime?.split(';')[0]!.trim().toLowerCase();
  return base ? base : null;
}

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'audio/aac': 'aac',
  'audio/amr': 'amr',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/ogg': 'ogg',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
};

/** A document keeps the customer's name for it; other files are named after their kind (`image.jpg`). */
function nameOf(request: InboundMediaRequest, mimeType: string): string {
  if (request.filename) return displayName(request.filename);
  return `${request.kind}.${EXTENSIONS[mimeType] ?? 'bin'}`;
}

/** Whether `expected` (hex, or base64 as webhooks give it) is the SHA-256 `digest`. */
export function sameSha256(expected: string, digest: Buffer): boolean {
  const e = expected.trim();
  if (/^[0-9a-f]{64}$/i.test(e)) return e.toLowerCase() === digest.toString('hex');
  return Buffer.from(e, 'base64').equals(digest);
}

export class InboundMedia {
  readonly #o: InboundMediaOptions;

  constructor(options: InboundMediaOptions) {
    this.#o = options;
  }

  /** Schedules the first download attempt of each file, in the caller's transaction (the webhook's). */
  async schedule(tx: Tx, requests: InboundMediaRequest[]): Promise<void> {
    if (requests.length === 0) return;
    const runAt = this.#o.clock.now();
    await this.#o.jobs.enqueue(
      tx,
      requests.map((r) => ({ type: INBOUND_MEDIA_JOB, payload: { ...r, attempt: 1 } satisfies InboundMediaAttempt, runAt })),
    );
    tx.afterCommit(() => this.#o.jobs.wake(INBOUND_MEDIA_JOB));
  }

  /**
   * The INBOUND_MEDIA_JOB handler: one attempt, then in one transaction its outcome (the file kept
   * and the message settled, the message failed, or the next attempt's job). Throws only for a
   * fault of this service (storage, database), which the job queue retries.
   */
  async download(attempt: InboundMediaAttempt): Promise<void> {
    const { store, clock, policy, jobs, logger } = this.#o;
    let file: MediaFile;
    try {
      file = await this.#fetch(attempt);
    } catch (err) {
      if (!(err instanceof AttemptFailed)) throw err;
      const delay = policy.retryDelaysMs[attempt.attempt - 1];
      const final = err.final || delay === undefined;
      logger.warn({ inboundMessageId: attempt.inboundMessageId, attempt: attempt.attempt, reason: err.reason, final, error: err.message }, 'customer media download failed');
      await store.write(async (tx) => {
        if (final) {
          await this.#o.settle(tx, attempt.inboundMessageId, { status: 'failed', reason: err.reason });
          return;
        }
        const runAt = clock.now() + Math.round(delay * (1 + Math.random() * 0.1));
        await jobs.enqueue(tx, [{ type: INBOUND_MEDIA_JOB, payload: { ...attempt, attempt: attempt.attempt + 1 } satisfies InboundMediaAttempt, runAt }]);
      });
      return;
    }
    // The file is durable before any row or event names it; removed again if it is not kept.
    let kept = false;
    try {
      await store.write(async (tx) => {
        kept = await this.#o.settle(tx, attempt.inboundMessageId, { status: 'stored', mediaId: file.id });
        if (kept) await repo.insertMedia(tx, file);
      });
    } finally {
      if (!kept) await this.#o.storage.remove(file.id);
    }
  }

  /**
   * Fetches a fresh URL, streams the file into storage (permanent under a new `med_` id) and
   * checks it. @throws AttemptFailed; other errors are faults of this service.
   */
  async #fetch(request: InboundMediaAttempt): Promise<MediaFile> {
    const { platform, accounts, storage, clock } = this.#o;
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
    const tooLarge = (size: number) => new AttemptFailed('media_too_large', true, `The file (${sizeOver(size, limit)}) is larger than the platform's ${formatBytes(limit)} limit for ${mimeType}.`);
    if (located.fileSize !== null && located.fileSize > limit) throw tooLarge(located.fileSize);

    const download = await platform.downloadMedia(sender, located.url).catch((err: unknown) => {
      // A stale URL is 404 at the platform: the next attempt asks for a new one.
      throw platformFailure(err, 'Downloading');
    });
    if (download.contentLength !== null && download.contentLength > limit) {
      download.body.destroy();
      throw tooLarge(download.contentLength);
    }

    const temp = storage.createTemp();
    const hash = createHash('sha256');
    let size = 0;
    try {
      await pipeline(
        download.body,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            size += chunk.length;
            // Cut off at the limit: the rest is never read.
            if (size > limit) throw tooLarge(size);
            hash.update(chunk);
            yield chunk;
          }
        },
        temp.stream,
      );
    } catch (err) {
      await storage.discard(temp.tempKey);
      if (err instanceof AttemptFailed) throw err;
      // The connection broke or stalled mid-file (or, rarely, storage failed: logged, and retried too).
      throw new AttemptFailed('media_download_failed', false, `The download broke off after ${size} bytes: ${(err as Error).message}`);
    }
    const digest = hash.digest();
    const expected = request.sha256 ?? located.sha256;
    if (expected !== null && !sameSha256(expected, digest)) {
      await storage.discard(temp.tempKey);
      throw new AttemptFailed('media_hash_mismatch', true, `The file's SHA-256 is not the one the platform announced (${expected}).`);
    }
    const file: MediaFile = {
      id: newId('med'),
      accountId: request.accountId,
      mode: 'live',
      filename: nameOf(request, mimeType),
      mimeType,
      kind: request.kind,
      sizeBytes: size,
      sha256: digest.toString('hex'),
      source: 'inbound',
      createdAt: iso(clock.now()),
    };
    await storage.commit(temp.tempKey, file.id);
    return file;
  }
}

/** A platform error as an attempt's failure: the platform refusing is final, anything else is retried. */
function platformFailure(err: unknown, step: string): unknown {
  if (!(err instanceof PlatformError)) return err;
  return new AttemptFailed('media_download_failed', err.kind === 'refused', `${step}: ${err.message}${err.code !== null ? ` (${err.code})` : ''}`);
}
