/**
 * A customer with a long history, written straight into a migrated database and the media storage
 * directory (export.ts, and the paging case of test/contact-export.test.ts): one contact of a live
 * number, `outbound` business messages (texts, and a media message per file) each with its sent,
 * delivered and read reports, `inbound` customer messages, an event per message, and `files` files
 * of `fileBytes` each (pseudo-random bytes, so nothing compresses them away).
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Insertable } from 'kysely';
import type { ContactsTable, EventsTable, MessagesTable, StatusReportsTable } from '../src/db/schema.js';
import type { Store } from '../src/db/store.js';
import { iso } from '../src/lib/clock.js';
import { newId } from '../src/lib/ids.js';
import { insertMedia } from '../src/media/media.repository.js';
import { inboundRow } from '../src/messages/record/inbound.repository.js';

export interface SeedOptions {
  accountId: string;
  phoneNumberId: string;
  /** E.164 of the customer. */
  phone: string;
  outbound: number;
  inbound: number;
  files: number;
  fileBytes: number;
  /** The media storage's directory (`<DATA_DIR>/media`). */
  mediaDir: string;
}

/** What was written: the contact, and the file ids with their SHA-256 (hex). */
export interface Seeded {
  contactId: string;
  files: { id: string; sha256: string }[];
}

const BATCH = 200;

export async function seedExportCustomer(store: Store, o: SeedOptions): Promise<Seeded> {
  const start = Date.now() - (o.outbound + o.inbound + 10) * 1000;
  const at = (i: number) => iso(start + i * 1000);
  const contactId = newId('ct', start);
  const contact: Insertable<ContactsTable> = {
    id: contactId,
    account_id: o.accountId,
    phone_number_id: o.phoneNumberId,
    mode: 'live',
    phone: o.phone,
    user_id: null,
    parent_user_id: null,
    profile_name: 'Seeded Customer',
    username: null,
    last_inbound_at: at(o.inbound),
    last_outbound_at: at(o.outbound),
    last_activity_at: at(o.outbound + o.inbound),
    created_at: at(0),
    updated_at: at(0),
    search_text: 'seeded customer',
  };
  await store.write((tx) => tx.insertInto('contacts').values(contact).execute());

  // The files: bytes into storage, rows (and usage) into the database.
  fs.mkdirSync(o.mediaDir, { recursive: true });
  const files: Seeded['files'] = [];
  for (let i = 0; i < o.files; i++) {
    const id = newId('med', start + i);
    const data = randomBytes(o.fileBytes);
    data.write('%PDF-1.4\n');
    const sha256 = createHash('sha256').update(data).digest('hex');
    fs.writeFileSync(path.join(o.mediaDir, id), data, { mode: 0o600 });
    files.push({ id, sha256 });
    await store.write((tx) =>
      insertMedia(tx, {
        id,
        accountId: o.accountId,
        mode: 'live',
        filename: `statement-${i}.pdf`,
        mimeType: 'application/pdf',
        kind: 'document',
        sizeBytes: data.length,
        sha256,
        source: 'upload',
        createdAt: at(0),
      }),
    );
  }

  for (let i = 0; i < o.outbound; i += BATCH) {
    const messages: Insertable<MessagesTable>[] = [];
    const reports: Insertable<StatusReportsTable>[] = [];
    const events: Insertable<EventsTable>[] = [];
    for (let j = i; j < Math.min(o.outbound, i + BATCH); j++) {
      const id = newId('msg', start + j * 1000);
      const wamid = `wamid.seed${contactId}${j}`;
      const file = j < files.length ? files[j]! : null;
      const t = at(j);
      messages.push({
        id,
        account_id: o.accountId,
        mode: 'live',
        phone_number_id: o.phoneNumberId,
        recipient: o.phone,
        contact_id: contactId,
        type: file ? 'media' : 'text',
        status: 'read',
        platform_message_id: wamid,
        source: 'api',
        text: file ? null : `Your order ${j} shipped.`,
        caption: file ? `Statement ${j}` : null,
        media_id: file?.id ?? null,
        template_id: null,
        reply_to: null,
        content: null,
        error_code: null,
        error_message: null,
        sent_at: t,
        delivered_at: t,
        read_at: t,
        failed_at: null,
        created_at: t,
        updated_at: t,
      });
      for (const status of ['sent', 'delivered', 'read'])
        reports.push({
          platform_message_id: wamid,
          status,
          occurred_at: t,
          error_code: null,
          error_message: null,
          callback_data: null,
          created_at: t,
        });
      events.push({
        id: newId('evt', start + j * 1000),
        account_id: o.accountId,
        mode: 'live',
        type: 'message.read',
        payload: JSON.stringify({ id: `evt_${j}`, type: 'message.read', data: { object: { id, contactId } } }),
        created_at: t,
        contact_id: contactId,
      });
    }
    await store.write(async (tx) => {
      await tx.insertInto('messages').values(messages).execute();
      await tx.insertInto('status_reports').values(reports).execute();
      await tx.insertInto('events').values(events).execute();
    });
  }

  for (let i = 0; i < o.inbound; i += BATCH) {
    const rows: ReturnType<typeof inboundRow>[] = [];
    for (let j = i; j < Math.min(o.inbound, i + BATCH); j++) {
      const wamid = `wamid.seedin${contactId}${j}`;
      const text = `Where is order ${j}?`;
      rows.push(
        inboundRow({
          id: newId('in', start + j * 1000),
          accountId: o.accountId,
          mode: 'live',
          phoneNumberId: o.phoneNumberId,
          from: o.phone,
          contactId,
          platformMessageId: wamid,
          type: 'text',
          text,
          contactName: 'Seeded Customer',
          contextWamid: null,
          payload: JSON.stringify({ from: o.phone.slice(1), id: wamid, type: 'text', text: { body: text } }),
          sentAt: at(j),
          createdAt: at(j),
        }),
      );
    }
    await store.write((tx) => tx.insertInto('inbound_messages').values(rows).execute());
  }
  return { contactId, files };
}
