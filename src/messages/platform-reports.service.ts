/**
 * What the platform reports through its webhooks (statuses of sent messages, customers' messages),
 * stored durably and applied to messages (DECISIONS §8, §11).
 */
import type { Logger } from 'pino';
import type { AccountService } from '../accounts/account.service.js';
import type { Db } from '../db/connect.js';
import type { GroupCommit } from '../db/group-commit.js';
import type { MessagesTable } from '../db/schema.js';
import { iso, type Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import type { PlatformTemplateUpdate, TemplateService } from '../templates/template.service.js';
import * as repo from './message.repository.js';
import { waIdToE164 } from './phone.js';
import { INITIAL_STATUS, applyReport, type ReportedStatus } from './status-machine.js';
import type { EventService, NewEvent } from '../events/event.service.js';
import { messageStatusEvents } from './message-events.js';
import { toInboundMessage } from './message.mapper.js';

/** A status the platform reported, parsed from a webhook (`platform/cloud-api/webhook-payload.ts`). */
export interface PlatformStatusUpdate {
  phoneNumberId: string;
  wamid: string;
  status: ReportedStatus;
  /** ISO 8601. */
  at: string;
  /** `recipient_id`: digits. */
  recipientId: string;
  error: { code: string; message: string } | null;
  /** `biz_opaque_callback_data`: the `msg_` id when this service sent the message. */
  callbackData: string | null;
  /** `pricing.category`, when given. */
  pricingCategory: string | null;
}

/** A customer's message, parsed from a webhook. */
export interface PlatformInboundMessage {
  phoneNumberId: string;
  wamid: string;
  /** Digits (`from`). */
  from: string;
  at: string;
  type: string;
  text: string | null;
  contactName: string | null;
  contextWamid: string | null;
  payload: unknown;
}

export interface PlatformBatch {
  statuses: PlatformStatusUpdate[];
  inbound: PlatformInboundMessage[];
  /** Template reviews and re-categorisations (`message_template_status_update`, `template_category_update`). */
  templates: PlatformTemplateUpdate[];
}

/**
 * `error.code` of a live message whose send got no usable answer (network error, timeout). The
 * platform may still have taken it; if it later reports on the message (recognised by
 * `biz_opaque_callback_data`), the message is revived and follows those reports.
 */
export const UNANSWERED_SEND_CODE = 'platform_unavailable';

export interface PlatformReportServiceOptions {
  writes: GroupCommit;
  /** message.* events, recorded in the same transaction as the reports. */
  events: EventService;
  templates: TemplateService;
  clock: Clock;
  accounts: AccountService;
  logger: Logger;
}

export class PlatformReportService {
  readonly #o: PlatformReportServiceOptions;

  constructor(options: PlatformReportServiceOptions) {
    this.#o = options;
  }

  /**
   * Stores what one platform webhook delivery reported, in one transaction: the caller answers
   * 200 only after this resolves. Idempotent (a status is applied once per wamid and status; an
   * inbound message once per wamid) and order-independent (the status machine only moves forward).
   * Updates for numbers no account owns are skipped and logged. A few queries per batch, not per
   * status: statuses are stored, matched to messages and inserted in bulk.
   */
  async ingestPlatformBatch(batch: PlatformBatch): Promise<{ statuses: number; inbound: number; templates: number; skipped: number }> {
    const owners = new Map<string, string | null>();
    for (const id of new Set([...batch.statuses, ...batch.inbound].map((x) => x.phoneNumberId))) {
      owners.set(id, (await this.#o.accounts.accountForPhoneNumber(id))?.accountId ?? null);
    }
    const statuses = batch.statuses.filter((s) => owners.get(s.phoneNumberId) !== null);
    const inbound = batch.inbound.filter((m) => owners.get(m.phoneNumberId) !== null);
    const skipped = batch.statuses.length + batch.inbound.length - statuses.length - inbound.length;
    if (skipped > 0) this.#o.logger.warn({ skipped }, 'platform webhook named phone numbers that no account owns');

    return this.#o.writes.run(async (trx) => {
      const now = iso(this.#o.clock.now());
      const fresh = await this.#storeStatusReports(trx, statuses, now);
      await this.#applyPlatformStatuses(trx, fresh, owners, now);
      const inboundRows = inbound.map(
        (m): repo.InboundRow => ({
          id: newId('in'),
          account_id: owners.get(m.phoneNumberId)!,
          mode: 'live' as const,
          phone_number_id: m.phoneNumberId,
          sender: waIdToE164(m.from),
          platform_message_id: m.wamid,
          type: m.type,
          text: m.text,
          contact_name: m.contactName,
          context_message_id: m.contextWamid,
          payload: JSON.stringify(m.payload),
          sent_at: m.at,
          created_at: now,
        }),
      );
      const stored = await repo.insertInboundMessages(trx, inboundRows);
      await this.#recordInboundEvents(trx, inboundRows.filter((r) => stored.has(r.platform_message_id)));
      const templates = await this.#o.templates.applyPlatformUpdates(trx, batch.templates, now);
      return { statuses: fresh.length, inbound: stored.size, templates, skipped };
    });
  }

  /** Logs each (wamid, status) once; returns the reports not seen before. */
  async #storeStatusReports(trx: Db, statuses: PlatformStatusUpdate[], now: string): Promise<PlatformStatusUpdate[]> {
    const unique = new Map(statuses.map((s) => [`${s.wamid} ${s.status}`, s]));
    const inserted = await repo.insertStatusReports(
      trx,
      [...unique.values()].map((s) => ({
        platform_message_id: s.wamid,
        status: s.status,
        occurred_at: s.at,
        error_code: s.error?.code ?? null,
        error_message: s.error?.message ?? null,
        callback_data: s.callbackData,
        created_at: now,
      })),
    );
    return [...unique.values()].filter((s) => inserted.has(`${s.wamid} ${s.status}`));
  }

  /**
   * Applies new status reports to their messages: found by wamid; else by the `msg_` id echoed in
   * `biz_opaque_callback_data` (a send whose answer was lost); else a new `external` record.
   */
  async #applyPlatformStatuses(trx: Db, fresh: PlatformStatusUpdate[], owners: Map<string, string | null>, now: string): Promise<void> {
    if (fresh.length === 0) return;
    const rows = new Map<string, repo.MessageRow>();
    for (const row of await repo.findMessagesForUpdate(trx, 'platform_message_id', [...new Set(fresh.map((s) => s.wamid))].sort())) {
      rows.set(row.platform_message_id!, row);
    }
    const changed = new Map<string, Partial<repo.MessageRow>>();
    const byCallback = fresh.filter((s) => !rows.has(s.wamid) && s.callbackData?.startsWith('msg_'));
    for (const candidate of await repo.findMessagesForUpdate(trx, 'id', [...new Set(byCallback.map((s) => s.callbackData!))].sort())) {
      const s = byCallback.find((x) => x.callbackData === candidate.id)!;
      if (candidate.account_id !== owners.get(s.phoneNumberId) || candidate.mode !== 'live' || candidate.platform_message_id !== null || rows.has(s.wamid)) continue;
      // The send's answer never came back (timeout), yet the platform took the message: its
      // local "failed" was a guess, so the platform's own reports win.
      const revive = candidate.status === 'failed' && candidate.error_code === UNANSWERED_SEND_CODE;
      const changes = { platform_message_id: s.wamid, ...(revive ? { status: 'accepted' as const, failed_at: null, error_code: null, error_message: null } : {}) };
      rows.set(s.wamid, { ...candidate, ...changes });
      changed.set(candidate.id, changes);
    }
    const created: repo.MessageRow[] = [];
    for (const s of fresh) {
      if (rows.has(s.wamid)) continue;
      const row = externalMessage(s, owners.get(s.phoneNumberId)!, now);
      rows.set(s.wamid, row);
      created.push(row);
    }
    const events: NewEvent[] = [];
    for (const s of fresh) {
      const row = rows.get(s.wamid)!;
      const changes = applyReport(row, { status: s.status, at: s.at, error: s.error });
      if (!changes) continue;
      const before = { ...row };
      Object.assign(row, changes, { updated_at: now });
      changed.set(row.id, { ...changed.get(row.id), ...changes, updated_at: now });
      events.push(...messageStatusEvents(before, { ...row }));
    }
    await repo.insertMessages(trx, created);
    const createdIds = new Set(created.map((r) => r.id));
    for (const [id, changes] of changed) if (!createdIds.has(id)) await repo.updateMessage(trx, id, changes);
    await this.#o.events.record(trx, events);
  }

  /** `message.received` for each new customer message, with the `msg_` id of the message it replies to. */
  async #recordInboundEvents(trx: Db, rows: repo.InboundRow[]): Promise<void> {
    if (rows.length === 0) return;
    const quoted = await repo.messageIdsByWamid(
      trx,
      [...new Set(rows.map((r) => r.account_id))],
      [...new Set(rows.flatMap((r) => (r.context_message_id ? [r.context_message_id] : [])))],
    );
    await this.#o.events.record(
      trx,
      rows.map((r) => ({
        accountId: r.account_id,
        mode: r.mode,
        type: 'message.received' as const,
        object: toInboundMessage(r, r.context_message_id ? (quoted.get(`${r.account_id} ${r.context_message_id}`) ?? null) : null),
      })),
    );
  }
}

/** A record for a message the platform reports but this service never sent (DECISIONS §8). */
function externalMessage(s: PlatformStatusUpdate, accountId: string, now: string): MessagesTable {
  const templateCategories = ['marketing', 'utility', 'authentication', 'authentication-international', 'marketing_lite'];
  return {
    id: newId('msg'),
    account_id: accountId,
    mode: 'live',
    phone_number_id: s.phoneNumberId,
    recipient: waIdToE164(s.recipientId),
    type: s.pricingCategory && templateCategories.includes(s.pricingCategory) ? 'template' : null,
    ...INITIAL_STATUS,
    platform_message_id: s.wamid,
    source: 'external',
    text: null,
    caption: null,
    media_id: null,
    template_id: null,
    reply_to: null,
    created_at: now,
    updated_at: now,
  };
}
