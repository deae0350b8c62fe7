/** Rows of people (users) and their recovery codes. Emails are stored and matched lowercased. */
import type { Insertable, Selectable } from 'kysely';
import type { UsersTable } from '../db/schema.js';
import type { Reader, Tx } from '../db/store.js';

export type UserRow = Selectable<UsersTable>;

/** Inserts a person (`totp_last_step` defaults to null). */
export async function insertUser(tx: Tx, row: Insertable<UsersTable>): Promise<void> {
  await tx.insertInto('users').values(row).execute();
}

export function findUserById(db: Reader, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** @param email any case: matched lowercased. */
export function findUserByEmail(db: Reader, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
}

export async function updateUser(
  tx: Tx,
  id: string,
  set: Partial<Pick<UserRow, 'name' | 'password_hash' | 'totp_secret_enc' | 'totp_enabled_at' | 'last_sign_in_at'>>,
): Promise<void> {
  await tx.updateTable('users').set(set).where('id', '=', id).execute();
}
