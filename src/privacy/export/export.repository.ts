/**
 * The reads of a customer's export (docs/api.md §D29) that no feature's repository answers: a
 * customer's messages of each direction in keyset pages, oldest first (the indexes
 * `messages_contact` and `inbound_messages_contact` on (contact_id, time, id)), the status reports
 * of a page's wamids, every suppression naming the customer (lifted ones too), the events about
 * them, their files' rows. Read-only: the tables stay their features' to write (messages/record/,
 * consent/, events/, media/); rows go no further than the export's document, which maps them with
 * those features' own mappers.
 */
import { sql, type SqlBool } from 'kysely';
import type { Reader } from '../../db/store.js';
import type { MessageRow, InboundRow, StatusReportRow } from '../../messages/record/message.repository.js';
import type { SuppressionRow } from '../../consent/suppression.repository.js';
import type { EventRow } from '../../events/event.repository.js';
import type { MediaRow } from '../../media/media.repository.js';

/** The rows after which a keyset page continues: (time, id) of the last row of the page before. */
export interface ExportCursor {
  at: string;
  id: string;
}

/** Rows ordered by (column, id) ascending, strictly after `cursor` (a row-value comparison both dialects answer from the index). */
function after(column: string, cursor: ExportCursor) {
  return sql<SqlBool>`(${sql.ref(column)}, ${sql.ref('id')}) > (${cursor.at}, ${cursor.id})`;
}

/** Up to `limit` of the contact's business messages, oldest accepted first, after `cursor`. */
export function outboundPage(
  db: Reader,
  contactId: string,
  limit: number,
  cursor: ExportCursor | null,
): Promise<MessageRow[]> {
  let q = db
    .selectFrom('messages')
    .selectAll()
    .where('contact_id', '=', contactId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit);
  if (cursor) q = q.where(after('created_at', cursor));
  return q.execute();
}

/** Up to `limit` of the contact's own messages, oldest sent first, after `cursor`. */
export function inboundPage(
  db: Reader,
  contactId: string,
  limit: number,
  cursor: ExportCursor | null,
): Promise<InboundRow[]> {
  let q = db
    .selectFrom('inbound_messages')
    .selectAll()
    .where('contact_id', '=', contactId)
    .orderBy('sent_at')
    .orderBy('id')
    .limit(limit);
  if (cursor) q = q.where(after('sent_at', cursor));
  return q.execute();
}

/** Every status report of these wamids (one statement for a page), in the order they happened. */
export function statusReportsOf(db: Reader, wamids: string[]): Promise<StatusReportRow[]> {
  if (wamids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('status_reports')
    .selectAll()
    .where('platform_message_id', 'in', wamids)
    .orderBy('occurred_at')
    .orderBy('status')
    .execute();
}

/**
 * Every suppression of the account in `mode`, active or lifted, on the contact's number or on
 * every number, that names the customer: by contact id, or by any phone number (E.164) or BSUID
 * (parent BSUIDs among them) they have or had (docs/api.md §D31). Oldest first. A customer has a
 * handful; they are read at once.
 */
export function suppressionsOf(
  db: Reader,
  scope: { accountId: string; mode: 'live' | 'test'; phoneNumberId: string },
  customer: { contactId: string; phones: readonly string[]; bsuids: readonly string[] },
): Promise<SuppressionRow[]> {
  const { phones, bsuids } = customer;
  return db
    .selectFrom('suppressions')
    .selectAll()
    .where('account_id', '=', scope.accountId)
    .where('mode', '=', scope.mode)
    .where('number_key', 'in', [scope.phoneNumberId, '*'])
    .where((eb) =>
      eb.or([
        eb('contact_id', '=', customer.contactId),
        ...(phones.length > 0 ? [eb('phone', 'in', [...phones])] : []),
        ...(bsuids.length > 0 ? [eb('bsuid', 'in', [...bsuids])] : []),
      ]),
    )
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/**
 * Up to `limit` events of the account in `mode` about the contact (`events.contact_id`, migration
 * 0029), oldest first, after `cursor` (index events_contact).
 */
export function eventsPage(
  db: Reader,
  scope: { accountId: string; mode: 'live' | 'test' },
  contactId: string,
  limit: number,
  cursor: ExportCursor | null,
): Promise<Pick<EventRow, 'id' | 'payload' | 'created_at'>[]> {
  let q = db
    .selectFrom('events')
    .select(['id', 'payload', 'created_at'])
    .where('account_id', '=', scope.accountId)
    .where('contact_id', '=', contactId)
    .where('mode', '=', scope.mode)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit);
  if (cursor) q = q.where(after('created_at', cursor));
  return q.execute();
}

/** The rows of these files of the account in `mode` (one statement; ids of files deleted since are not found). */
export function mediaOf(
  db: Reader,
  scope: { accountId: string; mode: 'live' | 'test' },
  ids: string[],
): Promise<MediaRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('media')
    .selectAll()
    .where('account_id', '=', scope.accountId)
    .where('mode', '=', scope.mode)
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
}

/** Where a contact lives (its number and mode), by id alone: the CLI names a contact without a key. */
export function contactHome(
  db: Reader,
  contactId: string,
): Promise<{ phone_number_id: string; mode: 'live' | 'test' } | undefined> {
  return db.selectFrom('contacts').select(['phone_number_id', 'mode']).where('id', '=', contactId).executeTakeFirst();
}
