/** Tables of messages both ways, their send queue and pacing, and contacts (src/db/schema.ts gathers every table into `Database`). */
import type { Generated } from 'kysely';

export interface MessagesTable {
  id: string;
  account_id: string;
  mode: 'live' | 'test';
  phone_number_id: string;
  /** As addressed: E.164 (`+` and digits), or a business-scoped user id (`US.1349…`, `US.ENT.1181…`). */
  recipient: string;
  /** The contact it went to (`ct_`); null for messages stored before contacts existed. */
  contact_id: string | null;
  type: 'template' | 'text' | 'media' | 'interactive' | 'location' | 'contacts' | 'reaction' | null;
  status: 'scheduled' | 'accepted' | 'sent' | 'delivered' | 'read' | 'failed' | 'canceled';
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
  /** A rich send's content (`{ interactive }`, `{ location }`, `{ contacts }`, `{ reaction }`) as JSON; null for other types. */
  content: string | null;
  error_code: string | null;
  error_message: string | null;
  sent_at: string | null;
  delivered_at: string | null;
  read_at: string | null;
  failed_at: string | null;
  created_at: string;
  updated_at: string;
  /** When retention removed its content (text, caption, rich content, template values); null while kept. */
  content_removed_at: Generated<string | null>;
  /** The batch (`bat_`) it was sent in; null for single sends. */
  batch_id: Generated<string | null>;
  /** The client's own reference (1–128 characters), unique per account and mode for 24 hours. */
  client_reference: Generated<string | null>;
  /** The `sendAt` it was scheduled for (ISO); null when sent at once. */
  scheduled_at: Generated<string | null>;
  /** When it was canceled (status `canceled`). */
  canceled_at: Generated<string | null>;
}

/** A scheduled message until its `send_at`, when it moves into its number's queue (`dispatches`). */
export interface ScheduledSendsTable {
  message_id: string;
  account_id: string;
  mode: 'live' | 'test';
  phone_number_id: string;
  recipient: string;
  /** JSON of `DispatchPayload`, as the queue entry will hold it. */
  payload: string;
  /** ISO: when it enters the queue. */
  send_at: string;
  /** The validity period, ms: the queue entry expires this long after `send_at`. */
  validity_ms: number;
  created_at: string;
}

/** One accepted batch send (POST /v1/messages/batch). */
export interface BatchesTable {
  id: string;
  account_id: string;
  mode: 'live' | 'test';
  phone_number_id: string;
  /** Items the request held. */
  items: number;
  /** Items accepted (messages stored). */
  accepted: number;
  /** The batch's `sendAt` (ISO), when it gave one. */
  send_at: string | null;
  source: 'api' | 'dashboard';
  created_at: string;
  /** When every message reached a final status (`batch.completed`). */
  completed_at: string | null;
}

/** A client reference in use (unique per account and mode for 24 hours). */
export interface ClientReferencesTable {
  account_id: string;
  mode: 'live' | 'test';
  reference: string;
  message_id: string;
  created_at: string;
}

export interface InboundMessagesTable {
  id: string;
  account_id: string;
  mode: 'live' | 'test';
  phone_number_id: string;
  /** The customer: E.164, or their business-scoped user id when the platform gave no phone number. */
  sender: string;
  /** The customer's contact (`ct_`); null for messages stored before contacts existed. */
  contact_id: string | null;
  /** When the business marked it read (POST /v1/inbound_messages/{id}/read). */
  read_at: string | null;
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
  /** The customer's file once stored (`med_` id); null until then, and for messages without one. */
  media_id: Generated<string | null>;
  /** `pending` (being downloaded), `stored`, `failed`, `deleted` (by DELETE or retention); null for messages without a file (docs/api.md §D14). */
  media_status: Generated<'pending' | 'stored' | 'failed' | 'deleted' | null>;
  /** Why the file could not be kept: `media_download_failed`, `media_hash_mismatch`, `media_too_large`, `media_not_downloaded`. */
  media_failure: Generated<'media_download_failed' | 'media_hash_mismatch' | 'media_too_large' | 'media_not_downloaded' | null>;
  /** When retention removed its content (text, what it carried); null while kept. */
  content_removed_at: Generated<string | null>;
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

/** A message waiting for (or in) its platform call: the send queue of its number (messages/dispatch/). */
export interface DispatchesTable {
  message_id: string;
  account_id: string;
  mode: 'live' | 'test';
  phone_number_id: string;
  /** E.164; a customer's messages are dispatched in acceptance order. */
  recipient: string;
  /**
   * The message's place among the recipient's queued messages (one more than the highest queued
   * when it was accepted): a customer's messages are dispatched in this order.
   */
  seq: number;
  /** JSON of `DispatchPayload`: the platform content, the file to register and the reply target. */
  payload: string;
  /** `queued` (waiting), `sending` (claimed by a process; its lease is `not_before`), `unknown` (the call got no answer; waiting for a status before resending). */
  state: 'queued' | 'sending' | 'unknown';
  attempts: Generated<number>;
  /** Not claimed before this time (ISO): a retry's backoff, a lease, or the reconciliation window. */
  not_before: string;
  /** The validity period's end (ISO): still here then, the message fails `validity_period_expired`. */
  expires_at: string;
  /** JSON `{ code, message }` of the last attempt's failure. */
  last_error: string | null;
  created_at: string;
}

/** The shared pace of one send lane (`live:<phone number id>`), for several processes on PostgreSQL. */
export interface DispatchPacingTable {
  lane: string;
  /** The next free send slot, ms since the epoch. */
  next_slot_at: number;
  /** Share of the tier in use, 0..1: halved on 130429, recovering linearly. */
  factor: number;
  /** When `factor` was last lowered, ms since the epoch. */
  slowed_at: number;
}

/** A customer of one business number in one mode (src/contacts/). */
export interface ContactsTable {
  id: string;
  account_id: string;
  phone_number_id: string;
  mode: 'live' | 'test';
  /** E.164, when known. */
  phone: string | null;
  /** Business-scoped user id (`US.13491208655302741918`), when known. */
  user_id: string | null;
  /** Parent business-scoped user id (`US.ENT.11815799212886844830`), when known. */
  parent_user_id: string | null;
  profile_name: string | null;
  username: string | null;
  /** When the customer last wrote (the platform's timestamp, ISO): the customer service window's start. */
  last_inbound_at: string | null;
  /** When the business last sent them a message (accepted, ISO). */
  last_outbound_at: string | null;
  /** The latest of the two, or when the contact was first seen: the list's order. */
  last_activity_at: string;
  created_at: string;
  updated_at: string;
  /**
   * The searchable words of the name, username and phone number, folded (lib/search-text.ts),
   * space-separated: what the search index holds. Written by the repository from those columns.
   */
  search_text: string;
}
