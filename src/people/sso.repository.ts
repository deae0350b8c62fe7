/** Rows of single sign-on: the accounts' OpenID Connect connections and the sign-ins in progress at a provider. */
import type { Selectable } from 'kysely';
import type { SsoAttemptsTable, SsoConnectionsTable } from '../db/schema.js';
import type { Reader, Tx } from '../db/store.js';

export type SsoConnectionRow = Selectable<SsoConnectionsTable>;
export type SsoAttemptRow = Selectable<SsoAttemptsTable>;

export async function insertConnection(tx: Tx, row: SsoConnectionRow): Promise<void> {
  await tx.insertInto('sso_connections').values(row).execute();
}

export function findConnection(db: Reader, id: string): Promise<SsoConnectionRow | undefined> {
  return db.selectFrom('sso_connections').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every connection, oldest first (the sign-in page's buttons). */
export function listConnections(db: Reader): Promise<SsoConnectionRow[]> {
  return db.selectFrom('sso_connections').selectAll().orderBy('created_at').orderBy('id').execute();
}

export function connectionsOfAccount(db: Reader, accountId: string): Promise<SsoConnectionRow[]> {
  return db.selectFrom('sso_connections').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
}

/** Removes an account's connections and their attempts. @returns the connections removed. */
export async function deleteConnectionsOfAccount(tx: Tx, accountId: string): Promise<SsoConnectionRow[]> {
  const rows = await connectionsOfAccount(tx, accountId);
  if (rows.length === 0) return rows;
  const ids = rows.map((r) => r.id);
  await tx.deleteFrom('sso_attempts').where('connection_id', 'in', ids).execute();
  await tx.deleteFrom('sso_connections').where('id', 'in', ids).execute();
  return rows;
}

export async function setSsoRequired(tx: Tx, accountId: string, required: boolean): Promise<void> {
  await tx
    .updateTable('accounts')
    .set({ sso_required: required ? 1 : 0 })
    .where('id', '=', accountId)
    .execute();
}

export async function insertAttempt(tx: Tx, row: SsoAttemptRow): Promise<void> {
  await tx.insertInto('sso_attempts').values(row).execute();
}

/**
 * Takes an attempt: reads and deletes it in the caller's unit, so of two callbacks with the same
 * state (in any processes) only the one whose delete removed the row gets it.
 * @returns the attempt, or undefined when it is unknown or already taken.
 */
export async function takeAttempt(tx: Tx, stateHash: string): Promise<SsoAttemptRow | undefined> {
  const row = await tx.selectFrom('sso_attempts').selectAll().where('state_hash', '=', stateHash).executeTakeFirst();
  if (!row) return undefined;
  const done = await tx.deleteFrom('sso_attempts').where('state_hash', '=', stateHash).executeTakeFirst();
  return Number(done.numDeletedRows) === 1 ? row : undefined;
}

/** Removes attempts past their expiry (housekeeping). @returns how many. */
export async function purgeExpiredAttempts(tx: Tx, nowIso: string): Promise<number> {
  const done = await tx.deleteFrom('sso_attempts').where('expires_at', '<', nowIso).executeTakeFirst();
  return Number(done.numDeletedRows);
}
