/**
 * The columns of the customer data governance (issue 40): migration 0029_erasure (the erasures,
 * their tombstones, `events.contact_id`, `audit_events.redacted_at`) and 0030_retention_kinds (the
 * account's retention of every kind). Each names its migration (`ColumnEntry.migration`), which
 * test/privacy-map.test.ts requires to be in src/db/migrations.ts.
 */
import { table, CONFIG, type ColumnEntry } from './terms.js';

export const GOVERNANCE_COLUMNS: readonly ColumnEntry[] = [
  ...table(
    'accounts',
    { ...CONFIG, migration: '0030_retention_kinds' },
    {
      retain_events_days: 'metadata',
      retain_platform_payloads_days: 'metadata',
      retain_inactive_contacts_days: 'metadata',
      payloads_removed_before: 'metadata',
    },
  ),
  ...table(
    'events',
    { retention: 'retain_events_days', erasure: 'deleted', export: true, migration: '0029_erasure' },
    { contact_id: ['identifier', { note: 'the contact an event is about: what erasure and export find it by' }] },
  ),
  ...table(
    'erasures',
    { ...CONFIG, migration: '0029_erasure' },
    {
      id: 'identifier',
      account_id: 'identifier',
      mode: 'metadata',
      requested_by: ['staff', { erasure: 'not reached (staff data)', note: 'who asked: `{ type, id, name }`' }],
      request_id: 'identifier',
      status: 'metadata',
      customers: 'metadata',
      erased: 'metadata',
      progress: ['metadata', { note: 'counts removed' }],
      created_at: 'metadata',
      started_at: 'metadata',
      completed_at: 'metadata',
      scrubbed_at: 'metadata',
    },
  ),
  ...table(
    'erasure_contacts',
    { ...CONFIG, migration: '0029_erasure' },
    {
      erasure_id: 'identifier',
      contact_id: ['identifier', { note: 'the erased contact id only, never an address' }],
      state: 'metadata',
      erased_at: 'metadata',
    },
  ),
  ...table(
    'suppression_tombstones',
    { ...CONFIG, migration: '0029_erasure' },
    {
      suppression_id: 'identifier',
      account_id: 'identifier',
      mode: 'metadata',
      phone_number_id: 'identifier',
      address_hash: ['secret', { note: 'HMAC-SHA256 of an address the erased suppression covered' }],
      reason: 'metadata',
      scope: 'metadata',
      since: 'metadata',
      erasure_id: 'identifier',
      created_at: 'metadata',
    },
  ),
  ...table(
    'audit_events',
    { retention: 'retain_audit_days', erasure: 'kept (no personal data)', export: false, migration: '0029_erasure' },
    { redacted_at: ['metadata', { note: "when an erasure removed the entry's `changes` (they named the customer)" }] },
  ),
];
