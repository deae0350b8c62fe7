/**
 * Rows of accounts and phone numbers. Only this file touches those tables (API keys:
 * api-key.repository.ts); it builds their rows, and says when they change (`tx.changed`: the
 * caches of every process drop them).
 */
import type { Selectable } from 'kysely';
import type { AccountsTable, PhoneNumbersTable } from '../db/schema.js';
import type { Reader, Tx } from '../db/store.js';

export type AccountRow = Selectable<AccountsTable>;
export type PhoneNumberRow = Selectable<PhoneNumbersTable>;

/** A new account with its business numbers; secrets already encrypted. */
export interface NewAccount {
  id: string;
  name: string;
  wabaId: string;
  accessTokenEncrypted: string;
  appSecretEncrypted: string | null;
  simulated: boolean;
  numbers: {
    phoneNumberId: string;
    displayPhoneNumber: string;
    throughput: number;
    throughputSource: 'override' | 'default';
  }[];
  createdAt: string;
}

export async function insertAccount(tx: Tx, account: NewAccount): Promise<void> {
  tx.changed('accounts');
  await tx
    .insertInto('accounts')
    .values({
      id: account.id,
      name: account.name,
      waba_id: account.wabaId,
      access_token_enc: account.accessTokenEncrypted,
      app_secret_enc: account.appSecretEncrypted,
      simulated: account.simulated ? 1 : 0,
      created_at: account.createdAt,
    })
    .execute();
  if (account.numbers.length === 0) return;
  await tx
    .insertInto('phone_numbers')
    .values(
      account.numbers.map((n) => ({
        phone_number_id: n.phoneNumberId,
        account_id: account.id,
        display_phone_number: n.displayPhoneNumber,
        throughput: n.throughput,
        throughput_source: n.throughputSource,
        throughput_checked_at: null,
        created_at: account.createdAt,
      })),
    )
    .execute();
}

export function findAccount(db: Reader, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export function listAccounts(db: Reader): Promise<AccountRow[]> {
  return db.selectFrom('accounts').selectAll().orderBy('created_at').orderBy('id').execute();
}

/** One stored access token's ciphertext (the oldest account's), or undefined when there is no account. */
export async function anyEncryptedCredential(db: Reader): Promise<string | undefined> {
  const row = await db
    .selectFrom('accounts')
    .select('access_token_enc')
    .orderBy('created_at')
    .limit(1)
    .executeTakeFirst();
  return row?.access_token_enc;
}

export async function countAccounts(db: Reader): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listPhoneNumbers(db: Reader, accountIds: string[]): Promise<PhoneNumberRow[]> {
  if (accountIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('phone_numbers')
    .selectAll()
    .where('account_id', 'in', accountIds)
    .orderBy('created_at')
    .execute();
}

export function findPhoneNumber(db: Reader, phoneNumberId: string): Promise<PhoneNumberRow | undefined> {
  return db.selectFrom('phone_numbers').selectAll().where('phone_number_id', '=', phoneNumberId).executeTakeFirst();
}

/** A business number joined with its account: what acting as that sender needs. */
export function findSender(db: Reader, phoneNumberId: string) {
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

/** Whether any account has an app secret of its own. */
export async function anyAppSecretOverride(db: Reader): Promise<boolean> {
  return (
    (await db
      .selectFrom('accounts')
      .select('id')
      .where('app_secret_enc', 'is not', null)
      .limit(1)
      .executeTakeFirst()) !== undefined
  );
}

/** The accounts on these WABAs (index `accounts_waba_id`), each with its own encrypted app secret (null: none). */
export function appSecretsOfWabas(
  db: Reader,
  wabaIds: string[],
): Promise<{ waba_id: string; app_secret_enc: string | null }[]> {
  if (wabaIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('accounts').select(['waba_id', 'app_secret_enc']).where('waba_id', 'in', wabaIds).execute();
}

/** A number's tier (messages/s), or null for an unknown number. */
export async function throughputOf(db: Reader, phoneNumberId: string): Promise<number | null> {
  const row = await db
    .selectFrom('phone_numbers')
    .select('throughput')
    .where('phone_number_id', '=', phoneNumberId)
    .executeTakeFirst();
  return row?.throughput ?? null;
}

/**
 * Records the tier the platform gave (null: only that it was asked), unless an operator set the
 * number's tier. @returns whether the row changed.
 */
export async function setPlatformThroughput(
  tx: Tx,
  phoneNumberId: string,
  throughput: number | null,
  checkedAt: string,
): Promise<boolean> {
  const result = await tx
    .updateTable('phone_numbers')
    .set({
      ...(throughput === null ? {} : { throughput, throughput_source: 'platform' as const }),
      throughput_checked_at: checkedAt,
    })
    .where('phone_number_id', '=', phoneNumberId)
    .where('throughput_source', '!=', 'override')
    .executeTakeFirst();
  tx.changed('accounts', phoneNumberId);
  return Number(result.numUpdatedRows) > 0;
}

/** Numbers whose tier comes from the platform and was not read since `before` (ISO). */
export async function numbersDueForTierCheck(db: Reader, before: string): Promise<string[]> {
  const rows = await db
    .selectFrom('phone_numbers')
    .select('phone_number_id')
    .where('throughput_source', '!=', 'override')
    .where((eb) => eb.or([eb('throughput_checked_at', 'is', null), eb('throughput_checked_at', '<', before)]))
    .execute();
  return rows.map((r) => r.phone_number_id);
}

/** The number of a WABA shown as `display` (digits), with its account. */
export function findNumberByDisplay(db: Reader, wabaId: string, display: string) {
  return db
    .selectFrom('phone_numbers')
    .innerJoin('accounts', 'accounts.id', 'phone_numbers.account_id')
    .select(['phone_numbers.phone_number_id', 'accounts.id as account_id'])
    .where('accounts.waba_id', '=', wabaId)
    .where('phone_numbers.display_phone_number', '=', display)
    .executeTakeFirst();
}

/** The accounts with a retention setting, with the bodies' watermark (the retention sweep). */
export function accountsWithRetention(
  db: Reader,
): Promise<
  Pick<AccountRow, 'id' | 'retain_customer_files_days' | 'retain_message_bodies_days' | 'bodies_removed_before'>[]
> {
  return db
    .selectFrom('accounts')
    .select(['id', 'retain_customer_files_days', 'retain_message_bodies_days', 'bodies_removed_before'])
    .where((eb) =>
      eb.or([eb('retain_customer_files_days', 'is not', null), eb('retain_message_bodies_days', 'is not', null)]),
    )
    .orderBy('id')
    .execute();
}

/** An account's retention columns as stored (null: the kind's default; `retain_events_days` 0: for ever). */
export type RetentionColumns = Pick<
  AccountRow,
  | 'retain_customer_files_days'
  | 'retain_message_bodies_days'
  | 'retain_events_days'
  | 'retain_platform_payloads_days'
  | 'retain_inactive_contacts_days'
>;

/** Sets an account's retention columns. @returns false when there is no such account. */
export async function setRetention(tx: Tx, accountId: string, columns: RetentionColumns): Promise<boolean> {
  const result = await tx.updateTable('accounts').set(columns).where('id', '=', accountId).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records that an account's message bodies created before `before` (ISO) were removed. */
export async function setBodiesRemovedBefore(tx: Tx, accountId: string, before: string): Promise<void> {
  await tx.updateTable('accounts').set({ bodies_removed_before: before }).where('id', '=', accountId).execute();
}
