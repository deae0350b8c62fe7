/**
 * The WhatsApp Business app's past chats (the platform's `history` webhook, docs/platform.md §4.20,
 * docs/api.md §D32), imported into the timeline: the customer's messages as customers' messages,
 * the business's as `business_app` messages, every one marked `imported`. An imported message opens
 * no service window (the window is read from the messages that are not imported, and the contacts'
 * `last_inbound_at` is not touched), sends no `message.*` event and counts in no analytics (the
 * change log's triggers leave imported rows out, migration 0035). One `history.imported` event per
 * chunk says what it brought. Set-based: a chunk of thousands of messages is written a few
 * statements per slice of SLICE, whatever its size. Idempotent by wamid: a chunk delivered again
 * imports nothing twice.
 */
import type { ContactUpdates } from '../../contacts/contact-updates.js';
import { waIdToE164 } from '../../contacts/phone.js';
import type { Tx } from '../../db/store.js';
import type { NewEvent } from '../../events/event.service.js';
import { newId } from '../../lib/ids.js';
import type { PlatformHistoryChunk, PlatformHistoryMessage } from '../../platform/coexistence-updates.js';
import type { Owned } from '../../platform/updates.js';
import { insertInboundMessages, type NewInbound } from '../record/inbound.repository.js';
import * as repo from '../record/message.repository.js';
import { insertMessageRows, messageRow } from '../record/message-rows.repository.js';
import { typeOf } from './business-echoes.js';

/** Messages written per statement: a slice's rows stay well inside both dialects' bound parameters. */
const SLICE = 500;

/** What one chunk brought, the `history.imported` event's object. */
export interface HistoryImport {
  phoneNumberId: string;
  /** The chunk's `phase` (0: day 0–1, 1: day 1–90, 2: day 90–180), `chunkOrder` (from 1) and `progress` (0–100; 100: all shared). */
  phase: number | null;
  chunkOrder: number | null;
  progress: number | null;
  threads: number;
  /** Messages the chunk carried, and how many of them were new (the others were imported before). */
  messages: number;
  imported: number;
  /** Of the new ones: the customers' and the business's. */
  inbound: number;
  outbound: number;
  /** True when the business declined to share its history (the chunk's `errors[]`). */
  declined: boolean;
}

/** The status an imported business message ends in, from its `history_context.status` (anything else: sent). */
function statusOf(m: PlatformHistoryMessage): {
  status: 'sent' | 'delivered' | 'read';
  delivered: boolean;
  read: boolean;
} {
  const s = (m.status ?? '').toUpperCase();
  if (s === 'READ' || s === 'PLAYED') return { status: 'read', delivered: true, read: true };
  if (s === 'DELIVERED') return { status: 'delivered', delivered: true, read: false };
  return { status: 'sent', delivered: false, read: false };
}

/**
 * Imports one chunk inside the intake's unit of work, after its customers (the intake applies the
 * contacts first).
 * @returns the chunk's `history.imported` event; null for a chunk delivered again that brought nothing new.
 */
export async function importHistoryChunk(
  tx: Tx,
  contacts: ContactUpdates,
  chunk: Owned<PlatformHistoryChunk>,
  now: string,
): Promise<NewEvent | null> {
  const customers = chunk.threads.map((t) => waIdToE164(t.customer));
  const contactIds = await contacts.contactIdsOf(
    tx,
    customers.map((phone) => ({
      phoneNumberId: chunk.phoneNumberId,
      mode: 'live' as const,
      phone,
      userId: null,
      parentUserId: null,
    })),
  );
  const all = chunk.threads.flatMap((t, i) =>
    t.messages.map((m) => ({ m, customer: customers[i]!, contactId: contactIds[i] ?? null })),
  );
  let inbound = 0;
  let outbound = 0;
  for (let i = 0; i < all.length; i += SLICE) {
    const slice = all.slice(i, i + SLICE);
    const theirs: NewInbound[] = slice
      .filter((x) => x.m.direction === 'inbound')
      .map(({ m, customer, contactId }) => ({
        id: newId('in'),
        accountId: chunk.accountId,
        mode: 'live',
        phoneNumberId: chunk.phoneNumberId,
        from: customer,
        contactId,
        platformMessageId: m.wamid,
        type: m.type,
        text: m.text,
        contactName: null,
        contextWamid: null,
        payload: JSON.stringify(m.payload),
        sentAt: m.at,
        createdAt: now,
        imported: true,
      }));
    inbound += (await insertInboundMessages(tx, theirs)).length;
    const ours = slice.filter((x) => x.m.direction === 'outbound');
    const known = new Set(
      (
        await repo.findMessagesForUpdate(
          tx,
          'platform_message_id',
          ours.map((x) => x.m.wamid),
        )
      ).map((r) => r.platform_message_id),
    );
    const rows: repo.MessageRow[] = [];
    for (const { m, customer, contactId } of ours) {
      if (known.has(m.wamid)) continue;
      known.add(m.wamid);
      const reached = statusOf(m);
      const type = typeOf(m.type);
      rows.push({
        ...messageRow({
          id: newId('msg'),
          accountId: chunk.accountId,
          mode: 'live',
          phoneNumberId: chunk.phoneNumberId,
          to: customer,
          contactId,
          type,
          source: 'business_app',
          text: m.type === 'text' ? m.text : null,
          caption: m.type === 'text' ? null : m.text,
          platformMessageId: m.wamid,
          createdAt: m.at,
        }),
        status: reached.status,
        sent_at: m.at,
        delivered_at: reached.delivered ? m.at : null,
        read_at: reached.read ? m.at : null,
        updated_at: now,
        imported: 1,
      });
    }
    await insertMessageRows(tx, rows);
    outbound += rows.length;
  }
  if (all.length > 0 && inbound + outbound === 0) return null;
  const object: HistoryImport = {
    phoneNumberId: chunk.phoneNumberId,
    phase: chunk.phase,
    chunkOrder: chunk.chunkOrder,
    progress: chunk.progress,
    threads: chunk.threads.length,
    messages: all.length,
    imported: inbound + outbound,
    inbound,
    outbound,
    declined: chunk.errors.length > 0,
  };
  return { accountId: chunk.accountId, mode: 'live', type: 'history.imported', object, contactId: null };
}
