/**
 * What the platform tells the service through its webhooks (docs/platform.md §4), parsed into typed
 * updates (`cloud-api/webhook-payload.ts`) that the intake (`intake.ts`) hands to each feature.
 */

/** A status the platform reported for a message sent from a business number. */
export interface PlatformStatusUpdate {
  phoneNumberId: string;
  wamid: string;
  status: 'sent' | 'delivered' | 'read' | 'failed';
  /** ISO 8601. */
  at: string;
  /** `recipient_id`: digits; may be absent for a message sent to a BSUID (docs/platform.md §4.9). */
  recipientId: string | null;
  /** `recipient_user_id`: the recipient's BSUID, when given. */
  recipientUserId: string | null;
  /** `recipient_parent_user_id`, when given. */
  recipientParentUserId: string | null;
  error: { code: string; message: string } | null;
  /** `biz_opaque_callback_data`: the `msg_` id when this service sent the message. */
  callbackData: string | null;
  /** `pricing.category`, when given. */
  pricingCategory: string | null;
}

/** A customer's message to a business number. */
export interface PlatformInboundMessage {
  phoneNumberId: string;
  wamid: string;
  /** Digits (`from`); null for a customer who shows only a username (docs/platform.md §4.9). */
  from: string | null;
  /** The customer's BSUID (`contacts[].user_id`, or `from_user_id` when there is no `from`). */
  userId: string | null;
  /** ISO 8601. */
  at: string;
  type: string;
  /** The text, a button's text, a reply button's or list row's title, or a media caption. */
  text: string | null;
  contactName: string | null;
  /** The wamid of the message the customer replied to (a reaction: the message reacted to). */
  contextWamid: string | null;
  /** The platform's message object as received. */
  payload: unknown;
}

/**
 * A customer as a messages webhook names them (docs/platform.md §4.5, §4.9): by phone number (`wa_id`,
 * `from`, `recipient_id`) and/or business-scoped user id, with the profile the platform showed.
 * One per customer message and per status report; the contacts feature keeps its contacts by them.
 */
export interface PlatformContactUpdate {
  phoneNumberId: string;
  /** Digits. */
  waId: string | null;
  userId: string | null;
  parentUserId: string | null;
  name: string | null;
  username: string | null;
  /** ISO 8601: when the message was sent or the status happened. */
  at: string;
  /** `inbound`: the customer wrote (their service window opens); `status`: a report on a business message. */
  kind: 'inbound' | 'status';
}

/** A review, status change or re-categorisation of a template (`message_template_status_update`, `template_category_update`). */
export type PlatformTemplateUpdate =
  | { kind: 'status'; platformTemplateId: string; event: string; reason: string | null; category: string | null }
  | { kind: 'category'; platformTemplateId: string; newCategory: string | null; previousCategory: string | null };

/**
 * A change of a business number (`phone_number_quality_update`, docs/platform.md §7): a throughput
 * upgrade (`THROUGHPUT_UPGRADE`), a quality flag, a messaging limit change. The platform names the
 * number by its display number under the WABA's entry.
 */
export interface PlatformNumberUpdate {
  /** The WABA (`entry[].id`). */
  wabaId: string;
  /** As displayed (`display_phone_number`). */
  displayPhoneNumber: string;
  /** `THROUGHPUT_UPGRADE`, `FLAGGED`, `UNFLAGGED`, `UPGRADE`, `DOWNGRADE`, … */
  event: string;
}

/** Everything one webhook delivery carried. */
export interface PlatformUpdates {
  statuses: PlatformStatusUpdate[];
  inbound: PlatformInboundMessage[];
  contacts: PlatformContactUpdate[];
  templates: PlatformTemplateUpdate[];
  numbers: PlatformNumberUpdate[];
}

/** An update of a business number, with the account that owns the number. */
export type Owned<T> = T & { accountId: string };
