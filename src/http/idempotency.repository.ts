/** Rows of idempotency keys (docs/api.md §D4). */
import type { Reader, Tx } from '../db/store.js';
import type { Selectable } from 'kysely';
import type { IdempotencyKeysTable } from '../db/schema.js';

export type IdempotencyRow = Selectable<IdempotencyKeysTable>;
type Scope = { account_id: string; mode: 'live' | 'test'; key: string };

/** @returns true when this call claimed the key (no row existed). */
export async function claimKey(tx: Tx, scope: Scope, fingerprint: string, createdAt: string): Promise<boolean> {
  const result = await tx
    .insertInto('idempotency_keys')
    .values({
      ...scope,
      fingerprint,
      state: 'running',
      response_status: null,
      response_headers: null,
      response_body: null,
      created_at: createdAt,
    })
    .onConflict((oc) => oc.columns(['account_id', 'mode', 'key']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export function findKey(db: Reader, scope: Scope): Promise<IdempotencyRow | undefined> {
  return db
    .selectFrom('idempotency_keys')
    .selectAll()
    .where('account_id', '=', scope.account_id)
    .where('mode', '=', scope.mode)
    .where('key', '=', scope.key)
    .executeTakeFirst();
}

/** Deletes the key only if it still has `createdAt` (so two racing takeovers cannot both win). */
export async function deleteKey(tx: Tx, scope: Scope, createdAt?: string): Promise<void> {
  let q = tx
    .deleteFrom('idempotency_keys')
    .where('account_id', '=', scope.account_id)
    .where('mode', '=', scope.mode)
    .where('key', '=', scope.key);
  if (createdAt !== undefined) q = q.where('created_at', '=', createdAt);
  await q.execute();
}

export async function completeKey(
  tx: Tx,
  scope: Scope,
  response: { status: number; headers: string; body: string },
): Promise<void> {
  await tx
    .updateTable('idempotency_keys')
    .set({
      state: 'done',
      response_status: response.status,
      response_headers: response.headers,
      response_body: response.body,
    })
    .where('account_id', '=', scope.account_id)
    .where('mode', '=', scope.mode)
    .where('key', '=', scope.key)
    .execute();
}

export async function purgeKeysBefore(tx: Tx, before: string): Promise<number> {
  const result = await tx.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
