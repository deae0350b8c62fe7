/** Tables of customer erasure (migration 0029; src/privacy/erasure/, docs/api.md §D28). */
import type { Generated } from 'kysely';

/** One erasure request: the contacts it erases are in `erasure_contacts`. */
export interface ErasuresTable {
  /** `era_` id. */
  id: string;
  account_id: string;
  /** The mode of the key that asked: it erases that mode's contacts only. */
  mode: 'live' | 'test';
  /** JSON `{ type, id, name }`: who asked (as the audit trail names actors). */
  requested_by: string;
  /** The request that asked (`req_…`), when known. */
  request_id: string | null;
  status: 'pending' | 'running' | 'completed';
  /** Customers asked for (a contact id or address counted once, found or not). */
  customers: number;
  /** Contacts erased so far. */
  erased: Generated<number>;
  /** JSON of what was removed so far: `{ messages, inboundMessages, files, events, … }` (counts). */
  progress: Generated<string>;
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
  /** SQLite: when the file was rebuilt after it (`VACUUM`, privacy/erasure/scrub.ts); null until then, and on PostgreSQL. */
  scrubbed_at: Generated<string | null>;
}

/** A contact an erasure erases: only its `ct_` id, never an address. */
export interface ErasureContactsTable {
  erasure_id: string;
  contact_id: string;
  state: 'pending' | 'erased';
  /** ISO: when its last row went. */
  erased_at: string | null;
}

/**
 * What remains of an erased customer's active suppression: one row per address it covered, as an
 * HMAC-SHA256 (privacy/erasure/tombstone-key.ts), so a later send to that number or BSUID is refused.
 */
export interface SuppressionTombstonesTable {
  /** The `sup_` id the suppression had (named in a refusal). */
  suppression_id: string;
  account_id: string;
  mode: 'live' | 'test';
  /** The business number it covers; null: every number of the account. */
  phone_number_id: string | null;
  /** Hex HMAC-SHA256 of one address (E.164 number, BSUID, parent BSUID). */
  address_hash: string;
  reason: 'opt_out_keyword' | 'platform_preference' | 'api' | 'blocked';
  scope: 'all' | 'marketing';
  /** ISO: when the suppression was made. */
  since: string;
  erasure_id: string;
  created_at: string;
}
