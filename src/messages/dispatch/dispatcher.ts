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
 *
 * A lane's state in this process (idle, driving, or a wake came while driving; its hold and wake
 * timer) is a state machine (lane.ts); one attempt at one entry is attempt.ts.
 */
import type { PhoneNumberQueue } from '../../accounts/phone-number.schemas.js';
import { iso } from '../../lib/clock.js';
import { withWork } from '../../lib/work.js';
import type { LaneSample } from '../../metrics/metrics.js';
import type { DispatchOutcome } from '../../metrics/recorders.js';
import * as repo from '../record/send-queue.repository.js';
import { Attempts } from './attempt.js';
import { claimDue } from '../record/send-queue-claim.repository.js';
import { recordSuppressionOverrides } from '../record/message-rows.repository.js';
import type { DispatchPolicy, DispatchStats } from './policy.js';
import type { DispatcherOptions } from './options.js';
import { LateSlots } from './late-slots.js';
import { promoteScheduled } from './promotion.js';
import { ProbeGate } from './probe-gate.js';
import { LaneState } from './lane.js';
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
  readonly #attempts: Attempts;
  readonly #suppressions: SuppressionCheck;
  readonly #probes: ProbeGate;
  /** Sends held for a paused template (its `onTemplateStatus` is wired in composition/messaging.ts). */
  readonly holds: TemplateHolds;

  constructor(options: DispatcherOptions) {
    this.#o = options;
    this.#settlement = new Settlement({ ...options, count: (lane, outcome) => this.#count(lane, outcome) });
    this.#view = new QueueView({ ...options, laneOf: (key) => this.#lanes.get(key) });
    this.#suppressions = new SuppressionCheck(options.suppressions, options.people);
    this.#probes = new ProbeGate({ ...options, settlement: this.#settlement });
    this.holds = new TemplateHolds({
      store: options.store,
      clock: options.clock,
      wake: (lane) => this.wake(lane),
      learn: options.learnTemplate,
    });
    this.#attempts = new Attempts({
      ...options,
      settlement: this.#settlement,
      holds: this.holds,
      late: new LateSlots(
        options.pacer,
        (ms) => this.#sleep(ms),
        () => this.#stopped,
      ),
      stopped: () => this.#stopped,
      count: (lane, outcome) => this.#count(lane, outcome),
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
    for (const s of this.#lanes.values()) s.cancelWake();
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
    if (!s) this.#lanes.set(key, (s = new LaneState(lane, key)));
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

  /** Drives the lane until nothing is due now, or notes the wake when a drive is under way (lane.ts). */
  async #drive(s: LaneState): Promise<void> {
    if (!s.is('idle')) return s.rerun();
    s.start();
    try {
      for (;;) {
        await this.#fill(s);
        if (!s.is('rerun') || this.#stopped) break;
        s.lookAgain();
      }
    } catch (err) {
      this.#o.logger.error({ err, lane: s.key }, 'dispatch lane failed; it is tried again at the next poll');
    } finally {
      s.finish();
    }
  }

  /** Claims and schedules batches while the lane has due entries. */
  async #fill(s: LaneState): Promise<void> {
    const { store, clock, pacer, policy } = this.#o;
    while (!this.#stopped) {
      const now = clock.now();
      const held = s.heldAt(now);
      if (held) return this.#wakeAt(s, held.until - now);
      const pace = (await this.#tier(s)) * policy.tierShare;
      const cap = Math.max(32, Math.ceil(pace * 2));
      if (s.inFlight.size >= cap) {
        await Promise.race(s.inFlight);
        continue;
      }
      const size = Math.max(1, Math.min(cap - s.inFlight.size, Math.round((pace * policy.batchMs) / 1000)));
      const lease = iso(now + policy.slotWaitMs + policy.platformTimeoutMs + policy.reconciliationWindowMs + 1000);
      const claimed = await store.writeOne((tx) => claimDue(tx, s.lane, size, iso(now), lease));
      // Customers suppressed since their messages were accepted: failed here, never sent (suppression-check.ts);
      // a send that passes such a suppression by "suppression": "ignore" says so on its message.
      const overridden = new Map<string, { suppressionId: string; keyId: string }>();
      const barred = await this.#suppressions.barred(claimed, overridden);
      if (overridden.size > 0) await store.write((tx) => recordSuppressionOverrides(tx, overridden));
      for (const [id, error] of barred)
        this.#track(s, this.#settlement.settle(s, claimed.find((r) => r.message_id === id)!, { kind: 'fail', error }));
      // While the number's Direct Send is probed, the sends that would try it wait, without a slot (probe-gate.ts).
      const rows = await this.#probes.pass(claimed.filter((r) => !barred.has(r.message_id)));
      if (claimed.length === 0) {
        // The rest waits behind messages in flight (their customers' next ones), or for later;
        // a message accepted meanwhile wakes the lane at once.
        if (s.inFlight.size > 0) {
          await Promise.race([...s.inFlight, s.nudged()]);
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
        if (slots[i]! - start <= policy.slotWaitMs) this.#track(s, this.#attempts.run(s, row, slots[i]!, pace));
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

  /** Drives the lane again in `ms` (its next due entry, or the end of its hold), unless stopping. */
  #wakeAt(s: LaneState, ms: number): void {
    if (!this.#stopped) s.wakeIn(ms, () => void this.#drive(s));
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
