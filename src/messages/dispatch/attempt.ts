/**
 * One attempt at one claimed entry (the dispatcher, dispatcher.ts, starts one for each slot it
 * reserved): build its request (payload, media, credentials), wait for its slot, then send (or, for
 * test keys, mark sent), and settle what came of it (settlement.ts). What can take time comes
 * before the slot, so a send leaves within `LATE_TOLERANCE_MS` (late-slots.ts) of it: sends pushed
 * together by a database read or a media upload after the slot would pass the tier at the platform.
 */
import { iso } from '../../lib/clock.js';
import type { DispatchOutcome } from '../../metrics/recorders.js';
import * as repo from '../record/send-queue.repository.js';
import type { LaneState } from './lane.js';
import type { LateSlots } from './late-slots.js';
import type { DispatcherOptions } from './options.js';
import { classifyAttempt } from './outcomes.js';
import type { Prepared } from './payload.js';
import { onRefusal } from './route.js';
import type { Settlement } from './settlement.js';
import type { TemplateHolds } from './template-holds.js';

export interface AttemptsOptions
  extends Pick<DispatcherOptions, 'store' | 'clock' | 'platform' | 'resolver' | 'directSend'> {
  settlement: Settlement;
  holds: TemplateHolds;
  late: LateSlots;
  /** Whether the dispatcher is stopping: an entry not sent yet is put back then. */
  stopped(): boolean;
  /** Counts an outcome for the lane (the dispatcher's stats and metrics). */
  count(lane: repo.Lane, outcome: DispatchOutcome): void;
}

export class Attempts {
  readonly #o: AttemptsOptions;

  constructor(options: AttemptsOptions) {
    this.#o = options;
  }

  /**
   * Attempts `row` of lane `s` at `slot` (Date.now() ms), the lane sending at `pace` messages/s.
   * Resolves once the outcome is recorded; rejects only when recording it failed (the entry's
   * lease then brings it back).
   */
  async run(s: LaneState, row: repo.DispatchRow, slot: number, pace: number): Promise<void> {
    const { clock, platform, settlement, holds } = this.#o;
    const before = this.#notNow(s, row, clock.now());
    if (before) return before;
    let prepared: Prepared;
    try {
      prepared = await this.#o.resolver.prepare(row, clock.now());
    } catch (err) {
      return settlement.settle(s, row, classifyAttempt(err));
    }
    if ('waitMs' in prepared) return settlement.release(row, 'queued', clock.now() + prepared.waitMs, null, false);
    if ('fail' in prepared) return settlement.settle(s, row, { kind: 'fail', error: prepared.fail });
    if ('holdFor' in prepared) return holds.hold(row, prepared.holdFor, clock.now());
    const { routing, request } = prepared;
    await this.#o.late.waitFor(s.key, slot, pace, () => this.#o.count(s.lane, 'reslotted'));
    const now = clock.now();
    const atSlot = this.#notNow(s, row, now);
    if (atSlot) return atSlot;
    if (!request) return settlement.sent(s, row, null, now, routing);
    let wamid: string;
    try {
      ({ wamid } = await platform.sendMessage(request.sender, request.message));
    } catch (err) {
      // A route the platform refused: the next one at once (route.ts); else as the refusal says.
      const next = onRefusal(routing, err);
      // No answer on Direct Send (a timeout, a fault): the number's probe, if this send held it, is another's to take.
      if (!next && routing.deliveredAs === 'direct_send')
        await this.#o.directSend.endProbe(row.phone_number_id, row.message_id);
      if (!next && routing.templateId && (await holds.refused(row, routing.templateId, err, now))) return;
      if (!next) return settlement.settle(s, row, classifyAttempt(err));
      if (next.numberRefused) await this.#o.directSend.learn(row.phone_number_id, next.numberRefused, now);
      return settlement.release(row, 'queued', now, next.error, true);
    }
    if (routing.deliveredAs === 'direct_send') await this.#o.directSend.learn(row.phone_number_id, 'enabled', now);
    return settlement.sent(s, row, wamid, now, routing);
  }

  /** Puts the entry back when this process is stopping or the lane is held, or expires it; else null. */
  #notNow(s: LaneState, row: repo.DispatchRow, now: number): Promise<void> | null {
    if (this.#o.stopped()) return this.#o.store.write((tx) => repo.releaseUnsent(tx, [row.message_id], iso(now)));
    const held = s.heldAt(now);
    if (held) return this.#o.settlement.release(row, 'queued', held.until, held.error, false);
    if (Date.parse(row.expires_at) <= now) return this.#o.settlement.expire([row], now);
    return null;
  }
}
