/**
 * What the platform tells of a number shared with the WhatsApp Business app ("coexistence",
 * docs/platform.md §4.20–§4.21, docs/api.md §D32), parsed by `cloud-api/coexistence-payload.ts`
 * and handed by the intake to the messages feature (`Coexistence`): the app's past chats
 * (`history`), the app's address book (`smb_app_state_sync`), the business's edits and deletions
 * of its app messages (`smb_message_echoes` edit / revoke) and the purchases and leads the platform
 * detected in click-to-WhatsApp ad chats (`automatic_events`). Every update names its business
 * number (`metadata.phone_number_id`).
 */

/** One message of the app's past chats (`history[].threads[].messages[]`). */
export interface PlatformHistoryMessage {
  wamid: string;
  /** `inbound`: the customer wrote (`from` is the customer); `outbound`: the business did. */
  direction: 'inbound' | 'outbound';
  /** ISO 8601 (`timestamp`). */
  at: string;
  /** The platform's message type: text, image, … */
  type: string;
  /** The text, or a media caption. */
  text: string | null;
  /** `history_context.status` (a business message's last status: DELIVERED, READ…; PENDING, PLAYED…), as given. */
  status: string | null;
  /** The message object as received. */
  payload: unknown;
}

/** One chat of a history chunk: the customer (`threads[].id`, their number) and its messages. */
export interface PlatformHistoryThread {
  /** The customer's number, digits. */
  customer: string;
  messages: PlatformHistoryMessage[];
}

/**
 * One chunk of the app's past chats (`history[]`): its `metadata` (`phase` 0–2, `chunk_order`
 * from 1, `progress` 0–100) and threads. A chunk whose history sharing the business declined
 * carries `errors[]` instead (`declined`).
 */
export interface PlatformHistoryChunk {
  kind: 'history';
  phoneNumberId: string;
  phase: number | null;
  chunkOrder: number | null;
  progress: number | null;
  threads: PlatformHistoryThread[];
  /** `errors[]` of the chunk (the business declined to share its history: code 2593109), as given. */
  errors: { code: string | null; title: string | null }[];
}

/** One contact of the app's address book added, edited (`add`) or removed (`remove`) (`state_sync[]`). */
export interface PlatformAppContact {
  kind: 'app_contact';
  phoneNumberId: string;
  /** Digits (`contact.phone_number`). */
  phone: string;
  action: 'add' | 'remove';
  /** `contact.full_name` / `first_name` (absent on a removal). */
  fullName: string | null;
  firstName: string | null;
  /** ISO 8601 (`metadata.timestamp`). */
  at: string;
}

/** The business edited (`edit`) or deleted for everyone (`revoke`) a message it sent from the app. */
export interface PlatformEchoChange {
  kind: 'echo_edit' | 'echo_revoke';
  phoneNumberId: string;
  /** The echo's own wamid. */
  wamid: string;
  /** `original_message_id`: the message edited or revoked. */
  originalWamid: string;
  /** ISO 8601. */
  at: string;
  /** An edit's new text or caption (`edit.message`); null for a revoke. */
  text: string | null;
  /** The echo object as received. */
  payload: unknown;
}

/** A purchase or lead the platform detected in a click-to-WhatsApp ad chat (`automatic_events[]`). */
export interface PlatformAdEvent {
  kind: 'ad_event';
  phoneNumberId: string;
  /** `id`: the wamid of the message the platform detected it in. */
  wamid: string;
  /** `event_name`, as given: `Purchase`, `LeadSubmitted`. */
  eventName: string;
  /** ISO 8601 (`timestamp`). */
  at: string;
  /** `ctwa_clid`: the ad click; absent for ads in WhatsApp Status. */
  ctwaClid: string | null;
  /** A purchase's `custom_data`: the currency and the amount (the platform's `value` is the price × 1,000). */
  currency: string | null;
  value: number | null;
}

export type PlatformCoexistenceUpdate =
  | PlatformHistoryChunk
  | PlatformAppContact
  | PlatformEchoChange
  | PlatformAdEvent;
