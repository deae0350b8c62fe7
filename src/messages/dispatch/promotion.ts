/**
 * Scheduled sends whose `sendAt` came enter their numbers' queues (docs/api.md §D18): called by
 * the dispatcher's poll (every `pollMs`, 200 ms by default, so a message is queued within a poll of
 * its time), in units of 500, each taken once across processes (scheduled.repository.ts).
 */
import type { Store } from '../../db/store.js';
import { iso, type Clock } from '../../lib/clock.js';
import { nextSendAt, promoteDue } from '../record/scheduled.repository.js';
import type { Lane } from '../record/send-queue.repository.js';

/** Scheduled sends moved per unit of work. */
const UNIT = 500;

/**
 * Moves every scheduled send due by now into its queue, telling `entered` the lanes that got
 * entries after each unit (so the first 500 of 10,000 due at once are sent while the rest move).
 */
export async function promoteScheduled(store: Store, clock: Clock, entered: (lanes: Lane[]) => void): Promise<void> {
  // A read (one index seek) first: most polls find nothing due and take no write lock.
  const next = await nextSendAt(store.read);
  if (next === null || next > iso(clock.now())) return;
  for (;;) {
    const now = iso(clock.now());
    const moved = await store.write((tx) => promoteDue(tx, now, UNIT));
    if (moved.lanes.length > 0) entered(moved.lanes);
    if (moved.count < UNIT) return;
  }
}
