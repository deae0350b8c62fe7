/**
 * Accepting a message (docs/api.md §4.6, §D8): everything that can be decided
 * locally is checked (the recipient, the type's fields, the template and its values, the file, the
 * reply target, the customer service window), then the message is stored with its entry in the
 * sender number's queue, in one unit of work. The dispatcher (`dispatch/`) takes it from there,
 * for test keys too (only the platform call is skipped). The steps are apart: what a template,
 * media or text send becomes (send-content.ts; rich sends rich-send.ts), the window's rule
 * (customer-window.rules.ts), what a checked send stores (accepted-send.ts), and the write through
 * the group commit (accept-write.ts).
 */
import type { AuditTrail } from '../../audit/audit-trail.js';
import type { ContactUpdates } from '../../contacts/contact-updates.js';
import { BatchWriter } from '../../db/batch-writer.js';
import { CUSTOMER_WINDOW_MS, type ContactService } from '../../contacts/contact.service.js';
import type { AuthContext } from '../../http/access.js';
import type { Store, Tx } from '../../db/store.js';
import { TidingsError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { conversationTarget } from './conversation-target.js';
import type { MediaService } from '../../media/media.service.js';
import type { TemplateSends } from '../../templates/template-sends.js';
import type { Dispatcher } from '../dispatch/dispatcher.js';
import { toMessage } from '../record/message.mapper.js';
import type { MessageRow } from '../record/message.repository.js';
import type { Message } from '../schemas/message.schemas.js';
import type { MessageSource, SendMessageBody } from '../schemas/send.schemas.js';
import { bsuidRefusal } from './recipient-rules.js';
import { isRich, prepareRich } from './rich-send.js';
import { checkSendAt } from './send-at.js';
import { windowEnd as customerWindowEnd } from './customer-window.js';
import { checkWindow } from './customer-window.rules.js';
import { checkRoute, sendWarnings, type RoutedBody } from '../record/routing.js';
import type { SendWarning } from '../schemas/routing.schemas.js';
import type { DirectSendCapability } from '../../accounts/direct-send.js';
import type { SuppressionGate } from './suppression-gate.js';
import { acceptedSend, type AcceptedSend } from './accepted-send.js';
import { forSend, resolveRecipients, type RecipientBook } from '../../contacts/recipients.js';
import { scopeOf } from '../../contacts/contact.service.js';
import { lastInboundAtOf } from '../record/inbound.repository.js';
import { storeAccepted, storedAtOnce } from './accept-write.js';
import { prepareContent } from './send-content.js';

export { CUSTOMER_WINDOW_MS };

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
  /** Records each accepted single send and each suppression a send passes, in the sends' unit (accept-write.ts). */
  audit: Pick<AuditTrail, 'recordAll' | 'entry'>;
}

/** A batch's recipients and their customers' last messages, read at once (`MessageSender.lookUpRecipients`). */
export interface KnownRecipients {
  recipients: RecipientBook;
  /** Address → when the customer last wrote to it (null: never), for those the contact does not show inside the window. */
  inbound: ReadonlyMap<string, string | null>;
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
  readonly #accepted: BatchWriter<AcceptedSend, MessageRow>;

  constructor(options: MessageSenderOptions) {
    this.#o = options;
    this.#accepted = new BatchWriter({
      store: options.store,
      write: (tx, sends) => storeAccepted(options, tx, sends),
      // On PostgreSQL a batch of sends to phone numbers is one statement (accept.repository.ts).
      oneStatement: (sends) => storedAtOnce(options.store.dialect, sends),
    });
  }

  /**
   * Accepts a message: checks everything that can be decided here, then stores the message and its
   * entry in the sender number's queue (or, with `sendAt`, among the scheduled sends) in one unit of
   * work. The platform is never called: the dispatcher sends it at the number's pace, and its
   * outcome arrives as status changes and events.
   * @param source recorded as the message's `source` (`dashboard` for sends from the web dashboard;
   *   `consent_reply` for a keyword's confirmation, which passes the opt-out keyword's suppression it
   *   confirms, here and at dispatch, and every other suppression still refuses: consent/consent-intake.ts).
   * @returns the message, status `accepted` (`scheduled` with `sendAt`), `platformMessageId` null.
   * @throws what `check` throws; recipient_suppressed, suppression_override_not_allowed (suppression-gate.ts);
   *   client_reference_in_use when another message of the account and mode took the `clientReference` in the last 24 hours.
   */
  async send(auth: AuthContext, body: SendMessageBody, source: MessageSource = 'api'): Promise<Message> {
    const { send, warnings, category } = await this.check(auth, body, source);
    const overridden = await this.#o.gate.admit(auth, {
      to: send.message.to,
      category,
      ignore: body.suppression === 'ignore',
      confirmation: source === 'consent_reply',
    });
    // Who passed which suppression, on the message (docs/api.md §D23).
    if (overridden) send.message.suppressionOverride = { suppressionId: overridden.id, keyId: auth.keyId };
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
   *   `lookUp` looks the customer up even for a template (a dry run reports the window); `known` a
   *   batch's recipients and customers' messages read for all its items at once (`lookUpRecipients`).
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
    source: MessageSource,
    options: { batchId?: string; sendAt?: string; lookUp?: boolean; known?: KnownRecipients } = {},
  ): Promise<CheckedSend> {
    const { clock } = this.#o;
    const now = clock.now();
    const sendAtText = body.sendAt ?? options.sendAt;
    const sendAt =
      sendAtText === undefined
        ? null
        : checkSendAt(sendAtText, now, body.sendAt !== undefined ? 'sendAt' : 'batch sendAt');
    // A template needs no window: its customer is not looked up before it is stored.
    const lookUp = options.lookUp === true || body.type !== 'template';
    const recipient =
      (options.known && forSend(options.known.recipients, body.to, lookUp)) ??
      (await this.#o.contacts.resolveRecipient(auth, body.to, { lookUp }));
    const to = recipient.address;
    if (body.type === 'text' && body.text.trim() === '') {
      throw new TidingsError('parameter_invalid', 'text must contain more than white space.', { param: 'text' });
    }
    const rich = isRich(body) ? await prepareRich(this.#o.store.read, auth, body, recipient) : null;
    const prepared = isRich(body)
      ? { content: rich!.content, file: null, category: null, timeToLive: null }
      : await prepareContent(this.#o, auth, body);
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
      recipient.contact === undefined
        ? null
        : await customerWindowEnd(this.#o.store.read, auth, recipient, now, options.known?.inbound);
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
    checkWindow({ type: body.type, routed: route !== null, address: recipient.address }, windowEnd, now, sendAt);
    const warnings = sendWarnings(
      body.validityPeriod,
      body.type === 'template' ? prepared.timeToLive : undefined,
      route,
    );
    const send = acceptedSend({
      auth,
      body,
      source,
      batchId: options.batchId,
      now,
      sendAt,
      recipient,
      prepared,
      rich,
      quoted,
      route,
    });
    return { send, windowOpen, category: prepared.category, warnings };
  }

  /**
   * What `check` reads of a batch's recipients, read for all items at once: each distinct `to`
   * parsed once and its contact found (one statement), and for those whose window the contact
   * does not show open, when they last wrote (one statement). `check` given it reads neither again.
   */
  async lookUpRecipients(auth: AuthContext, tos: readonly string[], now: number): Promise<KnownRecipients> {
    const recipients = await resolveRecipients(this.#o.store.read, scopeOf(auth), tos);
    const unsure = new Set<string>();
    for (const r of recipients.values()) {
      const at = r instanceof TidingsError ? undefined : r.contact?.lastInboundAt;
      if (!(r instanceof TidingsError) && !(typeof at === 'string' && Date.parse(at) + CUSTOMER_WINDOW_MS > now))
        unsure.add(r.address);
    }
    const found = await lastInboundAtOf(this.#o.store.read, auth.phoneNumberId, [...unsure], auth.mode);
    return { recipients, inbound: new Map([...unsure].map((a) => [a, found.get(a) ?? null])) };
  }

  /**
   * Stores checked sends in `tx` (a batch's unit of work), all or none. @returns their rows, in order.
   * @throws TidingsError client_reference_in_use (the unit must then be rolled back).
   */
  storeIn(tx: Tx, sends: AcceptedSend[]): Promise<MessageRow[]> {
    return storeAccepted(this.#o, tx, sends);
  }
}
