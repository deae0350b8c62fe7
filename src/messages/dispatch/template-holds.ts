/**
 * Sends held for a paused template (docs/api.md §D20). The platform refuses the sends of a paused
 * template (132015, docs/platform.md §2.8) and unpauses it hours later, so a queued send whose turn
 * comes while its template is paused waits, named in its queue entry, rather than fails: until the
 * template's status changes (the templates feature tells `onTemplateStatus` in the unit of work
 * that stores the change: the entries are due at once and their turn decides, sent if approved
 * again, failed if disabled) or its validity period ends. A held entry is looked at again every
 * `HOLD_RECHECK_MS` as well, so a change this process learned late (a cached template) is never missed.
 */
import type { Store, Tx } from '../../db/store.js';
import { iso, type Clock } from '../../lib/clock.js';
import { PlatformError } from '../../platform/platform.js';
import * as repo from '../record/send-queue.repository.js';

export interface TemplateHoldsOptions {
  store: Store;
  clock: Clock;
  /** Drives a lane now (the dispatcher's `wake`). */
  wake(lane: repo.Lane): void;
  /** Records what a send's refusal said of its template (templates feature, `TemplateReviews.learnFromSend`). */
  learn(templateId: string, status: 'paused' | 'disabled', now: number): Promise<void>;
}

/** How long a held entry waits at most before its turn looks at its template again, ms. */
export const HOLD_RECHECK_MS = 10 * 60_000;

export class TemplateHolds {
  readonly #o: TemplateHoldsOptions;

  constructor(options: TemplateHoldsOptions) {
    this.#o = options;
  }

  /**
   * A send refused because its template is paused (132015) or disabled (132016) when Tidings did
   * not know yet (a webhook late or lost): the template is marked so (templates feature), and a
   * send refused for a pause is held. @returns whether the entry was held (else it is settled as
   * any refusal: a 132016 fails it).
   */
  async refused(row: repo.DispatchRow, templateId: string, err: unknown, now: number): Promise<boolean> {
    if (!(err instanceof PlatformError) || (err.code !== 132015 && err.code !== 132016)) return false;
    await this.#o.learn(templateId, err.code === 132015 ? 'paused' : 'disabled', now);
    if (err.code === 132016) return false;
    await this.hold(row, templateId, now);
    return true;
  }

  /** Puts `row` back to wait for its paused template, until `HOLD_RECHECK_MS` from now or its validity period's end. */
  hold(row: repo.DispatchRow, templateId: string, now: number): Promise<void> {
    const due = Math.min(now + HOLD_RECHECK_MS, Date.parse(row.expires_at));
    const error = {
      code: 'template_paused',
      message: `Held: the platform has paused template ${templateId}; sent once it is approved again, or failed when the validity period ends.`,
    };
    return this.#o.store.write((tx) => repo.holdForTemplate(tx, row.message_id, templateId, iso(due), error));
  }

  /** The templates feature's status listener: any change away from `paused` makes the template's held entries due now. */
  readonly onTemplateStatus = async (
    tx: Tx,
    change: { templateId: string; from: string; to: string; at: string },
  ): Promise<void> => {
    if (change.from !== 'paused' || change.to === 'paused') return;
    const lanes = await repo.releaseHeld(tx, change.templateId, iso(this.#o.clock.now()));
    tx.afterCommit(() => lanes.forEach((lane) => this.#o.wake(lane)));
  };
}
