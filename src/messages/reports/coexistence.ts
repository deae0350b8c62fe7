/**
 * A number shared with the WhatsApp Business app ("coexistence", docs/api.md §D32,
 * docs/platform.md §4.20–§4.21): what the intake hands over after the echoes, applied in its unit of work.
 *
 * - `history`: the app's past chats, imported (history-import.ts): one `history.imported` per chunk.
 * - `smb_app_state_sync`: the app's address book onto the contacts (contacts/app-contacts.ts); no event.
 * - `smb_message_echoes` edit / revoke: the message edited (its text or caption replaced, the
 *   earlier version kept in `edits`; `message.edited`) or deleted for everyone (`revokedAt`;
 *   `message.revoked`). An edit or revoke already applied (same time) changes nothing; one of a
 *   message Tidings does not have is skipped.
 * - `automatic_events`: `ad.purchase` (`Purchase`) and `ad.lead` (`LeadSubmitted`), about the
 *   contact of the message the platform detected it in; another event name is skipped.
 */
import { applyAppContacts } from '../../contacts/app-contacts.js';
import type { ContactUpdates } from '../../contacts/contact-updates.js';
import { waIdToE164 } from '../../contacts/phone.js';
import type { Tx } from '../../db/store.js';
import type { EventService, NewEvent } from '../../events/event.service.js';
import type { EventType } from '../../events/event-types.js';
import type {
  PlatformAdEvent,
  PlatformCoexistenceUpdate,
  PlatformEchoChange,
} from '../../platform/coexistence-updates.js';
import type { Owned } from '../../platform/updates.js';
import { toMessage } from '../record/message.mapper.js';
import * as repo from '../record/message.repository.js';
import { importHistoryChunk } from './history-import.js';

/** The event of each `automatic_events` event name (Meta's reference lists these two). */
const AD_EVENTS: Record<string, EventType> = { Purchase: 'ad.purchase', LeadSubmitted: 'ad.lead' };

/** An `ad.purchase` / `ad.lead` event's object. */
export interface AdEvent {
  /** The platform's `event_name`: `Purchase` or `LeadSubmitted`. */
  eventName: string;
  phoneNumberId: string;
  /** The wamid the platform detected it in, and that message's Tidings id (`in_`, `msg_`) when stored. */
  platformMessageId: string;
  messageId: string | null;
  contactId: string | null;
  /** The click-to-WhatsApp ad click (`ctwa_clid`); null for ads in WhatsApp Status. */
  ctwaClid: string | null;
  /** A purchase's currency (ISO 4217) and amount (the platform's `value` divided by 1,000); null for a lead. */
  currency: string | null;
  value: number | null;
  /** When the platform detected it (ISO). */
  at: string;
}

type Of<K extends PlatformCoexistenceUpdate['kind']> = Owned<Extract<PlatformCoexistenceUpdate, { kind: K }>>;

export class Coexistence {
  readonly #o: { events: EventService; contacts: ContactUpdates };

  constructor(options: { events: EventService; contacts: ContactUpdates }) {
    this.#o = options;
  }

  /** Applies a batch's coexistence updates in `tx` (after the contacts and the echoes). Never refuses. */
  async apply(tx: Tx, updates: Owned<PlatformCoexistenceUpdate>[], now: string): Promise<void> {
    if (updates.length === 0) return;
    const of = <K extends PlatformCoexistenceUpdate['kind']>(kind: K) =>
      updates.filter((u): u is Of<K> => u.kind === kind);
    const events: NewEvent[] = [];
    for (const chunk of of('history')) {
      const event = await importHistoryChunk(tx, this.#o.contacts, chunk, now);
      if (event) events.push(event);
    }
    await applyAppContacts(
      tx,
      of('app_contact').map((c) => ({ ...c, phone: waIdToE164(c.phone) })),
      now,
    );
    events.push(...(await this.#echoChanges(tx, [...of('echo_edit'), ...of('echo_revoke')], now)));
    events.push(...(await this.#adEvents(tx, of('ad_event'))));
    await this.#o.events.record(tx, events);
  }

  /** Edits and revokes, in the order given (an edit then a revoke of one message both apply). */
  async #echoChanges(tx: Tx, changes: Owned<PlatformEchoChange>[], now: string): Promise<NewEvent[]> {
    if (changes.length === 0) return [];
    const rows = new Map(
      (
        await repo.findMessagesForUpdate(
          tx,
          'platform_message_id',
          changes.map((c) => c.originalWamid),
        )
      ).map((r) => [r.platform_message_id!, r]),
    );
    const events: NewEvent[] = [];
    for (const c of changes) {
      const row = rows.get(c.originalWamid);
      if (!row || row.account_id !== c.accountId) continue;
      let next: repo.MessageRow;
      if (c.kind === 'echo_revoke') {
        if (row.revoked_at !== null) continue;
        next = { ...row, revoked_at: c.at, updated_at: now };
        await repo.updateMessage(tx, row.id, { revoked_at: c.at, updated_at: now });
      } else {
        if (row.edited_at !== null && row.edited_at >= c.at) continue;
        const edits = [
          ...(row.edits ? (JSON.parse(row.edits) as unknown[]) : []),
          { text: row.text, caption: row.caption, at: row.edited_at ?? row.sent_at ?? row.created_at },
        ];
        const content = row.type === 'text' ? { text: c.text } : { caption: c.text };
        const changed = { ...content, edits: JSON.stringify(edits), edited_at: c.at, updated_at: now };
        next = { ...row, ...changed };
        await repo.updateMessage(tx, row.id, changed);
      }
      rows.set(c.originalWamid, next);
      const type = c.kind === 'echo_revoke' ? 'message.revoked' : 'message.edited';
      events.push({ accountId: row.account_id, mode: row.mode, type, object: toMessage(next) });
    }
    return events;
  }

  /** `automatic_events`, each about the contact of the message (either way) it names. */
  async #adEvents(tx: Tx, detected: Owned<PlatformAdEvent>[]): Promise<NewEvent[]> {
    if (detected.length === 0) return [];
    const wamids = detected.map((d) => d.wamid);
    const theirs = await tx
      .selectFrom('inbound_messages')
      .select(['id', 'platform_message_id', 'contact_id', 'account_id'])
      .where('platform_message_id', 'in', wamids)
      .execute();
    const ours = await tx
      .selectFrom('messages')
      .select(['id', 'platform_message_id', 'contact_id', 'account_id'])
      .where('platform_message_id', 'in', wamids)
      .execute();
    const byWamid = new Map([...ours, ...theirs].map((r) => [`${r.account_id} ${r.platform_message_id}`, r]));
    return detected.flatMap((d): NewEvent[] => {
      const type = AD_EVENTS[d.eventName];
      if (!type) return [];
      const message = byWamid.get(`${d.accountId} ${d.wamid}`);
      const object: AdEvent = {
        eventName: d.eventName,
        phoneNumberId: d.phoneNumberId,
        platformMessageId: d.wamid,
        messageId: message?.id ?? null,
        contactId: message?.contact_id ?? null,
        ctwaClid: d.ctwaClid,
        currency: d.currency,
        value: d.value,
        at: d.at,
      };
      return [{ accountId: d.accountId, mode: 'live', type, object, contactId: object.contactId }];
    });
  }
}
