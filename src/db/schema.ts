/**
 * Table shapes as Kysely sees them. Written once for SQLite and PostgreSQL: timestamps are
 * ISO 8601 UTC strings (`iso()`), which sort and compare the same way as text in both; JSON is
 * stored as text; booleans as 0/1 integers.
 */
import type { Generated } from 'kysely';

export interface AccountsTable {
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
}

export interface PhoneNumbersTable {
  /** The platform's phone number id (the sender), unique across the service. */
  phone_number_id: string;
  account_id: string;
  /** As the platform shows it, e.g. `15550783881` (digits) or `+1 555-078-3881`. */
  display_phone_number: string;
  /** Messages per second this number may send (DECISIONS §5), 1..1000. */
  throughput: number;
  created_at: string;
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
}

export interface MessagesTable {
  id: string;
  account_id: string;
  mode: 'live' | 'test';
  phone_number_id: string;
  /** E.164, `+` and digits. */
  recipient: string;
  type: 'template' | 'text' | 'media' | null;
  status: 'accepted' | 'sent' | 'delivered' | 'read' | 'failed';
  /** The wamid; null until the platform accepted the send, and always null in test mode. */
  platform_message_id: string | null;
  /** `api` (sent through this service) or `external` (learned from platform statuses only). */
  /** `api`, `dashboard` (sent from the web dashboard), or `external` (known only from status reports). */
  source: 'api' | 'dashboard' | 'external';
  text: string | null;
  caption: string | null;
  media_id: string | null;
  template_id: string | null;
  reply_to: string | null;
  error_code: string | null;
  error_message: string | null;
  sent_at: string | null;
  delivered_at: string | null;
  read_at: string | null;
  failed_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface InboundMessagesTable {
  id: string;
  account_id: string;
  mode: 'live' | 'test';
  phone_number_id: string;
  /** The customer, E.164. */
  sender: string;
  platform_message_id: string;
  type: string;
  text: string | null;
  contact_name: string | null;
  /** wamid of the message the customer replied to, if any. */
  context_message_id: string | null;
  /** The platform's message object as received, JSON. */
  payload: string;
  /** When the customer sent it (the platform's timestamp). */
  sent_at: string;
  created_at: string;
}

/** Every status report the platform sent, once per (wamid, status): the dedupe and replay log. */
export interface StatusReportsTable {
  platform_message_id: string;
  status: string;
  occurred_at: string;
  error_code: string | null;
  error_message: string | null;
  callback_data: string | null;
  created_at: string;
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

export interface TemplatesTable {
  id: string;
  account_id: string;
  name: string;
  language: string;
  /** Current category: UTILITY, or MARKETING after the platform re-categorised it. */
  category: string;
  status: 'pending' | 'processing' | 'approved' | 'rejected';
  body: string;
  /** JSON array of `{ example, name? }`. */
  variables: string;
  /** JSON of the header object, or null. */
  header: string | null;
  footer: string | null;
  /** The platform's template id, once it acknowledged the submission. */
  platform_template_id: string | null;
  rejection_reason: string | null;
  approved_at: string | null;
  /** Why the last submission attempt did not reach the platform (pending templates). */
  submission_error: string | null;
  created_at: string;
  updated_at: string;
  /** Set by DELETE; the name stays reserved for 30 days from then. */
  deleted_at: string | null;
}

export interface MediaTable {
  id: string;
  account_id: string;
  mode: 'live' | 'test';
  /** For display only; never used as a path. */
  filename: string;
  mime_type: string;
  kind: 'image' | 'video' | 'audio' | 'sticker' | 'document';
  size_bytes: number;
  sha256: string;
  created_at: string;
}

export interface MediaRegistrationsTable {
  media_id: string;
  phone_number_id: string;
  platform_media_id: string;
  expires_at: string;
  created_at: string;
}

export interface WebhookEndpointsTable {
  id: string;
  account_id: string;
  /** Live endpoints receive live events; test endpoints test events. */
  mode: 'live' | 'test';
  url: string;
  /** JSON array of event types, or `["*"]` for all. */
  events: string;
  description: string | null;
  /** 1 or 0. */
  enabled: number;
  /** `requested` (turned off through the API) or `failing` (failed for three days). */
  disabled_reason: 'requested' | 'failing' | null;
  /** `whsec_…`, encrypted (SecretBox). */
  secret: string;
  /** The secret before the last roll, encrypted; signed with too until it expires. */
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  /** When the current run of failed attempts began; null after a success. */
  failing_since: string | null;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface EventsTable {
  id: string;
  account_id: string;
  mode: 'live' | 'test';
  type: string;
  /** The event exactly as delivered (JSON), serialised once. */
  payload: string;
  created_at: string;
}

export interface EventDeliveriesTable {
  id: string;
  event_id: string;
  endpoint_id: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempt_count: number;
  next_attempt_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface DeliveryAttemptsTable {
  id: string;
  delivery_id: string;
  attempted_at: string;
  status_code: number | null;
  duration_ms: number;
  /** The first 1 KB of the answer. */
  response_body: string | null;
  /** Why no answer was usable: timeout, connection error, refused address. */
  error: string | null;
}

export interface Database {
  webhook_endpoints: WebhookEndpointsTable;
  events: EventsTable;
  event_deliveries: EventDeliveriesTable;
  delivery_attempts: DeliveryAttemptsTable;
  media: MediaTable;
  media_registrations: MediaRegistrationsTable;
  templates: TemplatesTable;
  accounts: AccountsTable;
  phone_numbers: PhoneNumbersTable;
  api_keys: ApiKeysTable;
  messages: MessagesTable;
  inbound_messages: InboundMessagesTable;
  status_reports: StatusReportsTable;
  idempotency_keys: IdempotencyKeysTable;
  jobs: JobsTable;
}
