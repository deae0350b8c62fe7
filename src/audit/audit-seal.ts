/**
 * The sealer (docs/api.md §D27): links the entries the audit trail wrote (audit-trail.ts, `seq` null)
 * into their chain. Per chain it takes the head from `audit_chains` (made at seq 0, GENESIS, when the
 * chain has none), then the unsealed entries in (created_at, id) order, and gives each the next seq
 * and `chain_hash = chainHash(key, previous, seq, entry_hash)`; entries and head change in one unit.
 *
 * `seq` is the seal order, not the order of `created_at`: an entry written in a unit that commits
 * after a newer one was sealed is sealed in the next pass, after it. Only one sealer runs at a time:
 * on PostgreSQL the unit takes a transaction-scoped advisory lock (a second process waits, then finds
 * nothing left); on SQLite the unit holds the one write lock.
 */
import { sql } from 'kysely';
import type { Store } from '../db/store.js';
import { chainHash, type AuditKey } from './audit-hash.js';
import * as repo from './audit.repository.js';

/** Entries sealed per unit at most: a unit holds the write lock for milliseconds, however far behind. */
export const SEAL_LIMIT = 1000;
/** How often each service process seals, ms. */
export const SEAL_INTERVAL_MS = 1000;
/** The PostgreSQL advisory lock key of the sealer ("tidings audit seal"). */
const SEAL_LOCK = 0x7469_6173;

/**
 * Seals up to `limit` of the oldest unsealed entries. An empty backlog is seen by one read outside
 * any unit, so an idle service opens no transaction every second.
 * @returns how many entries were sealed.
 */
export async function sealAudit(store: Store, key: AuditKey, limit = SEAL_LIMIT): Promise<number> {
  if (!(await repo.anyUnsealed(store.read))) return 0;
  return store.write(async (tx) => {
    if (store.dialect === 'postgres') await sql`select pg_advisory_xact_lock(${SEAL_LOCK})`.execute(tx);
    const entries = await repo.unsealed(tx, limit);
    const heads = new Map<string, { seq: number; hash: string }>();
    for (const e of entries) {
      let head = heads.get(e.chain);
      if (!head) {
        const row = await repo.headOf(tx, e.chain);
        head = { seq: row.seq, hash: row.hash };
        heads.set(e.chain, head);
      }
      const seq = head.seq + 1;
      const hash = chainHash(key, head.hash, seq, e.entry_hash);
      await repo.sealEntry(tx, e.id, seq, hash);
      head.seq = seq;
      head.hash = hash;
    }
    for (const [chain, head] of heads) await repo.setHead(tx, chain, head.seq, head.hash);
    return entries.length;
  });
}

/** Seals until nothing is left (the CLI before verifying or exporting; tests). @returns how many. */
export async function sealAll(store: Store, key: AuditKey): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await sealAudit(store, key);
    total += n;
    if (n < SEAL_LIMIT) return total;
  }
}
