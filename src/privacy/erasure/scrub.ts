/**
 * The scrub after erasures on SQLite (docs/api.md §D28, "At rest"). `secure_delete` overwrites a
 * deleted row's bytes, but not the copies a b-tree leaves behind when it moves cells between pages
 * (a page rebuilt by SQLite's balance keeps its old bytes in its unused middle): a customer's index
 * entries moved while they were live stay readable in the file after their rows are gone. Only a
 * rebuild of the file removes them, so once erasures have completed the scrub runs `VACUUM` (every
 * page written anew, the free pages dropped), then checkpoints and truncates the WAL, and marks
 * those erasures `scrubbed_at`.
 *
 * `VACUUM` holds the database for its run (the service's requests wait, none is refused; about
 * a second per 100 MB here, bench/README.md "Erasure"), which is why it runs at most hourly (the
 * erasure module's periodic task, and at start) and not after each erasure. On PostgreSQL it does
 * nothing: removed rows are dead tuples until (auto)vacuum, and never in a `pg_dump`.
 */
import { sql } from 'kysely';
import type { Store } from '../../db/store.js';
import { iso, type Clock } from '../../lib/clock.js';

/** What one scrub did: whether it rebuilt the file, for how many erasures, in ms. */
export interface ScrubResult {
  vacuumed: boolean;
  erasures: number;
  ms: number;
}

/**
 * Rebuilds the SQLite file when erasures completed since the last scrub; nothing otherwise (and
 * nothing on PostgreSQL). Erasures completing while it runs wait for the next one (they are read
 * before). @throws what SQLite raises (the caller logs it; the next run tries again).
 */
export async function scrubAfterErasures(store: Store, clock: Clock): Promise<ScrubResult> {
  const started = performance.now();
  if (store.dialect !== 'sqlite') return { vacuumed: false, erasures: 0, ms: 0 };
  const due = await store.read
    .selectFrom('erasures')
    .select('id')
    .where('status', '=', 'completed')
    .where('scrubbed_at', 'is', null)
    .execute();
  if (due.length === 0) return { vacuumed: false, erasures: 0, ms: 0 };
  await sql`vacuum`.execute(store.read);
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(store.read);
  const at = iso(clock.now());
  for (let i = 0; i < due.length; i += 500) {
    const ids = due.slice(i, i + 500).map((r) => r.id);
    await store.write((tx) => tx.updateTable('erasures').set({ scrubbed_at: at }).where('id', 'in', ids).execute());
  }
  // The marks themselves went through the WAL: written into the file, the WAL emptied again.
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(store.read);
  return { vacuumed: true, erasures: due.length, ms: Math.round(performance.now() - started) };
}
