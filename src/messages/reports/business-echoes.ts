/**
 * Messages the business sent from the WhatsApp Business app on a number shared with the API
 * (`smb_message_echoes`, "coexistence"; docs/platform.md §4.15, docs/api.md §D24): stored as
 * outbound messages with `source: "business_app"`, listed with the others, sent as of the echo's
 * timestamp (`message.sent`), and later moved on by the status webhooks of their wamid like any
 * message (status-reports.ts finds them by wamid). Meta's agent's replies (`standby` echoes,
 * docs/api.md §D30) are stored the same way with `source: "meta_agent"`, and say that the agent
 * holds the conversation.
 */
import type { ContactUpdates } from '../../contacts/contact-updates.js';
import type { ConversationHolders } from '../../contacts/conversation-holders.js';
import { waIdToE164 } from '../../contacts/phone.js';
import type { Tx } from '../../db/store.js';
import type { EventService, NewEvent } from '../../events/event.service.js';
import { newId } from '../../lib/ids.js';
import type { PlatformEchoMessage } from '../../platform/signal-updates.js';
import type { Owned } from '../../platform/updates.js';
import { messageStatusEvents } from '../record/message-events.js';
import * as repo from '../record/message.repository.js';
import { insertMessageRows, messageRow } from '../record/message-rows.repository.js';

/** The message type Tidings records for a platform message type (null: one it has no type for). */
export function typeOf(type: string): repo.MessageRow['type'] {
  if (type === 'text' || type === 'interactive' || type === 'location' || type === 'contacts' || type === 'reaction')
    return type;
  if (type === 'image' || type === 'video' || type === 'audio' || type === 'document' || type === 'sticker')
    return 'media';
  if (type === 'template') return 'template';
  return null;
}

export class BusinessEchoes {
  readonly #o: { events: EventService; contacts: ContactUpdates; holders: Pick<ConversationHolders, 'apply'> };

  constructor(options: {
    events: EventService;
    contacts: ContactUpdates;
    holders: Pick<ConversationHolders, 'apply'>;
  }) {
    this.#o = options;
  }

  /**
   * Stores echoes inside the intake's unit of work (`tx`), after their customers (the intake
   * applies the contacts first). A wamid already stored as a Business-app message changes nothing
   * (a repeated webhook); one known only from status reports (`external`: its status came first)
   * becomes the Business-app message with its content. A few statements per call, whatever the
   * number of echoes.
   * @returns how many echoes were new.
   */
  async recordEchoes(tx: Tx, echoes: Owned<PlatformEchoMessage>[], now: string): Promise<number> {
    if (echoes.length === 0) return 0;
    const existing = new Map(
      (
        await repo.findMessagesForUpdate(
          tx,
          'platform_message_id',
          echoes.map((e) => e.wamid),
        )
      ).map((r) => [r.platform_message_id!, r]),
    );
    const contactIds = await this.#o.contacts.contactIdsOf(
      tx,
      echoes.map((e) => ({
        phoneNumberId: e.phoneNumberId,
        mode: 'live' as const,
        phone: e.to ? waIdToE164(e.to) : null,
        userId: e.toUserId,
        parentUserId: null,
      })),
    );
    const created: repo.MessageRow[] = [];
    const events: NewEvent[] = [];
    for (const [i, e] of echoes.entries()) {
      const seen = existing.get(e.wamid);
      if (seen && seen.source !== 'external') continue;
      const source = e.sender ?? 'business_app';
      const content = {
        source,
        type: typeOf(e.type),
        text: e.type === 'text' ? e.text : null,
        caption: e.type === 'text' ? null : e.text,
      };
      if (seen) {
        await repo.updateMessage(tx, seen.id, { ...content, updated_at: now });
        continue;
      }
      const row: repo.MessageRow = {
        ...messageRow({
          id: newId('msg'),
          accountId: e.accountId,
          mode: 'live',
          phoneNumberId: e.phoneNumberId,
          to: e.to ? waIdToE164(e.to) : e.toUserId!,
          contactId: contactIds[i] ?? null,
          type: content.type,
          source,
          text: content.text,
          caption: content.caption,
          platformMessageId: e.wamid,
          createdAt: e.at,
        }),
        status: 'sent',
        sent_at: e.at,
        updated_at: now,
      };
      existing.set(e.wamid, row);
      created.push(row);
      events.push(
        ...messageStatusEvents(
          { ...row, sent_at: null, delivered_at: null, read_at: null, status: 'accepted' },
          row,
          null,
        ),
      );
    }
    await insertMessageRows(tx, created);
    await this.#o.events.record(tx, events);
    const agent = echoes.flatMap((e, i) =>
      e.sender === 'meta_agent' ? [{ e, contactId: contactIds[i] ?? null }] : [],
    );
    await this.#o.holders.apply(
      tx,
      agent.map(({ e, contactId }) => ({
        contactId,
        holder: 'meta_agent' as const,
        at: e.at,
        reason: 'agent_reply' as const,
      })),
    );
    return created.length;
  }
}
