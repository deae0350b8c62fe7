/**
 * Rows of `blocked_users` (docs/api.md §D25). Only this file touches the table; the block service
 * maps its rows. Every write is set-based: one statement whatever the number of contacts.
 */
import { sql, type Selectable } from 'kysely';
import type { BlockedUsersTable } from '../db/schema.js';
import type { Reader, Tx } from '../db/store.js';
import type { ContactScope } from './contact.repository.js';

export type BlockedRow = Selectable<BlockedUsersTable>;

/**
 * Stores blocks, keeping the first of a contact already blocked (its time and source): blocking a
 * blocked contact changes nothing. @returns the contact ids newly blocked.
 */
export async function insertBlocks(tx: Tx, rows: BlockedRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const sorted = [...rows].sort((a, b) => (a.contact_id < b.contact_id ? -1 : 1));
  const inserted = await tx
    .insertInto('blocked_users')
    .values(sorted)
    .onConflict((oc) => oc.doNothing())
    .returning('contact_id')
    .execute();
  return new Set(inserted.map((r) => r.contact_id));
}

/** Removes the blocks of these contacts in the scope. @returns the rows removed. */
export function deleteBlocks(tx: Tx, scope: ContactScope, contactIds: string[]): Promise<BlockedRow[]> {
  if (contactIds.length === 0) return Promise.resolve([]);
  return tx
    .deleteFrom('blocked_users')
    .where('phone_number_id', '=', scope.phoneNumberId)
    .where('mode', '=', scope.mode)
    .where('contact_id', 'in', contactIds)
    .returningAll()
    .execute();
}

/** The blocks among these contacts of the scope (one statement; none for an empty list). */
export function findBlocks(db: Reader | Tx, scope: ContactScope, contactIds: string[]): Promise<BlockedRow[]> {
  if (contactIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('blocked_users')
    .selectAll()
    .where('phone_number_id', '=', scope.phoneNumberId)
    .where('mode', '=', scope.mode)
    .where('contact_id', 'in', contactIds)
    .execute();
}

/** Every block of the scope's live blocklist (what a sync compares with the platform's). */
export function allBlocks(db: Reader | Tx, scope: ContactScope): Promise<BlockedRow[]> {
  return db
    .selectFrom('blocked_users')
    .selectAll()
    .where('phone_number_id', '=', scope.phoneNumberId)
    .where('mode', '=', scope.mode)
    .execute();
}

/** A page of the scope's blocks, newest first, after the cursor row (keyset on blocked_at, contact_id). */
export function listBlocks(
  db: Reader,
  scope: ContactScope & { limit: number; after?: BlockedRow },
): Promise<BlockedRow[]> {
  let q = db
    .selectFrom('blocked_users')
    .selectAll()
    .where('phone_number_id', '=', scope.phoneNumberId)
    .where('mode', '=', scope.mode);
  const after = scope.after;
  if (after)
    q = q.where(
      sql<boolean>`(${sql.ref('blocked_at')}, ${sql.ref('contact_id')}) < (${after.blocked_at}, ${after.contact_id})`,
    );
  return q.orderBy('blocked_at', 'desc').orderBy('contact_id', 'desc').limit(scope.limit).execute();
}
