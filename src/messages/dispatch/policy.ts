/** How the dispatcher paces, retries and leases (dispatcher.ts; configured in deps.ts). */

export interface DispatchPolicy {
  /**
   * The share of the tier to send at. The platform counts sends as they reach it, so a send that
   * arrives later than its slot can join the next second's; at 96 % a second holds the slots of
   * 1,042 ms, so sends arriving up to about 40 ms later than the one a second before them never
   * make a second pass the tier. (On the test machine, under test load, a send reached the
   * simulator a median 0–8 ms, p99 11–52 ms after its slot; at 98 %, a 20 ms margin, a CI run
   * saw one 130429.) 96 % keeps the goal of draining at 95 % of the tier within reach.
   */
  tierShare: number;
  /** How long an attempt without an answer waits for a status before the message is sent again, ms. */
  reconciliationWindowMs: number;
  /** Backoff of retries: doubling from `baseMs`, at most `maxMs`, with jitter. */
  retry: { baseMs: number; maxMs: number };
  /** Each claim takes this much of the lane's pace, ms (100 ms at 1,000/s: 100 messages). */
  batchMs: number;
  /** How often to look for lanes with due entries and for expired entries, ms. */
  pollMs: number;
  /** A claimed entry whose slot is further off than this goes back to the queue, ms. */
  slotWaitMs: number;
  /** The platform call's timeout, ms (part of a claim's lease). */
  platformTimeoutMs: number;
  /**
   * How long after a message's time to live at the platform ended (Direct Send's `ttl_seconds`, a
   * template's own) a missing delivery report means it was dropped, ms: then it fails with
   * `ttl_expired`. The margin covers status reports still on their way.
   */
  ttlGraceMs: number;
}

export const DEFAULT_DISPATCH_POLICY: DispatchPolicy = {
  tierShare: 0.96,
  reconciliationWindowMs: 60_000,
  retry: { baseMs: 1000, maxMs: 30_000 },
  batchMs: 100,
  pollMs: 200,
  slotWaitMs: 5000,
  platformTimeoutMs: 10_000,
  ttlGraceMs: 15 * 60_000,
};

/** What this process's dispatcher did since it started (for tests; the metrics count the same per lane). */
export interface DispatchStats {
  /** Messages the platform took (or, for test keys, marked sent). */
  sent: number;
  /** Messages the platform refused for good. */
  failed: number;
  /** Attempts put back for a retry (any reason, unknown outcomes included). */
  retried: number;
  /** Messages failed at the end of their validity period. */
  expired: number;
  /** Sends whose timer fired too late for their slot and took a new one (a busy process). */
  reslotted: number;
}
