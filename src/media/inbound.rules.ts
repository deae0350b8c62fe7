/**
 * The rules of customers' files (docs/api.md §D14): how large a file of each kind may be, what a
 * kept file is called, how its hash is compared, and how long one download may take: its deadline
 * follows from its size limit, so a file that drips in never holds a download slot for long, and
 * the job's lease (inbound-download.ts) outlasts the longest deadline.
 */
import { displayName } from './receive.js';
import { MAX_MEDIA_BYTES, MEDIA_TYPES, type MediaKind } from './media-types.js';

const SECOND = 1000;

/** When to try again after a transient failure, and how long one download may take. */
export interface InboundMediaPolicy {
  /**
   * The delay before each retry, ms: after the first failed attempt the first entry, and so on;
   * when they run out the file has failed (`media_download_failed`). Each delay is stretched by a
   * random 0–10 % so the retries of many files do not come together.
   */
  retryDelaysMs: number[];
  /**
   * The slowest average a download may keep, bytes/s (`MEDIA_DOWNLOAD_MIN_BYTES_PER_SECOND`): a
   * download's deadline is `deadlineFloorMs + limit / minBytesPerSecond`, `limit` being the
   * platform's size limit for the file's type.
   */
  minBytesPerSecond: number;
  /** Added to every deadline, ms: connecting, the answer's headers, a slow start. */
  deadlineFloorMs: number;
  /** How often a running download checks that its message's file is still pending, ms (it stops once another copy settled it). */
  settledCheckMs: number;
}

/**
 * Five attempts: at once, then after 40 s, 80 s, 160 s and 320 s: ten minutes before jitter. Each
 * at 64 KB/s at least, plus 30 s: an image (5 MB) gets 110 s, a video or audio file (16 MB) 286 s,
 * a document (100 MB) 1,630 s.
 */
export const DEFAULT_INBOUND_MEDIA_POLICY: InboundMediaPolicy = Object.freeze({
  retryDelaysMs: [40 * SECOND, 80 * SECOND, 160 * SECOND, 320 * SECOND],
  minBytesPerSecond: 64 * 1024,
  deadlineFloorMs: 30 * SECOND,
  settledCheckMs: 10 * SECOND,
});

/** How long the download of a file of at most `limit` bytes may take, ms (from its request to its last byte). */
export function downloadDeadlineMs(limit: number, policy: InboundMediaPolicy): number {
  return policy.deadlineFloorMs + Math.ceil((limit * SECOND) / policy.minBytesPerSecond);
}

/**
 * How long one download job may run, ms, for its claim's lease (jobs/job-queue.ts `leaseMs`): the
 * longest deadline (the largest file of any kind), two platform calls before it (the account's
 * credentials, the media URL; `callTimeoutMs` each), and a minute for storing and settling.
 */
export function downloadJobLeaseMs(policy: InboundMediaPolicy, callTimeoutMs: number): number {
  return downloadDeadlineMs(MAX_MEDIA_BYTES, policy) + 2 * callTimeoutMs + 60 * SECOND;
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
export function baseType(mime: string | null): string | null {
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
export function inboundFileName(kind: MediaKind, filename: string | null, mimeType: string): string {
  if (filename) return displayName(filename);
  return `${kind}.${EXTENSIONS[mimeType] ?? 'bin'}`;
}

/** Whether `expected` (hex, or base64 as webhooks give it) is the SHA-256 `digest`. */
export function sameSha256(expected: string, digest: Buffer): boolean {
  const e = expected.trim();
  if (/^[0-9a-f]{64}$/i.test(e)) return e.toLowerCase() === digest.toString('hex');
  return Buffer.from(e, 'base64').equals(digest);
}
