/**
 * Verifying the audit trail (docs/api.md §D27, `npx tidings audit verify`): for each chain, from its
 * anchor (where the retention last cut it), every sealed entry's hash is recomputed from its columns
 * and every link from the one before; seqs must follow each other; the head in `audit_chains` must be
 * the last entry. The first fault of each chain is reported, naming the entry.
 *
 * What it proves: no sealed entry was edited, removed or inserted by someone without the HMAC key
 * (which is derived from the secrets file's encryption key, audit-hash.ts). Entries not sealed yet
 * (at most a second or so old in a running service) are counted, not proven.
 */
import type { Store } from '../db/store.js';
import { chainHash, entryHash, type AuditKey } from './audit-hash.js';
import * as repo from './audit.repository.js';

/** Entries read per query. */
const VERIFY_PAGE = 1000;

/** What is wrong with a chain. */
export type ChainFault =
  /** The entry's content does not match its hash: a column was edited. */
  | { kind: 'edited'; chain: string; id: string; seq: number }
  /** The entry's link does not follow from the one before (or from the anchor). */
  | { kind: 'broken_link'; chain: string; id: string; seq: number }
  /** One or more entries are missing after `afterSeq` (the next one found is `id`, or none). */
  | { kind: 'missing'; chain: string; afterSeq: number; id: string | null }
  /** The head in `audit_chains` is not the last entry (`seq`, `hash`: the last entry's). */
  | { kind: 'head_mismatch'; chain: string; headSeq: number; seq: number }
  /** Sealed entries of a chain that has no head. */
  | { kind: 'no_head'; chain: string };

export interface VerifyResult {
  ok: boolean;
  /** Sealed entries checked. */
  verified: number;
  /** Entries not sealed yet. */
  unsealed: number;
  chains: number;
  faults: ChainFault[];
}

/** Words for a fault, naming the entry (the CLI's output). */
export function describeFault(f: ChainFault): string {
  switch (f.kind) {
    case 'edited':
      return `chain ${f.chain}: entry ${f.id} (seq ${f.seq}) was edited: its content does not match its hash`;
    case 'broken_link':
      return `chain ${f.chain}: entry ${f.id} (seq ${f.seq}) has a broken link: it does not follow from the entry before`;
    case 'missing':
      return `chain ${f.chain}: missing entry after seq ${f.afterSeq}${f.id ? ` (the next one found is ${f.id})` : ''}`;
    case 'head_mismatch':
      return `chain ${f.chain}: head mismatch: the head says seq ${f.headSeq}, the last entry is seq ${f.seq}`;
    case 'no_head':
      return `chain ${f.chain}: sealed entries but no head in audit_chains`;
  }
}

/**
 * Verifies every chain, or only `chain` (an account's id, or `service`).
 * @returns the counts and the first fault of each faulty chain (`ok` when there is none).
 */
export async function verifyAudit(store: Store, key: AuditKey, chain?: string): Promise<VerifyResult> {
  const db = store.read;
  const names = chain !== undefined ? [chain] : await repo.chainNames(db);
  const faults: ChainFault[] = [];
  let verified = 0;
  for (const name of names) {
    const r = await verifyChain(store, key, name);
    verified += r.verified;
    if (r.fault) faults.push(r.fault);
  }
  const unsealed = await repo.countUnsealed(db, chain);
  return { ok: faults.length === 0, verified, unsealed, chains: names.length, faults };
}

async function verifyChain(
  store: Store,
  key: AuditKey,
  chain: string,
): Promise<{ verified: number; fault: ChainFault | null }> {
  const db = store.read;
  const head = await repo.findChain(db, chain);
  if (!head) {
    const any = await repo.sealedAfter(db, chain, -1, 1);
    return { verified: 0, fault: any.length > 0 ? { kind: 'no_head', chain } : null };
  }
  let seq = Number(head.anchor_seq);
  let previous = head.anchor_hash;
  let verified = 0;
  for (;;) {
    const rows = await repo.sealedAfter(db, chain, seq, VERIFY_PAGE);
    for (const e of rows) {
      const at = Number(e.seq);
      if (at !== seq + 1) return { verified, fault: { kind: 'missing', chain, afterSeq: seq, id: e.id } };
      // An entry an erasure redacted (its `changes` named the customer, docs/api.md §D28) keeps its
      // hash and its link: the link is checked, its content cannot be any more.
      if (e.redacted_at == null && entryHash(key, e) !== e.entry_hash)
        return { verified, fault: { kind: 'edited', chain, id: e.id, seq: at } };
      const link = chainHash(key, previous, at, e.entry_hash);
      if (link !== e.chain_hash) return { verified, fault: { kind: 'broken_link', chain, id: e.id, seq: at } };
      seq = at;
      previous = link;
      verified++;
    }
    if (rows.length < VERIFY_PAGE) break;
  }
  const headSeq = Number(head.seq);
  if (headSeq > seq) return { verified, fault: { kind: 'missing', chain, afterSeq: seq, id: null } };
  if (headSeq !== seq || head.hash !== previous)
    return { verified, fault: { kind: 'head_mismatch', chain, headSeq, seq } };
  return { verified, fault: null };
}
