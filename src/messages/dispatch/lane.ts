/** One lane's state in this process (dispatcher.ts drives it). */
import type { HoldReason } from '../../accounts/phone-number.schemas.js';
import type * as repo from '../record/send-queue.repository.js';
import type { AttemptError } from './outcomes.js';

export interface LaneState {
  lane: repo.Lane;
  key: string;
  driving: boolean;
  /** A wake came while driving: look again once done. */
  again: boolean;
  inFlight: Set<Promise<void>>;
  /** Set by a number-wide refusal (outcomes.ts `hold_lane`): clock ms. */
  heldUntil: number;
  held: { reason: HoldReason; error: AttemptError } | null;
  timer: NodeJS.Timeout | null;
  tier: { value: number; readAt: number } | null;
  /** Resolved by the next wake: a lane waiting for its sends in flight also looks at new entries at once. */
  nudge: { promise: Promise<void>; resolve: () => void };
}

export function newNudge(): LaneState['nudge'] {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** A lane this process has not driven before: not held, nothing in flight. */
export function newLaneState(lane: repo.Lane, key: string): LaneState {
  return {
    lane,
    key,
    driving: false,
    again: false,
    inFlight: new Set(),
    heldUntil: 0,
    held: null,
    timer: null,
    tier: null,
    nudge: newNudge(),
  };
}
