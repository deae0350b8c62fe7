/**
 * Claiming the send queue's entries (`dispatches`, send-queue.repository.ts), one statement each,
 * skipping on PostgreSQL the rows another process is claiming: a lane's due entries, for the
 * dispatcher to send, and the entries whose validity period ended, for failing.
 */
import { sql } from 'kysely';
import { isPostgres } from '../../db/connect.js';
import type { Tx } from '../../db/store.js';
import type { DispatchRow, Lane } from './send-queue.repository.js';

/**
 * Claims up to `limit` due entries of a lane, in the order they came due (a new entry is due when
 * accepted, a retried one at its retry time; ties by acceptance), each the first of its recipient's
 * queued messages (head of line: a customer's next message waits until the one before it is sent,
 * failed, or expired), marking them `sending` with a lease until `leaseUntil`, in one statement
 * (run it alone: `store.writeOne`). The walk follows `dispatches_due` and stops at `limit`: entries
 * in flight are leased into the future and never visited. On PostgreSQL rows another process is
 * claiming are skipped (`FOR UPDATE SKIP LOCKED`); the head-of-line check sees them, so no process
 * can overtake a message another one holds.
 * @returns the claimed entries, in that order.
 */
export async function claimDue(
  tx: Tx,
  lane: Lane,
  limit: number,
  now: string,
  leaseUntil: string,
): Promise<DispatchRow[]> {
  let due = tx
    .selectFrom('dispatches as d')
    .select('d.message_id')
    .where('d.phone_number_id', '=', lane.phoneNumberId)
    .where('d.mode', '=', lane.mode)
    .where('d.not_before', '<=', now)
    .where('d.expires_at', '>', now)
    // The head of its recipient's queue: a scalar subquery, which PostgreSQL never turns into a
    // join, so it is always one seek of `dispatches_recipient` per candidate. (As `not exists` an
    // earlier entry, a planner misled by stale statistics read the whole lane per candidate.)
    .where(
      sql<boolean>`(d.seq, d.message_id) = (select e.seq, e.message_id from dispatches e
        where e.phone_number_id = d.phone_number_id and e.mode = d.mode and e.recipient = d.recipient
        order by e.seq, e.message_id limit 1)`,
    )
    .orderBy('d.not_before')
    .orderBy('d.created_at')
    .orderBy('d.message_id')
    .limit(limit);
  if (isPostgres(tx)) due = due.forUpdate().skipLocked();
  const claimed = await tx
    .updateTable('dispatches')
    .set({ state: 'sending', not_before: leaseUntil })
    .where('message_id', 'in', due)
    .returningAll()
    .execute();
  // RETURNING keeps no order; their due time was overwritten with the lease: acceptance orders them.
  return claimed.sort((a, b) =>
    a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.message_id < b.message_id ? -1 : 1,
  );
}

/**
 * Claims up to `limit` entries whose validity period ended and that no process holds (not in a
 * lease or a reconciliation window), for failing; locked on PostgreSQL.
 */
export async function claimExpired(tx: Tx, now: string, limit: number): Promise<DispatchRow[]> {
  let q = tx
    .selectFrom('dispatches')
    .selectAll()
    .where('expires_at', '<=', now)
    .where('not_before', '<=', now)
    .orderBy('expires_at')
    .limit(limit);
  if (isPostgres(tx)) q = q.forUpdate().skipLocked();
  return q.execute();
}
