/**
 * Who holds each conversation (docs/api.md §D30, docs/platform.md §4.18): the business (this
 * service, its API and dashboard) or Meta Business Agent, per contact (a contact is one customer on
 * one business number). The platform's word moves it: a customer message or an agent's reply under
 * `standby` (the agent holds it), a `messaging_handovers` notification (`control_passed`: passed to
 * this app; `control_taken`: taken from it), a customer message under `messages` (this app holds
 * it), and a service message of the business the platform reported `sent` (Meta: "if your app
 * sends a service message while observing a conversation, it will take over as the active
 * handler", webhooks/reference/standby). Each change is recorded as `conversation.handover`, in the
 * unit of work that stores what caused it; a change older than the holder's `since` changes
 * nothing, so webhooks out of order leave the latest word standing.
 */
import type { Tx } from '../db/store.js';
import type { EventService, NewEvent } from '../events/event.service.js';
import type { PlatformHandover } from '../platform/signal-updates.js';
import type { Owned } from '../platform/updates.js';
import type { ContactUpdates } from './contact-updates.js';
import { findHolders, setHolder } from './conversation-holder.repository.js';
import { waIdToE164 } from './phone.js';

export type ConversationHolder = 'business' | 'meta_agent';

/**
 * Why the holder changed: `standby_message` (a customer message under `standby`), `agent_reply`
 * (Meta's agent's reply, a `standby` echo), `control_passed` / `control_taken` (`messaging_handovers`),
 * `messages_field` (a customer message under `messages`), `service_message` (a free-form message of
 * the business, `sent`).
 */
export type HandoverReason =
  | 'standby_message'
  | 'agent_reply'
  | 'control_passed'
  | 'control_taken'
  | 'messages_field'
  | 'service_message';

/** A change the platform's word calls for: contact `contactId` is held by `holder` as of `at` (ISO). */
export interface HolderChange {
  contactId: string | null;
  holder: ConversationHolder;
  at: string;
  reason: HandoverReason;
}

/** The object of a `conversation.handover` event. */
export interface ConversationHandover {
  contactId: string;
  phoneNumberId: string;
  from: ConversationHolder;
  to: ConversationHolder;
  /** ISO 8601: when the platform says it happened. */
  at: string;
  reason: HandoverReason;
}

export class ConversationHolders {
  readonly #o: { events: EventService; contacts: Pick<ContactUpdates, 'contactIdsOf'> };

  constructor(options: { events: EventService; contacts: Pick<ContactUpdates, 'contactIdsOf'> }) {
    this.#o = options;
  }

  /**
   * Applies changes in the order they happened, inside `tx`: each that names another holder than
   * the contact's, and is not older than its `since`, sets it and records `conversation.handover`.
   * Changes naming no contact, or one of no stored contact, are skipped. One read (of the contacts
   * Meta's agent holds only, when every change is to the business), one update per change made, and
   * the events.
   * @returns how many changed the holder.
   */
  async apply(tx: Tx, changes: HolderChange[]): Promise<number> {
    const named = changes.filter((c): c is HolderChange & { contactId: string } => c.contactId !== null);
    if (named.length === 0) return 0;
    const toBusinessOnly = named.every((c) => c.holder === 'business');
    const found = await findHolders(
      tx,
      named.map((c) => c.contactId),
      toBusinessOnly,
    );
    const rows = new Map(found.map((r) => [r.id, r]));
    const events: NewEvent[] = [];
    for (const c of [...named].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0))) {
      const row = rows.get(c.contactId);
      if (!row || row.conversation_holder === c.holder) continue;
      if (row.conversation_holder_since !== null && c.at < row.conversation_holder_since) continue;
      await setHolder(tx, row.id, c.holder, c.at, c.reason);
      const object: ConversationHandover = {
        contactId: row.id,
        phoneNumberId: row.phone_number_id,
        from: row.conversation_holder,
        to: c.holder,
        at: c.at,
        reason: c.reason,
      };
      events.push({
        accountId: row.account_id,
        mode: row.mode,
        type: 'conversation.handover',
        object,
        contactId: row.id,
      });
      rows.set(row.id, { ...row, conversation_holder: c.holder, conversation_holder_since: c.at });
    }
    await this.#o.events.record(tx, events);
    return events.length;
  }

  /**
   * `messaging_handovers` notifications (the intake's consumer, after the contacts they name were
   * stored): `control_passed` (delivered to the new owner: this app) makes the business the holder,
   * `control_taken` (delivered to the previous owner: this app) Meta's agent (docs/platform.md §4.18).
   */
  async applyHandovers(tx: Tx, handovers: Owned<PlatformHandover>[], _now: string): Promise<void> {
    if (handovers.length === 0) return;
    const ids = await this.#o.contacts.contactIdsOf(
      tx,
      handovers.map((h) => ({
        phoneNumberId: h.phoneNumberId,
        mode: 'live' as const,
        phone: h.waId ? waIdToE164(h.waId) : null,
        userId: h.userId,
        parentUserId: null,
      })),
    );
    await this.apply(
      tx,
      handovers.map((h, i) => ({
        contactId: ids[i] ?? null,
        holder: h.type === 'control_passed' ? ('business' as const) : ('meta_agent' as const),
        at: h.at,
        reason: h.type,
      })),
    );
  }
}
