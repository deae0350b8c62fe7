/**
 * The platform, as the rest of the service sees it: the `Platform` interface, the credentials it
 * acts with, its errors and its media answers. What a send carries (the message and its content)
 * is `outbound-message.ts`. The only implementation talks to the Graph API over HTTP
 * (`cloud-api/`); the simulator speaks the same Graph API, so tests run this very code against it.
 */
import type { Readable } from 'node:stream';
import type {
  LibraryTemplate,
  LibraryTemplateSubmission,
  PlatformTemplate,
  PlatformTemplateDetail,
  PlatformTemplateListing,
  TemplateSubmission,
} from './template-types.js';

export * from './template-types.js';
export * from './block-types.js';
import type { BlockedUsersPage, BlockUserOutcome } from './block-types.js';
import type { OutboundMessage, SendResult } from './outbound-message.js';

/** What the platform adapter needs to act as one business number (kept by the accounts feature). */
export interface SenderCredentials {
  accountId: string;
  wabaId: string;
  phoneNumberId: string;
  displayPhoneNumber: string;
  /** Messages per second the number may send (its throughput tier). */
  throughput: number;
  accessToken: string;
  /** The account's own app secret, or null for the configured WHATSAPP_APP_SECRET. */
  appSecret: string | null;
}

/**
 * What went wrong talking to the platform:
 * - `refused`: it answered with an error (bad parameter, policy, expired token…);
 * - `rate_limited`: it answered with a throughput, pair-rate or Graph rate limit error;
 * - `unavailable`: no usable answer (network error, timeout, 5xx without a platform error, or an
 *   error the platform itself calls transient).
 */
export type PlatformErrorKind = 'refused' | 'rate_limited' | 'unavailable';

/** What a `PlatformError` knows beyond its kind and message; every field defaults to null (false). */
export interface PlatformErrorDetails {
  /** The platform's numeric error code (docs/platform.md §6.2; platform/graph-codes.ts). */
  code?: number | null;
  /** `error_data.details`, when given. */
  details?: string | null;
  /** Seconds to wait before retrying, when the error says so. */
  retryAfterSeconds?: number | null;
  /** `error_subcode`, which template errors rely on (docs/platform.md §6.1). */
  subcode?: number | null;
  /**
   * True when the request may have reached the platform and been acted on without an answer
   * coming back (a timeout or a connection lost after sending, a 5xx without a Graph error, a 200
   * without an id): repeating it may do the work twice. False when it surely was not acted on (it
   * was never sent, or the platform answered with an error).
   */
  maybeTaken?: boolean;
}

/**
 * A failed platform call. `new PlatformError('unavailable', 'Graph API POST … timed out', { maybeTaken: true })`;
 * errors the platform answered come from `platformErrorOf` (errors.ts), which reads the code's
 * kind and retry delay from the one table of Graph codes.
 */
export class PlatformError extends Error {
  override name = 'PlatformError';
  /** The platform's numeric error code, null when it gave none. */
  readonly code: number | null;
  readonly details: string | null;
  readonly retryAfterSeconds: number | null;
  readonly subcode: number | null;
  readonly maybeTaken: boolean;

  constructor(
    readonly kind: PlatformErrorKind,
    message: string,
    options: PlatformErrorDetails = {},
  ) {
    super(message);
    this.code = options.code ?? null;
    this.details = options.details ?? null;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
    this.subcode = options.subcode ?? null;
    this.maybeTaken = options.maybeTaken ?? false;
  }

  /** The same error, with some of its details changed. */
  with(changes: PlatformErrorDetails): PlatformError {
    const { code, details, retryAfterSeconds, subcode, maybeTaken } = this;
    return new PlatformError(this.kind, this.message, {
      code,
      details,
      retryAfterSeconds,
      subcode,
      maybeTaken,
      ...changes,
    });
  }
}

/** The platform's answer to `GET /{media-id}` (docs/platform.md §3). */
export interface PlatformMediaUrl {
  url: string;
  mimeType: string | null;
  /** As the platform gives it (hex, or base64 as in webhooks), or null. */
  sha256: string | null;
  /** Bytes, or null when not given. */
  fileSize: number | null;
}

/** A download under way: the body streams, nothing is buffered. */
export interface MediaDownload {
  body: Readable;
  /** `Content-Length`, when sent. */
  contentLength: number | null;
  contentType: string | null;
}

export interface Platform {
  /**
   * Sends one message as `sender`. Resolves once the platform accepted it (HTTP 200); delivery
   * is reported later through webhooks.
   * @throws PlatformError
   */
  sendMessage(sender: SenderCredentials, message: OutboundMessage): Promise<SendResult>;
  /**
   * Submits a template for review. @throws PlatformError (code 100 with subcode 2388024 when the
   * name and language exist, 2388023 while the name is reserved after a delete).
   */
  createTemplate(account: SenderCredentials, template: TemplateSubmission): Promise<PlatformTemplate>;
  /** The template with this name and language at the platform, or null. @throws PlatformError */
  findTemplate(account: SenderCredentials, name: string, language: string): Promise<PlatformTemplate | null>;
  /** Replaces a template's components and sends it back to review (docs/platform.md §2.4). @throws PlatformError */
  editTemplate(account: SenderCredentials, platformTemplateId: string, template: TemplateSubmission): Promise<void>;
  /**
   * Sets a template's time to live (docs/platform.md §5.2: `POST /{template-id}` with
   * `{message_send_ttl_seconds}`), on an approved template too. @throws PlatformError (100 out of range)
   */
  setTemplateTimeToLive(account: SenderCredentials, platformTemplateId: string, seconds: number): Promise<void>;
  /** A template by its platform id (`GET /{template-id}`), e.g. one the platform generated for a Direct Send. @throws PlatformError */
  getTemplate(account: SenderCredentials, platformTemplateId: string): Promise<PlatformTemplateDetail>;
  /** A template by its platform id with its lifecycle and content (`GET /{template-id}`), as `listTemplates` gives each. @throws PlatformError */
  readTemplate(account: SenderCredentials, platformTemplateId: string): Promise<PlatformTemplateListing>;
  /**
   * Every template of the account's WABA with its lifecycle and content (all pages of
   * `GET /{waba-id}/message_templates`, docs/platform.md §2.3): the reconciliation's input.
   * @throws PlatformError
   */
  listTemplates(account: SenderCredentials): Promise<PlatformTemplateListing[]>;
  /**
   * Creates a template from Meta's Template Library (`library_template_name` with its inputs,
   * docs/platform.md §5.3): approved at once, its category fixed. @throws PlatformError
   */
  createLibraryTemplate(account: SenderCredentials, template: LibraryTemplateSubmission): Promise<PlatformTemplate>;
  /** Meta's Template Library, filtered (`GET /message_template_library`, docs/platform.md §5.3). @throws PlatformError */
  browseTemplateLibrary(
    account: SenderCredentials,
    filter: { search?: string; topic?: string; usecase?: string; industry?: string; language?: string },
  ): Promise<LibraryTemplate[]>;
  /** Deletes every language of a template name (docs/platform.md §2.5). @throws PlatformError */
  deleteTemplate(account: SenderCredentials, name: string): Promise<void>;
  /**
   * Registers a stored file with the platform for one business number (docs/platform.md §3): the id
   * can be sent from that number for 30 days. @throws PlatformError (131053 for a refused file).
   */
  uploadMedia(
    sender: SenderCredentials,
    file: { blob: Blob; filename: string; mimeType: string },
  ): Promise<{ id: string }>;
  /**
   * Deletes a file registered with `uploadMedia` from the platform (docs/platform.md §3:
   * `DELETE /{media-id}?phone_number_id=`, answered `{"success": true}`). Deleting an id the
   * platform no longer knows (it forgets uploads after 30 days) is `refused` with its code.
   * @throws PlatformError
   */
  deleteMedia(sender: SenderCredentials, platformMediaId: string): Promise<void>;
  /**
   * Uploads a file through the Resumable Upload API and returns its handle, for a template's media
   * header example (docs/platform.md §2.6). @throws PlatformError
   */
  uploadHeaderHandle(
    account: SenderCredentials,
    appId: string,
    file: { blob: Blob; filename: string; mimeType: string },
  ): Promise<string>;
  /**
   * Where a customer's file can be downloaded (docs/platform.md §3: `GET /{media-id}?phone_number_id=`):
   * a URL that works 5 minutes, so ask again for every download.
   * @throws PlatformError (`refused` for an id the platform does not know or forgot: 7 days).
   */
  getMediaUrl(sender: SenderCredentials, platformMediaId: string): Promise<PlatformMediaUrl>;
  /**
   * Opens the download of a URL from `getMediaUrl`, with the account's token (docs/platform.md §3).
   * Resolves once the answer's headers are in; the caller reads or destroys `body`.
   * @throws PlatformError `unavailable` for no answer, a stale URL (404) or any other non-2xx.
   */
  downloadMedia(sender: SenderCredentials, url: string): Promise<MediaDownload>;
  /**
   * The number's throughput tier (`GET /{phone-number-id}?fields=throughput`, docs/platform.md §7):
   * the platform's level and what it means in messages/s (STANDARD 80, HIGH 1,000; null for a
   * level this service does not know). @throws PlatformError
   */
  getThroughput(sender: SenderCredentials): Promise<{ level: string; messagesPerSecond: number | null }>;
  /**
   * Marks a customer's message read (the blue ticks), optionally with a typing indicator
   * (docs/platform.md §1.1, `mark-as-read-request.json`; answered `{"success": true}`). Marking a
   * message read twice is harmless. @throws PlatformError (100 for a wamid the number did not receive)
   */
  markRead(sender: SenderCredentials, read: { wamid: string; typingIndicator: boolean }): Promise<void>;
  /**
   * Blocks up to 1,000 users of the number (`POST /{phone-number-id}/block_users` with
   * `{messaging_product, block_users: [{user}]}`; docs/platform.md §4.17). Only users who wrote in
   * the last 24 hours can be blocked; a blocklist holds at most 64,000. A partial failure (Meta's
   * error 139100 beside `block_users.failed_users`) resolves: each user's outcome says.
   * @param users phone numbers as digits (no `+`) or BSUIDs
   * @returns one outcome per user, in the order given
   * @throws PlatformError when the whole request failed (139101 blocklist full, 130429, auth…)
   */
  blockUsers(sender: SenderCredentials, users: string[]): Promise<BlockUserOutcome[]>;
  /**
   * Unblocks up to 1,000 users (`DELETE /{phone-number-id}/block_users`, same body; no 24-hour
   * rule). Answers per user as `blockUsers` does (`removed_users`, `failed_users`).
   * @throws PlatformError when the whole request failed
   */
  unblockUsers(sender: SenderCredentials, users: string[]): Promise<BlockUserOutcome[]>;
  /**
   * One page of the number's blocklist (`GET /{phone-number-id}/block_users?limit=&after=`, paged
   * with cursors). @throws PlatformError
   */
  listBlockedUsers(
    sender: SenderCredentials,
    page: { after?: string | null; limit?: number },
  ): Promise<BlockedUsersPage>;
  /** Releases connections. */
  close(): Promise<void>;
}

/** Messages/s of the platform's throughput levels (docs/platform.md §7). */
export const THROUGHPUT_LEVELS: Readonly<Record<string, number>> = { STANDARD: 80, HIGH: 1000 };
