/**
 * New slots for sends whose timer fired too late for theirs (a busy event loop): see
 * `LATE_TOLERANCE_MS`. The dispatcher (dispatcher.ts) asks here instead of the pacer directly.
 */
import type { Pacer } from './pacer.js';

/**
 * A send whose timer fired later than this after its slot takes a new slot instead of going out at
 * once: late sends bunched together would exceed the tier within a second. The pace's margin
 * (96 % of the tier, policy.ts) takes about 40 ms of lateness per second: 20 ms of it for the timer,
 * the rest for the way to the platform.
 */
export const LATE_TOLERANCE_MS = 20;
/** Slots a late send may take again before it goes out anyway (a stalled process; 130429 then slows the lane). */
export const MAX_RESLOTS = 10;

/** One lane's late sends: those waiting for a slot, and whether a reservation is under way. */
interface LateQueue {
  waiting: { resolve: (slot: number) => void; reject: (err: unknown) => void }[];
  reserving: boolean;
}

export class LateSlots {
  readonly #pacer: Pick<Pacer, 'reserve'>;
  readonly #sleep: (ms: number) => Promise<void>;
  readonly #stopped: () => boolean;
  readonly #queues = new Map<string, LateQueue>();

  /** `sleep` waits (cut short when the dispatcher stops); `stopped` says whether it has. */
  constructor(pacer: Pick<Pacer, 'reserve'>, sleep: (ms: number) => Promise<void>, stopped: () => boolean) {
    this.#pacer = pacer;
    this.#sleep = sleep;
    this.#stopped = stopped;
  }

  /**
   * Waits for `slot` (clock ms). A send whose timer fired more than `LATE_TOLERANCE_MS` after it
   * takes a new slot, at most `MAX_RESLOTS` times, calling `onReslot` for each. @returns the slot
   * the send goes out at.
   */
  async waitFor(lane: string, slot: number, pace: number, onReslot: () => void): Promise<number> {
    await this.#sleep(slot - Date.now());
    for (let i = 0; i < MAX_RESLOTS && !this.#stopped() && Date.now() - slot > LATE_TOLERANCE_MS; i++) {
      onReslot();
      slot = await this.reslot(lane, pace);
      await this.#sleep(slot - Date.now());
    }
    return slot;
  }

  /**
   * A new slot for a send that went late. Late sends come in crowds (a busy event loop delays many
   * timers at once), and on PostgreSQL each reservation locks the lane's one pacing row: reserved
   * one by one, they queue on that row, each wait makes more sends late, and the lane collapses.
   * So they are reserved together: at most one reservation per lane is under way, and the sends
   * that go late meanwhile share the next one. @returns the slot, clock ms.
   */
  reslot(lane: string, pace: number): Promise<number> {
    let queue = this.#queues.get(lane);
    if (!queue) this.#queues.set(lane, (queue = { waiting: [], reserving: false }));
    const q = queue;
    const slot = new Promise<number>((resolve, reject) => q.waiting.push({ resolve, reject }));
    if (!q.reserving) void this.#reserve(lane, q, pace);
    return slot;
  }

  async #reserve(lane: string, q: LateQueue, pace: number): Promise<void> {
    q.reserving = true;
    try {
      while (q.waiting.length > 0) {
        // Let the timers of this turn of the event loop join the group first.
        await new Promise((resolve) => setImmediate(resolve));
        const group = q.waiting.splice(0);
        try {
          const slots = await this.#pacer.reserve(lane, group.length, pace, Date.now());
          group.forEach((request, i) => request.resolve(slots[i]!));
        } catch (err) {
          for (const request of group) request.reject(err);
        }
      }
    } finally {
      q.reserving = false;
    }
  }
}
