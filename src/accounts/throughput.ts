/**
 * The throughput tier of business numbers (docs/platform.md §7): 80 messages/s by default, 1,000
 * after the platform upgrades the number. The tier is read from the platform (the phone number's
 * `throughput` field) when a number is first seen and daily after, and the
 * `phone_number_quality_update` webhook's THROUGHPUT_UPGRADE applies at once. A tier an operator
 * set (`accounts create --throughput`) is an override neither replaces.
 */
import type { Logger } from 'pino';
import type { Store, Tx } from '../db/store.js';
import { iso, type Clock } from '../lib/clock.js';
import type { Platform } from '../platform/platform.js';
import type { PlatformNumberUpdate } from '../platform/updates.js';
import type { AccountService } from './account.service.js';
import { MAX_THROUGHPUT } from './account.rules.js';
import * as repo from './account.repository.js';

/** How often the platform is asked again, ms. */
export const TIER_CHECK_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** A number update with the number and account it concerns. */
export type OwnedNumberUpdate = PlatformNumberUpdate & { accountId: string; phoneNumberId: string };

export class ThroughputTiers {
  readonly #o: { store: Store; platform: Platform; accounts: AccountService; clock: Clock; logger: Logger };

  constructor(options: { store: Store; platform: Platform; accounts: AccountService; clock: Clock; logger: Logger }) {
    this.#o = options;
  }

  /**
   * Reads a number's tier from the platform and stores it (unless overridden).
   * @returns the messages/s the platform gave, or null when it could not be asked or gave a level
   *   this service does not know (logged; the stored tier stays).
   */
  async refresh(phoneNumberId: string): Promise<number | null> {
    const { store, platform, accounts, clock, logger } = this.#o;
    try {
      const { level, messagesPerSecond } = await platform.getThroughput(
        await accounts.senderCredentials(phoneNumberId),
      );
      if (messagesPerSecond === null)
        logger.warn(
          { phoneNumberId, level },
          'the platform gave a throughput level this service does not know; the tier stays',
        );
      await store.write((tx) => repo.setPlatformThroughput(tx, phoneNumberId, messagesPerSecond, iso(clock.now())));
      return messagesPerSecond;
    } catch (err) {
      logger.warn({ err, phoneNumberId }, 'could not read the throughput tier from the platform; trying again later');
      return null;
    }
  }

  /** Refreshes every number whose tier was not read in the last day (at start, then hourly). */
  async refreshStale(): Promise<void> {
    const before = iso(this.#o.clock.now() - TIER_CHECK_INTERVAL_MS);
    for (const id of await repo.numbersDueForTierCheck(this.#o.store.read, before)) await this.refresh(id);
  }

  /** The number and account of each update (null: no account has that number). */
  async owners(updates: PlatformNumberUpdate[]): Promise<({ accountId: string; phoneNumberId: string } | null)[]> {
    return Promise.all(
      updates.map(async (u) => {
        const row = await repo.findNumberByDisplay(
          this.#o.store.read,
          u.wabaId,
          u.displayPhoneNumber.replace(/\D/g, ''),
        );
        return row ? { accountId: row.account_id, phoneNumberId: row.phone_number_id } : null;
      }),
    );
  }

  /**
   * Applies number updates inside the intake's unit: THROUGHPUT_UPGRADE puts the number on the top
   * tier; other events (quality flags, messaging limits) change nothing here.
   * @returns how many numbers changed.
   */
  async apply(tx: Tx, updates: OwnedNumberUpdate[], now: string): Promise<number> {
    let changed = 0;
    for (const u of updates) {
      if (u.event !== 'THROUGHPUT_UPGRADE') continue;
      if (await repo.setPlatformThroughput(tx, u.phoneNumberId, MAX_THROUGHPUT, now)) changed++;
      else
        this.#o.logger.info(
          { phoneNumberId: u.phoneNumberId },
          'throughput upgrade reported for a number whose tier is overridden; the override stays',
        );
    }
    return changed;
  }
}
