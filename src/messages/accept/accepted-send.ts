/**
 * A send checked and ready to store (`AcceptedSend`): its message, its customer as the send names
 * them, and its entry in the sender number's queue (with `sendAt`, among the scheduled sends), made
 * from what `MessageSender.check` found. Nothing is read or stored here.
 */
import type { ContactSighting } from '../../contacts/contact-updates.js';
import type { ResolvedRecipient } from '../../contacts/contact.service.js';
import type { AuthContext } from '../../http/access.js';
import { currentActing, type Acting } from '../../lib/actor.js';
import { iso } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { NewMessage } from '../record/message-rows.repository.js';
import { storedContent, type CheckedRoute } from '../record/routing.js';
import type * as dispatches from '../record/send-queue.repository.js';
import type { MessageSource, SendMessageBody } from '../schemas/send.schemas.js';
import type { PreparedRich } from './rich-send.js';
import type { Prepared } from './send-content.js';

/** How long a message may wait in the queue when the send does not say (`validityPeriod`, seconds): 4 hours. */
export const DEFAULT_VALIDITY_PERIOD_S = 4 * 60 * 60;

/**
 * A send checked and ready to store: the message, its customer as the send names them, its queue
 * entry, and with `sendAt` when that entry is made (the scheduled send's time and validity period).
 */
export interface AcceptedSend {
  message: NewMessage;
  sighting: ContactSighting;
  dispatch: dispatches.NewDispatch;
  scheduled: { sendAt: string; validityMs: number } | null;
  /** Who sent it, from which request: its audit entry's, when a group commit stores it with others' sends. */
  acting: Acting;
}

/** What a checked send is made of: the send as given, and what the checks found. */
export interface CheckedParts {
  auth: AuthContext;
  body: SendMessageBody;
  source: MessageSource;
  /** The batch the message belongs to (`bat_`). */
  batchId: string | undefined;
  /** Clock ms. */
  now: number;
  /** When a scheduled send goes (clock ms), null for one sent at once. */
  sendAt: number | null;
  recipient: ResolvedRecipient;
  prepared: Prepared;
  rich: PreparedRich | null;
  /** The quoted message: its wamid, or our `msg_` id until it has one. */
  quoted: { wamid: string | null; messageId: string } | null;
  route: CheckedRoute | null;
}

/** The message, customer and queue entry a checked send stores. */
export function acceptedSend(parts: CheckedParts): AcceptedSend {
  const { auth, body, source, batchId, now, sendAt, recipient, prepared, rich, quoted, route } = parts;
  const to = recipient.address;
  const message: NewMessage = {
    id: newId('msg', now),
    accountId: auth.accountId,
    mode: auth.mode,
    phoneNumberId: auth.phoneNumberId,
    to,
    type: body.type,
    source,
    text: body.type === 'text' ? body.text : null,
    caption: body.type === 'media' ? (body.caption ?? null) : null,
    mediaId: body.type === 'media' ? body.mediaId : null,
    templateId: prepared.templateId ?? null,
    replyTo: body.replyTo ?? null,
    // A template send keeps its values as given (the Message's `variables` and `buttons`).
    content: storedContent(
      rich?.stored ??
        (body.type === 'template' && (body.variables || body.buttons)
          ? JSON.stringify({ variables: body.variables ?? null, buttons: body.buttons ?? null })
          : null),
      route?.stored ?? null,
    ),
    batchId: batchId ?? null,
    clientReference: body.clientReference ?? null,
    scheduledAt: sendAt === null ? null : iso(sendAt),
    route: route ? 'auto' : null,
    createdAt: iso(now),
  };
  const payload: dispatches.DispatchPayload = {
    content: prepared.content,
    file: prepared.file && { id: prepared.file.id, mode: prepared.file.mode },
    replyTo: quoted ? (quoted.wamid ?? quoted.messageId) : null,
    ...(rich?.reactTo ? { reactTo: rich.reactTo } : {}),
    ...(route ? { route: route.payload } : {}),
    ...(prepared.timeToLive !== null ? { timeToLive: prepared.timeToLive } : {}),
    ...(prepared.templateId ? { templateId: prepared.templateId } : {}),
    ...(body.suppression === 'ignore' ? { suppression: 'ignore' as const, keyId: auth.keyId } : {}),
    ...(source === 'consent_reply' ? { confirmation: true as const } : {}),
  };
  const validityMs = (body.validityPeriod ?? DEFAULT_VALIDITY_PERIOD_S) * 1000;
  return {
    message,
    acting: currentActing(),
    sighting: {
      accountId: auth.accountId,
      phoneNumberId: auth.phoneNumberId,
      mode: auth.mode,
      name: null,
      username: null,
      at: message.createdAt,
      kind: 'outbound',
      phone: recipient.kind === 'phone' ? to : null,
      userId: recipient.kind === 'user_id' ? to : null,
      parentUserId: recipient.kind === 'parent_user_id' ? to : null,
    },
    dispatch: {
      messageId: message.id,
      accountId: auth.accountId,
      mode: auth.mode,
      phoneNumberId: auth.phoneNumberId,
      recipient: to,
      payload,
      expiresAt: iso((sendAt ?? now) + validityMs),
      createdAt: message.createdAt,
    },
    scheduled: sendAt === null ? null : { sendAt: iso(sendAt), validityMs },
  };
}
