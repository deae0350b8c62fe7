/**
 * One transfer of a customer's file (inbound-download.ts makes the attempts): the platform's body
 * streamed into a temporary file of storage, cut off at the platform's size limit, hashed
 * (SHA-256) with its first bytes kept to read what it is, and stopped at its deadline or as soon as
 * another copy of the job settled the message. What can go wrong is an `AttemptFailed`: worth
 * another attempt, or final.
 */
import { createHash } from 'node:crypto';
import { pipeline } from 'node:stream/promises';
import { formatBytes, sizeOver } from '../lib/text.js';
import { PlatformError, type MediaDownload } from '../platform/platform.js';
import { SNIFF_BYTES } from './detect.js';
import type { InboundMediaPolicy } from './inbound.rules.js';
import type { MediaStorage } from './storage.js';

/** Why a customer's file could not be kept (`media.failureReason` of the message). */
export type InboundMediaFailure = 'media_download_failed' | 'media_hash_mismatch' | 'media_too_large';

/** A failure of one attempt: worth another attempt, or final. */
export class AttemptFailed extends Error {
  constructor(
    readonly reason: InboundMediaFailure,
    readonly final: boolean,
    message: string,
  ) {
    super(message);
  }
}

/** A platform error as an attempt's failure: the platform refusing is final, anything else is retried. */
export function platformFailure(err: unknown, step: string): unknown {
  if (!(err instanceof PlatformError)) return err;
  return new AttemptFailed(
    'media_download_failed',
    err.kind === 'refused',
    `${step}: ${err.message}${err.code !== null ? ` (${err.code})` : ''}`,
  );
}

/** The final failure of a file of `size` bytes over the platform's `limit` (bytes) for `mimeType`. */
export function tooLarge(size: number, limit: number, mimeType: string): AttemptFailed {
  return new AttemptFailed(
    'media_too_large',
    true,
    `The file (${sizeOver(size, limit)}) is larger than the platform's ${formatBytes(limit)} limit for ${mimeType}.`,
  );
}

/** What a transfer left in storage: not committed yet (`storage.commit` or `discard` its `tempKey`). */
export interface Transferred {
  tempKey: string;
  /** Bytes received. */
  size: number;
  /** The SHA-256 of the bytes. */
  digest: Buffer;
  /** The first bytes (at most SNIFF_BYTES), to read what the file is. */
  head: Buffer;
}

export interface TransferOptions {
  storage: MediaStorage;
  /** The platform's size limit for the file's type, bytes. */
  limit: number;
  mimeType: string;
  policy: InboundMediaPolicy;
  /** The deadline (ms) and when it started (a `performance.now()` time: the request, headers included). */
  deadlineMs: number;
  startedAt: number;
  /** Whether the message's file is still pending, asked every `policy.settledCheckMs`. */
  pending(): Promise<boolean>;
}

/**
 * Streams `download.body` into a temporary file of `o.storage` (discarded again on any failure).
 * @returns what was kept, or null when the message was settled meanwhile (nothing kept)
 * @throws AttemptFailed `media_too_large` (final) past the limit; `media_download_failed` (retried)
 *   at the deadline or when the body broke off; other errors are faults of this service
 */
export async function transfer(download: MediaDownload, o: TransferOptions): Promise<Transferred | null> {
  const { storage, limit, mimeType, policy, deadlineMs } = o;
  const temp = storage.createTemp();
  const hash = createHash('sha256');
  let size = 0;
  // The first bytes are kept to read what the file is (its declared type is the sender's word).
  const head: Buffer[] = [];
  let headBytes = 0;
  const watch = watchTransfer(download, o.startedAt + deadlineMs, o.pending, policy.settledCheckMs);
  try {
    await pipeline(
      download.body,
      async function* (source: AsyncIterable<Buffer>) {
        for await (const chunk of source) {
          size += chunk.length;
          // Cut off at the limit: the rest is never read.
          if (size > limit) throw tooLarge(size, limit, mimeType);
          hash.update(chunk);
          if (headBytes < SNIFF_BYTES) {
            head.push(chunk);
            headBytes += chunk.length;
          }
          yield chunk;
        }
      },
      temp.stream,
    );
  } catch (err) {
    await storage.discard(temp.tempKey);
    if (err instanceof AttemptFailed) throw err;
    if (watch.stopped() === 'settled') return null;
    if (watch.stopped() === 'deadline') {
      const of = download.contentLength !== null ? ` of ${formatBytes(download.contentLength)}` : '';
      throw new AttemptFailed(
        'media_download_failed',
        false,
        `The download did not finish within its deadline of ${Math.round(deadlineMs / 1000)} s (${formatBytes(limit)} at ${formatBytes(policy.minBytesPerSecond)}/s at least, plus ${Math.round(policy.deadlineFloorMs / 1000)} s): ${formatBytes(size)}${of} had come.`,
      );
    }
    // The connection broke or stalled mid-file (or, rarely, storage failed: logged, and retried too).
    throw new AttemptFailed(
      'media_download_failed',
      false,
      `The download broke off after ${size} bytes: ${(err as Error).message}`,
    );
  } finally {
    watch.dispose();
  }
  return { tempKey: temp.tempKey, size, digest: hash.digest(), head: Buffer.concat(head).subarray(0, SNIFF_BYTES) };
}

/**
 * Stops a transfer (destroys its body) at `deadlineAt` (a `performance.now()` time), or once the
 * message's file is no longer pending (checked every `checkMs`), whichever comes first.
 */
function watchTransfer(
  download: MediaDownload,
  deadlineAt: number,
  pending: () => Promise<boolean>,
  checkMs: number,
): { stopped(): 'deadline' | 'settled' | null; dispose(): void } {
  let stopped: 'deadline' | 'settled' | null = null;
  const stop = (why: 'deadline' | 'settled') => {
    stopped ??= why;
    download.body.destroy(new Error(why === 'deadline' ? 'deadline reached' : 'the file was settled meanwhile'));
  };
  const deadline = setTimeout(() => stop('deadline'), Math.max(0, deadlineAt - performance.now()));
  const check = setInterval(() => {
    // A failed check is no reason to stop: the deadline still bounds the transfer.
    pending().then(
      (stillPending) => stillPending || stop('settled'),
      () => {},
    );
  }, checkMs);
  return { stopped: () => stopped, dispose: () => (clearTimeout(deadline), clearInterval(check)) };
}
