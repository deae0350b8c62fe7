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
import type { JobQueue } from '../jobs/job-queue.js';
import type { EventService } from '../events/event.service.js';
import { messageStatusEvents } from './message-events.js';
import { iso, type Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import { toClientError } from '../platform/errors.js';
import { PlatformError, type OutboundContent, type Platform } from '../platform/platform.js';
import { CAPTION_KINDS } from '../media/media-types.js';
import type { MediaRow } from '../media/media.repository.js';
import type { MediaService } from '../media/media.service.js';
import { fillTemplate } from '../templates/template-send.js';
import type { TemplateService } from '../templates/template.service.js';
import * as repo from './message.repository.js';
import type { InboundMessage, ListMessagesQuery, Message, SendMessageBody, SendSource } from './message.schemas.js';
import { toInboundMessage, toMessage } from './message.mapper.js';
import { toE164 } from './phone.js';
import { applyStatus } from './apply-status.js';
import { UNANSWERED_SEND_CODE } from './platform-reports.service.js';
import { INITIAL_STATUS, type ReportedStatus } from './status-machine.js';
import { testProgressionJobs } from './test-mode.service.js';

/** The customer service window: 24 hours after the customer's last message (CLOUD_API.md §5). */
export const CUSTOMER_WINDOW_MS = 24 * 60 * 60 * 1000;

export interface MessageServiceOptions {
  db: Db;
  clock: Clock;
  platform: Platform;
  accounts: AccountService;
  templates: TemplateService;
  media: MediaService;
  /** Every write goes through it: grouped commits on SQLite (db/group-commit.ts). */
  writes: GroupCommit;
  /** Test-mode progression jobs. */
  jobs: JobQueue;
  /** message.* events, recorded with the change. */
  events: EventService;
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
   * @param source recorded as the message's `source` (`dashboard` for sends from the web dashboard).
   *
   * @returns the message with status `accepted` (or later, if the platform reported quickly).
   * @throws TidingsError phone_number_invalid, parameter_missing, parameter_unknown (a field that
   *   does not belong to the type), reply_target_not_found, template_not_found,
   *   template_not_approved, template_category_not_allowed, variables_invalid, media_not_found,
   *   outside_customer_window, rate_limited (the number's throughput tier), and for platform
   *   failures platform_rate_limited, platform_error, platform_unavailable. When the platform
   *   refuses, the stored message is marked failed with the platform's error.
   */
  async send(auth: AuthContext, body: SendMessageBody, source: SendSource = 'api'): Promise<Message> {
    const { db, clock } = this.#o;
    const to = toE164(body.to);
    checkFieldsForType(body);
    const { content, media } = await this.#content(auth, body);

    const replyToWamid = body.replyTo === undefined ? undefined : await this.#resolveReplyTarget(auth, body.replyTo);

    const now = clock.now();
    // Free-form messages only inside the customer service window; templates at any time.
    if (body.type !== 'template') {
      const lastInbound = await repo.lastInboundAt(db, auth.phoneNumberId, to, auth.mode);
      if (lastInbound === null || Date.parse(lastInbound) <= now - CUSTOMER_WINDOW_MS) {
        throw new TidingsError(
          'outside_customer_window',
          `No message from ${to} in the last 24 hours, so only a template can be sent to them (the platform's customer service window).`,
          { param: 'to' },
        );
      }
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
      ...INITIAL_STATUS,
      platform_message_id: null,
      source,
      text: body.text ?? null,
      caption: body.caption ?? null,
      media_id: body.mediaId ?? null,
      template_id: body.templateId ?? null,
      reply_to: body.replyTo ?? null,
      created_at: createdAt,
      updated_at: createdAt,
    };

    const { writes } = this.#o;
    if (auth.mode === 'test') {
      await writes.run(async (trx) => {
        await repo.insertMessage(trx, row);
        await this.#o.jobs.enqueue(trx, testProgressionJobs(row.id, to, now));
      });
      return toMessage(row);
    }

    // Registered (again, if expired or made for another number) before the message is stored, so a
    // platform refusal of the file is answered like any platform error.
    if (media && content.type === 'media') content.platformMediaId = await this.#o.media.platformIdFor(media, auth.phoneNumberId);
    if (media && content.type === 'template' && content.header && content.header.type !== 'text') {
      content.header.platformMediaId = await this.#o.media.platformIdFor(media, auth.phoneNumberId);
    }
    await writes.run((trx) => repo.insertMessage(trx, row));
    let wamid: string;
    try {
      ({ wamid } = await this.#o.platform.sendMessage(sender, {
        to,
        content,
        ...(replyToWamid ? { replyToWamid } : {}),
        callbackData: row.id,
      }));
    } catch (err) {
      if (!(err instanceof PlatformError)) throw err;
      const failedAt = iso(clock.now());
      const failure = {
        status: 'failed' as const,
        failed_at: failedAt,
        updated_at: failedAt,
        error_code: err.code === null ? (err.kind === 'unavailable' ? UNANSWERED_SEND_CODE : 'platform_error') : String(err.code),
        error_message: err.details ?? err.message,
      };
      await writes.run(async (trx) => {
        await repo.updateMessage(trx, row.id, failure);
        await this.#o.events.record(trx, messageStatusEvents(row, { ...row, ...failure }));
      });
      this.#o.logger.warn({ messageId: row.id, platformCode: err.code, kind: err.kind }, 'platform refused a send');
      throw toClientError(err);
    }
    const stored = await writes.run((trx) => this.#attachWamid(trx, row.id, wamid));
    return toMessage(stored);
  }

  /**
   * What to send, built from the request: the platform content, and the stored file it needs
   * registered for the sender (a media message's file, or a template's media header).
   */
  async #content(auth: AuthContext, body: SendMessageBody): Promise<{ content: OutboundContent; media: MediaRow | null }> {
    let content: OutboundContent;
    let media: MediaRow | null = null;
    if (body.type === 'media') {
      media = await this.#o.media.find(auth, body.mediaId!);
      if (body.caption !== undefined && !CAPTION_KINDS.has(media.kind)) {
        throw new TidingsError('parameter_unknown', `A ${media.kind} message cannot carry a caption; the platform allows captions on images, videos and documents.`, { param: 'caption' });
      }
      content = { type: 'media', kind: media.kind, platformMediaId: '', caption: body.caption ?? null, filename: media.kind === 'document' ? media.filename : null };
    } else if (body.type === 'template') {
      const template = await this.#o.templates.forSending(auth.accountId, body.templateId!);
      const values = fillTemplate(template, body.variables);
      const header = template.header;
      content = {
        type: 'template',
        name: template.name,
        language: template.language,
        body: values.body,
        header: values.header !== null ? { type: 'text', text: values.header } : header && header.type !== 'text' ? { type: header.type, platformMediaId: '' } : null,
      };
      // A media header is sent with the template's own file (DECISIONS §8), registered for this number below.
      if (header && header.type !== 'text') media = (await this.#o.media.lookup(auth.accountId, 'live', header.mediaId)) ?? null;
    } else {
      content = { type: 'text', body: body.text!, previewUrl: false };
    }

    return { content, media };
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
      const before = row;
      row = await applyStatus(trx, row, this.#o.clock.now(), {
        status: report.status as ReportedStatus,
        at: report.occurred_at,
        error: report.error_code ? { code: report.error_code, message: report.error_message ?? '' } : null,
      });
      await this.#o.events.record(trx, messageStatusEvents(before, row));
    }
    return row;
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
   * A customer's message of the key's account and mode, by `in_` id or platform message id.
   * @throws TidingsError message_not_found
   */
  async getInbound(auth: AuthContext, id: string): Promise<InboundMessage> {
    const { db } = this.#o;
    const row = id.startsWith('in_') ? await repo.findInbound(db, auth.accountId, auth.mode, id) : await repo.findInboundByWamid(db, auth.accountId, id);
    if (!row || row.mode !== auth.mode) throw new TidingsError('message_not_found', `No customer message ${id}.`, { param: 'id' });
    const quoted = row.context_message_id ? await repo.messageIdsByWamid(db, [row.account_id], [row.context_message_id]) : new Map<string, string>();
    return toInboundMessage(row, quoted.get(`${row.account_id} ${row.context_message_id}`) ?? null);
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
