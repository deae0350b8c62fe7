/**
 * Sends that wait for their number's Direct Send probe are put back before they take a slot
 * (docs/api.md §D19, accounts/direct-send.ts): while a probe is due, a claimed routed send that
 * would try Direct Send is routed here, ahead of the pacer, and the ones routing says must wait go
 * back to the queue for `waitMs` without spending a slot of the tier. Entries of a number whose
 * capability is known pass untouched, at the cost of one cached check per claim.
 */
import type { DirectSendCapability } from '../../accounts/direct-send.js';
import type { Clock } from '../../lib/clock.js';
import * as repo from '../record/send-queue.repository.js';
import type { AttemptError } from './outcomes.js';
import type { PayloadResolver } from './payload.js';
import type { Settlement } from './settlement.js';

export interface ProbeGateOptions {
  clock: Clock;
  resolver: Pick<PayloadResolver, 'route'>;
  settlement: Pick<Settlement, 'release'>;
  directSend: Pick<DirectSendCapability, 'probeDue'>;
}

export class ProbeGate {
  readonly #o: ProbeGateOptions;

  constructor(options: ProbeGateOptions) {
    this.#o = options;
  }

  /**
   * The claimed `rows` of one lane that go to their slots now, in their order; the others are put
   * back (queued, due when their wait ends, their last error kept, not counted as an attempt).
   */
  async pass(rows: repo.DispatchRow[]): Promise<repo.DispatchRow[]> {
    const now = this.#o.clock.now();
    const first = rows[0];
    if (!first || first.mode !== 'live' || !rows.some(wouldTry)) return rows;
    if (!(await this.#o.directSend.probeDue(first.phone_number_id, now))) return rows;
    const go: repo.DispatchRow[] = [];
    for (const row of rows) {
      const routed = wouldTry(row) ? await this.#o.resolver.route(row, now) : null;
      if (routed && 'waitMs' in routed) {
        const last = row.last_error ? (JSON.parse(row.last_error) as AttemptError) : null;
        await this.#o.settlement.release(row, 'queued', now + routed.waitMs, last, false);
      } else go.push(row);
    }
    return go;
  }
}

/** Whether a routed send may try Direct Send at its turn (the window decides the rest). */
function wouldTry(row: repo.DispatchRow): boolean {
  return repo.payloadOf(row).route?.directSend === true;
}
