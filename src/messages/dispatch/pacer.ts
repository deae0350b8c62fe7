/**
 * The pace of a send lane (one business number, in one mode): send slots spaced evenly at the
 * number's throughput tier, shared by every process that sends for the number, so no process
 * exceeds it alone or together (docs/platform.md §7: 80 or 1,000 messages/s per number, 130429 past it).
 *
 * A slot is a time; a lane keeps the next free one (a GCRA-style "theoretical arrival time"), so
 * reserving is one read-and-advance however many processes ask. There is no burst allowance:
 * after an idle spell the first slot is now, the next one interval later.
 *
 * When the platform still answers 130429 (a tier lowered at the platform, another sender on the
 * number) the lane slows down: its share of the tier is halved, at most once a second, and grows
 * back by RECOVERY_PER_SECOND (additive increase, multiplicative decrease, as TCP does).
 */
import type { Store } from '../../db/store.js';
import * as repo from './pacing.repository.js';

/** Share of the tier regained per second after a slow-down: from half to full in 10 s. */
export const RECOVERY_PER_SECOND = 0.05;
/** The lowest share of the tier a lane slows down to. */
export const MIN_FACTOR = 0.05;
/** Two 130429 answers closer than this count as one (the sends in flight when the limit hit). */
const SLOW_DOWN_SPACING_MS = 1000;

/** A lane's pace: the next free slot, the share of the tier when last slowed down, and when (ms since the epoch). */
type PaceState = repo.PaceRow;

export interface Pacer {
  /**
   * Reserves `count` consecutive send slots for `lane` at `perSecond` (the tier) times the lane's
   * current share. @returns the slot times, ms since the epoch, ascending, the first ≥ `now`.
   */
  reserve(lane: string, count: number, perSecond: number, now: number): Promise<number[]>;
  /** Halves the lane's share of the tier (not twice within a second). */
  slowDown(lane: string, now: number): Promise<void>;
  /** The lane's current share of the tier, 0..1 (1 = full pace). */
  share(lane: string, now: number): Promise<number>;
  /** The current shares of several lanes at once (one read), by lane. */
  shares(lanes: string[], now: number): Promise<Map<string, number>>;
}

/** The share of the tier at `now`, recovering linearly from the last slow-down. */
export function currentShare(state: Pick<PaceState, 'factor' | 'slowedAt'>, now: number): number {
  return Math.min(1, state.factor + (RECOVERY_PER_SECOND * Math.max(0, now - state.slowedAt)) / 1000);
}

/** Advances `state` by `count` slots; returns the slots. */
function advance(state: PaceState, count: number, perSecond: number, now: number): number[] {
  const interval = 1000 / (perSecond * currentShare(state, now));
  const first = Math.max(now, state.nextSlotAt);
  const slots = Array.from({ length: count }, (_, i) => first + i * interval);
  state.nextSlotAt = first + count * interval;
  return slots;
}

function slowed(state: PaceState, now: number): boolean {
  if (now - state.slowedAt < SLOW_DOWN_SPACING_MS) return false;
  state.factor = Math.max(MIN_FACTOR, currentShare(state, now) / 2);
  state.slowedAt = now;
  return true;
}

const fresh = (): PaceState => ({ nextSlotAt: 0, factor: 1, slowedAt: 0 });

/** One process (SQLite): the pace lives in memory. */
export class MemoryPacer implements Pacer {
  readonly #lanes = new Map<string, PaceState>();

  #state(lane: string): PaceState {
    let state = this.#lanes.get(lane);
    if (!state) this.#lanes.set(lane, (state = fresh()));
    return state;
  }

  async reserve(lane: string, count: number, perSecond: number, now: number): Promise<number[]> {
    return advance(this.#state(lane), count, perSecond, now);
  }

  async slowDown(lane: string, now: number): Promise<void> {
    slowed(this.#state(lane), now);
  }

  async share(lane: string, now: number): Promise<number> {
    return currentShare(this.#state(lane), now);
  }

  async shares(lanes: string[], now: number): Promise<Map<string, number>> {
    return new Map(lanes.map((lane) => [lane, currentShare(this.#lanes.get(lane) ?? fresh(), now)]));
  }
}

/**
 * Several processes (PostgreSQL): the pace lives in the `dispatch_pacing` table, read and advanced
 * under a row lock in one short unit per reservation (one per batch of slots, about ten a second
 * per busy lane).
 */
export class DatabasePacer implements Pacer {
  readonly #store: Store;

  constructor(store: Store) {
    this.#store = store;
  }

  reserve(lane: string, count: number, perSecond: number, now: number): Promise<number[]> {
    return this.#update(lane, (state) => advance(state, count, perSecond, now));
  }

  async slowDown(lane: string, now: number): Promise<void> {
    await this.#update(lane, (state) => slowed(state, now));
  }

  async share(lane: string, now: number): Promise<number> {
    const state = await repo.readPace(this.#store.read, lane);
    return state ? currentShare(state, now) : 1;
  }

  async shares(lanes: string[], now: number): Promise<Map<string, number>> {
    const states = await repo.readPaces(this.#store.read, lanes);
    return new Map(lanes.map((lane) => [lane, currentShare(states.get(lane) ?? fresh(), now)]));
  }

  #update<T>(lane: string, change: (state: PaceState) => T): Promise<T> {
    return this.#store.write(async (tx) => {
      const state = await repo.lockPace(tx, lane);
      const result = change(state);
      await repo.savePace(tx, lane, state);
      return result;
    });
  }
}
