/**
 * The business's team in the map of what Tidings keeps (src/privacy/data-map.ts): people, their
 * sign-in and sessions, and the audit trail of what they (and keys, the CLI, the platform) did.
 */
import { table, STAFF, type ColumnEntry } from './terms.js';

export const TEAM_COLUMNS: readonly ColumnEntry[] = [
  ...table('users', STAFF, {
    id: 'staff',
    email: 'staff',
    name: 'staff',
    password_hash: 'secret',
    totp_secret_enc: 'secret',
    totp_enabled_at: 'staff',
    created_at: 'staff',
    last_sign_in_at: 'staff',
    totp_last_step: 'secret',
  }),
  ...table('recovery_codes', STAFF, { user_id: 'staff', code_hash: 'secret', used_at: 'staff' }),
  ...table('memberships', STAFF, { account_id: 'identifier', user_id: 'staff', role: 'staff', created_at: 'staff' }),
  ...table(
    'sessions',
    { ...STAFF, retention: 'session lifetime' },
    {
      id: 'identifier',
      token_hash: 'secret',
      user_id: 'staff',
      account_id: 'identifier',
      mode: 'metadata',
      phone_number_id: 'identifier',
      method: 'staff',
      second_factor: 'staff',
      address: ['staff', { note: "the browser's IP address" }],
      user_agent: 'staff',
      created_at: 'staff',
      last_seen_at: 'staff',
      expires_at: 'metadata',
      revoked_at: 'metadata',
    },
  ),
  ...table('one_time_links', STAFF, {
    id: 'identifier',
    token_hash: 'secret',
    kind: 'metadata',
    account_id: 'identifier',
    email: ['staff', { note: "an invited person's email" }],
    role: 'staff',
    user_id: 'staff',
    created_by: 'staff',
    created_at: 'metadata',
    expires_at: 'metadata',
    used_at: 'metadata',
    revoked_at: 'metadata',
  }),
  // The audit trail (docs/api.md §D27): hash-chained, append-only, removed only by its retention.
  ...table(
    'audit_events',
    { retention: 'retain_audit_days', erasure: 'not reached (staff data)', export: false },
    {
      id: 'identifier',
      chain: 'identifier',
      seq: 'metadata',
      actor_type: 'staff',
      actor_id: 'staff',
      actor_name: ['staff', { note: "the person's email or the key's hint, as it was" }],
      action: 'metadata',
      object_type: 'metadata',
      object_id: 'identifier',
      mode: 'metadata',
      changes: [
        'address',
        {
          erasure: 'nulled',
          note: "before and after, JSON: `message.created` and `suppression.*` entries hold the customer's address; erasure removes those of entries about the customer's messages, contact and suppressions (the entry stays in its chain, `redacted_at` set)",
        },
      ],
      request_id: 'identifier',
      address: ['staff', { note: "the actor's IP address" }],
      user_agent: 'staff',
      created_at: 'metadata',
      entry_hash: 'metadata',
      chain_hash: 'metadata',
    },
  ),
];
