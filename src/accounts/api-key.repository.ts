/**
 * Rows of API keys (key.service.ts). Only this file touches the table; it says when the keys change
 * (`tx.changed('api_keys')`: the key caches of every process drop them).
 */
import type { Selectable } from 'kysely';
import type { ApiKeysTable } from '../db/schema.js';
import type { Reader, Tx } from '../db/store.js';
import type { Mode, Scope } from '../http/access.js';

export type ApiKeyRow = Selectable<ApiKeysTable>;

/** A new API key: only its hash and last four characters are kept. */
export interface NewApiKey {
  id: string;
  accountId: string;
  phoneNumberId: string;
  mode: Mode;
  keyHash: string;
  keyHint: string;
  scopes: Scope[];
  /** Requests/s; null = the default. */
  rateLimit: number | null;
  createdAt: string;
  /** The person who made it; null: the operator (CLI). */
  createdBy?: string | null;
}

export async function insertApiKey(tx: Tx, key: NewApiKey): Promise<ApiKeyRow> {
  const row: ApiKeyRow = {
    id: key.id,
    account_id: key.accountId,
    phone_number_id: key.phoneNumberId,
    mode: key.mode,
    key_hash: key.keyHash,
    key_hint: key.keyHint,
    scopes: JSON.stringify(key.scopes),
    rate_limit: key.rateLimit,
    created_at: key.createdAt,
    revoked_at: null,
    created_by: key.createdBy ?? null,
    last_used_at: null,
  };
  await tx.insertInto('api_keys').values(row).execute();
  tx.changed('api_keys');
  return row;
}

/**
 * The live (not revoked) key with this hash, with what authentication needs: its maker's role in
 * the key's account (`maker_role`: null for a key the operator made, or whose maker left it).
 */
export function findActiveKeyByHash(
  db: Reader,
  keyHash: string,
): Promise<(ApiKeyRow & { maker_role: string | null }) | undefined> {
  return db
    .selectFrom('api_keys')
    .leftJoin('memberships', (j) =>
      j
        .onRef('memberships.account_id', '=', 'api_keys.account_id')
        .onRef('memberships.user_id', '=', 'api_keys.created_by'),
    )
    .selectAll('api_keys')
    .select('memberships.role as maker_role')
    .where('api_keys.key_hash', '=', keyHash)
    .where('api_keys.revoked_at', 'is', null)
    .executeTakeFirst();
}

export function listApiKeys(db: Reader, accountId?: string): Promise<ApiKeyRow[]> {
  let q = db.selectFrom('api_keys').selectAll().orderBy('created_at').orderBy('id');
  if (accountId !== undefined) q = q.where('account_id', '=', accountId);
  return q.execute();
}

export function findApiKeyById(db: Reader | Tx, id: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
}

/** @returns false when no such key exists or it was already revoked. */
export async function revokeApiKey(tx: Tx, id: string, at: string): Promise<boolean> {
  const result = await tx
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  tx.changed('api_keys');
  return Number(result.numUpdatedRows) > 0;
}
