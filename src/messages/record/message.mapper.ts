/** Rows to the resources the API returns (and events carry): Message and InboundMessage. */
import { flowReplyOf } from '../../platform/cloud-api/signal-payload.js';
import type { InboundMessage, Message } from '../schemas/message.schemas.js';
import type * as repo from './message.repository.js';

/**
 * The Message resource of a stored message.
 * @param reaction the customer's latest reaction to it (a `reaction` customer message), when looked
 *   up: `customerReaction` is then present (null when none, or when the latest removed it).
 */
export function toMessage(row: repo.MessageRow, reaction?: repo.InboundRow | null): Message {
  const rich = richContent(row);
  return {
    id: row.id,
    status: row.status,
    to: row.recipient,
    contactId: row.contact_id,
    type: row.type,
    platformMessageId: row.platform_message_id,
    error: row.status === 'failed' ? { code: row.error_code ?? 'unknown', message: row.error_message ?? '' } : null,
    text: row.text,
    caption: row.caption,
    mediaId: row.media_id,
    templateId: row.template_id,
    replyTo: row.reply_to,
    interactive: rich.interactive,
    location: rich.location,
    contacts: rich.contacts,
    reaction: rich.reaction,
    ...(row.type === 'template' ? { variables: rich.variables, buttons: rich.buttons } : {}),
    ...(reaction !== undefined ? { customerReaction: customerReaction(reaction) } : {}),
    source: row.source,
    sentAt: row.sent_at,
    deliveredAt: row.delivered_at,
    readAt: row.read_at,
    failedAt: row.failed_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    scheduledAt: row.scheduled_at,
    canceledAt: row.canceled_at,
    batchId: row.batch_id,
    clientReference: row.client_reference,
    route: row.route ?? 'free_form',
    deliveredAs: deliveredAs(row),
    fallback: rich.fallback,
    generatedTemplateId: row.generated_template_id,
    pricing: pricing(row),
    contentRemovedAt: row.content_removed_at,
    imported: row.imported === 1,
    editedAt: row.edited_at,
    edits: row.edits ? (JSON.parse(row.edits) as NonNullable<Message['edits']>) : [],
    revokedAt: row.revoked_at,
    suppressionOverride: row.suppression_override
      ? (JSON.parse(row.suppression_override) as { suppressionId: string; keyId: string })
      : null,
    ...(row.mode === 'test' ? { testMode: true as const } : {}),
  };
}

/**
 * The platform's pricing of the message, from its status reports (docs/platform.md §4.4); null
 * until a report priced it.
 */
function pricing(row: repo.MessageRow): Message['pricing'] {
  if (row.pricing_category === null && row.pricing_billable === null && row.pricing_model === null) return null;
  return {
    billable: row.pricing_billable === null ? null : row.pricing_billable === 1,
    model: row.pricing_model,
    category: row.pricing_category,
    type: row.pricing_type,
  };
}

/**
 * How a message went out: recorded by the dispatcher for routed sends; for the others it follows
 * from the type once the message left the queue (a template as a template, the rest as written).
 */
function deliveredAs(row: repo.MessageRow): Message['deliveredAs'] {
  if (row.delivered_as) return row.delivered_as;
  if (row.route === 'auto') return null;
  const left =
    row.platform_message_id !== null || row.status === 'sent' || row.status === 'delivered' || row.status === 'read';
  return left ? (row.type === 'template' ? 'template' : 'free_form') : null;
}

/**
 * The content a send kept (`{ interactive }`, `{ location }`…, a template's `{ variables, buttons }`),
 * each field null unless the type carries it; a template's values only on template messages.
 */
function richContent(
  row: repo.MessageRow,
): Pick<Message, 'interactive' | 'location' | 'contacts' | 'reaction' | 'variables' | 'buttons'> & {
  fallback: Message['fallback'];
} {
  let content: Record<string, any> = {};
  try {
    content = row.content ? (JSON.parse(row.content) ?? {}) : {};
  } catch {
    // Not JSON: nothing to show.
  }
  const rich = {
    interactive: content.interactive ?? null,
    location: content.location ?? null,
    contacts: content.contacts ?? null,
    reaction: content.reaction ?? null,
    fallback: content.fallback ?? null,
  };
  return row.type === 'template'
    ? { ...rich, variables: content.variables ?? null, buttons: content.buttons ?? null }
    : rich;
}

/** The customer's current reaction, from their latest reaction message: null when there is none or it removed the emoji. */
function customerReaction(row: repo.InboundRow | null): Message['customerReaction'] {
  if (!row) return null;
  const emoji = reactionOf(parse(row.payload))?.emoji ?? '';
  return emoji === '' ? null : { emoji, at: row.sent_at };
}

function parse(payload: string): Record<string, any> {
  try {
    return JSON.parse(payload) ?? {};
  } catch {
    return {};
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : null);
const num = (v: unknown) =>
  typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)) ? Number(v) : null;
const obj = (v: unknown): Record<string, any> | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, any>) : null;

function reactionOf(payload: Record<string, any>): { emoji: string; wamid: string } | null {
  const r = obj(payload.reaction);
  const wamid = str(r?.message_id);
  return r && wamid ? { emoji: str(r.emoji) ?? '', wamid } : null;
}

/**
 * What the customer tapped (docs/platform.md §4.5): `interactive.button_reply` / `list_reply`
 * `{id, title, description?}`, or a template quick reply's `button{payload, text}`.
 */
function replyOf(type: string, payload: Record<string, any>): InboundMessage['reply'] {
  if (type === 'button') {
    const b = obj(payload.button);
    return b ? { id: str(b.payload) ?? '', title: str(b.text) ?? '', description: null } : null;
  }
  if (type !== 'interactive') return null;
  const i = obj(payload.interactive);
  const r = obj(i?.button_reply) ?? obj(i?.list_reply);
  return r ? { id: str(r.id) ?? '', title: str(r.title) ?? '', description: str(r.description) } : null;
}

function locationOf(payload: Record<string, any>): InboundMessage['location'] {
  const l = obj(payload.location);
  const latitude = num(l?.latitude);
  const longitude = num(l?.longitude);
  return l && latitude !== null && longitude !== null
    ? { latitude, longitude, name: str(l.name), address: str(l.address), url: str(l.url) }
    : null;
}

/** The platform's contact cards in the API's shape (ContactCard); cards without a formatted name are left out. */
function contactsOf(payload: Record<string, any>): InboundMessage['contacts'] {
  if (!Array.isArray(payload.contacts)) return null;
  const defined = <T extends Record<string, unknown>>(o: T) =>
    Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as any;
  const list = (v: unknown) =>
    Array.isArray(v) ? v.map(obj).filter((x): x is Record<string, any> => x !== null) : undefined;
  return payload.contacts.flatMap((c: unknown) => {
    const card = obj(c);
    const name = obj(card?.name);
    const formatted = str(name?.formatted_name);
    if (!card || !name || !formatted) return [];
    const org = obj(card.org);
    return [
      defined({
        name: defined({
          formatted,
          first: str(name.first_name),
          last: str(name.last_name),
          middle: str(name.middle_name),
          prefix: str(name.prefix),
          suffix: str(name.suffix),
        }),
        phones: list(card.phones)
          ?.filter((p) => str(p.phone))
          .map((p) => defined({ phone: str(p.phone), type: str(p.type), waId: str(p.wa_id) })),
        emails: list(card.emails)
          ?.filter((e) => str(e.email))
          .map((e) => defined({ email: str(e.email), type: str(e.type) })),
        urls: list(card.urls)
          ?.filter((u) => str(u.url))
          .map((u) => defined({ url: str(u.url), type: str(u.type) })),
        org: org
          ? defined({ company: str(org.company), department: str(org.department), title: str(org.title) })
          : undefined,
        addresses: list(card.addresses)?.map((x) =>
          defined({
            street: str(x.street),
            city: str(x.city),
            state: str(x.state),
            zip: str(x.zip),
            country: str(x.country),
            countryCode: str(x.country_code),
            type: str(x.type),
          }),
        ),
        birthday: str(card.birthday) ?? undefined,
      }),
    ];
  });
}

const MEDIA_TYPES = new Set(['image', 'video', 'audio', 'document', 'sticker']);

/**
 * The InboundMessage resource of a stored customer message. Media metadata and the reply context
 * come from the platform's message object as received (docs/platform.md §4.5).
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
  return {
    id: row.id,
    from: row.sender,
    contactId: row.contact_id,
    contactName: row.contact_name,
    type: row.type,
    text: row.text,
    media: m
      ? {
          id: row.media_id,
          status: row.media_status ?? 'failed',
          failureReason:
            row.media_status === 'stored' || row.media_status === 'deleted'
              ? null
              : (row.media_failure ?? (row.media_status === 'pending' ? null : 'media_not_downloaded')),
          platformMediaId: str(m.id),
          mimeType: str(m.mime_type),
          sha256: str(m.sha256),
          filename: str(m.filename),
        }
      : null,
    // A reaction's target (`reaction.message_id`) is stored as its context: the message it answers.
    context:
      ctx || row.context_message_id
        ? {
            platformMessageId: row.context_message_id,
            messageId: quotedMessageId,
            forwarded: ctx?.forwarded === true || ctx?.frequently_forwarded === true,
          }
        : null,
    reply: replyOf(row.type, payload),
    location: row.type === 'location' ? locationOf(payload) : null,
    contacts: row.type === 'contacts' ? contactsOf(payload) : null,
    flowReply: row.type === 'interactive' ? flowReplyOf(payload) : null,
    reaction:
      row.type === 'reaction' && reactionOf(payload)
        ? {
            emoji: reactionOf(payload)!.emoji,
            messageId: quotedMessageId,
            platformMessageId: reactionOf(payload)!.wamid,
          }
        : null,
    heldBy: row.held_by ?? null,
    platformMessageId: row.platform_message_id,
    receivedAt: row.sent_at,
    readAt: row.read_at,
    contentRemovedAt: row.content_removed_at,
    imported: row.imported === 1,
    ...(row.mode === 'test' ? { testMode: true as const } : {}),
  };
}
