/** What the simulator keeps: business numbers, customers, messages, templates, media, uploads, reads and tokens. */
export interface SimNumber {
  phoneNumberId: string;
  wabaId: string;
  displayPhoneNumber: string;
  /** Created by the control API before any token named its WABA: re-bound on first authorised use. */
  provisional?: boolean;
  /** docs/platform.md §7: STANDARD = 80 msg/s, HIGH = 1,000 msg/s. */
  throughputLevel?: 'STANDARD' | 'HIGH';
  /** Until when (ms) a throughput upgrade is under way: sends get 131057 meanwhile (docs/platform.md §7). */
  upgradingUntil?: number;
  /**
   * Direct Send eligibility (Meta's 2026 beta for allow-listed accounts; messages/direct-send.ts):
   * absent means `not_enabled`. Meta decides it per WABA; the simulator keeps it per number.
   */
  directSend?: DirectSendStatus;
  /**
   * The number's blocklist (block-users.routes.ts, docs/platform.md §4.17), by the user's BSUID:
   * the `wa_id` the platform answers with (phone digits, else the BSUID) and when (ms).
   */
  blocked?: Record<string, { waId: string; at: number }>;
  /**
   * Meta's agent mode (meta-agent.ts, docs/platform.md §4.18): when enabled, the agent holds every
   * customer's conversation but those the business took (`businessHolds`, by BSUID: since when, ms)
   * and answers each message with `reply`.
   */
  metaAgent?: { enabled: boolean; reply?: string; businessHolds?: Record<string, number> };
}

/** Whether a number may use Direct Send: allow-listed, not (the default), or blocked (139200). */
export type DirectSendStatus = 'enabled' | 'not_enabled' | 'blocked';
export const DIRECT_SEND_STATUSES: readonly DirectSendStatus[] = ['enabled', 'not_enabled', 'blocked'];

/** A WhatsApp user as the simulator knows them (docs/platform.md §4.9). */
export interface SimUser {
  /** Business-scoped user id, `US.1349…`. */
  userId: string;
  parentUserId: string | null;
  /** Digits; null for a user who only shows a username. */
  phone: string | null;
  username: string | null;
  name: string;
  /**
   * Set by `POST /_simulator/users/{user}/reachable` (reachability.ts): messages sent meanwhile get
   * `sent` and are held, undelivered, until the user is reachable again or their TTL passes.
   */
  unreachable?: boolean;
  /** WABAs the user stopped marketing messages from (`POST /_simulator/users/{user}/marketing`): their marketing templates fail with 131050. */
  marketingStoppedWabas?: string[];
}

export interface SimMessage {
  wamid: string;
  phoneNumberId: string;
  /** Digits of the phone number the message went to, or null when sent to a BSUID only. */
  to: string | null;
  /** The recipient's BSUID (the user's key: windows, conversations). */
  userId: string;
  /** The BSUID or parent BSUID the send addressed, when it used `recipient`. */
  recipient: string | null;
  type: string;
  body: unknown;
  callbackData: string | null;
  /** For template sends: the template's category, for pricing. */
  templateCategory?: string;
  /** Whether the customer service window was open when the message was taken (pricing). */
  windowOpen?: boolean;
  /** A Direct Send (a text or interactive message with `category`, messages/direct-send.ts). */
  directSend?: boolean;
  /** The template Meta generated for a Direct Send: status webhooks carry it as `template_id`. */
  templateId?: string;
  /** How long the platform retries the message when it cannot be delivered, s (ttl.ts). */
  ttlSeconds?: number;
  /** Sent to an unreachable user: no delivered/read until the user is reachable again (reachability.ts). */
  held?: boolean;
  /** When a held message's TTL runs out (ms, the simulator's clock). */
  expiresAt?: number;
  /** Dropped undelivered once its TTL passed (no webhook says so); `expiredAt` is when the TTL ran out. */
  expired?: boolean;
  expiredAt?: number;
  /** Statuses reported so far, in order. */
  statuses: string[];
  /** When the message was taken (ms, the system's time): what its status reports are timed from. */
  createdAt: number;
  /**
   * When the platform took the send (ms, the simulator's clock, as TTLs): what its pricing follows
   * (payloads.ts `pricingOf`). Absent on messages kept from before it was stamped: `createdAt`.
   */
  takenAt?: number;
}

export interface SimTemplate {
  id: string;
  wabaId: string;
  name: string;
  language: string;
  category: string;
  /** As submitted, before any re-categorisation (shown as `previous_category`). */
  previousCategory?: string;
  /**
   * The category an advance notice said the template will move to (`correct_category`,
   * docs/platform.md §2.7); cleared when the change happens.
   */
  correctCategory?: string;
  parameterFormat?: 'POSITIONAL' | 'NAMED';
  status: string;
  /** GREEN / YELLOW / RED once rated (docs/platform.md §2.8); UNKNOWN before. */
  qualityScore?: string;
  /** When the quality score last changed (ms; `quality_score.date`), absent until it did. */
  qualityScoreAt?: number;
  /**
   * The Template Library entry it was made from (`library_template_name`, templates/library.ts):
   * its content and category are fixed, it is never re-categorised.
   */
  libraryTemplateName?: string;
  /**
   * Creative optimizations as written at create or edit (docs/platform.md §0.1):
   * `{creative_features_spec: {image_touchups: {enroll_status: "OPT_IN"}, …}}`.
   */
  degreesOfFreedomSpec?: { creative_features_spec: Record<string, { enroll_status: string }> };
  /** Link tracking opted out, when given at create or edit. */
  ctaUrlLinkTrackingOptedOut?: boolean;
  components: Record<string, unknown>[];
  /** `message_send_ttl_seconds` as set at create or edit (ttl.ts); absent: the category's default. */
  messageSendTtlSeconds?: number;
  /** `AUTO_GENERATED` for a template Meta generated for Direct Send (templates/generated.ts). */
  source?: 'AUTO_GENERATED';
  /** A content-generated Direct Send template's content key (same content, same template). */
  directSendKey?: string;
  rejectedReason: string | null;
  /** ms of each edit, for the approved-template edit limits (docs/platform.md §2.4). */
  edits: number[];
  createdAt: number;
}

export interface SimMedia {
  id: string;
  phoneNumberId: string;
  mimeType: string;
  size: number;
  /** Hex SHA-256 of the bytes (the webhook shows it base64, see payloads.ts). */
  sha256: string;
  filename: string;
  expiresAt: number;
  /** `upload` (POST /media, 30 days) or `inbound` (a customer's file, 7 days). */
  source?: 'upload' | 'inbound';
}

export interface SimUpload {
  fileName: string;
  fileType: string;
  fileLength: number;
  offset: number;
  handle: string | null;
}

/** A mark-as-read call (mark-as-read-request.json) and whether it asked for a typing indicator. */
export interface SimRead {
  wamid: string;
  phoneNumberId: string;
  typingIndicator: string | null;
  at: number;
}

export interface SimToken {
  wabaIds: string[];
  expiresAt: number | null;
}
