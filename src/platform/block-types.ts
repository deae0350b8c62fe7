/** What the Block Users API answers, independent of the Graph API's JSON shape (platform.ts re-exports it). */

/**
 * One user's outcome in a Block Users API answer (docs/platform.md §4.17; Meta, "Block users",
 * developers.facebook.com/documentation/business-messaging/whatsapp/block-users/).
 */
export interface BlockUserOutcome {
  /** The `user` as sent: digits of a phone number, or a BSUID. */
  input: string;
  /** The platform's WhatsApp id of the user, when it gave one. */
  waId: string | null;
  /** Null when the user was blocked (unblocked); else the platform's first per-user error. */
  error: { code: number | null; message: string } | null;
}

/** A page of the number's blocklist (`GET /{phone-number-id}/block_users`). */
export interface BlockedUsersPage {
  /** WhatsApp ids (phone digits) of blocked users. */
  waIds: string[];
  /** The cursor of the next page, or null on the last. */
  after: string | null;
}
