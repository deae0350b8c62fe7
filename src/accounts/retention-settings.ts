/**
 * Each account's retention (docs/api.md §D17): how many days customers' files and message bodies
 * are kept, set by the operator (`tidings accounts update --retain-…`), read by the retention sweep
 * (messages/retention/retention.service.ts), shown on `GET /v1/account`.
 */
import type { Store, Tx } from '../db/store.js';
import * as repo from './account.repository.js';
import type { Retention } from './account.mapper.js';

/** The longest retention that can be set, in days (100 years: for ever is `null`). */
export const MAX_RETENTION_DAYS = 36_500;

/** One account's retention, and how far its message bodies were removed. */
export interface RetentionPolicy extends Retention {
  accountId: string;
  /** Message bodies (and events) created before this (ISO) were removed; null: none yet. */
  bodiesRemovedBefore: string | null;
}

export class RetentionSettings {
  readonly #store: Store;

  constructor(options: { store: Store }) {
    this.#store = options.store;
  }

  /**
   * Changes an account's retention: each setting given is a number of days (1 to
   * MAX_RETENTION_DAYS) or null (for ever); one left out keeps its value.
   * @returns the account's retention as it now is.
   * @throws RangeError for a number of days out of range; Error for an unknown account.
   */
  async set(accountId: string, change: Partial<Retention>): Promise<Retention> {
    for (const [name, days] of Object.entries(change)) {
      if (days !== null && days !== undefined && (!Number.isInteger(days) || days < 1 || days > MAX_RETENTION_DAYS)) {
        throw new RangeError(
          `${name} must be a whole number of days from 1 to ${MAX_RETENTION_DAYS}, or null (for ever); got ${days}.`,
        );
      }
    }
    return this.#store.write(async (tx) => {
      const row = await repo.findAccount(tx, accountId);
      if (!row) throw new Error(`No account ${accountId}.`);
      const next = {
        customerFiles:
          change.customerFilesDays !== undefined ? change.customerFilesDays : row.retain_customer_files_days,
        messageBodies:
          change.messageBodiesDays !== undefined ? change.messageBodiesDays : row.retain_message_bodies_days,
      };
      await repo.setRetention(tx, accountId, next);
      return { customerFilesDays: next.customerFiles, messageBodiesDays: next.messageBodies };
    });
  }

  /** Every account with a retention set. */
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
