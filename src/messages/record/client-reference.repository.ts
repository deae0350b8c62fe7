/**
 * Client references in use (`client_references`): a send's `clientReference` is unique per
 * account and mode for 24 hours (docs/api.md §D18). Only this file touches the table.
 */
import { sql } from 'kysely';
import { jsonRows } from '../../db/json-rows.js';
import type { Reader, Tx } from '../../db/store.js';
import { iso } from '../../lib/clock.js';

/** How long a reference stays taken, ms. */
export const REFERENCE_TTL_MS = 24 * 3600_000;

export interface NewReference {
  accountId: string;
  mode: 'live' | 'test';
  reference: string;
  messageId: string;
  /** ISO. */
  createdAt: string;
}

/**
 * Takes the references for their messages, in one statement: a reference free, or last taken more
 * than 24 hours before `now`, is taken; one taken since (or twice in `refs`) is not. On PostgreSQL
 * a unit taking the same reference at the same time waits for this one, then finds it taken.
 * @returns the references that could not be taken (empty: all were).
 */
export async function claim(tx: Tx, refs: NewReference[], now: string): Promise<string[]> {
  if (refs.length === 0) return [];
  const seen = new Set<string>();
  const twice: string[] = [];
  const unique = refs.filter((r) => {
    const key = `${r.accountId} ${r.mode} ${r.reference}`;
    if (seen.has(key)) twice.push(r.reference);
    return !seen.has(key) && seen.add(key);
  });
  const cutoff = iso(Date.parse(now) - REFERENCE_TTL_MS);
  const v = jsonRows(
    tx,
    { account_id: 'text', mode: 'text', reference: 'text', message_id: 'text', created_at: 'text' },
    unique.map((r) => ({
      account_id: r.accountId,
      mode: r.mode,
      reference: r.reference,
      message_id: r.messageId,
      created_at: r.createdAt,
    })),
  );
  // `where true` keeps SQLite from reading `on conflict` as a join's ON (its documented parsing ambiguity).
  const { rows } = await sql<{ reference: string }>`
    insert into client_references (account_id, mode, reference, message_id, created_at)
    select account_id, mode, reference, message_id, created_at from ${v} where true
    on conflict (account_id, mode, reference) do update set message_id = excluded.message_id, created_at = excluded.created_at
      where client_references.created_at < ${cutoff}
    returning reference`.execute(tx);
  const took = new Set(rows.map((r) => r.reference));
  return [...twice, ...unique.filter((r) => !took.has(r.reference)).map((r) => r.reference)];
}

/** Which of these references of the account and mode are taken as of `now` (a dry run's check). */
export async function taken(
  db: Reader,
  accountId: string,
  mode: 'live' | 'test',
  references: string[],
  now: string,
): Promise<Set<string>> {
  if (references.length === 0) return new Set();
  const rows = await db
    .selectFrom('client_references')
    .select('reference')
    .where('account_id', '=', accountId)
    .where('mode', '=', mode)
    .where('reference', 'in', references)
    .where('created_at', '>=', iso(Date.parse(now) - REFERENCE_TTL_MS))
    .execute();
  return new Set(rows.map((r) => r.reference));
}

/** Forgets references older than 24 hours, about `limit` at a time (the oldest first). @returns how many. */
export async function purge(tx: Tx, now: string, limit: number): Promise<number> {
  const cutoff = iso(Date.parse(now) - REFERENCE_TTL_MS);
  // The `limit`-th oldest stale reference bounds this round (ties may add a few).
  const bound = await tx
    .selectFrom('client_references')
    .select('created_at')
    .where('created_at', '<', cutoff)
    .orderBy('created_at')
    .offset(limit - 1)
    .limit(1)
    .executeTakeFirst();
  const q = tx.deleteFrom('client_references');
  const result = await (bound
    ? q.where('created_at', '<=', bound.created_at)
    : q.where('created_at', '<', cutoff)
  ).executeTakeFirst();
  return Number(result.numDeletedRows);
}
