/**
 * Batches (`batches`) and the counts of their messages (docs/api.md §D18). Only this file touches
 * the table. A batch's counts are read from its messages (the `messages_batch` index, at most 1,000
 * entries), so they follow every status change, in any order, without a counter to keep.
 */
import { sql, type Selectable } from 'kysely';
import { isPostgres } from '../../db/connect.js';
import { afterCursor } from '../../db/paging.js';
import type { BatchesTable } from '../../db/schema.js';
import type { Reader, Tx } from '../../db/store.js';
import { PENDING_STATUSES, type MessageStatus } from './status-machine.js';

export type BatchRow = Selectable<BatchesTable>;

export async function insertBatch(tx: Tx, row: BatchRow): Promise<void> {
  await tx.insertInto('batches').values(row).execute();
}

export function findBatch(
  db: Reader,
  accountId: string,
  mode: 'live' | 'test',
  id: string,
): Promise<BatchRow | undefined> {
  return db
    .selectFrom('batches')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('mode', '=', mode)
    .executeTakeFirst();
}

/** The columns a list reads: all but `refusals` (up to 1,000 of them a batch; `findBatch` reads them). */
const LISTED = [
  'id',
  'account_id',
  'mode',
  'phone_number_id',
  'items',
  'accepted',
  'send_at',
  'source',
  'created_at',
  'completed_at',
  'template_id',
  'template_name',
] as const satisfies readonly Exclude<keyof BatchesTable, 'refusals'>[];

/** The batches with these ids (of any account), in id order. */
export function batchesById(db: Reader | Tx, ids: string[]): Promise<BatchRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('batches').selectAll().where('id', 'in', ids).orderBy('id').execute();
}

/** Newest first, at most `limit`, after `after` in that order; without their refusals (`refusals` null). */
export async function listBatches(
  db: Reader,
  q: { accountId: string; mode: 'live' | 'test'; limit: number; after?: { created_at: string; id: string } },
): Promise<BatchRow[]> {
  let query = db
    .selectFrom('batches')
    .select(LISTED)
    .where('account_id', '=', q.accountId)
    .where('mode', '=', q.mode)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit);
  if (q.after) query = query.where(afterCursor('created_at', { value: q.after.created_at, id: q.after.id }));
  return (await query.execute()).map((r) => ({ ...r, refusals: null }));
}

/** The batches' messages counted by status, in one statement: batch id → status → count. */
export async function countsByStatus(db: Reader, batchIds: string[]): Promise<Map<string, Map<MessageStatus, number>>> {
  const out = new Map<string, Map<MessageStatus, number>>(batchIds.map((id) => [id, new Map()]));
  if (batchIds.length === 0) return out;
  const rows = await db
    .selectFrom('messages')
    .select(['batch_id', 'status', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('batch_id', 'in', batchIds)
    .groupBy(['batch_id', 'status'])
    .execute();
  for (const r of rows) out.get(r.batch_id!)?.set(r.status, Number(r.n));
  return out;
}

/**
 * Marks complete, in `tx`, those of these batches none of whose messages is still pending
 * (scheduled, accepted or sent), once. Call it after writing the status changes of their messages.
 * On PostgreSQL the batches are locked first, in id order: of two units settling a batch's last
 * messages at the same time, the one that locks second reads the other's committed changes and
 * completes it, so a batch is never left pending nor completed twice.
 * @returns the ids of the batches completed by this call.
 */
export async function completeBatches(tx: Tx, batchIds: string[], now: string): Promise<string[]> {
  const ids = [...new Set(batchIds)].sort();
  if (ids.length === 0) return [];
  if (isPostgres(tx))
    await tx
      .selectFrom('batches')
      .select('id')
      .where('id', 'in', ids)
      .where('completed_at', 'is', null)
      .orderBy('id')
      .forUpdate()
      .execute();
  const rows = await tx
    .updateTable('batches')
    .set({ completed_at: now })
    .where('id', 'in', ids)
    .where('completed_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('messages')
            .select(sql.lit(1).as('one'))
            .whereRef('messages.batch_id', '=', 'batches.id')
            .where('messages.status', 'in', [...PENDING_STATUSES]),
        ),
      ),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}
