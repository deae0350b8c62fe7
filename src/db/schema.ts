/**
 * Table shapes as Kysely sees them. Written once for SQLite and PostgreSQL: timestamps are
 * ISO 8601 UTC strings (`iso()`), which sort and compare the same way as text in both; JSON is
 * stored as text; booleans as 0/1 integers.
 */
import type { Generated } from 'kysely';
import type { BlockedUsersTable } from './tables/blocks.js';
import type {
  AccountsPeopleColumns,
  AuditChainsTable,
  AuditEventsTable,
  MembershipsTable,
  OneTimeLinksTable,
  RecoveryCodesTable,
  SessionsTable,
  SsoAttemptsTable,
  SsoConnectionsTable,
  UsersTable,
} from './tables/people.js';
import type {
  BatchesTable,
  ClientReferencesTable,
  ContactAppColumns,
  ContactsTable,
  ContactFormerAddressesTable,
  DispatchesTable,
  DispatchPacingTable,
  InboundMessagesTable,
  MessagesTable,
  ScheduledSendsTable,
  StatusReportsTable,
} from './tables/messaging.js';
import type { ConsentSettingsTable, MarketingConsentsTable, SuppressionsTable } from './tables/consent.js';
import type { ErasureContactsTable, ErasuresTable, SuppressionTombstonesTable } from './tables/privacy.js';
import type {
  DeliveryAttemptsTable,
  EventDeliveriesTable,
  EventsTable,
  MediaRegistrationsTable,
  MediaTable,
  MediaUsageTable,
  TemplateChangesTable,
  TemplateSyncsTable,
  TemplatesTable,
  WebhookEndpointsTable,
} from './tables/content.js';

export type * from './tables/messaging.js';
export type * from './tables/content.js';
export type * from './tables/blocks.js';
export type * from './tables/consent.js';
export type * from './tables/people.js';
export type * from './tables/privacy.js';

export interface AccountsTable extends AccountsPeopleColumns {
  id: string;
  name: string;
  waba_id: string;
  /** AES-256-GCM ciphertext (lib/crypto SecretBox). */
  access_token_enc: string;
  /** Per-account override of WHATSAPP_APP_SECRET, encrypted; null = the configured one. */
  app_secret_enc: string | null;
  /** 1 when the WABA lives in the simulator. */
  simulated: number;
  created_at: string;
  /** Days a customer's file is kept (docs/api.md §D17); null: for ever. */
  retain_customer_files_days: Generated<number | null>;
  /** Days a message's content is kept, its metadata staying; null: for ever. */
  retain_message_bodies_days: Generated<number | null>;
  /** Message bodies (and events) created before this (ISO) have been removed: the retention sweep's watermark. */
  bodies_removed_before: Generated<string | null>;
  /** Days events (with their deliveries and attempts) are kept (0030, docs/api.md §D17); 0: for ever; null: the default (30). */
  retain_events_days: Generated<number | null>;
  /** Days the platform's raw webhook payloads are kept; null: the default (30). */
  retain_platform_payloads_days: Generated<number | null>;
  /** Days after its last activity a contact is erased; null: never (the default). */
  retain_inactive_contacts_days: Generated<number | null>;
  /** Customer messages created before this (ISO) have had their raw payload cut: the payload sweep's watermark. */
  payloads_removed_before: Generated<string | null>;
}

export interface PhoneNumbersTable {
  /** The platform's phone number id (the sender), unique across the service. */
  phone_number_id: string;
  account_id: string;
  /** As the platform shows it, e.g. `15550783881` (digits) or `+1 555-078-3881`. */
  display_phone_number: string;
  /** Messages per second this number may send (its throughput tier), 1..1000. */
  throughput: number;
  /** `platform` (read from the Graph API or its upgrade webhook), `override` (set by an operator; never replaced), `default` (80 until the platform is asked). */
  throughput_source: Generated<'platform' | 'override' | 'default'>;
  /** When the tier was last read from the platform. */
  throughput_checked_at: string | null;
  created_at: string;
  /** What Direct Send does for this number, learned from the platform's answers (0015). */
  direct_send: Generated<'unknown' | 'enabled' | 'not_enabled' | 'blocked'>;
  /** When `direct_send` was last learned. */
  direct_send_checked_at: Generated<string | null>;
  /** The routed send (`msg_` id) probing Direct Send for the number, while `direct_send_probe_until` has not passed (0036). */
  direct_send_probe_id: Generated<string | null>;
  /** ISO: when the probe's lease ends (the clock's time); another send may then probe. */
  direct_send_probe_until: Generated<string | null>;
  /** The messaging limit the platform last told (`business_capability_update`, 0020): `TIER_2K`, `TIER_UNLIMITED`, `1000`…; null until told. */
  messaging_limit_tier: Generated<string | null>;
  /** The daily unique users that limit allows; null when unlimited or not told. */
  messaging_limit_users: Generated<number | null>;
  /** ISO: when the limit was told. */
  messaging_limit_updated_at: Generated<string | null>;
}

/** The account's standing as the platform's webhooks told it (0020, docs/platform.md §4.12–§4.14). */
export interface AccountSignalsTable {
  account_id: string;
  /** `restriction`, `ban`, `violation`, `alert`, `review`. */
  kind: 'restriction' | 'ban' | 'violation' | 'alert' | 'review';
  /** The alert type for `alert`; '' for the other kinds (one row each). */
  key: string;
  /** The latest signal of that kind and key, JSON (the API's AccountSignal without `receivedAt`). */
  value: string;
  /** ISO: the webhook entry's `time`, when given. */
  platform_at: string | null;
  /** ISO: when Tidings stored this value. */
  received_at: string;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  phone_number_id: string;
  mode: 'live' | 'test';
  /** Hex SHA-256 of the whole key. */
  key_hash: string;
  /** Last four characters, for display. */
  key_hint: string;
  /** JSON array of scopes. */
  scopes: string;
  /** Requests per second; null = the default (100/s). */
  rate_limit: number | null;
  created_at: string;
  revoked_at: string | null;
  /** The person who made it (`usr_…`); null: the operator, with the CLI (0026). */
  created_by: Generated<string | null>;
  /** ISO: when it was last used (written at most once a minute); null: never (0026). */
  last_used_at: Generated<string | null>;
  /** What its maker calls it; null: unnamed (0027). */
  name: Generated<string | null>;
}

/** A volume-based pricing tier notice of the platform, kept per account (0018; accounts/pricing-tiers.ts). */
export interface PricingTiersTable {
  /** `ptr_` id. */
  id: string;
  account_id: string;
  /** `YYYY-MM`. */
  effective_month: string;
  /** As the platform gave it: `UTILITY`, `AUTHENTICATION`… */
  pricing_category: string;
  /** As the platform gave it: `INDIA`… */
  region: string;
  /** As the platform gave it: `25000001:50000000`. */
  tier: string;
  /** The tier's bounds (messages a month) when `tier` reads `N:M` (`N:` leaves `tier_max` null); bigint: strings on PostgreSQL. */
  tier_min: number | string | null;
  tier_max: number | string | null;
  /** ISO: the notice's `tier_update_time`. */
  platform_updated_at: string | null;
  /** ISO: when Tidings stored this version of the row. */
  received_at: string;
}

export interface IdempotencyKeysTable {
  account_id: string;
  mode: 'live' | 'test';
  key: string;
  fingerprint: string;
  state: 'running' | 'done';
  response_status: number | null;
  response_headers: string | null;
  response_body: string | null;
  created_at: string;
}
export interface JobsTable {
  id: string;
  type: string;
  payload: string;
  run_at: string;
  attempts: Generated<number>;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
}

export interface Database {
  contacts: ContactsTable & ContactAppColumns;
  contact_former_addresses: ContactFormerAddressesTable;
  blocked_users: BlockedUsersTable;
  dispatches: DispatchesTable;
  dispatch_pacing: DispatchPacingTable;
  webhook_endpoints: WebhookEndpointsTable;
  events: EventsTable;
  event_deliveries: EventDeliveriesTable;
  delivery_attempts: DeliveryAttemptsTable;
  media: MediaTable;
  media_registrations: MediaRegistrationsTable;
  media_usage: MediaUsageTable;
  templates: TemplatesTable;
  template_changes: TemplateChangesTable;
  template_syncs: TemplateSyncsTable;
  accounts: AccountsTable;
  users: UsersTable;
  recovery_codes: RecoveryCodesTable;
  memberships: MembershipsTable;
  sessions: SessionsTable;
  one_time_links: OneTimeLinksTable;
  sso_connections: SsoConnectionsTable;
  sso_attempts: SsoAttemptsTable;
  audit_events: AuditEventsTable;
  audit_chains: AuditChainsTable;
  pricing_tiers: PricingTiersTable;
  account_signals: AccountSignalsTable;
  phone_numbers: PhoneNumbersTable;
  api_keys: ApiKeysTable;
  messages: MessagesTable;
  scheduled_sends: ScheduledSendsTable;
  batches: BatchesTable;
  client_references: ClientReferencesTable;
  inbound_messages: InboundMessagesTable;
  status_reports: StatusReportsTable;
  idempotency_keys: IdempotencyKeysTable;
  jobs: JobsTable;
  suppressions: SuppressionsTable;
  consent_settings: ConsentSettingsTable;
  marketing_consents: MarketingConsentsTable;
  erasures: ErasuresTable;
  erasure_contacts: ErasureContactsTable;
  suppression_tombstones: SuppressionTombstonesTable;
}
