/**
 * The audit trail's queries (docs/api.md §D27): the sealer's, the verifier's, the list's and the
 * retention's reads and writes of `audit_events` and `audit_chains` (migration 0026).
 */
import { sql, type Selectable } from 'kysely';
import type { Reader, Tx } from '../db/store.js';
import type { AuditChainsTable, AuditEventsTable } from '../db/tables/people.js';
import { GENESIS } from './audit-hash.js';

export type AuditRow = Selectable<AuditEventsTable>;
export type ChainRow = AuditChainsTable;

/** The oldest unsealed entries, by (created_at, id), at most `limit`. */
export function unsealed(db: Reader | Tx, limit: number): Promise<AuditRow[]> {
  return db
    .selectFrom('audit_events')
    .selectAll()
    .where('seq', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Whether any entry waits to be sealed (one indexed read, outside any unit). */
export async function anyUnsealed(db: Reader): Promise<boolean> {
  const r = await db.selectFrom('audit_events').select('id').where('seq', 'is', null).limit(1).execute();
  return r.length > 0;
}

/** How many entries wait to be sealed, in one chain or in all. */
export async function countUnsealed(db: Reader, chain?: string): Promise<number> {
  let q = db
    .selectFrom('audit_events')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('seq', 'is', null);
  if (chain !== undefined) q = q.where('chain', '=', chain);
  return Number((await q.executeTakeFirst())?.n ?? 0);
}

export function findChain(db: Reader | Tx, chain: string): Promise<ChainRow | undefined> {
  return db.selectFrom('audit_chains').selectAll().where('chain', '=', chain).executeTakeFirst();
}

/** A chain's head, made (seq 0, GENESIS, anchored at 0) when the chain has none yet. */
export async function headOf(tx: Tx, chain: string): Promise<ChainRow> {
  const found = await findChain(tx, chain);
  if (found) return found;
  const row = { chain, seq: 0, hash: GENESIS, anchor_seq: 0, anchor_hash: GENESIS };
  await tx.insertInto('audit_chains').values(row).execute();
  return row;
}

/** Every chain with a head, or with an entry (sealed or not), in name order. */
export async function chainNames(db: Reader): Promise<string[]> {
  const r = await sql<{
    chain: string;
  }>`select chain from audit_chains union select distinct chain from audit_events order by chain`.execute(db);
  return r.rows.map((x) => x.chain);
}

export async function sealEntry(tx: Tx, id: string, seq: number, chainHash: string): Promise<void> {
  await tx.updateTable('audit_events').set({ seq, chain_hash: chainHash }).where('id', '=', id).execute();
}

export async function setHead(tx: Tx, chain: string, seq: number, hash: string): Promise<void> {
  await tx.updateTable('audit_chains').set({ seq, hash }).where('chain', '=', chain).execute();
}

/** Sealed entries of `chain` after `afterSeq`, in seq order, at most `limit`. */
export function sealedAfter(db: Reader | Tx, chain: string, afterSeq: number, limit: number): Promise<AuditRow[]> {
  return db
    .selectFrom('audit_events')
    .selectAll()
    .where('chain', '=', chain)
    .where('seq', 'is not', null)
    .where('seq', '>', afterSeq)
    .orderBy('seq')
    .limit(limit)
    .execute();
}

/** Deletes a chain's sealed entries up to `seq` and moves its anchor there, in the caller's unit. */
export async function cutChain(tx: Tx, chain: string, seq: number, hash: string): Promise<number> {
  const r = await tx
    .deleteFrom('audit_events')
    .where('chain', '=', chain)
    .where('seq', 'is not', null)
    .where('seq', '<=', seq)
    .executeTakeFirst();
  await tx.updateTable('audit_chains').set({ anchor_seq: seq, anchor_hash: hash }).where('chain', '=', chain).execute();
  return Number(r.numDeletedRows);
}

/** Each account's audit retention (null: the default). */
export function auditRetentions(db: Reader): Promise<{ id: string; retain_audit_days: number | null }[]> {
  return db.selectFrom('accounts').select(['id', 'retain_audit_days']).execute();
}

export async function setAuditRetention(tx: Tx, accountId: string, days: number | null): Promise<boolean> {
  const r = await tx
    .updateTable('accounts')
    .set({ retain_audit_days: days })
    .where('id', '=', accountId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/** What the list filters on (all optional but the chain). */
export interface AuditFilter {
  chain: string;
  actorType?: string | undefined;
  actorId?: string | undefined;
  action?: string | undefined;
  objectType?: string | undefined;
  objectId?: string | undefined;
  /** ISO, inclusive. */
  since?: string | undefined;
  /** ISO, exclusive. */
  until?: string | undefined;
}

export function findEntry(db: Reader, chain: string, id: string): Promise<AuditRow | undefined> {
  return db.selectFrom('audit_events').selectAll().where('chain', '=', chain).where('id', '=', id).executeTakeFirst();
}

/** Up to `limit` entries after `after`, newest first (created_at desc, id desc). */
export function page(db: Reader, f: AuditFilter, limit: number, after: AuditRow | undefined): Promise<AuditRow[]> {
  let q = db
    .selectFrom('audit_events')
    .selectAll()
    .where('chain', '=', f.chain)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit);
  if (f.actorType !== undefined) q = q.where('actor_type', '=', f.actorType);
  if (f.actorId !== undefined) q = q.where('actor_id', '=', f.actorId);
  if (f.action !== undefined) q = q.where('action', '=', f.action);
  if (f.objectType !== undefined) q = q.where('object_type', '=', f.objectType);
  if (f.objectId !== undefined) q = q.where('object_id', '=', f.objectId);
  if (f.since !== undefined) q = q.where('created_at', '>=', f.since);
  if (f.until !== undefined) q = q.where('created_at', '<', f.until);
  if (after) q = q.where(sql<boolean>`(created_at, id) < (${after.created_at}, ${after.id})`);
  return q.execute();
}
