/**
 * Each account's retention (docs/api.md §D17): how many days each kind of data is kept (customers'
 * files, message bodies, events, the platform's raw payloads, inactive contacts; the audit trail
 * has its own, audit/audit-retention.ts), set by the operator (`tidings accounts update
 * --retain-…`), read by the retention sweeps (messages/retention/retention.service.ts,
 * privacy/retention/), shown on `GET /v1/account`. Kinds and limits: privacy/retention/kinds.ts.
 */
import type { Store, Tx } from '../db/store.js';
import {
  CUSTOMER_FILES,
  EVENTS,
  EVENTS_FOREVER,
  INACTIVE_CONTACTS,
  MESSAGE_BODIES,
  outOfRange,
  PLATFORM_PAYLOADS,
  retentionOf,
  type KindLimits,
  type Retention,
} from '../privacy/retention/kinds.js';
import * as repo from './account.repository.js';

/** The longest retention of files and bodies that can be set, in days (100 years: for ever is `null`). */
export const MAX_RETENTION_DAYS = CUSTOMER_FILES.max;

/** One account's retention of files and bodies, and how far its message bodies were removed. */
export interface RetentionPolicy {
  accountId: string;
  customerFilesDays: number | null;
  messageBodiesDays: number | null;
  /** Message bodies (and events) created before this (ISO) were removed; null: none yet. */
  bodiesRemovedBefore: string | null;
}

/**
 * A change of an account's retention; a kind left out keeps its value.
 * - `customerFilesDays`, `messageBodiesDays`: days, or null (for ever, the default);
 * - `eventsDays`: days, null (for ever) or `default` (30);
 * - `platformPayloadsDays`: days or `default` (30);
 * - `inactiveContactsDays`: days, or null (never, the default).
 */
export interface RetentionChange {
  customerFilesDays?: number | null;
  messageBodiesDays?: number | null;
  eventsDays?: number | null | 'default';
  platformPayloadsDays?: number | 'default';
  inactiveContactsDays?: number | null;
}

export class RetentionSettings {
  readonly #store: Store;

  constructor(options: { store: Store }) {
    this.#store = options.store;
  }

  /**
   * Changes an account's retention (the limits of each kind: privacy/retention/kinds.ts).
   * @returns the account's retention as it now is.
   * @throws RangeError for a number of days out of its kind's range; Error for an unknown account.
   */
  async set(accountId: string, change: RetentionChange): Promise<Retention> {
    const check = (name: string, days: unknown, limits: KindLimits) => {
      if (typeof days !== 'number') return;
      const refused = outOfRange(name, days, limits);
      if (refused) throw new RangeError(refused);
    };
    check('customerFilesDays', change.customerFilesDays, CUSTOMER_FILES);
    check('messageBodiesDays', change.messageBodiesDays, MESSAGE_BODIES);
    check('eventsDays', change.eventsDays, EVENTS);
    check('platformPayloadsDays', change.platformPayloadsDays, PLATFORM_PAYLOADS);
    check('inactiveContactsDays', change.inactiveContactsDays, INACTIVE_CONTACTS);
    return this.#store.write(async (tx) => {
      const row = await repo.findAccount(tx, accountId);
      if (!row) throw new Error(`No account ${accountId}.`);
      const stored = (value: number | null | 'default' | undefined, now: number | null, forever: number | null) =>
        value === undefined ? now : value === 'default' ? null : value === null ? forever : value;
      const next: repo.RetentionColumns = {
        retain_customer_files_days: stored(change.customerFilesDays, row.retain_customer_files_days, null),
        retain_message_bodies_days: stored(change.messageBodiesDays, row.retain_message_bodies_days, null),
        retain_events_days: stored(change.eventsDays, row.retain_events_days, EVENTS_FOREVER),
        retain_platform_payloads_days: stored(change.platformPayloadsDays, row.retain_platform_payloads_days, null),
        retain_inactive_contacts_days: stored(change.inactiveContactsDays, row.retain_inactive_contacts_days, null),
      };
      await repo.setRetention(tx, accountId, next);
      return retentionOf({ ...row, ...next });
    });
  }

  /** Every account with a retention of files or bodies set. */
  async policies(): Promise<RetentionPolicy[]> {
    return (await repo.accountsWithRetention(this.#store.read)).map((r) => ({
      accountId: r.id,
      customerFilesDays: r.retain_customer_files_days,
      messageBodiesDays: r.retain_message_bodies_days,
      bodiesRemovedBefore: r.bodies_removed_before,
    }));
  }

  /** Records, in the caller's unit of work, that the account's bodies created before `before` are removed. */
  markBodiesRemoved(tx: Tx, accountId: string, before: string): Promise<void> {
    return repo.setBodiesRemovedBefore(tx, accountId, before);
  }
}
