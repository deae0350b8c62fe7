/** Rows to the resources the API returns (and events carry): Message and InboundMessage. */
import type { InboundMessage, Message } from './message.schemas.js';
import type * as repo from './message.repository.js';

/** The Message resource of a stored message. */
export function toMessage(row: repo.MessageRow): Message {
  return {
    id: row.id,
    status: row.status,
    to: row.recipient,
    type: row.type,
    platformMessageId: row.platform_message_id,
    error: row.status === 'failed' ? { code: row.error_code ?? 'unknown', message: row.error_message ?? '' } : null,
    text: row.text,
    caption: row.caption,
    mediaId: row.media_id,
    templateId: row.template_id,
    replyTo: row.reply_to,
    source: row.source,
    sentAt: row.sent_at,
    deliveredAt: row.delivered_at,
    readAt: row.read_at,
    failedAt: row.failed_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...(row.mode === 'test' ? { testMode: true as const } : {}),
  };
}

const MEDIA_TYPES = new Set(['image', 'video', 'audio', 'document', 'sticker']);

/**
 * The InboundMessage resource of a stored customer message. Media metadata and the reply context
 * come from the platform's message object as received (CLOUD_API.md §4.5).
 * @param quotedMessageId the `msg_` id of the business message the customer replied to, when this
 *   service sent it (looked up by the caller from `context.id`).
 */
export function toInboundMessage(row: repo.InboundRow, quotedMessageId: string | null = null): InboundMessage {
  let payload: Record<string, any> = {};
  try {
    payload = JSON.parse(row.payload) ?? {};
  } catch {
    // Stored as received; a payload that is not JSON leaves only the columns.
  }
  const m = MEDIA_TYPES.has(row.type) && typeof payload[row.type] === 'object' ? payload[row.type] : null;
  const ctx = typeof payload.context === 'object' && payload.context !== null ? payload.context : null;
  const str = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    id: row.id,
    from: row.sender,
    contactName: row.contact_name,
    type: row.type,
    text: row.text,
    media: m ? { platformMediaId: str(m.id), mimeType: str(m.mime_type), sha256: str(m.sha256), filename: str(m.filename) } : null,
    context: ctx || row.context_message_id
      ? { platformMessageId: row.context_message_id, messageId: quotedMessageId, forwarded: ctx?.forwarded === true || ctx?.frequently_forwarded === true }
      : null,
    platformMessageId: row.platform_message_id,
    receivedAt: row.sent_at,
    ...(row.mode === 'test' ? { testMode: true as const } : {}),
  };
}
