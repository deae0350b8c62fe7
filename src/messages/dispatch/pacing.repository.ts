/**
 * Rows of the lanes' shared pace (`dispatch_pacing`, PostgreSQL's `DatabasePacer`, pacer.ts). Only
 * this file touches that table.
 */
import { isPostgres } from '../../db/connect.js';
import type { Reader, Tx } from '../../db/store.js';

/** The stored pace of several lanes (missing: never reserved, full pace). */
export async function readPaces(db: Reader, lanes: string[]): Promise<Map<string, PaceRow>> {
  const out = new Map<string, PaceRow>();
  if (lanes.length === 0) return out;
  for (const row of await db.selectFrom('dispatch_pacing').selectAll().where('lane', 'in', lanes).execute()) {
    out.set(row.lane, {
      nextSlotAt: Number(row.next_slot_at),
      factor: Number(row.factor),
      slowedAt: Number(row.slowed_at),
    });
  }
  return out;
}

/** A lane's pace as stored. */
export interface PaceRow {
  nextSlotAt: number;
  factor: number;
  slowedAt: number;
}

/** The lane's pace, locked for the rest of the unit (created at full pace if new). */
export async function lockPace(tx: Tx, lane: string): Promise<PaceRow> {
  await tx
    .insertInto('dispatch_pacing')
    .values({ lane, next_slot_at: 0, factor: 1, slowed_at: 0 })
    .onConflict((oc) => oc.column('lane').doNothing())
    .execute();
  let q = tx.selectFrom('dispatch_pacing').selectAll().where('lane', '=', lane);
  if (isPostgres(tx)) q = q.forUpdate();
  const row = await q.executeTakeFirstOrThrow();
  return { nextSlotAt: Number(row.next_slot_at), factor: Number(row.factor), slowedAt: Number(row.slowed_at) };
}

export async function savePace(tx: Tx, lane: string, pace: PaceRow): Promise<void> {
  await tx
    .updateTable('dispatch_pacing')
    .set({ next_slot_at: pace.nextSlotAt, factor: pace.factor, slowed_at: pace.slowedAt })
    .where('lane', '=', lane)
    .execute();
}

export async function readPace(db: Reader, lane: string): Promise<PaceRow | null> {
  const row = await db.selectFrom('dispatch_pacing').selectAll().where('lane', '=', lane).executeTakeFirst();
  return row
    ? { nextSlotAt: Number(row.next_slot_at), factor: Number(row.factor), slowedAt: Number(row.slowed_at) }
    : null;
}
