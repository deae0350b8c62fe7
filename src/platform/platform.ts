/**
 * The platform, as the rest of the service sees it. The only implementation talks to the Graph
 * API over HTTP (`cloud-api/`); the simulator speaks the same Graph API, so tests run this very
 * code against it.
 */
import type { SenderCredentials } from '../accounts/account.service.js';

/** What to send, independent of the Graph API's JSON shape. Media joins later. */
export type OutboundContent =
  | { type: 'text'; body: string; previewUrl: boolean }
  | {
      type: 'template';
      name: string;
      language: string;
      /** The header's value: its placeholder's text, or the media registered for the sender. */
      header: { type: 'text'; text: string } | { type: 'image' | 'video' | 'document'; platformMediaId: string } | null;
      /** Values of the body placeholders, in order (positional parameters). */
      body: string[];
    }
  | {
      type: 'media';
      /** The platform's message type: image, video, audio, document or sticker. */
      kind: 'image' | 'video' | 'audio' | 'sticker' | 'document';
      /** The platform's media id, registered for the sending number. */
      platformMediaId: string;
      caption: string | null;
      /** Documents only: the name the recipient sees. */
      filename: string | null;
    };

export interface OutboundMessage {
  /** E.164 recipient (`+16505551234`). */
  to: string;
  content: OutboundContent;
  /** wamid to quote; the platform threads the message as a reply (`context.message_id`). */
  replyToWamid?: string;
  /**
   * Echoed back by the platform in every status webhook (`biz_opaque_callback_data`). The service
   * puts its `msg_` id here, so statuses can be tied to the message even when the send's response
   * was lost.
   */
  callbackData?: string;
}

export interface SendResult {
  /** The platform's message id (`wamid.…`). */
  wamid: string;
  /** The recipient's WhatsApp id as the platform normalised it (digits). */
  waId: string | null;
}

/**
 * What went wrong talking to the platform:
 * - `refused`: it answered with an error (bad parameter, policy, expired token…);
 * - `rate_limited`: it answered with a throughput, pair-rate or Graph rate limit error;
 * - `unavailable`: no usable answer (network error, timeout, 5xx without a platform error, or an
 *   error the platform itself calls transient).
 */
export type PlatformErrorKind = 'refused' | 'rate_limited' | 'unavailable';

export class PlatformError extends Error {
  override name = 'PlatformError';
  constructor(
    readonly kind: PlatformErrorKind,
    message: string,
    /** The platform's numeric error code (CLOUD_API.md §6.2), null when it gave none. */
    readonly code: number | null = null,
    /** `error_data.details`, when given. */
    readonly details: string | null = null,
    /** Seconds to wait before retrying, when the error says so. */
    readonly retryAfterSeconds: number | null = null,
    /** `error_subcode`, which template errors rely on (CLOUD_API.md §6.1). */
    readonly subcode: number | null = null,
  ) {
    super(message);
  }
}

/** A template as submitted for review (CLOUD_API.md §2.1): positional placeholders only. */
export interface TemplateSubmission {
  name: string;
  language: string;
  category: 'UTILITY';
  body: string;
  /** One example per body placeholder, in order. */
  bodyExamples: string[];
  header:
    | { type: 'text'; text: string; example: string | null }
    /** A media header: `handle` from the Resumable Upload API (CLOUD_API.md §2.6). */
    | { type: 'image' | 'video' | 'document'; handle: string }
    | null;
  footer: string | null;
}

/** What the platform says of a template. */
export interface PlatformTemplate {
  id: string;
  /** The platform's status: PENDING, APPROVED, REJECTED, … */
  status: string;
  /** UTILITY, or MARKETING when the platform re-categorised it. */
  category: string;
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
  /** Replaces a template's components and sends it back to review (CLOUD_API.md §2.4). @throws PlatformError */
  editTemplate(account: SenderCredentials, platformTemplateId: string, template: TemplateSubmission): Promise<void>;
  /** Deletes every language of a template name (CLOUD_API.md §2.5). @throws PlatformError */
  deleteTemplate(account: SenderCredentials, name: string): Promise<void>;
  /**
   * Registers a stored file with the platform for one business number (CLOUD_API.md §3): the id
   * can be sent from that number for 30 days. @throws PlatformError (131053 for a refused file).
   */
  uploadMedia(sender: SenderCredentials, file: { blob: Blob; filename: string; mimeType: string }): Promise<{ id: string }>;
  /**
   * Uploads a file through the Resumable Upload API and returns its handle, for a template's media
   * header example (CLOUD_API.md §2.6). @throws PlatformError
   */
  uploadHeaderHandle(account: SenderCredentials, appId: string, file: { blob: Blob; filename: string; mimeType: string }): Promise<string>;
  /** Releases connections. */
  close(): Promise<void>;
}
