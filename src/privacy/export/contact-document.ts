/**
 * `contact.json`, the document of a customer's export (docs/api.md §D29), written as a sequence of
 * chunks: the contact, then its messages of each direction a page at a time (EXPORT_PAGE rows, in
 * keyset order), its consent history, the events about it, and the list of its files. Only one page
 * of rows is held at a time, so the document's size does not bound the memory it takes; what is kept
 * across pages is the set of file ids the messages name (a few dozen bytes per file).
 *
 * Each part is rendered as the API's GET returns it, by the owning feature's mapper:
 * `toMessage` (with the customer's reaction, as GET /v1/messages/{id}) plus its `statuses` from the
 * status reports, `toInboundMessage` (with the quoted message's id), `toSuppression`, and each
 * event's payload as it was delivered.
 */
import type { Reader } from '../../db/store.js';
import { toSuppression } from '../../consent/suppression.mapper.js';
import { marketingConsentsOf } from '../../consent/suppression.repository.js';
import type { Contact } from '../../contacts/contact.schemas.js';
import { formerAddressesOf } from '../../contacts/former-addresses.repository.js';
import { toInboundMessage, toMessage } from '../../messages/record/message.mapper.js';
import { latestReactions, reactionTo, type StatusReportRow } from '../../messages/record/message.repository.js';
import { messageIdsByWamid } from '../../messages/record/wamid.repository.js';
import { toMediaFile } from '../../media/media.repository.js';
import type { MediaFile } from '../../media/media-file.js';
import * as repo from './export.repository.js';

/** Rows read per statement while paging through a customer's messages and events. */
export const EXPORT_PAGE = 250;

/** A status the platform reported for an outbound message, as the export lists it. */
export interface ExportedStatus {
  status: string;
  /** When the platform says it happened (ISO 8601). */
  at: string;
  error: { code: string; message: string } | null;
  pricing: { billable: boolean | null; model: string | null; category: string | null; type: string | null } | null;
}

/** A file of the customer, as `contact.json`'s `files` lists it; `path` is its entry in the ZIP (null: its bytes are gone from storage). */
export interface ExportedFile {
  id: string;
  filename: string;
  mimeType: string;
  sizeBytes: number;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  source: 'upload' | 'inbound';
  path: string | null;
}

/** What the document is written from: the contact (as GET returns it) and where it lives. */
export interface DocumentInput {
  db: Reader;
  accountId: string;
  mode: 'live' | 'test';
  phoneNumberId: string;
  contact: Contact;
  exportedAt: string;
  /** Whether a file's bytes can be read from storage (a file whose row outlived its bytes is listed with `path: null`). */
  readable(file: MediaFile): Promise<boolean>;
  signal: AbortSignal;
}

const json = (value: unknown) => Buffer.from(JSON.stringify(value));

/**
 * The chunks of `contact.json`, produced as the reader asks for them (a pull stream:
 * `Readable.from(contactDocument(…))` reads the next page only when the ZIP has room for it).
 * Once the last chunk is produced, `files` resolves with the files to add after the document.
 * @throws the signal's reason once `input.signal` is aborted (checked before each statement).
 */
export async function* contactDocument(
  input: DocumentInput,
  files: { resolve(files: ExportedFile[]): void },
): AsyncGenerator<Buffer> {
  const { db, contact, signal } = input;
  const fileIds = new Set<string>();
  const check = () => signal.throwIfAborted();
  // The numbers and BSUIDs the customer had before changing them (docs/api.md §D31): theirs too.
  const former = (await formerAddressesOf(db, [contact.id])).get(contact.id) ?? [];
  yield Buffer.from(
    `{\n"exportedAt": ${JSON.stringify(input.exportedAt)},\n"contact": ${JSON.stringify(contact)},\n"formerAddresses": ${JSON.stringify(former)},\n"messages": [`,
  );

  let first = true;
  const item = (value: unknown) => {
    const out = Buffer.concat([Buffer.from(first ? '\n' : ',\n'), json(value)]);
    first = false;
    return out;
  };

  for (let cursor: repo.ExportCursor | null = null; ; ) {
    check();
    const rows = await repo.outboundPage(db, contact.id, EXPORT_PAGE, cursor);
    if (rows.length === 0) break;
    const wamids = rows.flatMap((r) => (r.platform_message_id ? [r.platform_message_id] : []));
    const [reports, reactions] = await Promise.all([repo.statusReportsOf(db, wamids), latestReactions(db, wamids)]);
    const byWamid = new Map<string, StatusReportRow[]>();
    for (const r of reports) byWamid.set(r.platform_message_id, [...(byWamid.get(r.platform_message_id) ?? []), r]);
    // The platform times its reports in seconds: within a second, in the order a message goes through them.
    for (const list of byWamid.values())
      list.sort((a, b) => a.occurred_at.localeCompare(b.occurred_at) || rank(a.status) - rank(b.status));
    const chunks: Buffer[] = [];
    for (const row of rows) {
      if (row.media_id) fileIds.add(row.media_id);
      const statuses = row.platform_message_id ? (byWamid.get(row.platform_message_id) ?? []) : [];
      chunks.push(item({ ...toMessage(row, reactionTo(reactions, row)), statuses: statuses.map(toStatus) }));
    }
    yield Buffer.concat(chunks);
    const last = rows.at(-1)!;
    cursor = { at: last.created_at, id: last.id };
    if (rows.length < EXPORT_PAGE) break;
  }

  yield Buffer.from(`${first ? '' : '\n'}],\n"inboundMessages": [`);
  first = true;
  for (let cursor: repo.ExportCursor | null = null; ; ) {
    check();
    const rows = await repo.inboundPage(db, contact.id, EXPORT_PAGE, cursor);
    if (rows.length === 0) break;
    const contexts = [...new Set(rows.flatMap((r) => (r.context_message_id ? [r.context_message_id] : [])))];
    const quoted = await messageIdsByWamid(db, [input.accountId], contexts);
    const chunks: Buffer[] = [];
    for (const row of rows) {
      if (row.media_id) fileIds.add(row.media_id);
      const quotedId = quoted.get(`${row.account_id} ${row.context_message_id}`) ?? null;
      chunks.push(item(toInboundMessage(row, quotedId)));
    }
    yield Buffer.concat(chunks);
    const last = rows.at(-1)!;
    cursor = { at: last.sent_at, id: last.id };
    if (rows.length < EXPORT_PAGE) break;
  }

  check();
  const formerPhones = former.filter((a) => a.startsWith('+'));
  const formerBsuids = former.filter((a) => !a.startsWith('+'));
  const suppressions = await repo.suppressionsOf(db, input, {
    contactId: contact.id,
    phones: [contact.phone, ...formerPhones].filter((v): v is string => v !== null),
    bsuids: [contact.userId, contact.parentUserId, ...formerBsuids].filter((v): v is string => v !== null),
  });
  // The platform reports marketing preferences of live customers only (consent/contact-consent.ts).
  const marketing =
    input.mode === 'live'
      ? await marketingConsentsOf(db, input.phoneNumberId, [
          { phone: contact.phone, bsuid: contact.userId },
          ...(contact.parentUserId ? [{ phone: null, bsuid: contact.parentUserId }] : []),
          ...formerPhones.map((phone) => ({ phone, bsuid: null })),
          ...formerBsuids.map((bsuid) => ({ phone: null, bsuid })),
        ])
      : [];
  yield Buffer.from(
    `\n],\n"consent": ${JSON.stringify({
      suppressions: suppressions.map(toSuppression),
      marketing: marketing.map((m) => ({
        phoneNumberId: m.phone_number_id,
        phone: m.phone,
        userId: m.bsuid,
        value: m.value,
        reportedAt: m.reported_at,
        updatedAt: m.updated_at,
      })),
    })},\n"events": [`,
  );

  first = true;
  for (let cursor: repo.ExportCursor | null = null; ; ) {
    check();
    const rows = await repo.eventsPage(db, input, contact.id, EXPORT_PAGE, cursor);
    if (rows.length === 0) break;
    // The payload is the event exactly as delivered (serialised once): written as stored.
    const chunks: Buffer[] = [];
    for (const r of rows) {
      chunks.push(Buffer.from(first ? '\n' : ',\n'), Buffer.from(r.payload));
      first = false;
    }
    yield Buffer.concat(chunks);
    const last = rows.at(-1)!;
    cursor = { at: last.created_at, id: last.id };
    if (rows.length < EXPORT_PAGE) break;
  }

  yield Buffer.from(`${first ? '' : '\n'}],\n"files": [`);
  const listed: ExportedFile[] = [];
  const ids = [...fileIds].sort();
  for (let i = 0; i < ids.length; i += EXPORT_PAGE) {
    check();
    const rows = await repo.mediaOf(db, input, ids.slice(i, i + EXPORT_PAGE));
    for (const row of rows) {
      const file = toMediaFile(row);
      const path = (await input.readable(file)) ? `files/${file.id}/${entryName(file.filename)}` : null;
      listed.push({
        id: file.id,
        filename: file.filename,
        mimeType: file.mimeType,
        sizeBytes: file.sizeBytes,
        sha256: file.sha256,
        source: file.source,
        path,
      });
    }
  }
  yield Buffer.from(`${listed.map((f) => `\n${JSON.stringify(f)}`).join(',')}${listed.length ? '\n' : ''}]\n}\n`);
  files.resolve(listed);
}

const STATUS_ORDER = ['sent', 'delivered', 'read', 'failed'];
const rank = (status: string) => (STATUS_ORDER.includes(status) ? STATUS_ORDER.indexOf(status) : STATUS_ORDER.length);

function toStatus(r: StatusReportRow): ExportedStatus {
  return {
    status: r.status,
    at: r.occurred_at,
    error: r.error_code === null ? null : { code: r.error_code, message: r.error_message ?? '' },
    pricing: r.pricing ? (JSON.parse(r.pricing) as ExportedStatus['pricing']) : null,
  };
}

/**
 * A file's name as an entry of the ZIP: its last path segment, without control characters, `\`
 * or `:` (unzip tools take them for separators or drives), never `.` or `..`, at most 200
 * characters; `file` when nothing is left. The file's id is the folder, so names never collide.
 */
export function entryName(filename: string): string {
  const base = filename.split(/[/\\]/).at(-1) ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const clean = base.replace(/[\u0000-\u001f\u007f:]/g, '_').slice(0, 200);
  return clean === '' || clean === '.' || clean === '..' ? 'file' : clean;
}
