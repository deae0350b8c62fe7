/**
 * Failed sign-ins, counted per email (known or not: the same for both) and per client address,
 * with rate-limiter-flexible (in Redis when the ground has it, so every process shares the counts;
 * in memory otherwise). From the 5th consecutive failure of an email (the 20th of an address) it
 * is blocked for 2^(n−5) s (2^(n−20) s), at most 15 min; a success clears the email's count.
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';

/** Consecutive failures before an email is blocked. */
export const EMAIL_FAILURES = 5;
/** Failures before an address is blocked. */
export const ADDRESS_FAILURES = 20;
const MAX_BLOCK_S = 15 * 60;
/** Failures are forgotten a day after the last one, s. */
const FORGET_S = 86_400;

export class SignInLimiter {
  readonly #failures: RateLimiterAbstract;
  readonly #blocks: RateLimiterAbstract;

  constructor(options: { redis: Redis | null; prefix?: string }) {
    const prefix = options.prefix ?? 'tidings:sign_in';
    const make = (name: string, points: number, duration: number) =>
      options.redis
        ? new RateLimiterRedis({
            storeClient: options.redis,
            points,
            duration,
            keyPrefix: `${prefix}:${name}`,
            useRedisPackage: false,
          })
        : new RateLimiterMemory({ points, duration, keyPrefix: `${prefix}:${name}` });
    this.#failures = make('failures', 1_000_000, FORGET_S);
    this.#blocks = make('blocks', 1, MAX_BLOCK_S);
  }

  /** Seconds until `email` or `address` may try again; 0 when neither is blocked. */
  async lockedFor(email: string, address: string): Promise<number> {
    const [a, b] = await Promise.all([this.#blocks.get(`e:${email}`), this.#blocks.get(`a:${address}`)]);
    const left = (res: typeof a) => (res && res.consumedPoints > 1 ? Math.ceil(res.msBeforeNext / 1000) : 0);
    return Math.max(left(a), left(b));
  }

  /** Counts a failure of `email` from `address`, and blocks either past its allowance. */
  async failed(email: string, address: string): Promise<void> {
    for (const [key, allowed] of [
      [`e:${email}`, EMAIL_FAILURES],
      [`a:${address}`, ADDRESS_FAILURES],
    ] as const) {
      const n = (await this.#failures.penalty(key, 1)).consumedPoints;
      if (n >= allowed) await this.#blocks.block(key, Math.min(MAX_BLOCK_S, 2 ** (n - allowed)));
    }
  }

  /** A success: the email's failures are forgotten (the address's are not). */
  async succeeded(email: string): Promise<void> {
    await this.#failures.delete(`e:${email}`);
  }
}
