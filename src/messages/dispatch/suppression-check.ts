/**
 * The suppression check at dispatch (docs/api.md §D23): a queued or scheduled message whose
 * customer was suppressed after it was accepted fails with `recipient_suppressed` when its turn
 * comes, and the platform is never called for it. One read per claimed batch (a batch is one
 * lane: one number of one account), answered from the partial indexes on active suppressions.
 *
 * Only `all`-scope suppressions are checked here: the template category is not kept in the queue,
 * and the platform itself refuses marketing templates to a customer who stopped them (131050,
 * docs/platform.md §4.11). A send that said `"suppression": "ignore"` still goes where the account
 * allows overrides (read only when such a send meets a suppression).
 */
import type { DispatchRow } from '../send-queue.repository.js';
import { payloadOf } from '../send-queue.repository.js';
import { refusing, suppressedError, type SuppressionLookup } from '../suppression-gate.js';
import type { AttemptError } from './outcomes.js';

export class SuppressionCheck {
  readonly #lookup: SuppressionLookup;

  constructor(lookup: SuppressionLookup) {
    this.#lookup = lookup;
  }

  /** The claimed entries (one lane) whose customer is suppressed now, each with its failure. */
  async barred(rows: DispatchRow[]): Promise<Map<string, AttemptError>> {
    const out = new Map<string, AttemptError>();
    if (rows.length === 0) return out;
    const { account_id: accountId, phone_number_id: phoneNumberId } = rows[0]!;
    const customers = rows.map((r) =>
      r.recipient.startsWith('+')
        ? { phone: r.recipient, bsuid: null, contactId: null }
        : { phone: null, bsuid: r.recipient, contactId: null },
    );
    const found = await this.#lookup.activeFor(accountId, phoneNumberId, customers);
    if (found.length === 0) return out;
    let allowed: boolean | undefined;
    for (const row of rows) {
      const hit = refusing(found, row.recipient, null)[0];
      if (!hit) continue;
      if (payloadOf(row).suppression === 'ignore' && (allowed ??= await this.#lookup.overrideAllowed(accountId)))
        continue;
      const err = suppressedError(row.recipient, hit);
      out.set(row.message_id, { code: err.code, message: err.message });
    }
    return out;
  }
}
