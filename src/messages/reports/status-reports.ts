/**
 * What the platform reports of the messages Tidings sent (docs/api.md §D8): their statuses (sent,
 * delivered, read, failed), and the wamid a send's answer brings. All of it runs inside a caller's
 * unit of work and never refuses: the status machine (status-machine.ts) only moves forward, so
 * any order and any repetition of reports end in the same state. Customers' own messages are
 * inbound-updates.ts.
 */
import type { Logger } from 'pino';
import type { ContactUpdates } from '../../contacts/contact-updates.js';
import type { ConversationHolders, HolderChange } from '../../contacts/conversation-holders.js';
import { waIdToE164 } from '../../contacts/phone.js';
import type { Tx } from '../../db/store.js';
import type { EventService, NewEvent } from '../../events/event.service.js';
import { iso, type Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import type { WebhookIntakeRecorder } from '../../metrics/recorders.js';
import type { Owned, PlatformStatusUpdate } from '../../platform/updates.js';
import type { BatchProgress } from '../record/batch-progress.js';
import type { GeneratedTemplates } from '../../templates/generated-templates.js';
import { messageStatusEvents } from '../record/message-events.js';
import * as repo from '../record/message.repository.js';
import {
  insertMessageRows,
  messageRow,
  updateReportedFields,
  type NewMessage,
} from '../record/message-rows.repository.js';
import {
  setFirstPlatformMessageId,
  setFirstPlatformMessageIds,
  setPlatformMessageId,
} from '../record/wamid.repository.js';
import * as dispatches from '../record/send-queue.repository.js';
import { applyReport, type ReportedPricing, type ReportedStatus, type StatusReport } from '../record/status-machine.js';

/** Pricing categories of template messages (docs/platform.md §4.4): a status carrying one is a template send. */
const TEMPLATE_CATEGORIES = new Set([
  'marketing',
  'utility',
  'authentication',
  'authentication-international',
  'marketing_lite',
]);

export interface StatusReportsOptions {
  events: EventService;
  clock: Clock;
  /**
   * Who a message's customer is (contacts feature): the contact of a message sent outside
   * Tidings, whose sighting the intake applied earlier in the same unit of work.
   */
  contacts: Pick<ContactUpdates, 'contactIdsOf'>;
  /**
   * Told of statuses that name no message Tidings knows (neither by wamid nor by callback data)
   * and no recipient to record one sent outside Tidings by: they stay in the status log, applied
   * to nothing, logged (a warning) and counted. Told inside the unit of work, so a batch stored
   * again one delivery at a time may count one twice.
   */
  logger: Logger;
  metrics: Pick<WebhookIntakeRecorder, 'unmatchedStatuses'>;
  /** Completes the batches whose last message a report settled (`batch.completed`). */
  batches: Pick<BatchProgress, 'settled'>;
  /** The `tpl_` id of a Direct Send's generated template, its row made the first time (templates feature). */
  generatedTemplates: Pick<GeneratedTemplates, 'link'>;
  /** Who holds each conversation: a service message the platform sent takes it back from Meta's agent (docs/api.md §D30). */
  holders: Pick<ConversationHolders, 'apply'>;
}

/** A free-form message of the business the platform reported `sent`: the business holds its conversation (docs/api.md §D30). */
function serviceSent(row: repo.MessageRow | undefined, s: PlatformStatusUpdate): HolderChange[] {
  if (!row?.contact_id || s.status !== 'sent' || row.type === 'template') return [];
  if (row.source !== 'api' && row.source !== 'dashboard' && row.source !== 'consent_reply') return [];
  return [{ contactId: row.contact_id, holder: 'business', at: s.at, reason: 'service_message' }];
}

export class StatusReports {
  readonly #o: StatusReportsOptions;

  constructor(options: StatusReportsOptions) {
    this.#o = options;
  }

  /**
   * Applies the platform's status reports: each (wamid, status) is logged once, then applied to
   * its message, found by wamid; else by the `msg_` id echoed in `biz_opaque_callback_data` (a send
   * whose answer was lost); else a new `external` record (docs/api.md §D8) when the status names its
   * recipient; else it is only logged, and `unmatched` is told. A few queries per call, not per
   * status.
   * @returns how many reports were new.
   */
  async applyStatuses(tx: Tx, statuses: Owned<PlatformStatusUpdate>[], now: string): Promise<number> {
    const unique = [...new Map(statuses.map((s) => [`${s.wamid} ${s.status}`, s])).values()];
    const inserted = await repo.insertStatusReports(
      tx,
      unique.map((s) => ({
        wamid: s.wamid,
        status: s.status,
        at: s.at,
        error: s.error,
        callbackData: s.callbackData,
        pricing: s.pricing,
        createdAt: now,
      })),
    );
    const fresh = unique.filter((s) => inserted.has(`${s.wamid} ${s.status}`));
    if (fresh.length === 0) return 0;

    const rows = new Map<string, repo.MessageRow>();
    for (const row of await repo.findMessagesForUpdate(
      tx,
      'platform_message_id',
      [...new Set(fresh.map((s) => s.wamid))].sort(),
    ))
      rows.set(row.platform_message_id!, row);
    /** Ids of the stored messages to write back. */
    const changed = new Set<string>();
    const byCallback = fresh.filter((s) => !rows.has(s.wamid) && s.callbackData?.startsWith('msg_'));
    const linked: string[] = [];
    for (const candidate of await repo.findMessagesForUpdate(
      tx,
      'id',
      [...new Set(byCallback.map((s) => s.callbackData!))].sort(),
    )) {
      const s = byCallback.find((x) => x.callbackData === candidate.id)!;
      if (
        candidate.account_id !== s.accountId ||
        candidate.mode !== 'live' ||
        candidate.platform_message_id !== null ||
        rows.has(s.wamid)
      )
        continue;
      // The platform took the message though its answer has not come back (or never will: a
      // timeout): the wamid is adopted and the message leaves the send queue, never to be resent.
      const changes = { platform_message_id: s.wamid };
      rows.set(s.wamid, { ...candidate, ...changes });
      changed.add(candidate.id);
      linked.push(candidate.id);
    }
    await dispatches.removeDispatches(tx, linked);
    const created: repo.MessageRow[] = [];
    // Messages sent outside Tidings, one per wamid (as its first report that names the recipient
    // says), and their customers, in one lookup.
    const firstNamed = new Map<string, Owned<PlatformStatusUpdate>>();
    for (const s of fresh) {
      if (
        !rows.has(s.wamid) &&
        !firstNamed.has(s.wamid) &&
        (s.recipientId ?? s.recipientUserId ?? s.recipientParentUserId) !== null
      )
        firstNamed.set(s.wamid, s);
    }
    const externals = [...firstNamed.values()];
    const externalContacts = await this.#o.contacts.contactIdsOf(
      tx,
      externals.map((s) => ({
        phoneNumberId: s.phoneNumberId,
        mode: 'live' as const,
        phone: s.recipientId ? waIdToE164(s.recipientId) : null,
        userId: s.recipientUserId,
        parentUserId: s.recipientParentUserId,
      })),
    );
    const contactOf = new Map(externals.map((s, i) => [s.wamid, externalContacts[i] ?? null]));
    for (const s of externals) {
      const phone = s.recipientId ? waIdToE164(s.recipientId) : null;
      const external: NewMessage = {
        id: newId('msg'),
        accountId: s.accountId,
        mode: 'live',
        phoneNumberId: s.phoneNumberId,
        // Addressed as the platform names the recipient: the phone number, else the BSUID (docs/platform.md §4.9).
        to: phone ?? s.recipientUserId ?? s.recipientParentUserId!,
        contactId: contactOf.get(s.wamid) ?? null,
        type: s.pricing?.category && TEMPLATE_CATEGORIES.has(s.pricing.category) ? 'template' : null,
        source: 'external',
        platformMessageId: s.wamid,
        createdAt: now,
      };
      const row = messageRow(external);
      rows.set(s.wamid, row);
      created.push(row);
    }
    const unmatched = fresh.filter((s) => !rows.has(s.wamid));
    if (unmatched.length > 0) {
      this.#o.metrics.unmatchedStatuses(unmatched.length);
      this.#o.logger.warn(
        { count: unmatched.length, wamids: unmatched.slice(0, 20).map((s) => s.wamid) },
        'platform statuses name no known message and no recipient: kept in the status log only',
      );
    }
    const events: NewEvent[] = [];
    const reactions = await repo.latestReactions(tx, [...new Set(fresh.map((s) => s.wamid))].sort());
    for (const s of fresh) {
      const row = rows.get(s.wamid);
      if (!row) continue;
      if (s.templateId && row.delivered_as === 'direct_send' && !row.generated_template_id) {
        row.generated_template_id = await this.#o.generatedTemplates.link(tx, row.account_id, s.templateId);
        await repo.updateMessage(tx, row.id, { generated_template_id: row.generated_template_id });
      }
      const changes = applyReport(row, { status: s.status, at: s.at, error: s.error, pricing: s.pricing });
      if (!changes) continue;
      const before = { ...row };
      Object.assign(row, changes, { updated_at: now });
      changed.add(row.id);
      events.push(...messageStatusEvents(before, { ...row }, repo.reactionTo(reactions, row)));
    }
    // The records created here already carry their reports' changes: inserted as they now are;
    // the others are written in one statement, as the status machine left them.
    await insertMessageRows(tx, created);
    const createdIds = new Set(created.map((r) => r.id));
    const byId = new Map([...rows.values()].map((r) => [r.id, r]));
    await updateReportedFields(
      tx,
      [...changed].filter((id) => !createdIds.has(id)).map((id) => byId.get(id)!),
    );
    await this.#o.events.record(tx, events);
    await this.#o.holders.apply(
      tx,
      fresh.flatMap((s) => serviceSent(rows.get(s.wamid), s)),
    );
    await this.#o.batches.settled(
      tx,
      [...changed].map((id) => byId.get(id)!),
      now,
    );
    return fresh.length;
  }

  /**
   * Applies one status to one message by id (test-mode progression, a send refused by the
   * platform), with its events. Nothing happens to a message that is gone or of the other mode.
   */
  async applyToMessage(tx: Tx, messageId: string, report: StatusReport, mode?: 'live' | 'test'): Promise<void> {
    const row = await repo.findMessageForUpdate(tx, { id: messageId });
    if (!row || (mode && row.mode !== mode)) return;
    const after = await this.#apply(tx, row, report);
    if (after === row) return;
    const reactions = await repo.latestReactions(tx, after.platform_message_id ? [after.platform_message_id] : []);
    await this.#o.events.record(tx, messageStatusEvents(row, after, repo.reactionTo(reactions, after)));
    await this.#o.batches.settled(tx, [after], after.updated_at);
  }

  /**
   * `attachWamid` for many sends' answers: the common case (nothing knew the wamid yet) for all of
   * them in one statement, the rest one by one. @returns each answer's outcome, in order.
   */
  async attachWamids(tx: Tx, answers: { messageId: string; wamid: string }[]): Promise<('attached' | 'duplicate')[]> {
    const set = await setFirstPlatformMessageIds(
      tx,
      answers.map((a) => ({ id: a.messageId, wamid: a.wamid })),
    );
    const out: ('attached' | 'duplicate')[] = [];
    for (const a of answers)
      out.push(set.has(a.messageId) ? 'attached' : await this.attachWamid(tx, a.messageId, a.wamid));
    return out;
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
    if (await setFirstPlatformMessageId(tx, messageId, wamid)) return 'attached';
    const existing = await repo.findMessageForUpdate(tx, { platformMessageId: wamid });
    if (existing?.id === messageId) return 'attached';
    // A second copy: a status of the first send arrived only after the message was sent again.
    const current = await repo.findMessageForUpdate(tx, { id: messageId });
    if (!current || current.platform_message_id) return 'duplicate';
    if (existing && existing.source === 'external') await repo.deleteMessage(tx, existing.id);
    let row = (await setPlatformMessageId(tx, messageId, wamid))!;
    if (!existing) return 'attached';
    const reactions = await repo.latestReactions(tx, [wamid]);
    for (const report of await repo.listStatusReports(tx, wamid)) {
      const before = row;
      row = await this.#apply(tx, row, {
        status: report.status as ReportedStatus,
        at: report.occurred_at,
        error: report.error_code ? { code: report.error_code, message: report.error_message ?? '' } : null,
        pricing: report.pricing ? (JSON.parse(report.pricing) as ReportedPricing) : null,
      });
      await this.#o.events.record(tx, messageStatusEvents(before, row, repo.reactionTo(reactions, row)));
    }
    await this.#o.batches.settled(tx, [row], row.updated_at);
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
