/**
 * Rows of each account's periodic reconciliation (`template_syncs`): when it last ran and when it is
 * next due. Only this file touches that table (template-sync.ts).
 */
import type { Tx } from '../db/store.js';

/** Claims an account's due periodic reconciliation (moving it to `next`); false when it is not due or another process has it. */
export async function claimDue(tx: Tx, accountId: string, now: string, next: string): Promise<boolean> {
  const inserted = await tx
    .insertInto('template_syncs')
    .values({ account_id: accountId, synced_at: null, due_at: next })
    .onConflict((oc) => oc.column('account_id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true;
  const updated = await tx
    .updateTable('template_syncs')
    .set({ due_at: next })
    .where('account_id', '=', accountId)
    .where('due_at', '<=', now)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

/** Records a finished reconciliation and when the next is due. */
export async function markSynced(tx: Tx, accountId: string, now: string, next: string): Promise<void> {
  await tx
    .insertInto('template_syncs')
    .values({ account_id: accountId, synced_at: now, due_at: next })
    .onConflict((oc) => oc.column('account_id').doUpdateSet({ synced_at: now, due_at: next }))
    .execute();
}

/** Moves an account's next reconciliation to `dueAt` (after a failure). */
export async function postpone(tx: Tx, accountId: string, dueAt: string): Promise<void> {
  await tx.updateTable('template_syncs').set({ due_at: dueAt }).where('account_id', '=', accountId).execute();
}
