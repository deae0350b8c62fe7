/**
 * Customers themselves in the map of what Tidings keeps (src/privacy/data-map.ts): contacts, their
 * search words, their consent (suppressions, marketing preferences) and their blocks.
 */
import { table, type ColumnEntry } from './terms.js';

export const CUSTOMER_COLUMNS: readonly ColumnEntry[] = [
  ...table(
    'contacts',
    { retention: 'retain_inactive_contacts_days', erasure: 'deleted', export: true },
    {
      id: 'identifier',
      account_id: 'identifier',
      phone_number_id: 'identifier',
      mode: 'metadata',
      phone: ['address', { note: 'E.164' }],
      user_id: ['address', { note: 'the BSUID' }],
      parent_user_id: ['address', { note: 'the parent BSUID' }],
      profile_name: 'name',
      username: 'name',
      last_inbound_at: 'metadata',
      last_outbound_at: 'metadata',
      last_activity_at: 'metadata',
      created_at: 'metadata',
      updated_at: 'metadata',
      search_text: ['name', { export: false, note: 'the folded words of the name, username and phone number' }],
      conversation_holder: [
        'metadata',
        { note: '`business` or `meta_agent`: who holds the conversation (docs/api.md §D30)' },
      ],
      conversation_holder_since: 'metadata',
      conversation_holder_reason: 'metadata',
      // The customer in the WhatsApp Business app's address book (`smb_app_state_sync`, docs/api.md §D32).
      app_name: ['name', { note: "the full name the business's WhatsApp Business app saved" }],
      app_first_name: ['name', { note: "the first name the business's WhatsApp Business app saved" }],
      app_contact: 'metadata',
      app_synced_at: 'metadata',
    },
  ),
  // What a contact was known by before its customer changed number or BSUID (docs/api.md §D31):
  // the send checks read it, so a suppression follows the person; erased with the contact, and in
  // the customer's export (`formerAddresses`): they are the person's addresses too.
  ...table(
    'contact_former_addresses',
    { retention: 'retain_inactive_contacts_days', erasure: 'deleted', export: true },
    {
      phone_number_id: 'identifier',
      mode: 'metadata',
      address: ['address', { note: 'an E.164 number, BSUID or parent BSUID the customer left' }],
      contact_id: 'identifier',
      left_at: 'metadata',
    },
  ),
  ...table(
    'contact_words',
    { retention: 'retain_inactive_contacts_days', erasure: 'deleted', export: false, dialect: 'postgres' },
    {
      contact_id: 'identifier',
      phone_number_id: 'identifier',
      mode: 'metadata',
      words: ['name', { note: "the contact's search words as a tsvector (kept by triggers)" }],
    },
  ),
  ...table(
    'contacts_search',
    { retention: 'retain_inactive_contacts_days', erasure: 'deleted', export: false, dialect: 'sqlite' },
    { search_text: ['name', { note: "the FTS5 index of the contacts' search words (kept by triggers)" }] },
  ),
  // Suppressions are kept, lifted ones too (the consent history). Erasure keeps an active one as a
  // tombstone of hashes (`suppression_tombstones`, governance.ts) and deletes the row.
  ...table(
    'suppressions',
    { retention: 'for ever', erasure: 'deleted', export: true },
    {
      id: 'identifier',
      account_id: 'identifier',
      phone_number_id: 'identifier',
      contact_id: 'identifier',
      phone: ['address', { erasure: 'hashed' }],
      bsuid: ['address', { erasure: 'hashed' }],
      reason: 'metadata',
      scope: 'metadata',
      source: 'metadata',
      created_at: 'metadata',
      lifted_at: 'metadata',
      lifted_by: 'metadata',
      customer_key: ['address', { erasure: 'hashed', note: '`phone|bsuid|contact`' }],
      number_key: 'metadata',
      mode: 'metadata',
    },
  ),
  ...table(
    'marketing_consents',
    { retention: 'for ever', erasure: 'deleted', export: true },
    {
      account_id: 'identifier',
      phone_number_id: 'identifier',
      customer_key: ['address', { note: '`p:<E.164>` or `u:<BSUID>`' }],
      phone: 'address',
      bsuid: 'address',
      value: ['metadata', { note: '`granted` or `revoked`, as the platform last reported' }],
      reported_at: 'metadata',
      updated_at: 'metadata',
    },
  ),
  ...table(
    'blocked_users',
    { retention: 'while blocked', erasure: 'deleted', export: true },
    {
      account_id: 'identifier',
      phone_number_id: 'identifier',
      mode: 'metadata',
      contact_id: 'identifier',
      phone: 'address',
      bsuid: 'address',
      blocked_at: 'metadata',
      source: 'metadata',
    },
  ),
];
