/** Tables of templates, media and events (src/db/schema.ts gathers every table into `Database`). */
import type { Generated } from 'kysely';

export interface TemplatesTable {
  id: string;
  account_id: string;
  name: string;
  language: string;
  /** Current category: UTILITY, or MARKETING after the platform re-categorised it. */
  category: string;
  /** `paused` and `disabled` mirror the platform's PAUSED and DISABLED (docs/platform.md §2.8). */
  status: 'pending' | 'processing' | 'approved' | 'rejected' | 'paused' | 'disabled';
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
  /** JSON array of the template's buttons, or null for none (templates stored before 0009). */
  buttons: string | null;
  /** The platform's `message_send_ttl_seconds`, seconds; null for its default (30 days for utility). */
  time_to_live: Generated<number | null>;
  /** `tidings` (made here), `generated` (made by the platform for a Direct Send; read-only) or `platform` (made outside Tidings, imported by reconciliation). */
  source: Generated<'tidings' | 'generated' | 'platform'>;
  /** The platform's quality score: GREEN, YELLOW, RED or UNKNOWN. */
  quality: Generated<string>;
  /** JSON `{ pausedAt, title, description }` while the platform holds it paused; else null. */
  pause: Generated<string | null>;
  /** JSON `{ flaggedAt, disableDate }` while the platform has flagged it for disabling; else null. */
  flag: Generated<string | null>;
  /** JSON `{ category, effectiveAt, noticedAt }`: a category change the platform announced; null once made. */
  category_update: Generated<string | null>;
  /** The category before the platform last changed it; null when it never did. */
  previous_category: Generated<string | null>;
  /** The Template Library entry it was made from (docs/platform.md §5.3), or null. */
  library_template_name: Generated<string | null>;
  /** JSON of the library inputs given at create (`{ body?, buttons? }`), or null. */
  library_inputs: Generated<string | null>;
  /**
   * How the platform takes its values: `POSITIONAL` ({{1}}; every template made here) or `NAMED`
   * (imported from WhatsApp Manager; stored with {{1}}… and each variable's name, sent with
   * `parameter_name`, docs/platform.md §1.2).
   */
  parameter_format: Generated<'POSITIONAL' | 'NAMED'>;
}

/** Each account's reconciliation of its templates with the platform (templates/template-sync.ts). */
export interface TemplateSyncsTable {
  account_id: string;
  /** When the last reconciliation finished (ISO); null until one has. */
  synced_at: string | null;
  /** When the next periodic one is due (ISO); a process claims it by moving this on. */
  due_at: string;
}

/** One change in a template's life (GET /v1/templates/{id}/history). */
export interface TemplateChangesTable {
  /** `tch_` id; sorts by creation. */
  id: string;
  template_id: string;
  account_id: string;
  at: string;
  /** created, edited, submitted, approved, rejected, paused, unpaused, disabled, flagged, reinstated, quality_updated, category_update_scheduled, category_updated, imported, deleted, ttl_updated. */
  type: string;
  /** api, webhook, reconciliation or send. */
  source: string;
  /** JSON `{ status?: {from, to}, quality?: {from, to}, category?: {from, to} }`. */
  changes: string;
  /** JSON of what the platform said beside it (reason, title, description, disableDate, effectiveAt), or null. */
  detail: string | null;
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
  /** `upload` (POST /v1/media) or `inbound` (a customer's file, docs/api.md §D14). */
  source: Generated<'upload' | 'inbound'>;
}

/** Files stored per account, mode and source, kept in the transaction of every insert and delete of `media`. */
export interface MediaUsageTable {
  account_id: string;
  mode: 'live' | 'test';
  source: 'upload' | 'inbound';
  files: number;
  /** The sum of the files' `size_bytes`. */
  bytes: number;
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
  /** `tidings` (events, docs/api.md §D10) or `cloud_api` (a facade app: Meta's shapes, docs/api.md §D35; 0037). */
  format: Generated<'tidings' | 'cloud_api'>;
  /** A `cloud_api` endpoint's business number: it receives that number's updates only. */
  phone_number_id: Generated<string | null>;
  /** A `cloud_api` endpoint's verify token (the handshake's `hub.verify_token`), encrypted (SecretBox). */
  verify_token: Generated<string | null>;
}

export interface EventsTable {
  id: string;
  account_id: string;
  mode: 'live' | 'test';
  type: string;
  /** The event exactly as delivered (JSON), serialised once. */
  payload: string;
  created_at: string;
  /** The contact (`ct_`) the event is about, when it is about one (0029): what an erasure removes. */
  contact_id: Generated<string | null>;
  /** The business number the event is about (0037): a message's or customer message's; null otherwise. */
  phone_number_id: Generated<string | null>;
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
