/**
 * The suppression list as the accept path reads it (messages/accept/suppression-gate.ts): each account's
 * active suppressions of each mode, held in memory until one of the account's suppressions changes (a
 * `suppressions` change notice, db/change-feed.ts, from this process or another), so a send reads
 * no suppression once its account's list is held: only its customers' contacts (one statement per
 * request, for the person's every address: person-cover.ts), and not even those while the held list
 * is empty (`noneActive`). An account with more active suppressions than `HELD_MAX` is not held: its
 * sends read the indexes as before (one statement).
 *
 * A change made by another process reaches this one a moment after it commits (PostgreSQL's
 * `NOTIFY`; SQLite's `data_version`, read every 250 ms). A send accepted in that moment is still
 * never delivered: the dispatcher reads the list itself before each claimed batch
 * (messages/dispatch/suppression-check.ts) and fails it with `recipient_suppressed`. Both ask
 * the one decision, consent/suppression-decision.ts.
 */
import type { Store } from '../db/store.js';
import { ReadThroughCache } from '../lib/cache.js';
import type { ActiveSuppression, CustomerIds, SuppressionLookup } from './suppression-decision.js';
import type { SuppressionService } from './suppression.service.js';
import * as repo from './suppression.repository.js';
import { mergeById, type SuppressionTombstones } from './suppression-tombstones.js';

/** Active suppressions held per account at most; past that, the account's sends read the indexes. */
export const HELD_MAX = 20_000;

/** An account's active suppressions by the address they name: `p:` E.164, `u:` BSUID, `c:` contact id. */
type Held = { byAddress: Map<string, repo.SuppressionRow[]> } | { tooMany: true };

/** The held list's keys of one suppression (each address it names). */
function addressesOf(r: { phone: string | null; bsuid: string | null; contact_id: string | null }): string[] {
  return [
    ...(r.phone !== null ? [`p:${r.phone}`] : []),
    ...(r.bsuid !== null ? [`u:${r.bsuid}`] : []),
    ...(r.contact_id !== null ? [`c:${r.contact_id}`] : []),
  ];
}

export class AcceptSuppressions implements SuppressionLookup {
  readonly #o: {
    store: Store;
    suppressions: Pick<SuppressionService, 'activeFor' | 'overrideAllowed'>;
    /** An erased customer's suppressions, by keyed hash (docs/api.md §D28). */
    tombstones?: SuppressionTombstones;
  };
  /** By `<mode>:<account id>`; 1,000 at most (least recently used out). */
  readonly #held = new ReadThroughCache<Held>(1_000);

  constructor(options: {
    store: Store;
    suppressions: Pick<SuppressionService, 'activeFor' | 'overrideAllowed'>;
    tombstones?: SuppressionTombstones;
  }) {
    this.#o = options;
    // A change notice names the account: both of its modes' lists are read again.
    options.store.changes.subscribe('suppressions', (accountId) => {
      this.#held.invalidate(`live:${accountId}`);
      this.#held.invalidate(`test:${accountId}`);
    });
  }

  /** The account's held list of `mode`: read once (one statement), then held until one of its suppressions changes. */
  #heldOf(accountId: string, mode: repo.Mode): Promise<Held | undefined> {
    return this.#held.get(`${mode}:${accountId}`, async () => {
      const rows = await repo.activeOfAccount(this.#o.store.read, accountId, mode, HELD_MAX + 1);
      if (rows.length > HELD_MAX) return { tooMany: true };
      const byAddress = new Map<string, repo.SuppressionRow[]>();
      for (const r of rows) {
        for (const key of addressesOf(r)) {
          const list = byAddress.get(key);
          if (list) list.push(r);
          else byAddress.set(key, [r]);
        }
      }
      return { byAddress };
    });
  }

  /** True when the account's held list of `mode` is empty: its sends need no look at their contacts. */
  async noneActive(accountId: string, mode: repo.Mode): Promise<boolean> {
    const held = await this.#heldOf(accountId, mode);
    return (
      held !== undefined &&
      'byAddress' in held &&
      held.byAddress.size === 0 &&
      (!this.#o.tombstones || (await this.#o.tombstones.none(accountId, mode)))
    );
  }

  /**
   * The account's active suppressions of `mode` that cover any of these customers on
   * `phoneNumberId` (rows of that number and rows of every number), in id order, as `repo.activeFor`
   * answers: from memory when the account's list is held (a lookup per address), else one statement.
   */
  async activeFor(
    accountId: string,
    mode: repo.Mode,
    phoneNumberId: string,
    customers: CustomerIds[],
  ): Promise<ActiveSuppression[]> {
    const held = await this.#heldOf(accountId, mode);
    // Not held (too many): the send checks' indexed read, as the dispatcher makes it (tombstones included).
    if (!held || 'tooMany' in held) return this.#o.suppressions.activeFor(accountId, mode, phoneNumberId, customers);
    const erased = this.#o.tombstones
      ? await this.#o.tombstones.covering(accountId, mode, phoneNumberId, customers)
      : [];
    const found = new Set<repo.SuppressionRow>();
    for (const c of customers) {
      for (const key of addressesOf({ phone: c.phone, bsuid: c.bsuid, contact_id: c.contactId })) {
        for (const r of held.byAddress.get(key) ?? [])
          if (r.phone_number_id === null || r.phone_number_id === phoneNumberId) found.add(r);
      }
    }
    return mergeById([...found].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)).map(repo.toActive), erased);
  }

  /** Whether the account lets a send say `"suppression": "ignore"` (read when a suppressed customer's send asks). */
  overrideAllowed(accountId: string): Promise<boolean> {
    return this.#o.suppressions.overrideAllowed(accountId);
  }
}
