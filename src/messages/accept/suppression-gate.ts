/**
 * The suppression check at accept (docs/api.md §D23): a send to a suppressed customer is refused
 * with 409 `recipient_suppressed`, unless it says `"suppression": "ignore"` and the account allows
 * that (else 403 `suppression_override_not_allowed`). The decision is the consent feature's
 * (`consent/suppression-decision.ts`), the same one the dispatcher asks, about the person each send
 * names however it addresses them (`consent/person-cover.ts`: the contact's E.164 number, BSUID,
 * parent BSUID and `ct_` id). One read of the contacts and one lookup per request, however many sends
 * it holds (a batch's items are checked together); the lookup is answered from the account's held
 * list (consent/accept-suppressions.ts), and nothing is read when that list is empty. The account's
 * setting is read only when a suppressed customer's send asks to ignore it.
 */
import type { TidingsError } from '../../errors.js';
import type { AuthContext } from '../../http/access.js';
import { coverOf, type PersonDirectory } from '../../consent/person-cover.js';
import {
  decide,
  memoisedOverride,
  obeyedByConfirmation,
  overrideRefusedError,
  suppressedError,
  type ActiveSuppression,
  type SuppressionLookup,
} from '../../consent/suppression-decision.js';

/** One send to check: its address (E.164 or (parent) BSUID, as stored), its template's category (null: not a template), and whether it asks to ignore suppressions. */
export interface GateItem {
  to: string;
  category: string | null;
  ignore: boolean;
  /** A keyword's confirmation reply: it passes the opt-out keyword's suppression it confirms (`obeyedByConfirmation`). */
  confirmation?: boolean;
}

export class SuppressionGate {
  readonly #lookup: SuppressionLookup;
  readonly #people: PersonDirectory;

  /** @param people who each send names (the contacts feature's `peopleOf`). */
  constructor(lookup: SuppressionLookup, people: PersonDirectory) {
    this.#lookup = lookup;
    this.#people = people;
  }

  /**
   * Checks sends of one key together. @returns each refused item's error, by its index in `items`
   * (recipient_suppressed, suppression_override_not_allowed); the others may be stored. `overridden`,
   * when given, is filled with each item that passes a suppression by `"suppression": "ignore"`
   * (by index: the suppression it passes), for the message to record.
   */
  async refusals(
    auth: AuthContext,
    items: GateItem[],
    overridden?: Map<number, ActiveSuppression>,
  ): Promise<Map<number, TidingsError>> {
    const refused = new Map<number, TidingsError>();
    if (items.length === 0) return refused;
    const { found, addressesOf } = await coverOf(
      this.#lookup,
      this.#people,
      auth.accountId,
      { phoneNumberId: auth.phoneNumberId, mode: auth.mode },
      items.map((i) => i.to),
    );
    if (found.length === 0) return refused;
    const overrideAllowed = memoisedOverride(this.#lookup, auth.accountId);
    for (const [index, item] of items.entries()) {
      const send = { addresses: addressesOf(item.to), category: item.category, ignore: item.ignore };
      const verdict = await decide(item.confirmation ? obeyedByConfirmation(found) : found, send, overrideAllowed);
      if (verdict.kind === 'suppressed') refused.set(index, suppressedError(item.to, verdict.suppression));
      if (verdict.kind === 'override_refused') refused.set(index, overrideRefusedError(item.to, verdict.suppression));
      if (verdict.kind === 'overridden') overridden?.set(index, verdict.suppression);
    }
    return refused;
  }

  /** Checks one send. @returns the suppression it passes by `"suppression": "ignore"`, if any. @throws its refusal, if any. */
  async admit(auth: AuthContext, item: GateItem): Promise<ActiveSuppression | undefined> {
    const overridden = new Map<number, ActiveSuppression>();
    const refusal = (await this.refusals(auth, [item], overridden)).get(0);
    if (refusal) throw refusal;
    return overridden.get(0);
  }
}
