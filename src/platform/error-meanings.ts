/**
 * What each error code a failed message can carry means, and what the business should do about it
 * (issue 27: failures by error code "with each code's meaning and what to do"). Two kinds of code
 * end up in a message's `error.code` (docs/api.md §7):
 * - the platform's Graph/Cloud API codes, as the strings Tidings stores (`"131047"`): every code
 *   of docs/platform.md §6.2 and of graph-codes.ts, and the 2026 codes
 *   of docs/platform.md §4.9 and docs/platform.md §5.1;
 * - Tidings' own (`validity_period_expired`, `ttl_expired`…), given when Tidings fails a message
 *   itself (messages/dispatch/settlement.ts, outcomes.ts, route.ts, template holds).
 *
 * `title` is Meta's title of the code where its error-code table gives one (support/error-codes,
 * fetched September 2026, as docs/platform.md §6.2 restates it), else the wording of the page the
 * code comes from; `action` is a short imperative for the business; `source` names where the
 * meaning comes from. Only the analytics' `groupBy=errorCode` reads this. The platform's codes are
 * in graph-error-meanings.ts, Tidings' own here.
 */
import { GRAPH_CODE_MEANINGS, PERMISSION_RANGE } from './graph-error-meanings.js';

export interface ErrorMeaning {
  /** What the code means, in the platform's words (or Tidings' own, for its codes). */
  title: string;
  /** What the business should do: one short imperative sentence. */
  action: string;
  /** Where the meaning comes from: a docs/platform.md or docs/api.md section, or a Meta page. */
  source: string;
}

const TIDINGS = 'docs/api.md §7 (Tidings)';

const m = (title: string, action: string, source = TIDINGS): ErrorMeaning => ({ title, action, source });

/** Tidings' own codes of a failed message (docs/api.md §7). */
const OWN_MEANINGS: Readonly<Record<string, ErrorMeaning>> = {
  validity_period_expired: m(
    'Not sent within its validity period',
    'Send it again if it still matters, or give a longer validity period',
    TIDINGS,
  ),
  ttl_expired: m(
    'Not delivered within the time to live Tidings gave the platform',
    'Reach the customer again once they are reachable; give a longer time to live if it suits',
    'docs/api.md §D19 (Tidings)',
  ),
  media_not_found: m(
    'The file was deleted before the message went out',
    'Upload the file again and send a new message',
    TIDINGS,
  ),
  content_removed: m(
    "The account's message-body retention removed what it said before its turn",
    'Send it again if it still matters, or keep message bodies longer than you schedule ahead',
    'docs/api.md §D17 (Tidings)',
  ),
  platform_error: m(
    'The platform refused the send without a Graph error',
    'Send again; if it persists, check the account and the platform status page',
    TIDINGS,
  ),
  platform_unavailable: m(
    'The platform could not be reached or gave no usable answer',
    'Nothing: Tidings retries; check the network and the platform status page if it lasts',
    TIDINGS,
  ),
  outside_customer_window: m(
    'The customer service window closed before its turn, and nothing else could carry it',
    'Give a fallback template, or send an approved template',
    'docs/api.md §7, §D19 (Tidings)',
  ),
  recipient_suppressed: m(
    'The customer was suppressed (opted out, blocked, or suppressed by the API) after the message was accepted',
    'Nothing, unless they opt back in: lift the suppression, then send again',
    'docs/api.md §D23 (Tidings)',
  ),
  template_paused: m(
    'The template is paused by the platform (the message is held)',
    'Wait for the template to be approved again, or send another template',
    'docs/api.md §D20 (Tidings)',
  ),
  template_disabled: m(
    'The template was disabled by the platform',
    'Create a new template with improved content and send with it',
    'docs/api.md §D20 (Tidings)',
  ),
  dispatch_error: m(
    'Tidings could not attempt the send (a local fault)',
    'Nothing: Tidings retries; check the service logs if it lasts',
    TIDINGS,
  ),
  unknown: m(
    'The platform reported the message failed without a reason',
    'Send again later; report it to Meta with the message id if it repeats',
    'src/platform/cloud-api/webhook-payload.ts (Tidings)',
  ),
};

/** Every code's meaning: the platform's (graph-error-meanings.ts) and Tidings' own; no code is both. */
const MEANINGS: Readonly<Record<string, ErrorMeaning>> = { ...GRAPH_CODE_MEANINGS, ...OWN_MEANINGS };

/**
 * @param code a Graph/Cloud API error code as the string Tidings stores (`"131047"`), or one of
 *   Tidings' own failure codes (`"validity_period_expired"`).
 * @returns the meaning of a Graph/Cloud API error code (as the string Tidings stores, e.g. "131047"), or null when unknown.
 * @example errorMeaning('131047')?.action // "Send an approved template; free-form messages need a customer message in the last 24 h"
 */
export function errorMeaning(code: string): ErrorMeaning | null {
  const known = Object.hasOwn(MEANINGS, code) ? MEANINGS[code]! : null;
  if (known) return known;
  // docs/platform.md §6.2 lists 200–299 as one row: every code of the range is a permission error.
  if (/^2\d\d$/.test(code)) return PERMISSION_RANGE;
  return null;
}
