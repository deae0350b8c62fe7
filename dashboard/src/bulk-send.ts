/**
 * Sending a CSV file's rows with `POST /v1/messages/batch` (docs/api.md §D18), in chunks, so a file
 * of any length goes through and a retry never sends twice:
 * - a chunk holds at most 500 rows, and no more than the key's rate per second (the
 *   `ratelimit-limit` header): the key's rate limit counts a batch's items, and a batch larger than
 *   what one second allows is refused every time;
 * - each chunk carries an Idempotency-Key derived from what it sends (a hash of the file's content,
 *   the template, the batch-wide time) and its place in the file, so clicking Send again after a
 *   network error replays the chunks already accepted (the service answers them as it first did)
 *   and sends only the others;
 * - a 429 (the key's rate limit) or a request still running under the same key is retried after
 *   its `Retry-After`, with the same chunk and key.
 */
import type { CsvSendBody } from '@tidings/batch-csv';
import { ApiError, apiWithHeaders, type DryRunResult, type ItemError, type SendBatchResult } from './api';

/** The most rows in one request; the API takes 1,000, and 500 keeps each request small. */
export const CHUNK_ROWS = 500;
/** How many times one chunk is retried after a 429 before the send stops and says so. */
const MAX_WAITS = 20;
const DASHBOARD = { 'x-tidings-source': 'dashboard' };

/** A row the service refused: its line in the file, the error's code and words, and the column at fault. */
export interface RowRefusal {
  line: number;
  code: string;
  message: string;
  column?: string;
}

export interface DryRunSummary {
  items: number;
  valid: number;
  refused: number;
  windows: DryRunResult['windows'];
  pricing: DryRunResult['pricing'];
  refusals: RowRefusal[];
}

export interface SendSummary {
  accepted: number;
  refused: number;
  /** The batches made, one a chunk with an accepted row (`bat_` ids). */
  batches: string[];
  refusals: RowRefusal[];
  /** Chunks answered from an earlier click with the same file (Idempotent-Replayed). */
  replayed: number;
}

/** What the rows are sent as: each row's body and line, and the batch-wide `sendAt`. */
export interface Outgoing {
  bodies: CsvSendBody[];
  lines: number[];
  sendAt: string | null;
}

/** Progress: rows done of all rows, and why it is waiting when it is. */
export type Progress = (done: number, total: number, waiting?: string) => void;

/** SHA-256 (hex) of `text`; a 53-bit hash where Web Crypto is missing (a page not served over HTTPS or from localhost). */
export async function contentHash(text: string): Promise<string> {
  if (globalThis.crypto?.subtle) {
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
    return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  }
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${(h2 >>> 0).toString(16)}${(h1 >>> 0).toString(16)}-${text.length}`;
}

/** Rows per request for this key: at most CHUNK_ROWS and at most its rate per second. */
async function chunkRows(): Promise<number> {
  const { headers } = await apiWithHeaders('GET', '/batches?limit=1');
  const rate = Number(headers.get('ratelimit-limit'));
  return Math.max(1, Math.min(CHUNK_ROWS, rate > 0 ? rate : CHUNK_ROWS));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** POSTs `body` to `path`, waiting out a 429 or a request in progress under the same key, and trying again. */
async function postWithRetry<T>(
  path: string,
  body: unknown,
  key: string | undefined,
  waiting: (why: string) => void,
): Promise<{ body: T; headers: Headers }> {
  for (let waits = 0; ; waits++) {
    try {
      return await apiWithHeaders<T>('POST', path, { body, headers: DASHBOARD, ...(key ? { idempotent: key } : {}) });
    } catch (err) {
      const retriable =
        err instanceof ApiError && (err.status === 429 || err.code === 'idempotency_request_in_progress');
      if (!retriable || waits >= MAX_WAITS) throw err;
      const seconds = err.retryAfterSeconds ?? 1;
      waiting(
        `${err.status === 429 ? "The key's rate limit" : 'The same request is still running'}: trying again in ${seconds} s`,
      );
      await sleep(seconds * 1000);
    }
  }
}

function refusal(e: ItemError, lines: number[], offset: number): RowRefusal {
  const column = e.error.param?.replace(/^messages\[\d+\]\.?/, '') || undefined;
  return {
    line: lines[offset + e.index] ?? 0,
    code: e.error.code,
    message: e.error.message,
    ...(column ? { column } : {}),
  };
}

/** Splits `out` into chunks of `size` rows with their first row's position. */
function chunks(out: Outgoing, size: number): { start: number; bodies: CsvSendBody[] }[] {
  const list = [];
  for (let start = 0; start < out.bodies.length; start += size)
    list.push({ start, bodies: out.bodies.slice(start, start + size) });
  return list;
}

/** Checks every row with `?dryRun=true`: nothing is stored or sent. */
export async function dryRun(out: Outgoing, progress: Progress): Promise<DryRunSummary> {
  const sum: DryRunSummary = {
    items: 0,
    valid: 0,
    refused: 0,
    windows: { open: 0, closed: 0 },
    pricing: { utility_outside_window: 0, utility_inside_window: 0, service: 0 },
    refusals: [],
  };
  const size = await chunkRows();
  for (const chunk of chunks(out, size)) {
    progress(chunk.start, out.bodies.length);
    const body = { messages: chunk.bodies, ...(out.sendAt ? { sendAt: out.sendAt } : {}) };
    const { body: r } = await postWithRetry<DryRunResult>('/messages/batch?dryRun=true', body, undefined, (why) =>
      progress(chunk.start, out.bodies.length, why),
    );
    sum.items += r.items;
    sum.valid += r.valid;
    sum.refused += r.refused;
    sum.windows.open += r.windows.open;
    sum.windows.closed += r.windows.closed;
    for (const k of Object.keys(sum.pricing) as (keyof DryRunResult['pricing'])[]) sum.pricing[k] += r.pricing[k];
    for (const item of r.data)
      if (item.error) sum.refusals.push(refusal({ index: item.index, error: item.error }, out.lines, chunk.start));
  }
  progress(out.bodies.length, out.bodies.length);
  return sum;
}

/**
 * Sends every row, chunk after chunk, each chunk with the Idempotency-Key `dash-csv-<hash>-<rows a
 * chunk>-<chunk>` where `hash` is `contentHash` of the file with the template and the batch-wide time.
 * @throws ApiError when a chunk fails for another reason than its rows (network, the service
 *   unavailable, the key's rate limit past MAX_WAITS): the chunks before it were accepted, and
 *   sending again resumes without sending them twice.
 */
export async function sendRows(out: Outgoing, hash: string, progress: Progress): Promise<SendSummary> {
  const sum: SendSummary = { accepted: 0, refused: 0, batches: [], refusals: [], replayed: 0 };
  const size = await chunkRows();
  for (const [index, chunk] of chunks(out, size).entries()) {
    progress(chunk.start, out.bodies.length);
    const body = { messages: chunk.bodies, ...(out.sendAt ? { sendAt: out.sendAt } : {}) };
    const key = `dash-csv-${hash.slice(0, 64)}-${size}-${index}`;
    try {
      const { body: r, headers } = await postWithRetry<SendBatchResult>('/messages/batch', body, key, (why) =>
        progress(chunk.start, out.bodies.length, why),
      );
      if (headers.get('idempotent-replayed') === 'true') sum.replayed++;
      sum.batches.push(r.batch.id);
      sum.accepted += r.batch.accepted;
      sum.refused += r.batch.refused;
      for (const item of r.data)
        if (item.error) sum.refusals.push(refusal({ index: item.index, error: item.error }, out.lines, chunk.start));
    } catch (err) {
      // No row of the chunk was valid: every one is refused, nothing stored.
      if (!(err instanceof ApiError && err.code === 'batch_rejected' && err.items)) throw err;
      sum.refused += err.items.length;
      for (const item of err.items) sum.refusals.push(refusal(item, out.lines, chunk.start));
    }
  }
  progress(out.bodies.length, out.bodies.length);
  return sum;
}
