/** What the export cases share: a ZIP read back (yauzl), entry by entry, and the customer's rows as the database holds them. */
import { createHash } from 'node:crypto';
import yauzl from 'yauzl';
import type { Harness } from '../harness.js';

/** One entry of a ZIP: its name and bytes. */
export interface Entry {
  name: string;
  data: Buffer;
  compressed: boolean;
}

/** Every entry of the ZIP in `zip`, in the order they were written (yauzl checks each CRC and size). */
export function unzip(zip: Buffer): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true }, (err, file) => {
      if (err) return reject(err);
      const entries: Entry[] = [];
      file.on('error', reject);
      file.on('end', () => resolve(entries));
      file.on('entry', (entry: yauzl.Entry) => {
        file.openReadStream(entry, (err2, stream) => {
          if (err2) return reject(err2);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.push({
              name: entry.fileName,
              data: Buffer.concat(chunks),
              compressed: entry.compressionMethod !== 0,
            });
            file.readEntry();
          });
        });
      });
      file.readEntry();
    });
  });
}

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** A contact's rows as the database holds them: its messages' ids both ways, each outbound one's reported statuses, its events' ids. */
export async function rowsOf(h: Harness, contactId: string) {
  const db = h.deps.store.read;
  const outbound = await db
    .selectFrom('messages')
    .select(['id', 'platform_message_id'])
    .where('contact_id', '=', contactId)
    .execute();
  const inbound = await db.selectFrom('inbound_messages').select('id').where('contact_id', '=', contactId).execute();
  const wamids = outbound.flatMap((m) => (m.platform_message_id ? [m.platform_message_id] : []));
  const reports =
    wamids.length === 0
      ? []
      : await db
          .selectFrom('status_reports')
          .select(['platform_message_id', 'status'])
          .where('platform_message_id', 'in', wamids)
          .execute();
  const statuses = new Map(
    outbound.map((m) => [
      m.id,
      reports
        .filter((r) => r.platform_message_id === m.platform_message_id)
        .map((r) => r.status)
        .sort(),
    ]),
  );
  const events = await db.selectFrom('events').select('id').where('contact_id', '=', contactId).execute();
  return {
    outbound: outbound.map((m) => m.id).sort(),
    inbound: inbound.map((m) => m.id).sort(),
    statuses,
    events: events.map((e) => e.id).sort(),
  };
}

/** An export as answered: its status and headers; on 200 its entries, contact.json and the ZIP's bytes, otherwise the error body. */
export interface Exported {
  status: number;
  headers: Record<string, unknown>;
  body: any;
  entries: Entry[];
  document: any;
  zip: Buffer;
}

/** The export of `contactId` through the API with these headers (a key, or a session's cookie). */
export async function exported(h: Harness, contactId: string, headers: Record<string, string>): Promise<Exported> {
  const res = await h.app.inject({ method: 'GET', url: `/v1/contacts/${contactId}/export`, headers });
  if (res.statusCode !== 200)
    return {
      status: res.statusCode,
      body: res.json(),
      headers: res.headers,
      entries: [],
      document: null,
      zip: res.rawPayload,
    };
  const entries = await unzip(res.rawPayload);
  const document = JSON.parse(entries.find((e) => e.name === 'contact.json')!.data.toString('utf8'));
  return { status: 200, headers: res.headers, body: null, entries, document, zip: res.rawPayload };
}
