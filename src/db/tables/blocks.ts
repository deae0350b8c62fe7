/** The numbers' blocklists as Tidings knows them (0021; contacts/block.repository.ts; src/db/schema.ts gathers every table). */

/** A customer blocked on a business number through the Block Users API (docs/api.md §D25). */
export interface BlockedUsersTable {
  account_id: string;
  phone_number_id: string;
  /** Test-key blocks are Tidings' own (they never reach the platform) and seen only by test keys. */
  mode: 'live' | 'test';
  /** The contact (`ct_`) blocked: one row per contact, number and mode. */
  contact_id: string;
  /** E.164 as it was blocked, when the contact had one. */
  phone: string | null;
  /** The contact's BSUID when it was blocked, when known. */
  bsuid: string | null;
  /** ISO: when the block was made (or first seen at the platform, for `sync`). */
  blocked_at: string;
  /** `api` (POST /v1/contacts/…/block), `dashboard`, or `sync` (found on the platform's blocklist). */
  source: 'api' | 'dashboard' | 'sync';
}
