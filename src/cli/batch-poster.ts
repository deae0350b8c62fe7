/**
 * Posts one chunk of a CSV's sends to a running service, `POST /v1/messages/batch`
 * (docs/api.md §4.24), over HTTP with the caller's API key, and waits out what is worth waiting out: the key's
 * rate limit (429, `Retry-After`), a request with the same Idempotency-Key still running (409), a
 * 5xx or a network failure (backoff). What it cannot wait out stops the run with `SendStopped`.
 */
import type { ErrorCode, ItemRefusal } from '../errors.js';
import type { CsvSendBody } from '@tidings/batch-csv';
import { callService, retryAfter } from './service-call.js';

/** The parts of the service's answers this client reads (src/messages/schemas/batch.schemas.ts). */
interface SendAnswer {
  batch: { id: string };
  data: ({ index: number; message: { id: string } } | ItemRefusal)[];
}
export interface DryRunAnswer {
  dryRun: true;
  items: number;
  valid: number;
  refused: number;
  windows: { open: number; closed: number };
  pricing: { utility_outside_window: number; utility_inside_window: number; service: number };
  data: ({ index: number; to: string } | ItemRefusal)[];
}
interface ErrorAnswer {
  error?: { code?: ErrorCode; message?: string; items?: ItemRefusal[] };
}

/** What a chunk came to: stored as a batch (now, or by an earlier run: `replayed`), refused whole, or dry-run. */
export type ChunkOutcome =
  | { kind: 'sent'; batchId: string; replayed: boolean; accepted: number; refusals: ItemRefusal[] }
  | { kind: 'rejected'; refusals: ItemRefusal[] }
  | { kind: 'dry-run'; answer: DryRunAnswer };

/** The run cannot go on; the chunks already accepted stay accepted. `code` is the service's, or `service_unreachable`. */
export class SendStopped extends Error {
  override name = 'SendStopped';
  constructor(
    readonly code: ErrorCode | 'service_unreachable' | 'answer_invalid',
    message: string,
  ) {
    super(message);
  }
}

export interface PosterOptions {
  /** The service, e.g. `http://localhost:3000` (no `/v1`). */
  baseUrl: string;
  apiKey: string;
  /** The longest total wait, seconds, for the key's rate limit on one chunk before stopping. */
  maxWaitSeconds: number;
  /** Told before each wait: seconds, and why (for the progress display). */
  onWait?: (seconds: number, reason: string) => void;
  /** Waits `ms` milliseconds (a test clock may replace it). */
  sleep?: (ms: number) => Promise<void>;
}

/** Retries of a 5xx or a network failure, waiting 1, 2, 4, 8 s: about 15 s of outage is ridden out. */
const TRANSIENT_RETRIES = 4;
/** How long one request may take: a chunk of 1,000 is checked and stored well within this. */
const REQUEST_TIMEOUT_MS = 120_000;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Seconds from a `Retry-After` header (delta-seconds form), at least 1, else `fallback`. */
/**
 * Posts `messages` (with the batch-wide `sendAt`, if any) as one batch.
 * @param options.idempotencyKey sent as `Idempotency-Key`, the same on every retry (a dry run sends
 *   none: its key would later replay the dry run's answer to the real send).
 * @returns the outcome; a 400 `batch_rejected` (no item valid) is an outcome, not an error.
 * @throws SendStopped on any other refusal (bad key, missing scope…), on a rate limit longer than
 *   `maxWaitSeconds` or one the chunk can never fit, and once the retries of a 5xx or network
 *   failure are spent.
 */
export async function postChunk(
  o: PosterOptions,
  messages: CsvSendBody[],
  options: { sendAt?: string; idempotencyKey?: string; dryRun: boolean },
): Promise<ChunkOutcome> {
  const sleep = o.sleep ?? wait;
  const url = `${o.baseUrl.replace(/\/+$/, '')}/v1/messages/batch${options.dryRun ? '?dryRun=true' : ''}`;
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'x-api-key': o.apiKey,
    'user-agent': 'tidings-cli send-batch',
    // Recorded as the batch's `source` (its messages record `api`).
    'x-tidings-source': 'cli',
  };
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const body = JSON.stringify({ messages, ...(options.sendAt !== undefined ? { sendAt: options.sendAt } : {}) });
  let waitedForLimit = 0;
  let transient = 0;
  const backoff = async (why: string, seconds?: number) => {
    if (++transient > TRANSIENT_RETRIES)
      throw new SendStopped('service_unreachable', `${why}; gave up after ${TRANSIENT_RETRIES} retries.`);
    const s = seconds ?? 2 ** (transient - 1);
    o.onWait?.(s, why);
    await sleep(s * 1000);
  };
  for (;;) {
    const call = await callService<NonNullable<ErrorAnswer['error']>>(
      url,
      { method: 'POST', headers, body },
      REQUEST_TIMEOUT_MS,
    );
    if ('unreachable' in call) {
      await backoff(call.unreachable);
      continue;
    }
    const { res, text, answer, error } = call;
    if (res.status === 201 && answer)
      return sent(answer as SendAnswer, res.headers.get('idempotent-replayed') === 'true');
    if (res.status === 200 && options.dryRun && answer) return { kind: 'dry-run', answer: answer as DryRunAnswer };
    if (res.status === 400 && error?.code === 'batch_rejected')
      return { kind: 'rejected', refusals: error.items ?? [] };
    if (res.status === 429 && error?.code === 'rate_limited') {
      // A request takes at most a second of the key's rate past its own token (docs/api.md §D18): a larger chunk never fits.
      const most = Number(res.headers.get('ratelimit-limit')) + 1;
      if (most > 1 && messages.length > most)
        throw new SendStopped('rate_limited', `${error.message ?? 'Rate limited.'} Use --batch-size ${most} or less.`);
      const seconds = retryAfter(res, 1);
      if (waitedForLimit + seconds > o.maxWaitSeconds)
        throw new SendStopped(
          'rate_limited',
          `${error.message ?? 'Rate limited.'} Waiting longer than --max-wait (${o.maxWaitSeconds} s) for this batch.`,
        );
      waitedForLimit += seconds;
      o.onWait?.(seconds, "the key's rate limit");
      await sleep(seconds * 1000);
      continue;
    }
    // Our own earlier attempt (its answer lost) is still being processed: its answer will be replayed.
    if (res.status === 409 && error?.code === 'idempotency_request_in_progress') {
      await backoff('an earlier attempt at this batch is still running', retryAfter(res, 1));
      continue;
    }
    if (res.status >= 500) {
      await backoff(
        `the service answered ${res.status}${error?.message ? ` (${error.message})` : ''}`,
        res.headers.has('retry-after') ? retryAfter(res, 1) : undefined,
      );
      continue;
    }
    if (error?.code)
      throw new SendStopped(
        error.code,
        `The service refused the batch (${res.status} ${error.code}): ${error.message ?? ''}`,
      );
    throw new SendStopped('answer_invalid', `Unexpected answer from ${url}: HTTP ${res.status} ${text.slice(0, 200)}`);
  }
}

function sent(answer: SendAnswer, replayed: boolean): ChunkOutcome {
  const refusals = answer.data.filter((d): d is ItemRefusal => 'error' in d);
  return { kind: 'sent', batchId: answer.batch.id, replayed, accepted: answer.data.length - refusals.length, refusals };
}
