/**
 * Who may call the API (docs/api.md §D2): the scopes a key can hold, its mode, and the context every
 * authenticated request carries. Keys themselves are the accounts feature's (accounts/key.service.ts).
 */

/** API key scopes. A key has all of them unless created with fewer. */
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

/** Live keys reach the platform; test keys run everything else and see only test data. */
export type Mode = 'live' | 'test';

/** Who is calling: resolved from `x-api-key` on every request. */
export interface AuthContext {
  keyId: string;
  accountId: string;
  mode: Mode;
  /** The platform phone number id the key was issued against: the sender of its messages. */
  phoneNumberId: string;
  scopes: ReadonlySet<Scope>;
  /** Requests per second for this key (token bucket refill rate, docs/api.md §D5). */
  rateLimit: number;
}

/** Default per-key rate (docs/api.md §D5): 100 requests/s, bursts of 200. */
export const DEFAULT_KEY_RATE_LIMIT = 100;
