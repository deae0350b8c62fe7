/**
 * What a failed send attempt means for the message (docs/platform.md §6.2, §7). The table is in the
 * README ("Sending: what the platform's answers do"); keep the two in step.
 *
 * - `retry`: the platform did not act on it and says so or surely did not see it (service errors
 *   1, 2, 131000, 131016, 133004; a 429 or 5xx carrying a Graph error; a connection that never
 *   opened): tried again after an exponential backoff with jitter.
 * - `slow_down` (130429, the number's throughput): the lane's pace is halved and the message is
 *   tried again shortly.
 * - `pair_limited` (131056, too many messages to one customer): only this customer's queue waits,
 *   4^n seconds as the platform asks.
 * - `hold_lane`: a problem of the number or the account, not of the message (Graph rate limits 4
 *   and 80007, maintenance 131057, a token or permission refused, the account restricted, locked,
 *   unpaid or unregistered): the number's whole queue waits and retries, until fixed or until each
 *   message's validity period ends. Failing every queued message for an expired token would lose
 *   a day's sends to a five-minute fix.
 * - `unknown`: no answer, and the platform may have taken it (timeout, connection lost after
 *   sending, a gateway's 5xx): not resent until the reconciliation window has passed without a
 *   status for it.
 * - `fail`: the platform refused this message (every other code): it fails with the platform's
 *   code and message.
 */
import type { HoldReason } from '../../accounts/phone-number.schemas.js';
import { PlatformError } from '../../platform/platform.js';

export type AttemptOutcome =
  | { kind: 'retry'; error: AttemptError }
  | { kind: 'slow_down'; error: AttemptError }
  | { kind: 'pair_limited'; error: AttemptError }
  | { kind: 'hold_lane'; reason: HoldReason; holdMs: number; error: AttemptError }
  | { kind: 'unknown'; error: AttemptError }
  | { kind: 'fail'; error: AttemptError };

/** The platform's code (or a Tidings code when it gave none) and its explanation. */
export interface AttemptError {
  code: string;
  message: string;
}

const MINUTE = 60_000;

/** Graph error codes that hold the number's whole queue, with the reason and for how long. */
const LANE_CODES: ReadonlyMap<number, { reason: HoldReason; holdMs: number }> = new Map([
  [4, { reason: 'graph_rate_limited', holdMs: MINUTE }],
  [80007, { reason: 'graph_rate_limited', holdMs: MINUTE }],
  [131057, { reason: 'number_maintenance', holdMs: 10_000 }],
  [0, { reason: 'access_token_rejected', holdMs: MINUTE }],
  [190, { reason: 'access_token_rejected', holdMs: MINUTE }],
  [3, { reason: 'permission_missing', holdMs: MINUTE }],
  [10, { reason: 'permission_missing', holdMs: MINUTE }],
  [131005, { reason: 'permission_missing', holdMs: MINUTE }],
  [368, { reason: 'account_restricted', holdMs: 5 * MINUTE }],
  [131031, { reason: 'account_restricted', holdMs: 5 * MINUTE }],
  [131042, { reason: 'account_restricted', holdMs: 5 * MINUTE }],
  [131064, { reason: 'account_restricted', holdMs: 5 * MINUTE }],
  [131045, { reason: 'number_not_registered', holdMs: 5 * MINUTE }],
  [133010, { reason: 'number_not_registered', holdMs: 5 * MINUTE }],
]);

/** Codes the platform calls temporary: try the message again. */
const RETRY_CODES: ReadonlySet<number> = new Set([1, 2, 131000, 131016, 133004]);

/** Classifies a send attempt's failure. Anything not a PlatformError is a retry (a local hiccup). */
export function classifyAttempt(err: unknown): AttemptOutcome {
  if (!(err instanceof PlatformError)) return { kind: 'retry', error: { code: 'dispatch_error', message: err instanceof Error ? err.message : String(err) } };
  const error: AttemptError = { code: err.code === null ? 'platform_unavailable' : String(err.code), message: err.details ?? err.message };
  if (err.code === null) {
    if (err.maybeTaken) return { kind: 'unknown', error };
    return err.kind === 'refused' ? { kind: 'fail', error: { code: 'platform_error', message: err.message } } : { kind: 'retry', error };
  }
  if (err.code === 130429) return { kind: 'slow_down', error };
  if (err.code === 131056) return { kind: 'pair_limited', error };
  const lane = LANE_CODES.get(err.code) ?? (err.code >= 200 && err.code <= 299 ? { reason: 'permission_missing' as const, holdMs: MINUTE } : undefined);
  if (lane) return { kind: 'hold_lane', ...lane, error };
  if (RETRY_CODES.has(err.code)) return { kind: 'retry', error };
  return { kind: 'fail', error };
}

/** The backoff before retry `attempt` (1 = the first retry): exponential, capped, with jitter in its upper half. */
export function retryDelayMs(attempt: number, policy: { baseMs: number; maxMs: number }, random = Math.random): number {
  const ceiling = Math.min(policy.maxMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}

/** The pair limit's wait before retry `attempt` (docs/platform.md §7: 4^X seconds), at most 256 s. */
export function pairLimitDelayMs(attempt: number): number {
  return 1000 * 4 ** Math.min(4, Math.max(0, attempt - 1));
}
