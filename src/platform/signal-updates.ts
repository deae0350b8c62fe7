/**
 * The platform's webhook fields about the account and its numbers rather than about messages
 * (docs/platform.md §4.12–§4.16), and the fields Tidings does not handle, parsed by
 * `cloud-api/signal-payload.ts` and handed by the intake to the accounts feature (`AccountSignals`).
 * Every signal names the WABA (`entry[].id`) it came under; `at` is the entry's `time` (ISO), null
 * when the platform gave none.
 */

/** One restriction of an `account_update` ACCOUNT_RESTRICTION (`restriction_info[]`). */
export interface PlatformRestriction {
  /** `restriction_type`, as given: RESTRICTED_BIZ_INITIATED_MESSAGING, RESTRICTED_CUSTOMER_INITIATED_MESSAGING, RESTRICTED_ADD_PHONE_NUMBER_ACTION… */
  type: string;
  /** `expiration` (ISO), null when not given. */
  expiresAt: string | null;
}

/** A typed signal, or a change Tidings does not handle (`unknown`). */
export type PlatformSignal =
  | { kind: 'restriction'; wabaId: string; at: string | null; restrictions: PlatformRestriction[] }
  | { kind: 'ban'; wabaId: string; at: string | null; state: string; date: string | null }
  | { kind: 'violation'; wabaId: string; at: string | null; violationType: string }
  | {
      kind: 'alert';
      wabaId: string;
      at: string | null;
      /** `alert_type`, as given (OBA_APPROVED, INCREASED_CAPABILITIES_ELIGIBILITY_DEFERRED…). */
      type: string;
      severity: string | null;
      status: string | null;
      description: string | null;
      entityType: string | null;
      entityId: string | null;
    }
  | { kind: 'review'; wabaId: string; at: string | null; decision: string }
  | {
      kind: 'messaging_limit';
      wabaId: string;
      at: string | null;
      /** As given: `TIER_2K`, `TIER_UNLIMITED`, or a number (`1000`) from the older `max_daily_conversation_per_phone`. */
      tier: string;
      /** Unique customers reachable outside a service window per moving 24 h; null when unlimited or not readable. */
      dailyUsers: number | null;
      unlimited: boolean;
    }
  | {
      kind: 'unknown';
      wabaId: string;
      at: string | null;
      /** `value.metadata.phone_number_id` (or `value.phone_number_id`), when the value carries one. */
      phoneNumberId: string | null;
      /** The displayed business number it names, digits (`display_phone_number`), when it carries one. */
      displayPhoneNumber: string | null;
      field: string;
      /** The change's `value`, as received. */
      value: unknown;
    };

/**
 * A message the business sent from the WhatsApp Business app on a number shared with the API
 * (`smb_message_echoes`, "coexistence"; docs/platform.md §4.15).
 */
export interface PlatformEchoMessage {
  phoneNumberId: string;
  wamid: string;
  /** The customer's number, digits (`to`); null when only a BSUID is given. */
  to: string | null;
  /** `to_user_id`: the customer's BSUID, when given. */
  toUserId: string | null;
  /** ISO 8601. */
  at: string;
  /** The platform's message type: text, image, … */
  type: string;
  /** The text, or a media caption. */
  text: string | null;
  /** The echo object as received. */
  payload: unknown;
  /**
   * Who sent it: the WhatsApp Business app (`smb_message_echoes`, the default) or Meta Business
   * Agent (a `message_echoes[]` item under `standby`, docs/platform.md §4.18).
   */
  sender?: 'business_app' | 'meta_agent';
}

/**
 * A change of who holds a conversation (`messaging_handovers`, docs/platform.md §4.18): Meta's
 * `control_passed` (the thread was passed to this app) or `control_taken` (it was taken from this
 * app). The payload's field names are partly inferred (UNCONFIRMED, see docs/platform.md §4.18).
 */
export interface PlatformHandover {
  phoneNumberId: string;
  /** The customer's number, digits; null when only a BSUID is given. */
  waId: string | null;
  userId: string | null;
  /** ISO 8601: the notification's `timestamp`, else the entry's `time`. */
  at: string;
  type: 'control_passed' | 'control_taken';
  /** The roles as given (`ai_agent` is Meta Business Agent), null when absent. */
  previousRole: string | null;
  newRole: string | null;
  /** The free-form `metadata` the passing app gave, when any. */
  metadata: string | null;
}
