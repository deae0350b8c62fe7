/**
 * Sending messages and tracking them to sent, delivered, read or failed (service-interface §3.2,
 * §4.6–4.7; DECISIONS §8).
 */
import type { Logger } from 'pino';
import type { AccountService } from '../accounts/account.service.js';
import type { AuthContext } from '../accounts/scopes.js';
import type { Db } from '../db/connect.js';
import type { GroupCommit } from '../db/group-commit.js';
import type { MessagesTable } from '../db/schema.js';
import { TidingsError } from '../errors.js';
import { enqueueJobs, type JobInput } from '../jobs/job-queue.js';
import { iso, type Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import { toClientError } from '../platform/errors.js';
import { PlatformError, type Platform } from '../platform/platform.js';
import * as repo from './message.repository.js';
import type { InboundMessage, ListMessagesQuery, Message, SendMessageBody, TestInboundBody } from './message.schemas.js';
import { toE164, waIdToE164 } from './phone.js';
import { applyReport, type ReportedStatus, type StatusReport } from './status-machine.js';

/** The customer service window: 24 hours after the customer's last message (CLOUD_API.md §5). */
export const CUSTOMER_WINDOW_MS = 24 * 60 * 60 * 1000;

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
}

/**
 * Test-mode progression (DECISIONS §8): delays after acceptance, and the magic suffixes of the
 * recipient's last four digits.
 */
export const TEST_PROGRESSION = {
  sentAfterMs: 500,
  deliveredAfterMs: 1500,
  readAfterMs: 3000,
  /** `0001` fails with 131026, `0002` stops at delivered, `0003` stops at sent. */
  failSuffix: '0001',
  stopAtDeliveredSuffix: '0002',
  stopAtSentSuffix: '0003',
} as const;

export const TEST_STATUS_JOB = 'messages.test_status';

/**
 * `error.code` of a live message whose send got no usable answer (network error, timeout). The
 * platform may still have taken it; if it later reports on the message (recognised by
 * `biz_opaque_callback_data`), the message is revived and follows those reports.
 */
export const UNANSWERED_SEND_CODE = 'platform_unavailable';

export interface MessageServiceOptions {
  db: Db;
  clock: Clock;
  platform: Platform;
  accounts: AccountService;
  /** Every write goes through it: grouped commits on SQLite (db/group-commit.ts). */
  writes: GroupCommit;
  /** Per sender number, for the throughput tier (DECISIONS §5). */
  rateLimiter: RateLimiter;
  logger: Logger;
}

export class MessageService {
  readonly #o: MessageServiceOptions;

  constructor(options: MessageServiceOptions) {
    this.#o = options;
  }

  /**
   * Accepts a message, stores it, and (live keys) hands it to the platform.
   *
   * @returns the message with status `accepted` (or later, if the platform reported quickly).
   * @throws TidingsError phone_number_invalid, parameter_missing, parameter_unknown (a field that
   *   does not belong to the type), reply_target_not_found, template_not_found, media_not_found,
   *   outside_customer_window, rate_limited (the number's throughput tier), and for platform
   *   failures platform_rate_limited, platform_error, platform_unavailable. When the platform
   *   refuses, the stored message is marked failed with the platform's error.
   */
  async send(auth: AuthContext, body: SendMessageBody): Promise<Message> {
    const { db, clock } = this.#o;
    const to = toE164(body.to);
    checkFieldsForType(body);
    if (body.type === 'template') {
      throw new TidingsError('template_not_found', `No template ${body.templateId} in this account.`, { param: 'templateId' });
    }
    if (body.type === 'media') {
      throw new TidingsError('media_not_found', `No media ${body.mediaId} in this account.`, { param: 'mediaId' });
    }

    const replyToWamid = body.replyTo === undefined ? undefined : await this.#resolveReplyTarget(auth, body.replyTo);

    const now = clock.now();
    const lastInbound = await repo.lastInboundAt(db, auth.phoneNumberId, to, auth.mode);
    if (lastInbound === null || Date.parse(lastInbound) <= now - CUSTOMER_WINDOW_MS) {
      throw new TidingsError(
        'outside_customer_window',
        `No message from ${to} in the last 24 hours, so only a template can be sent to them (the platform's customer service window).`,
        { param: 'to' },
      );
    }

    const sender = await this.#o.accounts.senderCredentials(auth.phoneNumberId);
    const limit = await this.#o.rateLimiter.consume(`${auth.mode}:${auth.phoneNumberId}`, sender.throughput);
    if (!limit.allowed) {
      throw new TidingsError('rate_limited', `The sender number's throughput of ${sender.throughput} messages/s is used up; retry shortly.`, {
        retryAfterSeconds: limit.resetSeconds,
      });
    }

    const createdAt = iso(now);
    const row: MessagesTable = {
      id: newId('msg', now),
      account_id: auth.accountId,
      mode: auth.mode,
      phone_number_id: auth.phoneNumberId,
      recipient: to,
      type: body.type,
      status: 'accepted',
      platform_message_id: null,
      source: 'api',
      text: body.text ?? null,
      caption: body.caption ?? null,
      media_id: body.mediaId ?? null,
      template_id: body.templateId ?? null,
      reply_to: body.replyTo ?? null,
      error_code: null,
      error_message: null,
      sent_at: null,
      delivered_at: null,
      read_at: null,
      failed_at: null,
      created_at: createdAt,
      updated_at: createdAt,
    };

    const { writes } = this.#o;
    if (auth.mode === 'test') {
      await writes.run(async (trx) => {
        await repo.insertMessage(trx, row);
        await enqueueJobs(trx, clock, testProgressionJobs(row.id, to, now));
      });
      return toMessage(row);
    }

    await writes.run((trx) => repo.insertMessage(trx, row));
    let wamid: string;
    try {
      ({ wamid } = await this.#o.platform.sendMessage(sender, {
        to,
        content: { type: 'text', body: body.text!, previewUrl: false },
        ...(replyToWamid ? { replyToWamid } : {}),
        callbackData: row.id,
      }));
    } catch (err) {
      if (!(err instanceof PlatformError)) throw err;
      const failedAt = iso(clock.now());
      await writes.run((trx) => repo.updateMessage(trx, row.id, {
        status: 'failed',
        failed_at: failedAt,
        updated_at: failedAt,
        error_code: err.code === null ? (err.kind === 'unavailable' ? UNANSWERED_SEND_CODE : 'platform_error') : String(err.code),
        error_message: err.details ?? err.message,
      }));
      this.#o.logger.warn({ messageId: row.id, platformCode: err.code, kind: err.kind }, 'platform refused a send');
      throw toClientError(err);
    }
    const stored = await writes.run((trx) => this.#attachWamid(trx, row.id, wamid));
    return toMessage(stored);
  }

  /**
   * Records the platform's id on a sent message. Usually one lookup and one update. When a status
   * webhook overtook the send's answer: if it carried our id (`biz_opaque_callback_data`), the
   * intake already linked and updated the message; if it did not, it created an `external` record
   * for the wamid, which is folded into this message here, replaying its status reports.
   */
  async #attachWamid(trx: Db, messageId: string, wamid: string): Promise<repo.MessageRow> {
    const existing = await repo.findMessageForUpdate(trx, { platformMessageId: wamid });
    if (existing?.id === messageId) return existing;
    if (existing && existing.source === 'external') await repo.deleteMessage(trx, existing.id);
    let row = (await repo.setPlatformMessageId(trx, messageId, wamid))!;
    if (!existing) return row;
    for (const report of await repo.listStatusReports(trx, wamid)) {
      row = await this.#applyToRow(trx, row, {
        status: report.status as ReportedStatus,
        at: report.occurred_at,
        error: report.error_code ? { code: report.error_code, message: report.error_message ?? '' } : null,
      });
    }
    return row;
  }

  async #applyToRow(trx: Db, row: repo.MessageRow, report: StatusReport): Promise<repo.MessageRow> {
    const changes = applyReport(row, report);
    if (!changes) return row;
    const updated_at = iso(this.#o.clock.now());
    await repo.updateMessage(trx, row.id, { ...changes, updated_at });
    return { ...row, ...changes, updated_at };
  }

  async #resolveReplyTarget(auth: AuthContext, replyTo: string): Promise<string | undefined> {
    const { db } = this.#o;
    if (replyTo.startsWith('msg_')) {
      const target = await repo.findMessage(db, auth.accountId, auth.mode, replyTo);
      if (!target) throw new TidingsError('reply_target_not_found', `No message ${replyTo} to reply to.`, { param: 'replyTo' });
      // A test message has no platform id; a live one may not have one yet if its send failed.
      return target.platform_message_id ?? undefined;
    }
    const outbound = await repo.findMessage(db, auth.accountId, auth.mode, replyTo);
    const inbound = outbound ? undefined : await repo.findInboundByWamid(db, auth.accountId, replyTo);
    if (!outbound && (!inbound || inbound.mode !== auth.mode)) {
      throw new TidingsError('reply_target_not_found', `No message with platform id ${replyTo} to reply to.`, { param: 'replyTo' });
    }
    return auth.mode === 'live' ? replyTo : undefined;
  }

  /**
   * A message of the key's account and mode, by `msg_` id or platform message id.
   * @throws TidingsError message_not_found
   */
  async get(auth: AuthContext, id: string): Promise<Message> {
    const row = await repo.findMessage(this.#o.db, auth.accountId, auth.mode, id);
    if (!row) throw new TidingsError('message_not_found', `No message ${id}.`, { param: 'id' });
    return toMessage(row);
  }

  /**
   * A page of messages, newest first.
   * @throws TidingsError parameter_invalid for an unknown `starting_after`; phone_number_invalid for `to`.
   */
  async list(auth: AuthContext, query: ListMessagesQuery): Promise<{ data: Message[]; has_more: boolean }> {
    const limit = query.limit ?? 10;
    let after: { created_at: string; id: string } | undefined;
    if (query.starting_after !== undefined) {
      const cursor = await repo.findMessage(this.#o.db, auth.accountId, auth.mode, query.starting_after);
      if (!cursor || !query.starting_after.startsWith('msg_')) {
        throw new TidingsError('parameter_invalid', `starting_after names no message of this account: ${query.starting_after}.`, { param: 'starting_after' });
      }
      after = cursor;
    }
    const rows = await repo.listMessages(this.#o.db, {
      accountId: auth.accountId,
      mode: auth.mode,
      limit,
      ...(after ? { after } : {}),
      ...(query.status ? { status: query.status } : {}),
      ...(query.to ? { recipient: toE164(query.to, 'to') } : {}),
    });
    return { data: rows.slice(0, limit).map(toMessage), has_more: rows.length > limit };
  }

  /**
   * Stores what one platform webhook delivery reported, in one transaction: the caller answers
   * 200 only after this resolves. Idempotent (a status is applied once per wamid and status; an
   * inbound message once per wamid) and order-independent (the status machine only moves forward).
   * Updates for numbers no account owns are skipped and logged. A few queries per batch, not per
   * status: statuses are stored, matched to messages and inserted in bulk.
   */
  async ingestPlatformBatch(batch: PlatformBatch): Promise<{ statuses: number; inbound: number; skipped: number }> {
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
      const stored = await repo.insertInboundMessages(
        trx,
        inbound.map((m) => ({
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
        })),
      );
      return { statuses: fresh.length, inbound: stored.size, skipped };
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
    for (const s of fresh) {
      const row = rows.get(s.wamid)!;
      const changes = applyReport(row, { status: s.status, at: s.at, error: s.error });
      if (!changes) continue;
      Object.assign(row, changes, { updated_at: now });
      changed.set(row.id, { ...changed.get(row.id), ...changes, updated_at: now });
    }
    await repo.insertMessages(trx, created);
    const createdIds = new Set(created.map((r) => r.id));
    for (const [id, changes] of changed) if (!createdIds.has(id)) await repo.updateMessage(trx, id, changes);
  }

  /**
   * Records a customer message in test mode (`POST /v1/test_helpers/inbound_messages`), opening the
   * customer service window for test sends to that customer.
   * @throws TidingsError phone_number_invalid
   */
  async recordTestInbound(auth: AuthContext, body: TestInboundBody): Promise<InboundMessage> {
    const sender = toE164(body.from, 'from');
    const now = iso(this.#o.clock.now());
    const row = {
      id: newId('in'),
      account_id: auth.accountId,
      mode: 'test' as const,
      phone_number_id: auth.phoneNumberId,
      sender,
      platform_message_id: `test.${newId('in').slice(3)}`,
      type: 'text',
      text: body.text,
      contact_name: null,
      context_message_id: null,
      payload: JSON.stringify({ from: sender, type: 'text', text: { body: body.text } }),
      sent_at: now,
      created_at: now,
    };
    await this.#o.writes.run((trx) => repo.insertInboundMessages(trx, [row]));
    return { id: row.id, from: sender, type: 'text', text: body.text, platformMessageId: row.platform_message_id, receivedAt: now, testMode: true };
  }

  /** The job handler of test-mode progression: applies one simulated status to a test message. */
  async applyTestStatus(payload: { messageId: string; status: ReportedStatus; errorCode?: string; errorMessage?: string }): Promise<void> {
    await this.#o.writes.run(async (trx) => {
      const row = await repo.findMessageForUpdate(trx, { id: payload.messageId });
      if (!row || row.mode !== 'test') return;
      await this.#applyToRow(trx, row, {
        status: payload.status,
        at: iso(this.#o.clock.now()),
        error: payload.errorCode ? { code: payload.errorCode, message: payload.errorMessage ?? '' } : null,
      });
    });
  }
}

/** Which fields each message type takes; the rest are refused rather than silently ignored. */
const FIELDS_BY_TYPE = {
  text: { required: ['text'], allowed: ['text', 'replyTo'] },
  template: { required: ['templateId'], allowed: ['templateId', 'variables', 'replyTo'] },
  media: { required: ['mediaId'], allowed: ['mediaId', 'caption', 'replyTo'] },
} as const;

function checkFieldsForType(body: SendMessageBody): void {
  const rule = FIELDS_BY_TYPE[body.type];
  for (const field of rule.required) {
    if (body[field] === undefined) throw new TidingsError('parameter_missing', `${field} is required when type is ${body.type}.`, { param: field });
  }
  for (const field of ['text', 'templateId', 'variables', 'mediaId', 'caption'] as const) {
    if (body[field] !== undefined && !(rule.allowed as readonly string[]).includes(field)) {
      throw new TidingsError('parameter_unknown', `${field} is not allowed when type is ${body.type}.`, { param: field });
    }
  }
  if (body.type === 'text' && body.text!.trim() === '') {
    throw new TidingsError('parameter_invalid', 'text must contain more than white space.', { param: 'text' });
  }
}

function testProgressionJobs(messageId: string, to: string, now: number): JobInput[] {
  const p = TEST_PROGRESSION;
  const job = (status: ReportedStatus, afterMs: number, extra: object = {}): JobInput => ({
    type: TEST_STATUS_JOB,
    payload: { messageId, status, ...extra },
    runAt: now + afterMs,
  });
  if (to.endsWith(p.failSuffix)) {
    return [job('failed', p.sentAfterMs, { errorCode: '131026', errorMessage: 'Message undeliverable (test mode: recipient ends in 0001).' })];
  }
  const jobs = [job('sent', p.sentAfterMs)];
  if (to.endsWith(p.stopAtSentSuffix)) return jobs;
  jobs.push(job('delivered', p.deliveredAfterMs));
  if (to.endsWith(p.stopAtDeliveredSuffix)) return jobs;
  jobs.push(job('read', p.readAfterMs));
  return jobs;
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
    status: 'accepted',
    platform_message_id: s.wamid,
    source: 'external',
    text: null,
    caption: null,
    media_id: null,
    template_id: null,
    reply_to: null,
    error_code: null,
    error_message: null,
    sent_at: null,
    delivered_at: null,
    read_at: null,
    failed_at: null,
    created_at: now,
    updated_at: now,
  };
}

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
