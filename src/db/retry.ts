/**
 * Running a unit of work again when PostgreSQL broke it off to resolve a conflict between
 * transactions: a deadlock (SQLSTATE `40P01`, one of the units in a cycle of row locks is chosen
 * and rolled back) or a serialization failure (`40001`). Both leave nothing behind, and the unit
 * succeeds when run again once the other has committed, so the service retries it a bounded number
 * of times, after a short random delay, before the request that asked for it answers 503.
 * PostgreSQL's manual advises both halves: take locks on several objects in one order (13.3.4
 * Deadlocks; the repositories do, see docs/architecture.md), and retry a transaction that failed
 * with 40001, and with 40P01 too (13.4 Serialization Failure Handling, PostgreSQL 15).
 *
 * Units of work touch only their transaction (store.ts), so a second run does what the first would
 * have; what they leave to after the commit (`afterCommit`, change notices) is collected afresh.
 */

/** SQLSTATEs of a transaction PostgreSQL rolled back that succeeds when run again. */
const RETRYABLE = new Set(['40P01', '40001']);

/** Runs of a unit at most, the first included. */
export const UNIT_ATTEMPTS = 5;

/** Whether `err` is a deadlock or serialization failure (its `code`, as node-postgres gives it). */
export function isRetryable(err: unknown): err is { code: '40P01' | '40001' } {
  return typeof err === 'object' && err !== null && RETRYABLE.has((err as { code?: unknown }).code as string);
}

/**
 * The delay before run `attempt + 1` (attempt 1 is the first retry), ms: 10, 20, 40, 80 ms, each
 * scaled by a random factor from 0.5 to 1.5 so that the units that met do not meet again in step.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  return 10 * 2 ** (attempt - 1) * (0.5 + random());
}

/**
 * Runs `run` until it succeeds or fails with an error that is not retryable, at most
 * `UNIT_ATTEMPTS` times. @param onRetry told of each retry, with the SQLSTATE met.
 * @throws the last error when it is not retryable or the attempts are used up.
 */
export async function withRetries<T>(run: () => Promise<T>, onRetry?: (code: string) => void): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (err) {
      if (!isRetryable(err) || attempt >= UNIT_ATTEMPTS) throw err;
      onRetry?.(err.code);
      await new Promise((r) => setTimeout(r, retryDelayMs(attempt)));
    }
  }
}
