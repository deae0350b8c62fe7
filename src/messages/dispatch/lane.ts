/**
 * One lane's state in this process, as a state machine (dispatcher.ts drives it; graphile-worker's
 * `LocalQueue` is the model). A lane is in one of three phases:
 *
 * - `idle`: nobody drives it. A wake starts a drive (`start`: idle → driving).
 * - `driving`: a drive claims and schedules its due entries (`fill` in dispatcher.ts).
 * - `rerun`: a wake came while driving (`rerun`: driving or rerun → rerun); it also cuts short a
 *   wait for sends in flight (`nudged`), so new entries are looked at at once. When the pass ends,
 *   the drive looks again (`lookAgain`: rerun → driving) or, stopping, ends (`finish`: → idle).
 *
 * Each transition is one method that throws when the lane is not in a phase it may leave from: a
 * wrong transition is a fault of the dispatcher, never a state to carry on from. The rest is data
 * of the machine, read and set through methods: a hold of the whole number (outcomes.ts
 * `hold_lane`, set by settlement.ts), the wake timer (the lane's next due entry, or the hold's
 * end), the attempts in flight and the number's tier as last read.
 */
import type { HoldReason } from '../../accounts/phone-number.schemas.js';
import type * as repo from '../record/send-queue.repository.js';
import type { AttemptError } from './outcomes.js';

/** Whether a drive runs, and whether a wake came during it (not the lane's `live`/`test` mode). */
export type LanePhase = 'idle' | 'driving' | 'rerun';

/** A number-wide refusal's hold: until when (clock ms), why, and the platform's error. */
export interface LaneHold {
  until: number;
  reason: HoldReason;
  error: AttemptError;
}

/** The longest a Node timer can wait, ms (longer ones fire at once). */
const MAX_TIMER_MS = 2 ** 31 - 1;

export class LaneState {
  readonly lane: repo.Lane;
  /** `live:<phone number id>` or `test:<…>` (queue-view.ts `laneKey`). */
  readonly key: string;
  /** This lane's attempts under way (dispatcher.ts tracks them; `stop` waits for them). */
  readonly inFlight = new Set<Promise<void>>();
  /** The number's tier as last read, and when (Date.now() ms): dispatcher.ts reads it again every few seconds. */
  tier: { value: number; readAt: number } | null = null;
  #phase: LanePhase = 'idle';
  #hold: LaneHold | null = null;
  #timer: NodeJS.Timeout | null = null;
  /** Resolved by the next wake while driving. */
  #nudge = newNudge();

  /** A lane this process has not driven before: idle, not held, nothing in flight, no wake timer. */
  constructor(lane: repo.Lane, key: string) {
    this.lane = lane;
    this.key = key;
  }

  get phase(): LanePhase {
    return this.#phase;
  }

  /** Whether the lane is in `phase` now (a call, so a check made before an await is not carried past it). */
  is(phase: LanePhase): boolean {
    return this.#phase === phase;
  }

  /** idle → driving: a wake found nobody driving the lane. */
  start(): void {
    this.#leave('start', ['idle'], 'driving');
  }

  /** driving or rerun → rerun: a wake came while driving; a wait for sends in flight ends at once. */
  rerun(): void {
    this.#leave('rerun', ['driving', 'rerun'], 'rerun');
    this.#nudge.resolve();
  }

  /** rerun → driving: the pass ended and a wake came during it: the drive looks again. */
  lookAgain(): void {
    this.#leave('lookAgain', ['rerun'], 'driving');
  }

  /** driving or rerun → idle: the drive ended (nothing due, or stopping, or a fault). */
  finish(): void {
    this.#leave('finish', ['driving', 'rerun'], 'idle');
  }

  /** While driving: a promise the next wake resolves (`rerun`), to race with the sends in flight. */
  nudged(): Promise<void> {
    this.#expect('nudged', ['driving', 'rerun']);
    this.#nudge = newNudge();
    return this.#nudge.promise;
  }

  /**
   * Holds the lane back until `until` (clock ms) at least: a hold already running longer keeps its
   * end, and the latest refusal's reason and error are the ones shown. @returns the hold's end, clock ms.
   */
  hold(until: number, reason: HoldReason, error: AttemptError): number {
    this.#hold = { until: Math.max(this.#hold?.until ?? 0, until), reason, error };
    return this.#hold.until;
  }

  /** The hold in force at `now` (clock ms), or null when the lane is not held then. */
  heldAt(now: number): LaneHold | null {
    return this.#hold && this.#hold.until > now ? this.#hold : null;
  }

  /** Whether a wake timer is set. */
  get wakeSet(): boolean {
    return this.#timer !== null;
  }

  /**
   * Calls `drive` in `ms` (at once when ≤ 0), in place of the wake already set; the timer does not
   * keep the process alive.
   */
  wakeIn(ms: number, drive: () => void): void {
    this.cancelWake();
    this.#timer = setTimeout(
      () => {
        this.#timer = null;
        drive();
      },
      Math.max(0, Math.min(ms, MAX_TIMER_MS)),
    );
    this.#timer.unref();
  }

  /** Clears the wake timer, if one is set. */
  cancelWake(): void {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  /** Moves to `to` from one of `from`; throws naming the transition otherwise. */
  #leave(transition: string, from: LanePhase[], to: LanePhase): void {
    this.#expect(transition, from);
    this.#phase = to;
  }

  #expect(transition: string, from: LanePhase[]): void {
    if (!from.includes(this.#phase))
      throw new Error(
        `lane ${this.key}: ${transition} is not allowed while ${this.#phase} (only from ${from.join(' or ')})`,
      );
  }
}

function newNudge(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}
