/**
 * Accepting a message (docs/api.md §4.6, §D8): everything that can be decided
 * locally is checked (the recipient, the type's fields, the template and its values, the file, the
 * reply target, the customer service window), then the message is stored with its entry in the
 * sender number's queue, in one unit of work. The dispatcher (`dispatch/`) takes it from there,
 * for test keys too (only the platform call is skipped).
 */
import type { ContactSighting, ContactUpdates } from '../../contacts/contact-updates.js';
import { sentToPhone } from '../../contacts/sighting.js';
import { BatchWriter } from '../../db/batch-writer.js';
import { CUSTOMER_WINDOW_MS, type ContactService } from '../../contacts/contact.service.js';
import type { AuthContext } from '../../http/access.js';
import type { Store, Tx } from '../../db/store.js';
import { TidingsError } from '../../errors.js';
import { iso, type Clock } from '../../lib/clock.js';
import { newId } from '../../lib/ids.js';
import { conversationTarget } from './conversation-target.js';
import { capitalised, withArticle } from '../../lib/text.js';
import type { MediaFile } from '../../media/media-file.js';
import { CAPTION_KINDS } from '../../media/media-types.js';
import type { MediaService } from '../../media/media.service.js';
import type { OutboundContent } from '../../platform/platform.js';
import type { TemplateSends } from '../../templates/template-sends.js';
import { templateIdOf } from './template-target.js';
import type { Dispatcher } from '../dispatch/dispatcher.js';
import { insertAcceptedAtOnce } from './accept.repository.js';
import { toMessage } from '../record/message.mapper.js';
import type * as repo from '../record/message.repository.js';
import { insertMessages, messageRow, type NewMessage } from '../record/message-rows.repository.js';
import type { Message } from '../schemas/message.schemas.js';
import type { SendMessageBody, SendSource } from '../schemas/send.schemas.js';
import { bsuidRefusal } from './recipient-rules.js';
import * as dispatches from '../record/send-queue.repository.js';
import * as references from '../record/client-reference.repository.js';
import * as scheduled from '../record/scheduled.repository.js';
import { isRich, prepareRich, type RichBody } from './rich-send.js';
import { checkSendAt } from './send-at.js';
import { windowEnd as customerWindowEnd } from './customer-window.js';
import { checkRoute, sendWarnings, storedContent, type RoutedBody } from '../record/routing.js';
import type { SendWarning } from '../schemas/routing.schemas.js';
import type { DirectSendCapability } from '../../accounts/direct-send.js';
import type { SuppressionGate } from './suppression-gate.js';

export { CUSTOMER_WINDOW_MS };

/** How long a message may wait in the queue when the send does not say (`validityPeriod`, seconds): 4 hours. */
export const DEFAULT_VALIDITY_PERIOD_S = 4 * 60 * 60;

export interface MessageSenderOptions {
  store: Store;
  clock: Clock;
  templates: TemplateSends;
  media: MediaService;
  /** Woken after the commit that queued a message. */
  dispatcher: Pick<Dispatcher, 'wake'>;
  /** Who `to` names, and their window. */
  contacts: Pick<ContactService, 'resolveRecipient'>;
  /** Records the sends on their contacts (created if new), in the sends' unit of work. */
  contactUpdates: Pick<ContactUpdates, 'observeSends' | 'outboundStatement'>;
  /** Whether a number may try Direct Send (a routed send with no fallback, outside the window). */
  directSend: Pick<DirectSendCapability, 'mayTry'>;
  /** Refuses sends to suppressed customers (docs/api.md §D23): `send` asks it; a batch asks it for all its items at once. */
  gate: Pick<SuppressionGate, 'admit'>;
}

/** What to send, and the stored file it needs registered for the sender (a media message's file, or a template's media header). */
interface Prepared {
  content: OutboundContent;
  file: MediaFile | null;
  /** A template's category. */
  category: string | null;
  /** A template's time to live at the platform, seconds (null: its default); null for other types. */
  timeToLive: number | null;
  /** A template send's `tpl_` id (named by the send, or found by its name and language). */
  templateId?: string;
}

/**
 * A send checked and ready to store: the message, its customer as the send names them, its queue
 * entry, and with `sendAt` when that entry is made (the scheduled send's time and validity period).
 */
export interface AcceptedSend {
  message: NewMessage;
  sighting: ContactSighting;
  dispatch: dispatches.NewDispatch;
  scheduled: { sendAt: string; validityMs: number } | null;
}

/** `check`'s answer: the send, the customer's window (null when not looked up), a template's category, and warnings for the answer. */
export interface CheckedSend {
  send: AcceptedSend;
  windowOpen: boolean | null;
  category: string | null;
  warnings: SendWarning[];
}

export class MessageSender {
  readonly #o: MessageSenderOptions;
  /** Concurrent sends share one unit of work and one statement per table (db/batch-writer.ts). */
  readonly #accepted: BatchWriter<AcceptedSend, repo.MessageRow>;

  constructor(options: MessageSenderOptions) {
    this.#o = options;
    this.#accepted = new BatchWriter({
      store: options.store,
      write: (tx, sends) => this.#store(tx, sends),
      // On PostgreSQL a batch of sends to phone numbers is one statement (accept.repository.ts).
      oneStatement: (sends) => this.#atOnce(sends),
    });
  }

  /**
   * Accepts a message: checks everything that can be decided here, then stores the message and its
   * entry in the sender number's queue (or, with `sendAt`, among the scheduled sends) in one unit of
   * work. The platform is never called: the dispatcher sends it at the number's pace, and its
   * outcome arrives as status changes and events.
   * @param source recorded as the message's `source` (`dashboard` for sends from the web dashboard).
   * @param gated false: past the suppression check (a keyword's confirmation reply, consent/consent-intake.ts).
   * @returns the message, status `accepted` (`scheduled` with `sendAt`), `platformMessageId` null.
   * @throws what `check` throws; recipient_suppressed, suppression_override_not_allowed (suppression-gate.ts);
   *   client_reference_in_use when another message of the account and mode took the `clientReference` in the last 24 hours.
   */
  async send(auth: AuthContext, body: SendMessageBody, source: SendSource = 'api', gated = true): Promise<Message> {
    const { send, warnings, category } = await this.check(auth, body, source);
    if (gated) await this.#o.gate.admit(auth, { to: send.message.to, category, ignore: body.suppression === 'ignore' });
    const message = toMessage(await this.#accepted.submit(send));
    return warnings.length > 0 ? { ...message, warnings } : message;
  }

  /**
   * Checks a send and makes what storing it writes, without storing anything (a single send, each
   * item of a batch, a dry run).
   * `to` is a phone number (E.164), a BSUID or parent BSUID, or a contact's `ct_` id (sent to its
   * phone number, else its BSUID); the message records the address (`to`) and the contact.
   * Interactive, location, contacts and reaction sends are checked against the platform's limits
   * (`rich.rules.ts`), every breach reported at once (docs/api.md §D15).
   * @param options.batchId the batch the message belongs to; `sendAt` a batch-wide `sendAt` the body's own overrides;
   *   `lookUp` looks the customer up even for a template (a dry run reports the window).
   * @returns the send, and what a dry run reports: whether the customer's window is open (null when
   *   not looked up) and the template's category.
   * @throws TidingsError phone_number_invalid, contact_not_found, parameter_invalid (blank text; a
   *   rich message's breached limits, in `issues`; a `sendAt` not 60 s to 35 days ahead),
   *   parameter_unknown (a caption the file's kind cannot carry), reply_target_not_found,
   *   template_not_found, template_not_approved, template_category_not_allowed, variables_invalid,
   *   media_not_found, recipient_not_supported (a message the platform will not send to a BSUID,
   *   recipient-rules.ts), outside_customer_window (a free-form send; a routed one only when
   *   nothing can carry it, routing.ts), and the fallback's refusals (routing.ts).
   */
  async check(
    auth: AuthContext,
    body: SendMessageBody,
    source: SendSource,
    options: { batchId?: string; sendAt?: string; lookUp?: boolean } = {},
  ): Promise<CheckedSend> {
    const { clock } = this.#o;
    const now = clock.now();
    const sendAtText = body.sendAt ?? options.sendAt;
    const sendAt =
      sendAtText === undefined
        ? null
        : checkSendAt(sendAtText, now, body.sendAt !== undefined ? 'sendAt' : 'batch sendAt');
    // A template needs no window: its customer is not looked up before it is stored.
    const recipient = await this.#o.contacts.resolveRecipient(auth, body.to, {
      lookUp: options.lookUp === true || body.type !== 'template',
    });
    const to = recipient.address;
    if (body.type === 'text' && body.text.trim() === '') {
      throw new TidingsError('parameter_invalid', 'text must contain more than white space.', { param: 'text' });
    }
    const rich = isRich(body) ? await prepareRich(this.#o.store.read, auth, body, recipient) : null;
    const prepared = isRich(body)
      ? { content: rich!.content, file: null, category: null, timeToLive: null }
      : await this.#prepare(auth, body);
    if (recipient.kind !== 'phone') {
      const refusal = bsuidRefusal(
        prepared.category !== null
          ? { type: 'template', category: prepared.category }
          : { type: body.type as Exclude<typeof body.type, 'template'> },
      );
      if (refusal) throw new TidingsError('recipient_not_supported', refusal, { param: 'to' });
    }
    // The quoted message, in this conversation: its wamid, or our `msg_` id until it has one.
    const quoted =
      body.replyTo !== undefined
        ? await conversationTarget(this.#o.store.read, auth, body.replyTo, recipient, 'replyTo', 'reply to')
        : null;
    const windowEnd =
      recipient.contact === undefined ? null : await customerWindowEnd(this.#o.store.read, auth, recipient, now);
    const windowOpen = windowEnd === null ? null : windowEnd > now;
    // A routed send's fallback is a utility template: the platform sends those to BSUIDs too.
    const route = await checkRoute(
      { templates: this.#o.templates, directSend: this.#o.directSend },
      auth,
      { ...(body as RoutedBody), to },
      prepared.content,
      windowEnd === null ? null : windowEnd > (sendAt ?? now),
      now,
    );
    if (body.type !== 'template' && route === null && !windowOpen) {
      throw new TidingsError(
        'outside_customer_window',
        `No message from ${recipient.address} in the last 24 hours, so only a template can be sent to them (the platform's customer service window); "route": "auto" sends it as a Direct Send or a fallback template instead.`,
        { param: 'to' },
      );
    }
    // A free-form message scheduled past the window's end would be refused by the platform (131047).
    if (body.type !== 'template' && route === null && sendAt !== null && sendAt >= windowEnd!) {
      throw new TidingsError(
        'outside_customer_window',
        `The customer service window with ${recipient.address} closes at ${iso(windowEnd!)}, before sendAt; only a template can be sent after it ("route": "auto" with a fallback template sends one then).`,
        { param: 'sendAt' },
      );
    }
    const warnings = sendWarnings(
      body.validityPeriod,
      body.type === 'template' ? prepared.timeToLive : undefined,
      route,
    );

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
      batchId: options.batchId ?? null,
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
      ...(body.suppression === 'ignore' ? { suppression: 'ignore' as const } : {}),
    };
    const validityMs = (body.validityPeriod ?? DEFAULT_VALIDITY_PERIOD_S) * 1000;
    const send: AcceptedSend = {
      message,
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
    return { send, windowOpen, category: prepared.category, warnings };
  }

  /**
   * Stores checked sends in `tx` (a batch's unit of work), all or none. @returns their rows, in order.
   * @throws TidingsError client_reference_in_use (the unit must then be rolled back).
   */
  storeIn(tx: Tx, sends: AcceptedSend[]): Promise<repo.MessageRow[]> {
    return this.#store(tx, sends);
  }

  /**
   * Stores accepted sends, with the sends that arrived with them (BatchWriter: one unit of work,
   * one statement per table): their customers, the messages, their queue entries; then wakes
   * the dispatcher for their lanes.
   */
  async #store(tx: Tx, sends: AcceptedSend[]): Promise<repo.MessageRow[]> {
    const now = iso(this.#o.clock.now());
    const queued = sends.filter((s) => s.scheduled === null);
    const lanes = new Map(
      queued.map((s) => [
        `${s.dispatch.mode}:${s.dispatch.phoneNumberId}`,
        { phoneNumberId: s.dispatch.phoneNumberId, mode: s.dispatch.mode },
      ]),
    );
    tx.afterCommit(() => lanes.forEach((lane) => this.#o.dispatcher.wake(lane)));
    const taken = await references.claim(
      tx,
      sends.flatMap((s) =>
        s.message.clientReference
          ? [
              {
                accountId: s.message.accountId,
                mode: s.message.mode,
                reference: s.message.clientReference,
                messageId: s.message.id,
                createdAt: now,
              },
            ]
          : [],
      ),
      now,
    );
    if (taken.length > 0) {
      throw new TidingsError(
        'client_reference_in_use',
        `clientReference "${taken[0]}" was given to another message of this account in the last 24 hours; give each message its own.`,
        { param: 'clientReference' },
      );
    }
    if (this.#atOnce(sends)) {
      const rows = sends.map((s) => messageRow(s.message));
      const upsert = this.#o.contactUpdates.outboundStatement(
        tx,
        sends.map((s) => s.sighting),
        now,
      )!;
      const contacts = await insertAcceptedAtOnce(
        tx,
        upsert,
        rows,
        sends.map((s) => s.dispatch),
      );
      const byKey = new Map(contacts.map((c) => [`${c.phone_number_id} ${c.mode} ${c.phone}`, c.id]));
      for (const row of rows) row.contact_id = byKey.get(`${row.phone_number_id} ${row.mode} ${row.recipient}`) ?? null;
      return rows;
    }
    const contactIds = await this.#o.contactUpdates.observeSends(
      tx,
      sends.map((s) => s.sighting),
      now,
    );
    const rows = await insertMessages(
      tx,
      sends.map((s, i) => ({ ...s.message, contactId: contactIds[i] ?? null })),
    );
    await dispatches.insertDispatches(
      tx,
      queued.map((s) => s.dispatch),
    );
    await scheduled.insertScheduled(
      tx,
      sends.flatMap((s) =>
        s.scheduled ? [{ ...s.dispatch, sendAt: s.scheduled.sendAt, validityMs: s.scheduled.validityMs }] : [],
      ),
    );
    return rows;
  }

  /**
   * Whether a batch is stored in one statement: on PostgreSQL, when every send goes to a phone
   * number at once, without a client reference.
   */
  #atOnce(sends: AcceptedSend[]): boolean {
    return (
      this.#o.store.dialect === 'postgres' &&
      sends.every((s) => sentToPhone(s.sighting) && s.scheduled === null && !s.message.clientReference)
    );
  }

  /** The platform content of the send, and the file it carries. */
  async #prepare(auth: AuthContext, body: Exclude<SendMessageBody, RichBody>): Promise<Prepared> {
    if (body.type === 'media') {
      const file = await this.#o.media.find(auth, body.mediaId);
      if (body.caption !== undefined && !CAPTION_KINDS.has(file.kind)) {
        throw new TidingsError(
          'parameter_unknown',
          `${capitalised(withArticle(file.kind))} message cannot carry a caption; the platform allows captions on images, videos and documents.`,
          { param: 'caption' },
        );
      }
      return {
        content: {
          type: 'media',
          kind: file.kind,
          platformMediaId: '',
          caption: body.caption ?? null,
          filename: file.kind === 'document' ? file.filename : null,
        },
        file,
        category: null,
        timeToLive: null,
      };
    }
    if (body.type === 'template') {
      const templateId = await templateIdOf(this.#o.templates, auth.accountId, body);
      const t = await this.#o.templates.prepareSend(auth.accountId, templateId, body.variables, body.buttons);
      const header =
        t.header === null ? null : t.header.type === 'text' ? t.header : { type: t.header.type, platformMediaId: '' };
      return {
        content: {
          type: 'template',
          name: t.name,
          language: t.language,
          body: t.body,
          header,
          buttons: t.buttons,
          ...(t.parameterNames ? { parameterNames: t.parameterNames } : {}),
        },
        file: t.header && t.header.type !== 'text' ? t.header.file : null,
        category: t.category,
        timeToLive: t.timeToLive,
        templateId,
      };
    }
    return {
      content: { type: 'text', body: body.text, previewUrl: false },
      file: null,
      category: null,
      timeToLive: null,
    };
  }
}
