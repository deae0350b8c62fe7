/**
 * Rows of sessions (session.service.ts). Only this file touches the table; it says when a session
 * ends (`tx.changed('sessions')`: every process's session cache drops it).
 */
import type { Selectable } from 'kysely';
import type { SessionsTable } from '../db/schema.js';
import type { Reader, Tx } from '../db/store.js';

export type SessionRow = Selectable<SessionsTable>;

/** A session with what authenticating it needs: its person, and their role in its account (null: none). */
export type ResolvedSessionRow = SessionRow & { email: string; role: string | null };

export async function insertSession(tx: Tx, row: SessionRow): Promise<void> {
  await tx.insertInto('sessions').values(row).execute();
}

/** The session whose token has this hash (ended or not), with its person's email and role. */
export function findSessionByTokenHash(db: Reader, tokenHash: string): Promise<ResolvedSessionRow | undefined> {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('memberships', (j) =>
      j
        .onRef('memberships.account_id', '=', 'sessions.account_id')
        .onRef('memberships.user_id', '=', 'sessions.user_id'),
    )
    .selectAll('sessions')
    .select(['users.email as email', 'memberships.role as role'])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

/** Records a request seen (idle expiry counts from it). Changes no cached value: no notice. */
export async function touchSession(tx: Tx, id: string, at: string): Promise<void> {
  await tx.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
}

/** Moves a session to another account, number or mode, or past its second factor. */
export async function updateSession(
  tx: Tx,
  id: string,
  set: Partial<Pick<SessionRow, 'account_id' | 'phone_number_id' | 'mode' | 'second_factor'>>,
): Promise<void> {
  await tx.updateTable('sessions').set(set).where('id', '=', id).execute();
  tx.changed('sessions');
}

/**
 * Ends sessions of `userId`: one (`id`), all but one (`exceptId`), or all.
 * @returns how many were active and are now ended.
 */
export async function revokeSessions(
  tx: Tx,
  userId: string,
  at: string,
  which: { id?: string; exceptId?: string; accountId?: string } = {},
): Promise<number> {
  let q = tx
    .updateTable('sessions')
    .set({ revoked_at: at })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', at);
  if (which.id !== undefined) q = q.where('id', '=', which.id);
  if (which.exceptId !== undefined) q = q.where('id', '!=', which.exceptId);
  if (which.accountId !== undefined) q = q.where('account_id', '=', which.accountId);
  const result = await q.executeTakeFirst();
  tx.changed('sessions');
  return Number(result.numUpdatedRows);
}

/** A person's sessions not ended nor past their absolute expiry, newest first. */
export function listActiveSessions(db: Reader, userId: string, now: string): Promise<SessionRow[]> {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}

/** Removes sessions that ended before `before` (housekeeping). @returns how many. */
export async function purgeEndedSessions(tx: Tx, before: string): Promise<number> {
  const result = await tx
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<', before), eb('revoked_at', '<', before)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
