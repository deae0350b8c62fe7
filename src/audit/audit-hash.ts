/**
 * The audit trail's hashes (docs/api.md §D27): HMAC-SHA256 under a key derived from the secrets
 * file's encryption key (HKDF-SHA256, info `tidings audit trail v1`), so someone who can write the
 * database but not read the secrets cannot forge an entry, nor a chain that verifies.
 */
import { createHmac, hkdfSync } from 'node:crypto';
import { canonicalJson } from '../lib/crypto.js';

/** The audit trail's HMAC key (32 bytes). */
export type AuditKey = Buffer & { readonly __audit: true };

export function auditKeyOf(encryptionKey: Buffer): AuditKey {
  return Buffer.from(hkdfSync('sha256', encryptionKey, Buffer.alloc(0), 'tidings audit trail v1', 32)) as AuditKey;
}

/** The content an entry's hash covers: every column but its place in the chain and the hashes. */
export interface AuditContent {
  id: string;
  chain: string;
  actor_type: string;
  actor_id: string;
  actor_name: string | null;
  action: string;
  object_type: string;
  object_id: string | null;
  mode: string | null;
  changes: string | null;
  request_id: string | null;
  address: string | null;
  user_agent: string | null;
  created_at: string;
}

/** Hex HMAC of an entry's content (canonical JSON: the same entry always gives the same hash). */
export function entryHash(key: AuditKey, content: AuditContent): string {
  const c: AuditContent = {
    id: content.id,
    chain: content.chain,
    actor_type: content.actor_type,
    actor_id: content.actor_id,
    actor_name: content.actor_name,
    action: content.action,
    object_type: content.object_type,
    object_id: content.object_id,
    mode: content.mode,
    changes: content.changes,
    request_id: content.request_id,
    address: content.address,
    user_agent: content.user_agent,
    created_at: content.created_at,
  };
  return createHmac('sha256', key).update(canonicalJson(c)).digest('hex');
}

/** Hex HMAC linking an entry to the one before it: over the previous chain hash, the seq and the entry's hash. */
export function chainHash(key: AuditKey, previous: string, seq: number, entry: string): string {
  return createHmac('sha256', key).update(`${previous}\n${seq}\n${entry}`).digest('hex');
}

/** The chain hash before a chain's first entry. */
export const GENESIS = '0'.repeat(64);
