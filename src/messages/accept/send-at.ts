/** A send's `sendAt` (docs/api.md §D18): an RFC 3339 time with its offset, 60 seconds to 35 days ahead. */
import { TidingsError } from '../../errors.js';

/** The soonest and latest a `sendAt` may be, ms ahead (Twilio's SendAt: 15 minutes to 35 days; ours starts at a minute). */
export const SEND_AT_RANGE_MS = { min: 60_000, max: 35 * 24 * 3600_000 } as const;

/**
 * A `sendAt` as clock ms.
 * @throws TidingsError parameter_invalid when it has no offset or is not 60 s to 35 days ahead.
 */
export function checkSendAt(text: string, now: number, param: string): number {
  // RFC 3339: a date, a time and an offset (`Z` or `±hh:mm`); `2026-12-01T09:00` alone names no instant.
  const at = /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.test(text)
    ? Date.parse(text)
    : NaN;
  if (Number.isNaN(at))
    throw new TidingsError(
      'parameter_invalid',
      `${param} must be an RFC 3339 time with its offset, such as 2026-12-01T09:00:00+01:00; got "${text}".`,
      { param: 'sendAt' },
    );
  const ahead = at - now;
  if (ahead < SEND_AT_RANGE_MS.min || ahead > SEND_AT_RANGE_MS.max) {
    const when = ahead < 0 ? `${Math.round(-ahead / 1000)} s ago` : `${Math.round(ahead / 1000)} s ahead`;
    throw new TidingsError(
      'parameter_invalid',
      `${param} must be 60 seconds to 35 days ahead; ${text} is ${when}. Send at once without sendAt.`,
      { param: 'sendAt' },
    );
  }
  return at;
}
