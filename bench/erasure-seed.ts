/**
 * One customer with many messages, written straight into a database the service migrated, in
 * batches (the erasure benchmark, bench/erasure.ts, and the crash test, test/erasure-crash.test.ts):
 * the contact, `messages` outbound messages (text naming `phrase`, each with a wamid and a status
 * report), `inbound` messages from them (text and payload naming the phrase and the number), and an
 * event per ten messages naming them (with the contact's id).
 */
import { sql, type Insertable } from 'kysely';
import type { DatabaseConfig } from '../src/config.js';
import { connectDatabase } from '../src/db/connect.js';
import type { EventsTable, InboundMessagesTable, MessagesTable, StatusReportsTable } from '../src/db/schema.js';
import { iso } from '../src/lib/clock.js';
import { newId } from '../src/lib/ids.js';
import { contactSearchText } from '../src/lib/search-text.js';

const BATCH = 500;

export interface SeededCustomer {
  phone: string;
  name: string;
  /** The unique words each of their messages carries. */
  phrase: string;
  messages: number;
  inbound: number;
}

/** @returns the contact's id and the seconds the seeding took. */
export async function seedCustomer(
  database: DatabaseConfig,
  accountId: string,
  phoneNumberId: string,
  c: SeededCustomer,
): Promise<{ contactId: string; seconds: number }> {
  const start = performance.now();
  const store = await connectDatabase(database);
  const now = Date.now();
  const contactId = newId('ct');
  const contact = {
    id: contactId,
    account_id: accountId,
    phone_number_id: phoneNumberId,
    mode: 'live' as const,
    phone: c.phone,
    user_id: null,
    parent_user_id: null,
    profile_name: c.name,
    username: null,
    last_inbound_at: iso(now),
    last_outbound_at: iso(now),
    last_activity_at: iso(now),
    created_at: iso(now - 86_400_000),
    updated_at: iso(now),
  };
  await store.write((tx) =>
    tx
      .insertInto('contacts')
      .values({ ...contact, search_text: contactSearchText(contact) })
      .execute(),
  );
  const total = Math.max(c.messages, c.inbound);
  for (let i = 0; i < total; i += BATCH) {
    const outbound: Insertable<MessagesTable>[] = [];
    const reports: Insertable<StatusReportsTable>[] = [];
    const inbound: Insertable<InboundMessagesTable>[] = [];
    const events: Insertable<EventsTable>[] = [];
    for (let j = i; j < Math.min(total, i + BATCH); j++) {
      const at = iso(now - (total - j) * 1000);
      if (j < c.messages) {
        const id = newId('msg');
        const wamid = `wamid.erasure-seed-${contactId}-${j}`;
        outbound.push({
          id,
          account_id: accountId,
          mode: 'live',
          phone_number_id: phoneNumberId,
          recipient: c.phone,
          contact_id: contactId,
          type: 'text',
          status: 'read',
          platform_message_id: wamid,
          source: 'api',
          text: `${c.phrase} ${j}`,
          caption: null,
          media_id: null,
          template_id: null,
          reply_to: null,
          content: null,
          error_code: null,
          error_message: null,
          sent_at: at,
          delivered_at: at,
          read_at: at,
          failed_at: null,
          created_at: at,
          updated_at: at,
        });
        reports.push({
          platform_message_id: wamid,
          status: 'read',
          occurred_at: at,
          error_code: null,
          error_message: null,
          callback_data: id,
          created_at: at,
        });
        if (j % 10 === 0)
          events.push({
            id: newId('evt'),
            account_id: accountId,
            mode: 'live',
            type: 'message.read',
            payload: JSON.stringify({ data: { object: { id, to: c.phone, contactId, text: `${c.phrase} ${j}` } } }),
            created_at: at,
            contact_id: contactId,
          });
      }
      if (j < c.inbound)
        inbound.push({
          id: newId('in'),
          account_id: accountId,
          mode: 'live',
          phone_number_id: phoneNumberId,
          sender: c.phone,
          contact_id: contactId,
          read_at: null,
          platform_message_id: `wamid.erasure-seed-in-${contactId}-${j}`,
          type: 'text',
          text: `${c.phrase} from them ${j}`,
          contact_name: c.name,
          context_message_id: null,
          payload: JSON.stringify({
            from: c.phone.slice(1),
            type: 'text',
            text: { body: `${c.phrase} from them ${j}` },
          }),
          sent_at: at,
          created_at: at,
        });
    }
    await store.write(async (tx) => {
      if (outbound.length > 0) await tx.insertInto('messages').values(outbound).execute();
      if (reports.length > 0) await tx.insertInto('status_reports').values(reports).execute();
      if (inbound.length > 0) await tx.insertInto('inbound_messages').values(inbound).execute();
      if (events.length > 0) await tx.insertInto('events').values(events).execute();
    });
  }
  await store.write(async (tx) => void (await sql`analyze`.execute(tx)));
  await store.close();
  return { contactId, seconds: (performance.now() - start) / 1000 };
}
