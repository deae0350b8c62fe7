/**
 * How a queued message's payload (`DispatchPayload`, send-queue.repository.ts) becomes the
 * platform request at dispatch: the stored file is registered for the sender if it has no valid
 * platform id (docs/platform.md §3: ids are per number and expire), and a reply target is resolved to
 * its wamid, which a message accepted moments before may only now have.
 */
import type { Store } from '../../db/store.js';
import type { MediaService } from '../../media/media.service.js';
import type { OutboundMessage } from '../../platform/outbound-message.js';
import { PlatformError, type SenderCredentials } from '../../platform/platform.js';
import * as messages from '../record/message.repository.js';
import * as repo from '../record/send-queue.repository.js';
import type { AttemptError } from './outcomes.js';
import { routeAtDispatch, type RouteDeps, type Routing } from './route.js';
import type { DispatchGate } from '../../templates/template-sends.js';

/**
 * The outcome of resolving a payload: the request to send and how it was routed, or wait (the
 * quoted message is not sent yet), or fail before any platform call (a routed send nothing can carry).
 */
export type Resolved =
  | { message: OutboundMessage; routing: Routing }
  | { waitMs: number }
  | { fail: AttemptError }
  | { holdFor: string };

/** An attempt ready for its slot: how it goes out, and the platform request (null for a test key), or `Resolved`'s wait or failure. */
export type Prepared =
  | { routing: Routing; request: { sender: SenderCredentials; message: OutboundMessage } | null }
  | { waitMs: number }
  | { fail: AttemptError }
  | { holdFor: string };

/** How long a reply waits before looking again for the wamid of a message still queued. */
const REPLY_TARGET_WAIT_MS = 1000;

export interface PayloadResolverOptions {
  store: Store;
  media: MediaService;
  directSendTurn: RouteDeps['directSendTurn'];
  /** Whether a queued send of a template may go out now (templates feature, `TemplateSends.gate`). */
  templateGate(accountId: string, templateId: string): Promise<DispatchGate>;
  /** The credentials to send as a number (accounts feature). */
  senderCredentials(phoneNumberId: string): Promise<SenderCredentials>;
}

export class PayloadResolver {
  readonly #o: PayloadResolverOptions;

  constructor(options: PayloadResolverOptions) {
    this.#o = options;
  }

  /**
   * What an attempt at a queue entry sends at `now` (clock ms), built before its slot: for a live
   * entry the platform request with its sender's credentials; a test-mode entry is routed only
   * (nothing reaches the platform; the message says how it would have gone).
   * @throws what `resolve` throws.
   */
  async prepare(row: repo.DispatchRow, now: number): Promise<Prepared> {
    const removedAt = repo.payloadOf(row).contentRemovedAt;
    // Retention removed what it said while it waited (docs/api.md §D17): nothing is left to send.
    if (removedAt !== undefined)
      return {
        fail: {
          code: 'content_removed',
          message: `The message's content was removed by the account's message-body retention at ${removedAt}, before its turn; nothing was sent.`,
        },
      };
    if (row.mode === 'test') {
      const routing = await this.route(row, now);
      if (!('content' in routing)) return routing;
      return (await this.#gate(row, routing)) ?? { routing, request: null };
    }
    const resolved = await this.resolve(row, now);
    if (!('routing' in resolved)) return resolved;
    return {
      routing: resolved.routing,
      request: { sender: await this.#o.senderCredentials(row.phone_number_id), message: resolved.message },
    };
  }

  /**
   * How a queue entry goes out at `now` (clock ms), decided by its customer's window when it is a
   * routed send (route.ts), or how long it waits for its number's Direct Send probe.
   */
  route(row: repo.DispatchRow, now: number): Promise<Routing | { fail: AttemptError } | { waitMs: number }> {
    return routeAtDispatch(
      { read: this.#o.store.read, directSendTurn: this.#o.directSendTurn },
      row,
      repo.payloadOf(row),
      now,
    );
  }

  /**
   * The platform request of a live queue entry; `{ fail }` with `media_not_found` when its file was
   * deleted since the send was accepted.
   * @throws PlatformError when registering the file failed (never `maybeTaken`: registering again is harmless).
   */
  async resolve(row: repo.DispatchRow, now: number): Promise<Resolved> {
    const payload = repo.payloadOf(row);
    const routing = await this.route(row, now);
    if (!('content' in routing)) return routing;
    const gated = await this.#gate(row, routing);
    if (gated) return gated;
    const content = structuredClone(routing.content);
    if (routing.file) {
      const file = await this.#o.media.lookup(row.account_id, routing.file.mode, routing.file.id);
      // Gone (retention, or deleted by an older version that let a scheduled send's file go):
      // no retry brings it back, so the message fails now and never holds its customer's queue.
      if (!file)
        return {
          fail: {
            code: 'media_not_found',
            message: `The file ${routing.file.id} was deleted before the message was sent; upload it again and send a new message.`,
          },
        };
      let platformMediaId: string;
      try {
        platformMediaId = await this.#o.media.platformIdFor(file, row.phone_number_id);
      } catch (err) {
        if (err instanceof PlatformError && err.maybeTaken) throw err.with({ maybeTaken: false });
        throw err;
      }
      if (content.type === 'media') content.platformMediaId = platformMediaId;
      else if (content.type === 'template' && content.header && content.header.type !== 'text')
        content.header.platformMediaId = platformMediaId;
    }
    if (payload.reactTo && content.type === 'reaction') {
      const target = await messages.findMessage(this.#o.store.read, row.account_id, row.mode, payload.reactTo);
      if (target?.platform_message_id) content.targetWamid = target.platform_message_id;
      else if (target && target.status !== 'failed' && (await repo.findDispatch(this.#o.store.read, target.id)))
        return { waitMs: REPLY_TARGET_WAIT_MS };
      // Never sent: there is nothing to react to (refused, the message fails with `platform_error`).
      else throw new PlatformError('refused', `The message ${payload.reactTo} this reaction is on was never sent.`);
    }
    let replyToWamid: string | undefined;
    if (payload.replyTo?.startsWith('msg_')) {
      const target = await messages.findMessage(this.#o.store.read, row.account_id, row.mode, payload.replyTo);
      if (target?.platform_message_id) replyToWamid = target.platform_message_id;
      // Still queued: wait for its wamid. Failed (or gone): sent without the quote.
      else if (target && target.status !== 'failed' && (await repo.findDispatch(this.#o.store.read, target.id)))
        return { waitMs: REPLY_TARGET_WAIT_MS };
    } else if (payload.replyTo) {
      replyToWamid = payload.replyTo;
    }
    const message: OutboundMessage = {
      to: row.recipient,
      content,
      ...(replyToWamid ? { replyToWamid } : {}),
      callbackData: row.message_id,
      ...(routing.directSend ? { directSend: routing.directSend } : {}),
    };
    return { message, routing };
  }

  /**
   * A send going out as a template the platform has paused waits for it (`holdFor`); one whose
   * template can no longer be sent (disabled, deleted) fails before any platform call; else null.
   */
  async #gate(row: repo.DispatchRow, routing: Routing): Promise<{ holdFor: string } | { fail: AttemptError } | null> {
    if (!routing.templateId) return null;
    const gate = await this.#o.templateGate(row.account_id, routing.templateId);
    if (gate.action === 'hold') return { holdFor: routing.templateId };
    if (gate.action === 'fail') return { fail: { code: gate.code, message: gate.message } };
    return null;
  }
}
