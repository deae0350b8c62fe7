/**
 * Reading messages (docs/api.md §4.7, §D8): one by `msg_` id or wamid, a customer's
 * message, and pages of them. Sending is send.service.ts; what the platform reports after, status-reports.ts.
 */
import type { AccountService } from '../accounts/account.service.js';
import { isBsuid } from '../contacts/identity.js';
import type { AuthContext } from '../http/access.js';
import type { Reader, Store } from '../db/store.js';
import { TidingsError } from '../errors.js';
import { paginate, type Page } from '../http/paging.js';
import { iso, type Clock } from '../lib/clock.js';
import { toClientError } from '../platform/errors.js';
import { PlatformError, type Platform } from '../platform/platform.js';
import { toInboundMessage, toMessage } from './record/message.mapper.js';
import * as repo from './record/message.repository.js';
import { messageIdsByWamid } from './record/wamid.repository.js';
import type { ListMessagesQuery } from './schemas/message-list.schemas.js';
import type { InboundMessage, ListInboundMessagesQuery, MarkReadBody, Message } from './schemas/message.schemas.js';
import { toE164 } from '../contacts/phone.js';

/** One message of a contact's timeline (message-list.schemas.ts `TimelineEntry`). */
export interface TimelineItem {
  id: string;
  direction: 'inbound' | 'outbound';
  at: string;
  inbound: InboundMessage | null;
  outbound: Message | null;
}

export interface MessageServiceOptions {
  store: Store;
  clock: Clock;
  /** Marks customers' messages read at the platform. */
  platform: Pick<Platform, 'markRead'>;
  accounts: Pick<AccountService, 'senderCredentials'>;
}

export class MessageService {
  readonly #o: MessageServiceOptions;

  constructor(options: MessageServiceOptions) {
    this.#o = options;
  }

  /**
   * A message of the key's account and mode, by `msg_` id or platform message id.
   * @throws TidingsError message_not_found
   */
  async get(auth: AuthContext, id: string): Promise<Message> {
    const row = await repo.findMessage(this.#o.store.read, auth.accountId, auth.mode, id);
    if (!row) throw new TidingsError('message_not_found', `No message ${id}.`, { param: 'id' });
    // The customer's latest reaction to it (docs/api.md §D15).
    const reactions = await repo.latestReactions(
      this.#o.store.read,
      row.platform_message_id ? [row.platform_message_id] : [],
    );
    return toMessage(row, repo.reactionTo(reactions, row));
  }

  /**
   * A customer's message of the key's account and mode, by `in_` id or platform message id.
   * @throws TidingsError message_not_found
   */
  async getInbound(auth: AuthContext, id: string): Promise<InboundMessage> {
    const db = this.#o.store.read;
    const row = id.startsWith('in_')
      ? await repo.findInbound(db, auth.accountId, auth.mode, id)
      : await repo.findInboundByWamid(db, auth.accountId, id);
    if (!row || row.mode !== auth.mode)
      throw new TidingsError('message_not_found', `No customer message ${id}.`, { param: 'id' });
    const quoted = row.context_message_id
      ? await messageIdsByWamid(db, [row.account_id], [row.context_message_id])
      : new Map<string, string>();
    return toInboundMessage(row, quoted.get(`${row.account_id} ${row.context_message_id}`) ?? null);
  }

  /**
   * The platform's message object of a customer's message (`in_` id) as Tidings received it, or
   * null when it is gone, of another account or mode, or cut by retention: what the Cloud API
   * facade relays to a client's app (docs/api.md §D35). One read by primary key.
   */
  async platformPayloadOf(
    accountId: string,
    mode: 'live' | 'test',
    id: string,
  ): Promise<Record<string, unknown> | null> {
    const row = await repo.findInbound(this.#o.store.read, accountId, mode, id);
    try {
      const payload = row ? (JSON.parse(row.payload) as unknown) : null;
      return typeof payload === 'object' && payload !== null && !Array.isArray(payload)
        ? (payload as Record<string, unknown>)
        : null;
    } catch {
      return null;
    }
  }

  /**
   * A page of messages, newest first.
   * @throws TidingsError parameter_invalid for an unknown `starting_after`; phone_number_invalid for `to`.
   */
  list(auth: AuthContext, query: ListMessagesQuery): Promise<Page<Message>> {
    const db = this.#o.store.read;
    const recipient = query.to ? (isBsuid(query.to.trim()) ? query.to.trim() : toE164(query.to, 'to')) : undefined;
    return paginate(query, {
      // A page continues after a message named by its `msg_` id (a wamid names no place in the list).
      cursor: async (id) => (id.startsWith('msg_') ? repo.findMessage(db, auth.accountId, auth.mode, id) : undefined),
      page: (limit, after) =>
        repo.listMessages(db, {
          accountId: auth.accountId,
          mode: auth.mode,
          limit,
          ...(after ? { after } : {}),
          ...(query.status ? { status: query.status } : {}),
          ...(recipient ? { recipient } : {}),
          ...(query.batch ? { batchId: query.batch } : {}),
          ...(query.clientReference ? { clientReference: query.clientReference } : {}),
          ...(query.deliveredAs ? { deliveredAs: query.deliveredAs } : {}),
        }),
      map: toMessage,
      noun: 'message',
    });
  }

  /**
   * A page of customers' messages, newest first (by when the customer sent them), optionally of
   * one contact, of one platform type, or since a time.
   * @throws TidingsError parameter_invalid for an unknown `starting_after`.
   */
  async listInbound(auth: AuthContext, query: ListInboundMessagesQuery): Promise<Page<InboundMessage>> {
    const db = this.#o.store.read;
    // Answers to one of our messages: those whose context (or reaction) names its wamid.
    let answered: repo.MessageRow | undefined;
    if (query.answering !== undefined) {
      answered = await repo.findMessage(db, auth.accountId, auth.mode, query.answering);
      if (!answered)
        throw new TidingsError('message_not_found', `No message ${query.answering}.`, { param: 'answering' });
      if (!answered.platform_message_id) return { data: [], has_more: false };
    }
    return paginate(query, {
      cursor: async (id) => {
        const row = id.startsWith('in_') ? await repo.findInbound(db, auth.accountId, auth.mode, id) : undefined;
        return row && { sent_at: row.sent_at, id: row.id };
      },
      page: async (limit, after) => {
        const rows = await repo.listInbound(db, {
          accountId: auth.accountId,
          mode: auth.mode,
          limit,
          ...(after ? { after } : {}),
          ...(query.contact ? { contactId: query.contact } : {}),
          ...(query.type ? { type: query.type } : {}),
          ...(query.since ? { since: new Date(query.since).toISOString() } : {}),
          ...(answered ? { contextWamid: answered.platform_message_id! } : {}),
        });
        const quoted = answered ? null : await quotedMessageIds(db, rows);
        return rows.map((row) =>
          toInboundMessage(
            row,
            answered ? answered.id : (quoted!.get(`${row.account_id} ${row.context_message_id}`) ?? null),
          ),
        );
      },
      map: (message) => message,
      noun: 'customer message',
    });
  }

  /**
   * A page of one contact's messages of both directions, newest first: inbound by when the
   * customer sent them, outbound by when they were accepted. The caller checked the contact is the
   * key's.
   * @throws TidingsError parameter_invalid for a `starting_after` that is no message of the contact.
   */
  timeline(
    auth: AuthContext,
    contactId: string,
    query: { limit?: number | undefined; starting_after?: string | undefined },
  ): Promise<Page<TimelineItem>> {
    const db = this.#o.store.read;
    return paginate(query, {
      cursor: async (id) => {
        if (id.startsWith('in_')) {
          const row = await repo.findInbound(db, auth.accountId, auth.mode, id);
          return row?.contact_id === contactId ? { at: row.sent_at, id: row.id } : undefined;
        }
        const row = id.startsWith('msg_') ? await repo.findMessage(db, auth.accountId, auth.mode, id) : undefined;
        return row?.contact_id === contactId ? { at: row.created_at, id: row.id } : undefined;
      },
      page: async (limit, after) => {
        const entries = await repo.contactTimeline(db, contactId, limit, after);
        const quoted = await quotedMessageIds(
          db,
          entries.flatMap((e) => (e.direction === 'inbound' ? [e.row] : [])),
        );
        return entries.map(
          (entry): TimelineItem =>
            entry.direction === 'inbound'
              ? {
                  id: entry.row.id,
                  direction: 'inbound',
                  at: entry.row.sent_at,
                  inbound: toInboundMessage(
                    entry.row,
                    quoted.get(`${entry.row.account_id} ${entry.row.context_message_id}`) ?? null,
                  ),
                  outbound: null,
                }
              : {
                  id: entry.row.id,
                  direction: 'outbound',
                  at: entry.row.created_at,
                  inbound: null,
                  outbound: toMessage(entry.row),
                },
        );
      },
      map: (item) => item,
      noun: 'message of this contact',
    });
  }

  /**
   * Marks a customer's message read at the platform (blue ticks), with a typing indicator when
   * asked (docs/platform.md §1.1), and records `readAt` (the first time) on it and on the customer's
   * earlier unread messages to the same number, which the platform marks read with it: one call
   * answers a whole thread. Repeating it is harmless: the platform takes a second read as it took
   * the first. Test keys skip the platform.
   * @throws TidingsError message_not_found; platform_error, platform_rate_limited,
   *   platform_unavailable when the platform refused or did not answer (nothing recorded).
   */
  async markRead(auth: AuthContext, id: string, body: MarkReadBody): Promise<InboundMessage> {
    const db = this.#o.store.read;
    const row = id.startsWith('in_')
      ? await repo.findInbound(db, auth.accountId, auth.mode, id)
      : await repo.findInboundByWamid(db, auth.accountId, id);
    if (!row || row.mode !== auth.mode)
      throw new TidingsError('message_not_found', `No customer message ${id}.`, { param: 'id' });
    if (row.mode === 'live') {
      try {
        await this.#o.platform.markRead(await this.#o.accounts.senderCredentials(row.phone_number_id), {
          wamid: row.platform_message_id,
          typingIndicator: body.typingIndicator === true,
        });
      } catch (err) {
        if (err instanceof PlatformError) throw toClientError(err);
        throw err;
      }
    }
    const at = iso(this.#o.clock.now());
    await this.#o.store.writeOne((tx) => repo.setInboundRead(tx, row, at));
    return this.getInbound(auth, row.id);
  }
}

/**
 * The `msg_` ids of the business messages a page of customer messages quote or react to, keyed
 * `"<account id> <wamid>"`: one lookup per page, none when no message of it quotes one.
 */
function quotedMessageIds(db: Reader, rows: repo.InboundRow[]): Promise<Map<string, string>> {
  const quoting = rows.filter((r) => r.context_message_id !== null);
  return messageIdsByWamid(
    db,
    [...new Set(quoting.map((r) => r.account_id))],
    [...new Set(quoting.map((r) => r.context_message_id!))],
  );
}
