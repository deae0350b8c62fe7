/**
 * What Direct Send (Meta's 2026 beta, docs/platform.md §5.1) does for each business number, learned
 * from the platform's answers (docs/api.md §D19): `unknown` until a routed send tried it, `enabled`
 * once one was taken, `not_enabled` (100 "Direct Send isn't enabled for this account") or `blocked`
 * (139200) after a refusal. Stored on the number (`phone_numbers.direct_send`), shown on
 * `GET /v1/phone_numbers`.
 */
import type { Store } from '../db/store.js';
import { iso } from '../lib/clock.js';
import * as repo from './account.repository.js';

/** A number's Direct Send capability: `unknown` until the platform answered a Direct Send from it. */
export type DirectSendState = 'unknown' | 'enabled' | 'not_enabled' | 'blocked';

/** How long this process trusts its copy of a number's capability, ms (another process may learn it meanwhile). */
const CACHE_MS = 5000;

/** How long a refusal of Direct Send is trusted before the number tries it again (the beta's access can change), ms: a day. */
export const DIRECT_SEND_RECHECK_MS = 24 * 60 * 60 * 1000;

export class DirectSendCapability {
  readonly #store: Store;
  /** Each number's capability as this process last read or learned it. */
  readonly #known = new Map<string, { state: DirectSendState; checkedAt: number; readAt: number }>();

  constructor(store: Store) {
    this.#store = store;
  }

  /**
   * Whether a send from the number may try Direct Send at `now` (clock ms): unless the platform
   * refused it (`not_enabled`, `blocked`) within the last DIRECT_SEND_RECHECK_MS. Read at most every
   * few seconds per number (`learn` refreshes this process's copy at once).
   */
  async mayTry(phoneNumberId: string, now: number): Promise<boolean> {
    let known = this.#known.get(phoneNumberId);
    if (!known || Date.now() - known.readAt > CACHE_MS) {
      const row = await repo.directSendOf(this.#store.read, phoneNumberId);
      known = {
        state: row?.direct_send ?? 'unknown',
        checkedAt: row?.direct_send_checked_at ? Date.parse(row.direct_send_checked_at) : 0,
        readAt: Date.now(),
      };
      this.#known.set(phoneNumberId, known);
    }
    return (
      (known.state !== 'not_enabled' && known.state !== 'blocked') || now - known.checkedAt >= DIRECT_SEND_RECHECK_MS
    );
  }

  /** Records what the platform's answer to a Direct Send from the number said (nothing when this process knows it already). */
  async learn(phoneNumberId: string, state: Exclude<DirectSendState, 'unknown'>, now: number): Promise<void> {
    const known = this.#known.get(phoneNumberId);
    if (known?.state === state && now - known.checkedAt < DIRECT_SEND_RECHECK_MS / 2) return;
    await this.#store.write((tx) => repo.setDirectSend(tx, phoneNumberId, state, iso(now)));
    this.#known.set(phoneNumberId, { state, checkedAt: now, readAt: Date.now() });
  }
}
