/**
 * The suppression check at dispatch (docs/api.md §D23): a queued or scheduled message whose
 * customer was suppressed after it was accepted fails with `recipient_suppressed` when its turn
 * comes, and the platform is never called for it. The decision is the consent feature's
 * (`consent/suppression-decision.ts`), the same one the accept path asks, about the person each
 * message names however it was addressed (`consent/person-cover.ts`), with the contacts as they are
 * now (an address learnt since the suppression was made is covered). Per claimed batch (a batch is
 * one lane: one number of one account in one mode), one read of the contacts and one of the partial
 * indexes on active suppressions.
 *
 * The template category is not kept in the queue, so only `all`-scope suppressions cover a queued
 * message here: the platform itself refuses marketing templates to a customer who stopped them
 * (131050, docs/platform.md §4.11). A send that said `"suppression": "ignore"` still goes where the
 * account allows overrides (read only when such a send meets a suppression); where it no longer
 * does, the message fails as suppressed.
 */
import { coverOf, type PersonDirectory } from '../../consent/person-cover.js';
import {
  decide,
  memoisedOverride,
  obeyedByConfirmation,
  suppressedError,
  type SuppressionLookup,
} from '../../consent/suppression-decision.js';
import type { DispatchRow } from '../record/send-queue.repository.js';
import { payloadOf } from '../record/send-queue.repository.js';
import type { AttemptError } from './outcomes.js';

export class SuppressionCheck {
  readonly #lookup: SuppressionLookup;
  readonly #people: PersonDirectory;

  /** @param people who each message names (the contacts feature's `peopleOf`). */
  constructor(lookup: SuppressionLookup, people: PersonDirectory) {
    this.#lookup = lookup;
    this.#people = people;
  }

  /**
   * The claimed entries (one lane) whose customer is suppressed now, each with its failure.
   * `overridden`, when given, is filled with the entries that pass a suppression by
   * `"suppression": "ignore"` (by message id: the suppression and the key that asked).
   */
  async barred(
    rows: DispatchRow[],
    overridden?: Map<string, { suppressionId: string; keyId: string }>,
  ): Promise<Map<string, AttemptError>> {
    const out = new Map<string, AttemptError>();
    if (rows.length === 0) return out;
    const { account_id: accountId, phone_number_id: phoneNumberId, mode } = rows[0]!;
    const { found, addressesOf } = await coverOf(
      this.#lookup,
      this.#people,
      accountId,
      { phoneNumberId, mode },
      rows.map((r) => r.recipient),
    );
    if (found.length === 0) return out;
    const overrideAllowed = memoisedOverride(this.#lookup, accountId);
    for (const row of rows) {
      const payload = payloadOf(row);
      const send = { addresses: addressesOf(row.recipient), category: null, ignore: payload.suppression === 'ignore' };
      // A keyword's confirmation passes the opt-out it confirms, and only that.
      const verdict = await decide(payload.confirmation ? obeyedByConfirmation(found) : found, send, overrideAllowed);
      if (verdict.kind === 'overridden' && payload.keyId)
        overridden?.set(row.message_id, { suppressionId: verdict.suppression.id, keyId: payload.keyId });
      if (verdict.kind !== 'suppressed' && verdict.kind !== 'override_refused') continue;
      const err = suppressedError(row.recipient, verdict.suppression);
      out.set(row.message_id, { code: err.code, message: err.message });
    }
    return out;
  }
}
