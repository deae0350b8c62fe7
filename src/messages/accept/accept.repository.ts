/**
 * A batch of accepted sends as one statement, on PostgreSQL: the customers' upsert (the contacts
 * feature's own statement), the messages (each taking its customer's id from that upsert), and
 * their queue entries, as data-modifying CTEs. One round trip, and the statement's own implicit
 * transaction, instead of five round trips (begin, three statements, commit): under load each
 * round trip costs milliseconds, and a send's answer waits for its batch. Every table's SQL stays in
 * its own repository; this file only puts them together.
 */
import { sql, type RawBuilder } from 'kysely';
import type { AuditTrail } from '../../audit/audit-trail.js';
import type { Tx } from '../../db/store.js';

/** An audit entry's row, as `AuditTrail.entry` makes it. */
type AuditEntryRow = ReturnType<AuditTrail['entry']>;
import type { MessageRow } from '../record/message.repository.js';
import { insertMessageRowsStatement } from '../record/message-rows.repository.js';
import { insertDispatchesStatement, type NewDispatch } from '../record/send-queue.repository.js';

/**
 * Runs `contacts` (returning `id, phone_number_id, mode, phone`), then stores `messages` (those
 * without a contact take the one of their number and recipient from it) and `entries`, in one
 * statement, with `audit` (the sends' audit entries, audit-trail.ts `entry`; may be empty). Run it alone (`store.writeOne`): it commits by itself. None of the lists may be empty.
 * @returns the customers' ids, as `contacts` returned them.
 */
export async function insertAcceptedAtOnce(
  tx: Tx,
  contacts: RawBuilder<{ id: string; phone_number_id: string; mode: string; phone: string }>,
  messages: MessageRow[],
  entries: NewDispatch[],
  audit: AuditEntryRow[],
): Promise<{ id: string; phone_number_id: string; mode: string; phone: string }[]> {
  const trail = audit.length > 0 ? sql`, a as (${tx.insertInto('audit_events').values(audit)})` : sql``;
  const result = await sql<{ id: string; phone_number_id: string; mode: string; phone: string }>`
    with c as (${contacts}),
      m as (${insertMessageRowsStatement(tx, messages, 'c')}),
      d as (${insertDispatchesStatement(tx, entries)})${trail}
    select id, phone_number_id, mode, phone from c`.execute(tx);
  return result.rows;
}
