/**
 * Message time-to-live (TTL): how long the platform keeps retrying a message it cannot deliver
 * before dropping it (no `delivered` ever comes; reachability.ts). Sources:
 * - Meta "Configure message time-to-live" for templates
 *   (https://developers.facebook.com/documentation/business-messaging/whatsapp/templates/time-to-live):
 *   `message_send_ttl_seconds` on create and edit, AUTHENTICATION 30–900 s (default 10 minutes),
 *   UTILITY 30–43,200 s (default 30 days), MARKETING only through the Marketing Messages API.
 * - Meta Direct Send "Configure message time-to-live (TTL)"
 *   (https://developers.facebook.com/documentation/business-messaging/whatsapp/direct-send/configure-message-ttl/):
 *   a send's `ttl_seconds`, utility 30–43,200 (default 30 days), authentication 30–900 (default 600);
 *   and its error wording in the Direct Send api-reference table (…/direct-send/api-reference/).
 * - Meta "Send messages" (…/whatsapp/messages/send-messages): any other message is retried for 30 days.
 */
import { graphError, type GraphError } from '../lib/graph-errors.js';
import type { SimTemplate } from './model.js';

/** 30 days, s: the TTL of every message that has no shorter one. */
export const DEFAULT_TTL_SECONDS = 30 * 24 * 60 * 60;

/** The categories whose TTL can be set, with their range and default, s. */
export const TTL_RANGES = {
  UTILITY: { min: 30, max: 43_200, default: DEFAULT_TTL_SECONDS },
  AUTHENTICATION: { min: 30, max: 900, default: 600 },
} as const;
export type TtlCategory = keyof typeof TTL_RANGES;

/** A whole number of seconds from a JSON number or a form field's digits; null when it is neither. */
function seconds(value: unknown): number | null {
  const n = typeof value === 'string' && /^-?\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) ? n : null;
}

/**
 * Checks a TTL against its category's range. The out-of-range wordings are the Direct Send
 * api-reference's ("must be lower than or equal to 43200", "higher than or equal to 30"); that an
 * authentication TTL over 900 is worded the same with 900, and that template TTLs are worded like
 * Direct Send ones, is UNCONFIRMED, as is the wording for a value that is not a whole number.
 * @param param the parameter's name, for the not-a-number message.
 * @returns the TTL in seconds, or the Graph error (100).
 */
export function checkTtl(category: TtlCategory, value: unknown, param: string): number | GraphError {
  const n = seconds(value);
  if (n === null) return graphError(100, `Param ${param} must be a whole number of seconds.`);
  const { min, max } = TTL_RANGES[category];
  if (n > max) return graphError(100, `The time-to-live value must be lower than or equal to ${max}`);
  if (n < min) return graphError(100, `The time-to-live value must be higher than or equal to ${min}`);
  return n;
}

/**
 * `message_send_ttl_seconds` of a template create or edit, checked for the template's category.
 * `-1` sets a 30-day TTL on AUTHENTICATION and UTILITY templates (YCloud's and 1msg's template API
 * references, after Meta's; UNCONFIRMED on a Meta page) and is kept as given. Marketing templates
 * take a TTL only through the Marketing Messages API, so Cloud API refuses it (100; wording
 * UNCONFIRMED).
 * @returns undefined when absent, the value to keep, or the Graph error.
 */
export function readTemplateTtl(category: string, value: unknown): number | undefined | GraphError {
  if (value === undefined) return undefined;
  if (category !== 'UTILITY' && category !== 'AUTHENTICATION') {
    return graphError(
      100,
      'message_send_ttl_seconds can be set on MARKETING templates only through the Marketing Messages API.',
    );
  }
  if (seconds(value) === -1) return -1;
  return checkTtl(category, value, 'message_send_ttl_seconds');
}

/** The TTL a send of template `t` gets, s: its own, else its category's default (10 minutes for authentication). */
export function templateTtlSeconds(t: SimTemplate): number {
  if (t.messageSendTtlSeconds === -1) return DEFAULT_TTL_SECONDS;
  return (
    t.messageSendTtlSeconds ??
    (t.category === 'AUTHENTICATION' ? TTL_RANGES.AUTHENTICATION.default : DEFAULT_TTL_SECONDS)
  );
}
