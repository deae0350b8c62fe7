/**
 * What the send queues hold, for people: GET /v1/phone_numbers and the metrics (dispatch/queue-view.ts).
 * Reads only; the queue's writers are send-queue.repository.ts and send-queue-claim.repository.ts.
 */
import { sql } from 'kysely';
import type { Reader } from '../../db/store.js';

/** Per business number of a mode: depth, oldest entry, what can go now, and what waits and why. */
export interface QueueStats {
  queued: number;
  /** ISO, or null when empty. */
  oldestCreatedAt: string | null;
  /** Entries whose time has come (`not_before` ≤ now): claimable unless behind their recipient's earlier message. */
  due: number;
  /** The oldest entry held back by a failed attempt (its retry time and error) or by a paused template (`heldFor`, dispatch/template-holds.ts), if any. */
  retrying: { notBefore: string; lastError: string | null; attempts: number; heldFor: string | null } | null;
  /**
   * Entries claimed (`sending`) longer ago than a live process needs to settle them: the process
   * that claimed them stopped (a crash, kill -9) or stalled. How many, and when the last lease ends
   * (ISO), after which any process takes them again.
   */
  staleLeases: { count: number; until: string } | null;
  /**
   * Entries whose send got no answer (`unknown`), waiting for a status report before they are sent
   * again: how many, and when the first may be resent (ISO).
   */
  reconciling: { count: number; until: string } | null;
}

/**
 * Queue stats of some numbers in one mode: their counts and oldest entries in one grouped
 * statement; then, per number with entries, its entries not yet due (in flight, leased, waiting for
 * a retry or a status: `dispatches_due`'s range after `now`, grouped by state) and, when some wait
 * for a retry, the oldest of those.
 * @param now ISO
 * @param staleLeaseBefore ISO: a `sending` entry whose lease ends before this was claimed longer
 *   ago than a live process needs (the caller knows the lease's parts: dispatch/policy.ts)
 */
export async function queueStats(
  db: Reader,
  phoneNumberIds: string[],
  mode: 'live' | 'test',
  now: string,
  staleLeaseBefore: string,
): Promise<Map<string, QueueStats>> {
  const out = new Map<string, QueueStats>();
  if (phoneNumberIds.length === 0) return out;
  const counts = await db
    .selectFrom('dispatches')
    .select((eb) => [
      'phone_number_id',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.min('created_at').as('oldest'),
    ])
    .where('phone_number_id', 'in', phoneNumberIds)
    .where('mode', '=', mode)
    .groupBy('phone_number_id')
    .execute();
  for (const c of counts)
    out.set(c.phone_number_id, {
      queued: Number(c.n),
      oldestCreatedAt: (c.oldest as string | null) ?? null,
      due: Number(c.n),
      retrying: null,
      staleLeases: null,
      reconciling: null,
    });
  for (const [id, stats] of out) {
    const waiting = await db
      .selectFrom('dispatches')
      .select((eb) => [
        'state',
        eb.fn.countAll<number | string>().as('n'),
        eb.fn.min('not_before').as('first'),
        sql<
          number | string
        >`sum(case when state = 'sending' and not_before < ${staleLeaseBefore} then 1 else 0 end)`.as('stale'),
        sql<
          string | null
        >`max(case when state = 'sending' and not_before < ${staleLeaseBefore} then not_before end)`.as('stale_until'),
      ])
      .where('phone_number_id', '=', id)
      .where('mode', '=', mode)
      .where('not_before', '>', now)
      .groupBy('state')
      .execute();
    for (const w of waiting) {
      stats.due -= Number(w.n);
      if (w.state === 'unknown') stats.reconciling = { count: Number(w.n), until: w.first as string };
      if (w.state === 'sending' && Number(w.stale) > 0)
        stats.staleLeases = { count: Number(w.stale), until: w.stale_until! };
    }
    if (!waiting.some((w) => w.state === 'queued')) continue;
    const head = await db
      .selectFrom('dispatches')
      .select(['not_before', 'last_error', 'attempts', 'held_for_template'])
      .where('phone_number_id', '=', id)
      .where('mode', '=', mode)
      .where('state', '=', 'queued')
      .where((eb) => eb.or([eb('attempts', '>', 0), eb('held_for_template', 'is not', null)]))
      .where('not_before', '>', now)
      .orderBy('created_at')
      .limit(1)
      .executeTakeFirst();
    if (head)
      stats.retrying = {
        notBefore: head.not_before,
        lastError: head.last_error,
        attempts: head.attempts,
        heldFor: head.held_for_template,
      };
  }
  return out;
}

/** A business number's queue in one mode, with the number's tier (LaneDepth.mode null: the number has no queued message). */
export interface LaneDepth {
  phoneNumberId: string;
  /** Messages/s of the number's tier. */
  throughput: number;
  mode: 'live' | 'test' | null;
  queued: number;
  /** ISO, or null when empty. */
  oldestCreatedAt: string | null;
}

/**
 * Every business number's queues, for the metrics scrape: one grouped query over the numbers
 * (read from `phone_numbers`, the accounts feature's table, for their tier) and their queue
 * entries; a row per number and mode with entries, and one with mode null per number without.
 */
export async function laneDepths(db: Reader): Promise<LaneDepth[]> {
  const rows = await db
    .selectFrom('phone_numbers as p')
    .leftJoin('dispatches as d', 'd.phone_number_id', 'p.phone_number_id')
    .select((eb) => [
      'p.phone_number_id',
      'p.throughput',
      'd.mode',
      eb.fn.count<number | string>('d.message_id').as('n'),
      eb.fn.min('d.created_at').as('oldest'),
    ])
    .groupBy(['p.phone_number_id', 'p.throughput', 'd.mode'])
    .execute();
  return rows.map((r) => ({
    phoneNumberId: r.phone_number_id,
    throughput: Number(r.throughput),
    mode: r.mode,
    queued: Number(r.n),
    oldestCreatedAt: (r.oldest as string | null) ?? null,
  }));
}
