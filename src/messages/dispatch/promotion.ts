/**
 * Scheduled sends whose `sendAt` came enter their numbers' queues (docs/api.md §D18): called by
 * the dispatcher's poll (every `pollMs`, 200 ms by default, so a message is queued within a poll of
 * its time), in units of 500, each taken once across processes (scheduled.repository.ts).
 */
import type { Store } from '../../db/store.js';
import { iso, type Clock } from '../../lib/clock.js';
import { nextSendAt, promoteDue } from '../scheduled.repository.js';
import type { Lane } from '../send-queue.repository.js';

/** Scheduled sends moved per unit of work. */
const UNIT = 500;

/** Moves every scheduled send due by now into its queue. @returns the lanes that got entries. */
export async function promoteScheduled(store: Store, clock: Clock): Promise<Lane[]> {
  // A read (one index seek) first: most polls find nothing due and take no write lock.
  const next = await nextSendAt(store.read);
  if (next === null || next > iso(clock.now())) return [];
  const lanes = new Map<string, Lane>();
  for (;;) {
    const now = iso(clock.now());
    const moved = await store.write((tx) => promoteDue(tx, now, UNIT));
    for (const lane of moved.lanes) lanes.set(`${lane.mode}:${lane.phoneNumberId}`, lane);
    if (moved.count < UNIT) return [...lanes.values()];
  }
}
