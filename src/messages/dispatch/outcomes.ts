/**
 * What a failed send attempt means for the message, by the condition the one table of Graph codes
 * (platform/graph-codes.ts, docs/platform.md §6.2, §7) gives its code. The README's table
 * ("Sending: what the platform's answers do") says the same in words; keep the two in step.
 *
 * - `retry`: the platform did not act on it and says so or surely did not see it (service errors
 *   1, 2, 131000, 131016, 133004; a 429 without a Graph error; a connection that never opened):
 *   tried again after an exponential backoff with jitter.
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
import { graphCode, type GraphCondition } from '../../platform/graph-codes.js';
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

/** How long each number-wide condition holds the number's whole queue (graph-codes.ts names them). */
const HOLD_MS: Readonly<Record<Exclude<Extract<GraphCondition, HoldReason>, 'throughput_exceeded'>, number>> = {
  graph_rate_limited: MINUTE,
  number_maintenance: 10_000,
  access_token_rejected: MINUTE,
  permission_missing: MINUTE,
  account_restricted: 5 * MINUTE,
  number_not_registered: 5 * MINUTE,
};

/** Classifies a send attempt's failure. Anything not a PlatformError is a retry (a local hiccup). */
export function classifyAttempt(err: unknown): AttemptOutcome {
  if (!(err instanceof PlatformError))
    return {
      kind: 'retry',
      error: { code: 'dispatch_error', message: err instanceof Error ? err.message : String(err) },
    };
  const error: AttemptError = {
    code: err.code === null ? 'platform_unavailable' : String(err.code),
    message: err.details ?? err.message,
  };
  if (err.code === null) {
    if (err.maybeTaken) return { kind: 'unknown', error };
    return err.kind === 'refused'
      ? { kind: 'fail', error: { code: 'platform_error', message: err.message } }
      : { kind: 'retry', error };
  }
  const { condition } = graphCode(err.code);
  switch (condition) {
    case 'temporary':
      return { kind: 'retry', error };
    case 'throughput_exceeded':
      return { kind: 'slow_down', error };
    case 'pair_rate_limited':
      return { kind: 'pair_limited', error };
    case 'graph_rate_limited':
    case 'number_maintenance':
    case 'access_token_rejected':
    case 'permission_missing':
    case 'account_restricted':
    case 'number_not_registered':
      return { kind: 'hold_lane', reason: condition, holdMs: HOLD_MS[condition], error };
    case 'window_closed':
    case 'refused':
      return { kind: 'fail', error };
  }
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
