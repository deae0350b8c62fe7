/**
 * What happens to messages after they are accepted: the platform's status reports (sent,
 * delivered, read, failed; docs/api.md §D8), customers' messages, and the wamid a send's answer
 * brings. All of it runs inside a caller's unit of work and never refuses: the status machine
 * only moves forward, so any order and any repetition of reports end in the same state.
 */
import type { Tx } from '../db/store.js';
import type { EventService, NewEvent } from '../events/event.service.js';
import type { InboundMedia, InboundMediaOutcome, InboundMediaRequest } from '../media/inbound-download.js';
import type { MediaKind } from '../media/media-types.js';
import { iso, type Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import type { Owned, PlatformInboundMessage, PlatformStatusUpdate } from '../platform/updates.js';
import { messageStatusEvents } from './message-events.js';
import { toInboundMessage } from './message.mapper.js';
import * as dispatches from './send-queue.repository.js';
import * as repo from './message.repository.js';
import { waIdToE164 } from '../contacts/phone.js';
import { applyReport, type ReportedStatus, type StatusReport } from './status-machine.js';

/** Pricing categories of template messages (docs/platform.md §4.4): a status carrying one is a template send. */
const TEMPLATE_CATEGORIES = new Set(['marketing', 'utility', 'authentication', 'authentication-international', 'marketing_lite']);

/** Who a message's customer is: the contacts feature's lookup (its sightings are applied before, in the same unit). */
export interface ContactDirectory {
  /** The contact by phone number (E.164), else BSUID, else parent BSUID; null when none is stored. */
  contactIdOf(tx: Tx, who: { phoneNumberId: string; mode: 'live' | 'test'; phone: string | null; userId: string | null; parentUserId: string | null }): Promise<string | null>;
}

/** Message types that carry a file (docs/platform.md §4.5). */
const MEDIA_KINDS: ReadonlySet<string> = new Set<MediaKind>(['image', 'video', 'audio', 'document', 'sticker']);

/** The file a customer's message carries (`image{id, mime_type, sha256, filename?}`…), or null. */
function fileOf(m: PlatformInboundMessage): { id: string | null; mimeType: string | null; sha256: string | null; filename: string | null } | null {
  if (!MEDIA_KINDS.has(m.type)) return null;
  const object = (m.payload as Record<string, unknown> | null)?.[m.type];
  if (typeof object !== 'object' || object === null) return null;
  const { id, mime_type, sha256, filename } = object as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
  return { id: str(id), mimeType: str(mime_type), sha256: str(sha256), filename: str(filename) };
}

export interface MessageUpdatesOptions {
  events: EventService;
  clock: Clock;
  /** Who a message's customer is (contacts feature). */
  contacts: ContactDirectory;
  /** Downloads customers' files (media feature); its jobs are scheduled in the webhook's transaction. */
  inboundMedia: Pick<InboundMedia, 'schedule'>;
}

export class MessageUpdates {
  readonly #o: MessageUpdatesOptions;

  constructor(options: MessageUpdatesOptions) {
    this.#o = options;
  }

  /**
   * Applies the platform's status reports: each (wamid, status) is logged once, then applied to
   * its message, found by wamid; else by the `msg_` id echoed in `biz_opaque_callback_data` (a send
   * whose answer was lost); else a new `external` record (docs/api.md §D8). A few queries per call,
   * not per status.
   * @returns how many reports were new.
   */
  async applyStatuses(tx: Tx, statuses: Owned<PlatformStatusUpdate>[], now: string): Promise<number> {
    const unique = [...new Map(statuses.map((s) => [`${s.wamid} ${s.status}`, s])).values()];
    const inserted = await repo.insertStatusReports(
      tx,
      unique.map((s) => ({ wamid: s.wamid, status: s.status, at: s.at, error: s.error, callbackData: s.callbackData, createdAt: now })),
    );
    const fresh = unique.filter((s) => inserted.has(`${s.wamid} ${s.status}`));
    if (fresh.length === 0) return 0;

    const rows = new Map<string, repo.MessageRow>();
    for (const row of await repo.findMessagesForUpdate(tx, 'platform_message_id', [...new Set(fresh.map((s) => s.wamid))].sort())) rows.set(row.platform_message_id!, row);
    const changed = new Map<string, Partial<repo.MessageRow>>();
    const byCallback = fresh.filter((s) => !rows.has(s.wamid) && s.callbackData?.startsWith('msg_'));
    const linked: string[] = [];
    for (const candidate of await repo.findMessagesForUpdate(tx, 'id', [...new Set(byCallback.map((s) => s.callbackData!))].sort())) {
      const s = byCallback.find((x) => x.callbackData === candidate.id)!;
      if (candidate.account_id !== s.accountId || candidate.mode !== 'live' || candidate.platform_message_id !== null || rows.has(s.wamid)) continue;
      // The platform took the message though its answer has not come back (or never will: a
      // timeout): the wamid is adopted and the message leaves the send queue, never to be resent.
      const changes = { platform_message_id: s.wamid };
      rows.set(s.wamid, { ...candidate, ...changes });
      changed.set(candidate.id, changes);
      linked.push(candidate.id);
    }
    await dispatches.removeDispatches(tx, linked);
    const created: repo.MessageRow[] = [];
    for (const s of fresh) {
      if (rows.has(s.wamid)) continue;
      const phone = s.recipientId ? waIdToE164(s.recipientId) : null;
      const external: repo.NewMessage = {
        id: newId('msg'),
        accountId: s.accountId,
        mode: 'live',
        phoneNumberId: s.phoneNumberId,
        // Addressed as the platform names the recipient: the phone number, else the BSUID (docs/platform.md §4.9).
        to: phone ?? s.recipientUserId ?? s.recipientParentUserId!,
        contactId: await this.#o.contacts.contactIdOf(tx, { phoneNumberId: s.phoneNumberId, mode: 'live', phone, userId: s.recipientUserId, parentUserId: s.recipientParentUserId }),
        type: s.pricingCategory && TEMPLATE_CATEGORIES.has(s.pricingCategory) ? 'template' : null,
        source: 'external',
        platformMessageId: s.wamid,
        createdAt: now,
      };
      const row = repo.messageRow(external);
      rows.set(s.wamid, row);
      created.push(row);
    }
    const events: NewEvent[] = [];
    const reactions = await repo.latestReactions(tx, [...new Set(fresh.map((s) => s.wamid))].sort());
    for (const s of fresh) {
      const row = rows.get(s.wamid)!;
      const changes = applyReport(row, { status: s.status, at: s.at, error: s.error });
      if (!changes) continue;
      const before = { ...row };
      Object.assign(row, changes, { updated_at: now });
      changed.set(row.id, { ...changed.get(row.id), ...changes, updated_at: now });
      events.push(...messageStatusEvents(before, { ...row }, repo.reactionTo(reactions, row)));
    }
    // The records created here already carry their reports' changes: inserted as they now are.
    await repo.insertMessageRows(tx, created);
    const createdIds = new Set(created.map((r) => r.id));
    for (const [id, changes] of changed) if (!createdIds.has(id)) await repo.updateMessage(tx, id, changes);
    await this.#o.events.record(tx, events);
    return fresh.length;
  }

  /**
   * Records customers' messages, each once (by wamid), with a `message.received` event carrying
   * the `msg_` id of the message it replies to when Tidings sent that one. A message with a file is
   * stored with the file `pending` and its download scheduled; its event waits until the file is
   * stored or has failed (`settleInboundMedia`, docs/api.md §D14).
   * @returns how many were new.
   */
  async recordInbound(tx: Tx, messages: Owned<PlatformInboundMessage>[], now: string): Promise<number> {
    const contactIds: (string | null)[] = [];
    const files = new Map<string, NonNullable<ReturnType<typeof fileOf>>>();
    for (const m of messages) {
      const phone = m.from ? waIdToE164(m.from) : null;
      contactIds.push(await this.#o.contacts.contactIdOf(tx, { phoneNumberId: m.phoneNumberId, mode: 'live', phone, userId: m.userId, parentUserId: null }));
      const file = fileOf(m);
      if (file) files.set(m.wamid, file);
    }
    const stored = await repo.insertInboundMessages(
      tx,
      messages.map((m, i) => ({
        ...(files.has(m.wamid) ? (files.get(m.wamid)!.id ? { mediaStatus: 'pending' as const } : { mediaStatus: 'failed' as const, mediaFailure: 'media_download_failed' as const }) : {}),
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
    await this.recordReceivedEvents(tx, stored.filter((r) => r.media_status !== 'pending'));
    return stored.length;
  }

  /**
   * Settles the file of a customer's message (the media feature's download job calls it in the
   * transaction that keeps the file, or that gives up) and sends the message's `message.received`
   * event, which waited for it (docs/api.md §D14).
   * @returns false when the file was already settled (a job run twice): nothing changed.
   */
  async settleInboundMedia(tx: Tx, inboundMessageId: string, outcome: InboundMediaOutcome): Promise<boolean> {
    const row = await repo.settleInboundMedia(tx, inboundMessageId, outcome.status === 'stored' ? { mediaId: outcome.mediaId } : { failure: outcome.reason });
    if (!row) return false;
    await this.recordReceivedEvents(tx, [row]);
    return true;
  }

  /** `message.received` for each new customer message, with the `msg_` id of the message it replies to. */
  async recordReceivedEvents(tx: Tx, rows: repo.InboundRow[]): Promise<void> {
    if (rows.length === 0) return;
    const quoted = await repo.messageIdsByWamid(
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
        object: toInboundMessage(r, r.context_message_id ? (quoted.get(`${r.account_id} ${r.context_message_id}`) ?? null) : null),
      })),
    );
  }

  /**
   * Applies one status to one message by id (test-mode progression, a send refused by the
   * platform), with its events. Nothing happens to a message that is gone or of the other mode.
   */
  async applyToMessage(tx: Tx, messageId: string, report: StatusReport, mode?: 'live' | 'test'): Promise<void> {
    const row = await repo.findMessageForUpdate(tx, { id: messageId });
    if (!row || (mode && row.mode !== mode)) return;
    const after = await this.#apply(tx, row, report);
    const reactions = await repo.latestReactions(tx, after.platform_message_id ? [after.platform_message_id] : []);
    await this.#o.events.record(tx, messageStatusEvents(row, after, repo.reactionTo(reactions, after)));
  }

  /**
   * Records the platform's id on a sent message. Usually one lookup and one update. When a status
   * webhook overtook the send's answer: if it carried our id (`biz_opaque_callback_data`), the
   * intake already linked and updated the message; if it did not, it created an `external` record
   * for the wamid, which is folded into this message here, replaying its status reports.
   * @returns `attached`, or `duplicate` when the message already had another wamid (the platform
   *   took it twice; the first wamid stays).
   */
  async attachWamid(tx: Tx, messageId: string, wamid: string): Promise<'attached' | 'duplicate'> {
    // The common case in one statement: nothing knew the wamid yet.
    if (await repo.setFirstPlatformMessageId(tx, messageId, wamid)) return 'attached';
    const existing = await repo.findMessageForUpdate(tx, { platformMessageId: wamid });
    if (existing?.id === messageId) return 'attached';
    // A second copy: a status of the first send arrived only after the message was sent again.
    const current = await repo.findMessageForUpdate(tx, { id: messageId });
    if (!current || current.platform_message_id) return 'duplicate';
    if (existing && existing.source === 'external') await repo.deleteMessage(tx, existing.id);
    let row = (await repo.setPlatformMessageId(tx, messageId, wamid))!;
    if (!existing) return 'attached';
    const reactions = await repo.latestReactions(tx, [wamid]);
    for (const report of await repo.listStatusReports(tx, wamid)) {
      const before = row;
      row = await this.#apply(tx, row, {
        status: report.status as ReportedStatus,
        at: report.occurred_at,
        error: report.error_code ? { code: report.error_code, message: report.error_message ?? '' } : null,
      });
      await this.#o.events.record(tx, messageStatusEvents(before, row, repo.reactionTo(reactions, row)));
    }
    return 'attached';
  }

  /** The status machine plus the write; the row as it now is. */
  async #apply(tx: Tx, row: repo.MessageRow, report: StatusReport): Promise<repo.MessageRow> {
    const changes = applyReport(row, report);
    if (!changes) return row;
    const updated_at = iso(this.#o.clock.now());
    await repo.updateMessage(tx, row.id, { ...changes, updated_at });
    return { ...row, ...changes, updated_at };
  }
}
