/**
 * The one table of Graph API error codes Tidings acts on (docs/platform.md §6.2, §7): what each
 * code says about a request, with its source. Both readers derive their answer from it:
 *
 * - at request time (`errors.ts`): the `PlatformError` kind a code gives (rate limited, unavailable,
 *   refused), its retry delay, and the client's error (429, 503, 409 or 502);
 * - at dispatch (`messages/dispatch/outcomes.ts`): whether a queued message is retried, its
 *   number's pace lowered, its customer's queue delayed, its number's whole queue held, or the
 *   message failed.
 *
 * A code not listed means the platform refused that one request for a reason of its own (a bad
 * parameter, a template problem, an undeliverable recipient…): `refused`.
 */

/**
 * What a code says. The names of the number-wide conditions are the `heldBack.reason` values of
 * `GET /v1/phone_numbers` (accounts/phone-number.schemas.ts).
 */
export type GraphCondition =
  /** The platform did not act on the request and says it is temporary: try it again. */
  | 'temporary'
  /** The number's throughput (messages per second) is exceeded. */
  | 'throughput_exceeded'
  /** Too many messages to one customer in a short time (the pair rate limit). */
  | 'pair_rate_limited'
  /** The app's or the WABA's Graph API call rate limit. */
  | 'graph_rate_limited'
  /** The number is in maintenance (e.g. a throughput upgrade, up to a minute). */
  | 'number_maintenance'
  /** The access token expired, was invalidated or is not the platform's. */
  | 'access_token_rejected'
  /** A permission is missing or was removed. */
  | 'permission_missing'
  /** The account is restricted, locked, unpaid or limited. */
  | 'account_restricted'
  /** The number is not registered on the platform. */
  | 'number_not_registered'
  /** The customer service window is closed: more than 24 h since the customer last wrote. */
  | 'window_closed'
  /** This request is refused (every code not listed). */
  | 'refused';

/** One code's row. */
export interface GraphCode {
  condition: GraphCondition;
  /** Seconds to wait before trying again, when the platform's rule gives one. */
  retryAfterSeconds?: number;
  /** Where the rule comes from (docs/platform.md names the pages and their dates). */
  source: string;
}

const CODES = 'Meta, Cloud API support/error-codes (docs/platform.md §6.2)';
const THROUGHPUT = 'Meta, Cloud API throughput (docs/platform.md §7)';
const RATE_LIMITS = 'Meta, Graph API rate limits and about-the-platform (docs/platform.md §7)';

/** Every code Tidings treats otherwise than `refused`. */
export const GRAPH_CODES: ReadonlyMap<number, GraphCode> = new Map<number, GraphCode>([
  [1, { condition: 'temporary', source: `${CODES}: "API Unknown", possibly a temporary server error` }],
  [2, { condition: 'temporary', source: `${CODES}: "API Service", temporary downtime or overload (HTTP 503)` }],
  [131000, { condition: 'temporary', source: `${CODES}: "Something went wrong", retry` }],
  [131016, { condition: 'temporary', source: `${CODES}: service unavailable for a while` }],
  [133004, { condition: 'temporary', source: `${CODES}: server temporarily unavailable` }],
  [139103, { condition: 'temporary', source: 'Meta, block-users (docs/platform.md §4.17): internal error, try again' }],
  [
    130429,
    {
      condition: 'throughput_exceeded',
      retryAfterSeconds: 1,
      source: `${THROUGHPUT}: 80 or 1,000 messages/s per number`,
    },
  ],
  [
    131056,
    {
      condition: 'pair_rate_limited',
      retryAfterSeconds: 6,
      source: `${RATE_LIMITS}: one message per 6 s to the same user, retry after 4^X s`,
    },
  ],
  [4, { condition: 'graph_rate_limited', retryAfterSeconds: 60, source: `${RATE_LIMITS}: the app's call rate limit` }],
  [
    80007,
    { condition: 'graph_rate_limited', retryAfterSeconds: 60, source: `${RATE_LIMITS}: the WABA's call rate limit` },
  ],
  [
    131057,
    {
      condition: 'number_maintenance',
      source: `${CODES} and ${THROUGHPUT}: maintenance mode, e.g. during a throughput upgrade`,
    },
  ],
  [0, { condition: 'access_token_rejected', source: `${CODES}: the app user cannot be authenticated` }],
  [190, { condition: 'access_token_rejected', source: `${CODES}: access token expired or invalid` }],
  [3, { condition: 'permission_missing', source: `${CODES}: capability or permission problem` }],
  [10, { condition: 'permission_missing', source: `${CODES}: permission not granted, or removed` }],
  [131005, { condition: 'permission_missing', source: `${CODES}: permission not granted, or removed` }],
  [368, { condition: 'account_restricted', source: `${CODES}: blocked or restricted for a policy violation` }],
  [131031, { condition: 'account_restricted', source: `${CODES}: account locked` }],
  [131042, { condition: 'account_restricted', source: `${CODES}: payment method or billing problem` }],
  [
    131064,
    { condition: 'account_restricted', source: `${CODES}: messaging limited for template classification violations` },
  ],
  [131045, { condition: 'number_not_registered', source: `${CODES}: phone number registration error` }],
  [133010, { condition: 'number_not_registered', source: `${CODES}: phone number not registered` }],
  [
    131047,
    {
      condition: 'window_closed',
      source: `${CODES}: re-engagement needed, more than 24 h since the user's last message`,
    },
  ],
]);

/** The permission codes 200–299, which the table gives as a range (docs/platform.md §6.2). */
const PERMISSION_RANGE: GraphCode = {
  condition: 'permission_missing',
  source: `${CODES}: 200–299, permission missing`,
};
const REFUSED: GraphCode = { condition: 'refused', source: `${CODES}: a refusal of this request` };

/** The row of a Graph error code: listed, in the permission range, or `refused`. */
export function graphCode(code: number): GraphCode {
  return GRAPH_CODES.get(code) ?? (code >= 200 && code <= 299 ? PERMISSION_RANGE : REFUSED);
}
