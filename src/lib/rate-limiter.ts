/**
 * Rate limiting with rate-limiter-flexible (docs/api.md §D5): in memory by default, in Redis when
 * REDIS_URL is set so every service process shares the counters.
 *
 * A limit of R per second with bursts of 2R is built as rate-limiter-flexible's BurstyRateLimiter:
 * R points per 1 s window, plus a burst allowance of R points per 10 s window used only when the
 * first is exhausted. Sustained rate ≈ R (+10 %), and a burst of up to 2R passes at once.
 */
import type { Redis } from 'ioredis';
import {
  BurstyRateLimiter,
  RateLimiterMemory,
  RateLimiterRedis,
  RateLimiterRes,
  type RateLimiterAbstract,
} from 'rate-limiter-flexible';

export interface RateLimitResult {
  allowed: boolean;
  /** The sustained rate, per second. */
  limit: number;
  remaining: number;
  /** Seconds until the window resets (at least 1 when refused). */
  resetSeconds: number;
}

export interface RateLimiter {
  /**
   * Takes `points` tokens (default 1) for `key` from a bucket refilling `perSecond` per second.
   * @throws Error when the store (Redis) fails.
   */
  consume(key: string, perSecond: number, points?: number): Promise<RateLimitResult>;
  close(): Promise<void>;
}

export class FlexibleRateLimiter implements RateLimiter {
  readonly #limiters = new Map<number, BurstyRateLimiter | RateLimiterAbstract>();
  readonly #redis: Redis | null;
  readonly #prefix: string;
  readonly #burst: boolean;

  /**
   * @param options.burst false for a strict limit of `perSecond` per 1 s window (a sender number's
   *   throughput tier, which must never be exceeded); true (default) for the bursty per-key limit.
   */
  constructor(options: { redis?: Redis | null; prefix: string; burst?: boolean }) {
    this.#redis = options.redis ?? null;
    this.#prefix = options.prefix;
    this.#burst = options.burst ?? true;
  }

  #limiter(perSecond: number): BurstyRateLimiter | RateLimiterAbstract {
    let limiter = this.#limiters.get(perSecond);
    if (!limiter) {
      const make = (points: number, duration: number, name: string): RateLimiterAbstract =>
        this.#redis
          ? new RateLimiterRedis({
              storeClient: this.#redis,
              points,
              duration,
              keyPrefix: `${this.#prefix}:${name}:${perSecond}`,
              useRedisPackage: false,
            })
          : new RateLimiterMemory({ points, duration, keyPrefix: `${this.#prefix}:${name}:${perSecond}` });
      limiter = this.#burst
        ? new BurstyRateLimiter(
            make(perSecond, 1, 'main') as RateLimiterMemory,
            make(perSecond, 10, 'burst') as RateLimiterMemory,
          )
        : make(perSecond, 1, 'strict');
      this.#limiters.set(perSecond, limiter);
    }
    return limiter;
  }

  async consume(key: string, perSecond: number, points = 1): Promise<RateLimitResult> {
    try {
      const res = await this.#limiter(perSecond).consume(key, points);
      return {
        allowed: true,
        limit: perSecond,
        remaining: Math.max(0, res.remainingPoints),
        resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
      };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        return {
          allowed: false,
          limit: perSecond,
          remaining: 0,
          resetSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
        };
      }
      throw rejection;
    }
  }

  async close(): Promise<void> {
    this.#limiters.clear();
  }
}
