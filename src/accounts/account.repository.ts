/** Rows of accounts, phone numbers and API keys. Only this file touches those tables. */
import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/connect.js';
import type { AccountsTable, ApiKeysTable, PhoneNumbersTable } from '../db/schema.js';

export type AccountRow = Selectable<AccountsTable>;
export type PhoneNumberRow = Selectable<PhoneNumbersTable>;
export type ApiKeyRow = Selectable<ApiKeysTable>;

export async function insertAccount(db: Db, account: Insertable<AccountsTable>, numbers: Insertable<PhoneNumbersTable>[]): Promise<void> {
  await db.insertInto('accounts').values(account).execute();
  if (numbers.length > 0) await db.insertInto('phone_numbers').values(numbers).execute();
}

export function findAccount(db: Db, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listAccounts(db: Db): Promise<AccountRow[]> {
  return db.selectFrom('accounts').selectAll().orderBy('created_at').orderBy('id').execute();
}

export async function countAccounts(db: Db): Promise<number> {
  const row = await db.selectFrom('accounts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listPhoneNumbers(db: Db, accountIds: string[]): Promise<PhoneNumberRow[]> {
  if (accountIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('phone_numbers').selectAll().where('account_id', 'in', accountIds).orderBy('created_at').execute();
}

export function findPhoneNumber(db: Db, phoneNumberId: string): Promise<PhoneNumberRow | undefined> {
  return db.selectFrom('phone_numbers').selectAll().where('phone_number_id', '=', phoneNumberId).executeTakeFirst();
}

export async function insertApiKey(db: Db, key: Insertable<ApiKeysTable>): Promise<void> {
  await db.insertInto('api_keys').values(key).execute();
}

/** The live (not revoked) key with this hash, with what authentication needs. */
export function findActiveKeyByHash(db: Db, keyHash: string): Promise<ApiKeyRow | undefined> {
  return db
    .selectFrom('api_keys')
    .selectAll()
    .where('key_hash', '=', keyHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
}

export function listApiKeys(db: Db, accountId?: string): Promise<ApiKeyRow[]> {
  let q = db.selectFrom('api_keys').selectAll().orderBy('created_at').orderBy('id');
  if (accountId !== undefined) q = q.where('account_id', '=', accountId);
  return q.execute();
}

/** @returns false when no such key exists or it was already revoked. */
export async function revokeApiKey(db: Db, id: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: at })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** A business number joined with its account: what acting as that sender needs. */
export function findSender(db: Db, phoneNumberId: string) {
  return db
    .selectFrom('phone_numbers')
    .innerJoin('accounts', 'accounts.id', 'phone_numbers.account_id')
    .select([
      'accounts.id as account_id',
      'accounts.waba_id',
      'accounts.access_token_enc',
      'accounts.app_secret_enc',
      'phone_numbers.display_phone_number',
      'phone_numbers.throughput',
    ])
    .where('phone_numbers.phone_number_id', '=', phoneNumberId)
    .executeTakeFirst();
}

/** Encrypted per-account app secret overrides. */
export async function listAppSecretOverrides(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('accounts').select('app_secret_enc').where('app_secret_enc', 'is not', null).execute();
  return rows.map((r) => r.app_secret_enc!);
}
