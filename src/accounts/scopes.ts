/** API key scopes (DECISIONS §2). A key has all of them unless created with fewer. */
export const SCOPES = [
  'templates:read',
  'templates:write',
  'messages:read',
  'messages:send',
  'media:write',
  'webhooks:manage',
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

export type Mode = 'live' | 'test';

/** Who is calling: resolved from `x-api-key` on every request. */
export interface AuthContext {
  keyId: string;
  accountId: string;
  mode: Mode;
  /** The platform phone number id the key was issued against: the sender of its messages. */
  phoneNumberId: string;
  scopes: ReadonlySet<Scope>;
  /** Requests per second for this key (token bucket refill rate, DECISIONS §5). */
  rateLimit: number;
}

/** Default per-key rate (DECISIONS §5): 100 requests/s, bursts of 200. */
export const DEFAULT_KEY_RATE_LIMIT = 100;
/** Default per-number send throughput (CLOUD_API.md §7: 80 msg/s per registered number). */
export const DEFAULT_THROUGHPUT = 80;
/** The platform's top throughput tier (CLOUD_API.md §7). */
export const MAX_THROUGHPUT = 1000;
