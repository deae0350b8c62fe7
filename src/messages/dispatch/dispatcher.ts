/**
 * The dispatcher: drains each business number's send queue (`dispatches`) at the number's pace,
 * in every process, with nothing lost and nothing sent twice.
 *
 * - A lane is one number's queue in one mode (`live:<phone number id>`, `test:<…>`). Each process
 *   drives the lanes it knows of: the ones its own sends filled (woken after their commit), and the
 *   ones a poll finds due (another process's sends, retries coming due, a restart).
 * - Driving a lane: claim a batch (about `batchMs` of the pace) of due entries, oldest first, each
 *   the first of its customer's queue (so a customer's messages reach the platform in the order
 *   they were accepted); reserve as many slots from the shared pacer; send each at its slot.
 *   Claims carry a lease, so a process that dies mid-call leaves its entries to be taken again
 *   only once a status could have told whether the platform took them.
 * - Each attempt ends in its own unit of work: the wamid recorded and the entry removed, or the
 *   entry put back for a retry (outcomes.ts says which and when), or the message failed.
 * - An attempt with no answer is `unknown`: the entry waits `reconciliationWindowMs` for a status
 *   carrying its `msg_` id in `biz_opaque_callback_data` (status-reports.ts removes the entry and
 *   adopts the wamid when one arrives); only then is it sent again.
 * - An entry still queued when its validity period ends fails with `validity_period_expired`; one
 *   whose template the platform paused waits for it (template-holds.ts).
 */
import type { PhoneNumberQueue } from '../../accounts/phone-number.schemas.js';
import { iso } from '../../lib/clock.js';
import { withWork } from '../../lib/work.js';
import type { LaneSample } from '../../metrics/metrics.js';
import type { DispatchOutcome } from '../../metrics/recorders.js';
import { onRefusal } from './route.js';
import * as repo from '../record/send-queue.repository.js';
import { claimDue } from '../record/send-queue-claim.repository.js';
import { classifyAttempt } from './outcomes.js';
import type { Prepared } from './payload.js';
import type { DispatchPolicy, DispatchStats } from './policy.js';
import type { DispatcherOptions } from './options.js';
import { LateSlots } from './late-slots.js';
import { promoteScheduled } from './promotion.js';
import { newLaneState, newNudge, type LaneState } from './lane.js';
import { laneKey, QueueView } from './queue-view.js';
import { Settlement } from './settlement.js';
import { TemplateHolds } from './template-holds.js';
import { SuppressionCheck } from './suppression-check.js';

export { DEFAULT_DISPATCH_POLICY, type DispatchPolicy, type DispatchStats } from './policy.js';
export type { DispatcherOptions } from './options.js';

/** How long a number's tier is trusted before it is read again, ms. */
const TIER_TTL_MS = 5000;

export class Dispatcher {
  /** Counters since start. */
  readonly stats: DispatchStats = { sent: 0, failed: 0, retried: 0, expired: 0, reslotted: 0 };
  readonly #o: DispatcherOptions;
  readonly #lanes = new Map<string, LaneState>();
  readonly #sleepers = new Set<() => void>();
  #stopped = true;
  #pollTimer: NodeJS.Timeout | null = null;
  #lastSweep = 0;
  readonly #settlement: Settlement;
  readonly #view: QueueView;
  readonly #late: LateSlots;
  readonly #suppressions: SuppressionCheck;
  /** Sends held for a paused template (its `onTemplateStatus` is wired in composition/messaging.ts). */
  readonly holds: TemplateHolds;

  constructor(options: DispatcherOptions) {
    this.#o = options;
    this.#settlement = new Settlement({ ...options, count: (lane, outcome) => this.#count(lane, outcome) });
    this.#view = new QueueView({ ...options, holdOf: (key) => this.#lanes.get(key) });
    this.#suppressions = new SuppressionCheck(options.suppressions);
    this.#late = new LateSlots(
      options.pacer,
      (ms) => this.#sleep(ms),
      () => this.#stopped,
    );
    this.holds = new TemplateHolds({
      store: options.store,
      clock: options.clock,
      wake: (lane) => this.wake(lane),
      learn: options.learnTemplate,
    });
  }

  get policy(): DispatchPolicy {
    return this.#o.policy;
  }

  /** Starts polling for due lanes and expired entries. */
  start(): void {
    this.#stopped = false;
    void withWork('dispatch', () => this.#poll());
  }

  /** Asks this process to drive a lane now (after the commit that queued a message in it). */
  wake(lane: repo.Lane): void {
    if (this.#stopped) return;
    void withWork('dispatch', () => this.#drive(this.#state(lane)));
  }

  /**
   * Stops claiming, puts back the entries still waiting for their slot, and waits up to `boundMs`
   * for the platform calls under way (their entries keep their lease if the bound passes).
   */
  async stop(boundMs = this.#o.policy.platformTimeoutMs): Promise<void> {
    this.#stopped = true;
    if (this.#pollTimer) clearTimeout(this.#pollTimer);
    for (const s of this.#lanes.values()) if (s.timer) clearTimeout(s.timer);
    for (const wake of this.#sleepers) wake();
    const all = [...this.#lanes.values()].flatMap((s) => [...s.inFlight]);
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled(all), new Promise((r) => (timer = setTimeout(r, boundMs)))]);
    clearTimeout(timer);
  }

  /** The queues of some of an account's numbers, in one mode (queue-view.ts). */
  queues(
    numbers: { phoneNumberId: string; throughput: number }[],
    mode: 'live' | 'test',
  ): Promise<Map<string, PhoneNumberQueue>> {
    return this.#view.queues(numbers, mode);
  }

  /** Every number's lanes for the metrics scrape (queue-view.ts). */
  lanes(): Promise<LaneSample[]> {
    return this.#view.lanes();
  }

  #state(lane: repo.Lane): LaneState {
    const key = laneKey(lane);
    let s = this.#lanes.get(key);
    if (!s) this.#lanes.set(key, (s = newLaneState(lane, key)));
    return s;
  }

  async #poll(): Promise<void> {
    const { store, clock, logger, policy } = this.#o;
    try {
      await promoteScheduled(store, clock, (lanes) => lanes.forEach((lane) => this.wake(lane)));
      for (const lane of await repo.dueLanes(store.read, iso(clock.now()))) this.wake(lane);
      if (Date.now() - this.#lastSweep >= Math.max(policy.pollMs, 1000)) {
        this.#lastSweep = Date.now();
        await this.#settlement.failExpired();
        await this.#settlement.failTtlExpired();
      }
    } catch (err) {
      logger.error({ err }, 'dispatch poll failed');
    } finally {
      if (!this.#stopped) {
        this.#pollTimer = setTimeout(() => void this.#poll(), policy.pollMs);
        this.#pollTimer.unref();
      }
    }
  }

  async #drive(s: LaneState): Promise<void> {
    if (s.driving) {
      s.again = true;
      s.nudge.resolve();
      return;
    }
    s.driving = true;
    try {
      do {
        s.again = false;
        await this.#fill(s);
      } while (s.again && !this.#stopped);
    } catch (err) {
      this.#o.logger.error({ err, lane: s.key }, 'dispatch lane failed; it is tried again at the next poll');
    } finally {
      s.driving = false;
    }
  }

  /** Claims and schedules batches while the lane has due entries. */
  async #fill(s: LaneState): Promise<void> {
    const { store, clock, pacer, policy } = this.#o;
    while (!this.#stopped) {
      const now = clock.now();
      if (s.heldUntil > now) return this.#wakeAt(s, s.heldUntil - now);
      const pace = (await this.#tier(s)) * policy.tierShare;
      const cap = Math.max(32, Math.ceil(pace * 2));
      if (s.inFlight.size >= cap) {
        await Promise.race(s.inFlight);
        continue;
      }
      const size = Math.max(1, Math.min(cap - s.inFlight.size, Math.round((pace * policy.batchMs) / 1000)));
      const lease = iso(now + policy.slotWaitMs + policy.platformTimeoutMs + policy.reconciliationWindowMs + 1000);
      const claimed = await store.writeOne((tx) => claimDue(tx, s.lane, size, iso(now), lease));
      // Customers suppressed since their messages were accepted: failed here, never sent (suppression-check.ts).
      const barred = await this.#suppressions.barred(claimed);
      for (const [id, error] of barred)
        this.#track(s, this.#settlement.settle(s, claimed.find((r) => r.message_id === id)!, { kind: 'fail', error }));
      const rows = claimed.filter((r) => !barred.has(r.message_id));
      if (claimed.length === 0) {
        // The rest waits behind messages in flight (their customers' next ones), or for later;
        // a message accepted meanwhile wakes the lane at once.
        if (s.inFlight.size > 0) {
          s.nudge = newNudge();
          await Promise.race([...s.inFlight, s.nudge.promise]);
          continue;
        }
        const next = await repo.nextDueAt(store.read, s.lane, iso(now));
        if (next) this.#wakeAt(s, Date.parse(next) - now);
        return;
      }
      if (rows.length === 0) continue;
      const start = Date.now();
      const slots = await pacer.reserve(s.key, rows.length, pace, start);
      const late = rows.filter((_, i) => slots[i]! - start > policy.slotWaitMs);
      rows.forEach((row, i) => {
        if (slots[i]! - start <= policy.slotWaitMs) this.#track(s, this.#attempt(s, row, slots[i]!, pace));
      });
      if (late.length > 0)
        await store.write((tx) =>
          repo.releaseUnsent(
            tx,
            late.map((r) => r.message_id),
            iso(now + policy.slotWaitMs),
          ),
        );
      // The next claim a batch before this batch's last slot: the pace never waits for the database.
      await this.#sleep(slots[rows.length - late.length - 1]! - Date.now() - policy.batchMs);
    }
  }

  #track(s: LaneState, attempt: Promise<void>): void {
    const tracked = attempt
      .catch((err) =>
        this.#o.logger.error(
          { err, lane: s.key },
          'a dispatch attempt failed to record its outcome; its lease brings it back',
        ),
      )
      .finally(() => s.inFlight.delete(tracked));
    s.inFlight.add(tracked);
  }

  /**
   * One attempt at one entry: build its request (payload, media, credentials), wait for its slot,
   * then send (or, for test keys, mark sent). What can take time comes before the slot, so a send
   * leaves within `LATE_TOLERANCE_MS` (late-slots.ts) of it: sends pushed together by a database
   * read or a media upload after the slot would pass the tier at the platform.
   */
  async #attempt(s: LaneState, row: repo.DispatchRow, slot: number, pace: number): Promise<void> {
    const { clock, platform } = this.#o;
    const before = this.#notNow(s, row, clock.now());
    if (before) return before;
    let prepared: Prepared;
    try {
      prepared = await this.#o.resolver.prepare(row, clock.now());
    } catch (err) {
      return this.#settlement.settle(s, row, classifyAttempt(err));
    }
    if ('waitMs' in prepared)
      return this.#settlement.release(row, 'queued', clock.now() + prepared.waitMs, null, false);
    if ('fail' in prepared) return this.#settlement.settle(s, row, { kind: 'fail', error: prepared.fail });
    if ('holdFor' in prepared) return this.holds.hold(row, prepared.holdFor, clock.now());
    const { routing, request } = prepared;
    await this.#late.waitFor(s.key, slot, pace, () => this.#count(s.lane, 'reslotted'));
    const now = clock.now();
    const atSlot = this.#notNow(s, row, now);
    if (atSlot) return atSlot;
    if (!request) return this.#settlement.sent(s, row, null, now, routing);
    let wamid: string;
    try {
      ({ wamid } = await platform.sendMessage(request.sender, request.message));
    } catch (err) {
      // A route the platform refused: the next one at once (route.ts); else as the refusal says.
      const next = onRefusal(routing, err);
      if (!next && routing.templateId && (await this.holds.refused(row, routing.templateId, err, now))) return;
      if (!next) return this.#settlement.settle(s, row, classifyAttempt(err));
      if (next.numberRefused) await this.#o.directSend.learn(row.phone_number_id, next.numberRefused, now);
      return this.#settlement.release(row, 'queued', now, next.error, true);
    }
    if (routing.deliveredAs === 'direct_send') await this.#o.directSend.learn(row.phone_number_id, 'enabled', now);
    return this.#settlement.sent(s, row, wamid, now, routing);
  }

  /** Puts the entry back when this process is stopping or the lane is held, or expires it; else null. */
  #notNow(s: LaneState, row: repo.DispatchRow, now: number): Promise<void> | null {
    if (this.#stopped) return this.#o.store.write((tx) => repo.releaseUnsent(tx, [row.message_id], iso(now)));
    if (s.heldUntil > now) return this.#settlement.release(row, 'queued', s.heldUntil, s.held?.error ?? null, false);
    if (Date.parse(row.expires_at) <= now) return this.#settlement.expire([row], now);
    return null;
  }

  #count(lane: repo.Lane, outcome: DispatchOutcome): void {
    this.stats[outcome]++;
    this.#o.metrics.outcome(lane, outcome);
  }

  /** The number's tier, read again every few seconds (an upgrade applies within them). */
  async #tier(s: LaneState): Promise<number> {
    const now = Date.now();
    if (!s.tier || now - s.tier.readAt > TIER_TTL_MS)
      s.tier = { value: await this.#o.accounts.throughputOf(s.lane.phoneNumberId), readAt: now };
    return s.tier.value;
  }

  #wakeAt(s: LaneState, ms: number): void {
    if (this.#stopped) return;
    if (s.timer) clearTimeout(s.timer);
    s.timer = setTimeout(
      () => {
        s.timer = null;
        void this.#drive(s);
      },
      Math.max(0, Math.min(ms, 2 ** 31 - 1)),
    );
    s.timer.unref();
  }

  /** Sleeps `ms` (nothing when ≤ 0), cut short by `stop`. */
  #sleep(ms: number): Promise<void> {
    if (ms <= 0 || this.#stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.#sleepers.add(done);
    });
  }
}
