/**
 * The one suppression decision (docs/api.md §D23): whether a send may reach its customer, given the
 * active suppressions that cover them. Both send checks ask it: at accept
 * (`messages/accept/suppression-gate.ts`: 409 `recipient_suppressed`, 403
 * `suppression_override_not_allowed`) and at dispatch (`messages/dispatch/suppression-check.ts`: the
 * queued message fails with `recipient_suppressed`), so the two can never disagree on who is covered.
 *
 * The rules, in order:
 * 1. A suppression covers a send when it names any of the person's addresses (the send's `to`, and,
 *    when a contact holds it, every E.164 number, BSUID, parent BSUID and `ct_` id of that contact:
 *    consent/person-cover.ts) by its phone, BSUID or contact, and its scope is `all`, or `marketing`
 *    and the send is a `MARKETING` template.
 * 2. No covering suppression: the send passes.
 * 3. A covering suppression and the send does not ask to ignore it: refused (`suppressed`).
 * 4. The send asks `"suppression": "ignore"`: it passes where the account allows overrides
 *    (`allowSuppressionOverride`, read only in this case), else it is refused (`override_refused`).
 * The suppression named in a refusal is the first covering one in id order (the oldest).
 */
import type { SuppressionReason, SuppressionScope } from '../db/schema.js';
import { TidingsError } from '../errors.js';

/** An active suppression as the send checks see it: a domain object, never a row. */
export interface ActiveSuppression {
  /** `sup_…`. */
  id: string;
  /** The E.164 number it names, or null. */
  phone: string | null;
  /** The BSUID (or parent BSUID) it names, or null. */
  bsuid: string | null;
  /** The `ct_` id of the contact it was made for, or null: it covers every address that contact has, learnt before or after. */
  contactId: string | null;
  reason: SuppressionReason;
  /** `all`: every send; `marketing`: marketing templates only. */
  scope: SuppressionScope;
  /** When it was made, ISO 8601. */
  since: string;
}

/** Who a send or a rule names: any of the identifiers may be null. */
export interface CustomerIds {
  phone: string | null;
  bsuid: string | null;
  contactId: string | null;
}

/** What the send checks ask the consent feature (`SuppressionService`, `AcceptSuppressions`). */
export interface SuppressionLookup {
  /** Active suppressions of the mode (the send's: docs/api.md §5.3) covering any of these customers on the number, in id order (one statement at most). */
  activeFor(
    accountId: string,
    mode: 'live' | 'test',
    phoneNumberId: string,
    customers: CustomerIds[],
  ): Promise<ActiveSuppression[]>;
  /**
   * True only when the account surely has no active suppression of the mode (its held list is
   * empty): the send checks then read nothing more, not even the contacts. Absent or false: they look.
   */
  noneActive?(accountId: string, mode: 'live' | 'test'): Promise<boolean>;
  /** Whether the account lets a send say `"suppression": "ignore"` (`allowSuppressionOverride`). */
  overrideAllowed(accountId: string): Promise<boolean>;
}

/** One send as the decision sees it. */
export interface SendToCheck {
  /** The addresses the person is known by: E.164 numbers, BSUIDs and parent BSUIDs, `ct_` ids (person-cover.ts). */
  addresses: ReadonlySet<string>;
  /** The template's category (`MARKETING`, `UTILITY`…), or null when the send is not a template or it is not known. */
  category: string | null;
  /** The send said `"suppression": "ignore"`. */
  ignore: boolean;
}

/** The decision on one send. */
export type SuppressionVerdict =
  | { kind: 'pass' }
  /** Covered, but sent all the same: the send asked to ignore it and the account allows that. */
  | { kind: 'overridden'; suppression: ActiveSuppression }
  | { kind: 'suppressed'; suppression: ActiveSuppression }
  /** Covered, asked to ignore it, and the account does not allow overrides. */
  | { kind: 'override_refused'; suppression: ActiveSuppression };

/** The suppressions of `found` that cover `send` (rule 1), in the order given. */
export function covering(found: readonly ActiveSuppression[], send: Omit<SendToCheck, 'ignore'>): ActiveSuppression[] {
  return found.filter(
    (s) =>
      ((s.phone !== null && send.addresses.has(s.phone)) ||
        (s.bsuid !== null && send.addresses.has(s.bsuid)) ||
        (s.contactId !== null && send.addresses.has(s.contactId))) &&
      (s.scope === 'all' || send.category?.toUpperCase() === 'MARKETING'),
  );
}

/**
 * Decides one send (rules 1–4 above). `overrideAllowed` is called only for a covered send that asks
 * to ignore its suppression; a caller checking many sends passes one memoised answer.
 */
export async function decide(
  found: readonly ActiveSuppression[],
  send: SendToCheck,
  overrideAllowed: () => Promise<boolean>,
): Promise<SuppressionVerdict> {
  const suppression = covering(found, send)[0];
  if (!suppression) return { kind: 'pass' };
  if (!send.ignore) return { kind: 'suppressed', suppression };
  return (await overrideAllowed()) ? { kind: 'overridden', suppression } : { kind: 'override_refused', suppression };
}

/** `overrideAllowed` for one account, read at most once however many sends ask. */
export function memoisedOverride(lookup: SuppressionLookup, accountId: string): () => Promise<boolean> {
  let answer: Promise<boolean> | undefined;
  return () => (answer ??= lookup.overrideAllowed(accountId));
}

/** Each reason of a suppression in words, for a refusal's message. */
const WHY: Record<SuppressionReason, string> = {
  opt_out_keyword: 'they asked for no more messages',
  platform_preference: 'they stopped marketing messages',
  api: 'the account suppressed them',
  blocked: 'the business blocked them',
};

/** The unblock call of a block's suppression (its contact's, when it names one). */
export function unblockCall(s: Pick<ActiveSuppression, 'contactId'>): string {
  return `POST /v1/contacts/${s.contactId ?? '{id}'}/unblock`;
}

/**
 * The refusal of a send to a suppressed customer (`recipient_suppressed`): names the reason and
 * since when, and the way back: for a block, the unblock call (the platform refuses a blocked
 * customer's messages whatever the list says, docs/api.md §D25); else lifting the suppression.
 */
export function suppressedError(to: string, s: ActiveSuppression): TidingsError {
  if (s.reason === 'blocked')
    return new TidingsError(
      'recipient_suppressed',
      `${to} is blocked (${s.reason}, since ${s.since}, ${s.id}): ${WHY[s.reason]}, and the platform refuses messages to a blocked customer. Unblock them (${unblockCall(s)}) to message them again.`,
      { param: 'to' },
    );
  return new TidingsError(
    'recipient_suppressed',
    `${to} is suppressed (${s.reason}, since ${s.since}, ${s.id}): ${WHY[s.reason]}. Lift it (DELETE /v1/suppressions/{id}) if they opt back in, or send "suppression": "ignore" for a notice they must get, where the account allows it.`,
    { param: 'to' },
  );
}

/** The refusal of a send that asks to ignore a suppression the account does not let it ignore (a block's names the unblock call). */
export function overrideRefusedError(to: string, s: ActiveSuppression): TidingsError {
  return new TidingsError(
    'suppression_override_not_allowed',
    s.reason === 'blocked'
      ? `${to} is blocked (since ${s.since}), and this account does not allow "suppression": "ignore"; the platform would refuse the message anyway: unblock them (${unblockCall(s)}) to message them again.`
      : `${to} is suppressed (${s.reason}, since ${s.since}), and this account does not allow "suppression": "ignore"; an operator can allow it (npx tidings accounts consent <account id> --allow-suppression-override).`,
    { param: 'suppression' },
  );
}

/**
 * The suppressions a keyword's confirmation reply (message source `consent_reply`) still obeys, of
 * those `found`: every one but an opt-out keyword's. The confirmation of a STOP is the one message
 * that must reach the customer the STOP just suppressed; a block, the account's own suppression or
 * the platform's marketing preference still refuse it, at accept and at dispatch alike.
 */
export function obeyedByConfirmation(found: readonly ActiveSuppression[]): ActiveSuppression[] {
  return found.filter((s) => s.reason !== 'opt_out_keyword');
}
