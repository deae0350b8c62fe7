/**
 * Customers' messages, as the platform's webhooks bring them (docs/api.md §D8, §D14): each stored
 * once (by wamid) with its contact, its file's download scheduled, and its `message.received`
 * event, which for a message with a file waits until the file is stored or has failed. One that came
 * under `standby` is marked `heldBy: meta_agent` and says Meta's agent holds the conversation; one
 * under `messages` says the business does (docs/api.md §D30). Runs inside
 * the intake's unit of work and never refuses. What the platform reports of the messages Tidings
 * sent is status-reports.ts.
 */
import type { ContactUpdates } from '../../contacts/contact-updates.js';
import type { ConversationHolders } from '../../contacts/conversation-holders.js';
import { waIdToE164 } from '../../contacts/phone.js';
import type { Tx } from '../../db/store.js';
import type { EventService } from '../../events/event.service.js';
import { newId } from '../../lib/ids.js';
import type { InboundMedia, InboundMediaOutcome, InboundMediaRequest } from '../../media/inbound-download.js';
import type { MediaKind } from '../../media/media-types.js';
import type { Owned, PlatformInboundMessage } from '../../platform/updates.js';
import { toInboundMessage } from '../record/message.mapper.js';
import * as repo from '../record/message.repository.js';
import { messageIdsByWamid } from '../record/wamid.repository.js';

/** Message types that carry a file (docs/platform.md §4.5). */
const MEDIA_KINDS: ReadonlySet<string> = new Set<MediaKind>(['image', 'video', 'audio', 'document', 'sticker']);

/** The file a customer's message carries (`image{id, mime_type, sha256, filename?}`…), or null. */
function fileOf(
  m: PlatformInboundMessage,
): { id: string | null; mimeType: string | null; sha256: string | null; filename: string | null } | null {
  if (!MEDIA_KINDS.has(m.type)) return null;
  const object = (m.payload as Record<string, unknown> | null)?.[m.type];
  if (typeof object !== 'object' || object === null) return null;
  const { id, mime_type, sha256, filename } = object as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  return { id: str(id), mimeType: str(mime_type), sha256: str(sha256), filename: str(filename) };
}

export interface InboundUpdatesOptions {
  events: EventService;
  /** Who a message's customer is (contacts feature): its sighting was applied earlier in the same unit of work. */
  contacts: Pick<ContactUpdates, 'contactIdsOf'>;
  /** Downloads customers' files (media feature); its jobs are scheduled in the webhook's transaction. */
  inboundMedia: Pick<InboundMedia, 'schedule'>;
  /** Who holds each conversation (contacts feature), moved by where each message came (`standby` or `messages`). */
  holders: Pick<ConversationHolders, 'apply'>;
}

export class InboundUpdates {
  readonly #o: InboundUpdatesOptions;

  constructor(options: InboundUpdatesOptions) {
    this.#o = options;
  }

  /**
   * Records customers' messages, each once (by wamid), with a `message.received` event carrying
   * the `msg_` id of the message it replies to when Tidings sent that one. A message with a file is
   * stored with the file `pending` and its download scheduled; its event waits until the file is
   * stored or has failed (`settleInboundMedia`, docs/api.md §D14).
   * @returns how many were new.
   */
  async recordInbound(tx: Tx, messages: Owned<PlatformInboundMessage>[], now: string): Promise<number> {
    const contactIds = await this.#o.contacts.contactIdsOf(
      tx,
      messages.map((m) => ({
        phoneNumberId: m.phoneNumberId,
        mode: 'live' as const,
        phone: m.from ? waIdToE164(m.from) : null,
        userId: m.userId,
        parentUserId: null,
      })),
    );
    const files = new Map<string, NonNullable<ReturnType<typeof fileOf>>>();
    for (const m of messages) {
      const file = fileOf(m);
      if (file) files.set(m.wamid, file);
    }
    const stored = await repo.insertInboundMessages(
      tx,
      messages.map((m, i) => ({
        ...(files.has(m.wamid)
          ? files.get(m.wamid)!.id
            ? { mediaStatus: 'pending' as const }
            : { mediaStatus: 'failed' as const, mediaFailure: 'media_download_failed' as const }
          : {}),
        id: newId('in'),
        accountId: m.accountId,
        mode: 'live' as const,
        phoneNumberId: m.phoneNumberId,
        // The phone number when the platform gave one, else the BSUID (a username-only customer, docs/platform.md §4.9).
        from: m.from ? waIdToE164(m.from) : m.userId!,
        contactId: contactIds[i] ?? null,
        platformMessageId: m.wamid,
        type: m.type,
        text: m.text,
        contactName: m.contactName,
        contextWamid: m.contextWamid,
        payload: JSON.stringify(m.payload),
        sentAt: m.at,
        createdAt: now,
        ...(m.standby ? { heldBy: 'meta_agent' as const } : {}),
      })),
    );
    await this.#o.holders.apply(
      tx,
      messages.map((m, i) => ({
        contactId: contactIds[i] ?? null,
        at: m.at,
        ...(m.standby
          ? { holder: 'meta_agent' as const, reason: 'standby_message' as const }
          : { holder: 'business' as const, reason: 'messages_field' as const }),
      })),
    );
    const downloads: InboundMediaRequest[] = [];
    for (const row of stored) {
      if (row.media_status !== 'pending') continue;
      const file = files.get(row.platform_message_id)!;
      downloads.push({
        inboundMessageId: row.id,
        accountId: row.account_id,
        phoneNumberId: row.phone_number_id,
        platformMediaId: file.id!,
        kind: row.type as MediaKind,
        mimeType: file.mimeType,
        sha256: file.sha256,
        filename: file.filename,
      });
    }
    await this.#o.inboundMedia.schedule(tx, downloads);
    await this.recordReceivedEvents(
      tx,
      stored.filter((r) => r.media_status !== 'pending'),
    );
    return stored.length;
  }

  /**
   * Settles the file of a customer's message (the media feature's download job calls it in the
   * transaction that keeps the file, or that gives up) and sends the message's `message.received`
   * event, which waited for it (docs/api.md §D14).
   * @returns false when the file was already settled (a job run twice): nothing changed.
   */
  async settleInboundMedia(tx: Tx, inboundMessageId: string, outcome: InboundMediaOutcome): Promise<boolean> {
    const row = await repo.settleInboundMedia(
      tx,
      inboundMessageId,
      outcome.status === 'stored' ? { mediaId: outcome.mediaId } : { failure: outcome.reason },
    );
    if (!row) return false;
    await this.recordReceivedEvents(tx, [row]);
    return true;
  }

  /** `message.received` for each new customer message, with the `msg_` id of the message it replies to. */
  async recordReceivedEvents(tx: Tx, rows: repo.InboundRow[]): Promise<void> {
    if (rows.length === 0) return;
    const quoted = await messageIdsByWamid(
      tx,
      [...new Set(rows.map((r) => r.account_id))],
      [...new Set(rows.flatMap((r) => (r.context_message_id ? [r.context_message_id] : [])))],
    );
    await this.#o.events.record(
      tx,
      rows.map((r) => ({
        accountId: r.account_id,
        mode: r.mode,
        type: 'message.received' as const,
        phoneNumberId: r.phone_number_id,
        object: toInboundMessage(
          r,
          r.context_message_id ? (quoted.get(`${r.account_id} ${r.context_message_id}`) ?? null) : null,
        ),
      })),
    );
  }
}
