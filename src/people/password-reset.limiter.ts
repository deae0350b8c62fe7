/**
 * How often a password reset may be asked for (docs/api.md §D26), with rate-limiter-flexible (in
 * Redis when the service has it, else in memory), each count for an hour:
 * - per client address, 10: past it the request is refused, 429 `rate_limited` (the same for any email);
 * - per email, 3: past it the request is answered as any other, but no mail is sent, so no one can
 *   fill a person's mailbox, and the answer still says nothing of whether the email exists.
 */
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export const RESETS_PER_ADDRESS = 10;
export const RESETS_PER_EMAIL = 3;
const WINDOW_S = 3_600;

export class PasswordResetLimiter {
  readonly #address: RateLimiterAbstract;
  readonly #email: RateLimiterAbstract;

  constructor(options: { redis: Redis | null; prefix?: string }) {
    const prefix = options.prefix ?? 'tidings:password_reset';
    const make = (name: string, points: number) =>
      options.redis
        ? new RateLimiterRedis({
            storeClient: options.redis,
            points,
            duration: WINDOW_S,
            keyPrefix: `${prefix}:${name}`,
            useRedisPackage: false,
          })
        : new RateLimiterMemory({ points, duration: WINDOW_S, keyPrefix: `${prefix}:${name}` });
    this.#address = make('address', RESETS_PER_ADDRESS);
    this.#email = make('email', RESETS_PER_EMAIL);
  }

  /** Counts a request from `address`. @returns 0 when allowed, else the seconds until it is. */
  async address(address: string): Promise<number> {
    return this.#take(this.#address, address);
  }

  /** Counts a request for `email` (lowercased). @returns whether a mail may go to it. */
  async email(email: string): Promise<boolean> {
    return (await this.#take(this.#email, email)) === 0;
  }

  async #take(limiter: RateLimiterAbstract, key: string): Promise<number> {
    try {
      await limiter.consume(key, 1);
      return 0;
    } catch (res) {
      if (res instanceof RateLimiterRes) return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
      throw res;
    }
  }
}
