/**
 * Storing accepted sends through the group commit (db/batch-writer.ts): the sends that arrived
 * together share one unit of work and one statement per table (on PostgreSQL, when they allow it,
 * one statement in all: accept.repository.ts), and wake the dispatcher once committed.
 */
import type { AuditTrail } from '../../audit/audit-trail.js';
import type { ContactUpdates } from '../../contacts/contact-updates.js';
import { sentToPhone } from '../../contacts/sighting.js';
import type { Store, Tx } from '../../db/store.js';
import { TidingsError } from '../../errors.js';
import { iso, type Clock } from '../../lib/clock.js';
import type { Dispatcher } from '../dispatch/dispatcher.js';
import * as references from '../record/client-reference.repository.js';
import { insertMessages, messageRow } from '../record/message-rows.repository.js';
import type { MessageRow } from '../record/message.repository.js';
import * as scheduled from '../record/scheduled.repository.js';
import * as dispatches from '../record/send-queue.repository.js';
import { insertAcceptedAtOnce } from './accept.repository.js';
import { auditChanges } from './accept-audit.js';
import type { AcceptedSend } from './accepted-send.js';

/** What the write needs (`MessageSender`'s options hold it). */
export interface AcceptWriteOptions {
  store: Pick<Store, 'dialect'>;
  clock: Clock;
  /** Woken after the commit that queued a message. */
  dispatcher: Pick<Dispatcher, 'wake'>;
  /** Records the sends on their contacts (created if new), in the sends' unit of work. */
  contactUpdates: Pick<ContactUpdates, 'observeSends' | 'outboundStatement'>;
  /** Records the sends (accept-audit.ts), in the same statement on PostgreSQL's one-statement path. */
  audit: Pick<AuditTrail, 'recordAll' | 'entry'>;
}

/**
 * Stores accepted sends, with the sends that arrived with them (BatchWriter: one unit of work,
 * one statement per table): their customers, the messages, their queue entries; then wakes
 * the dispatcher for their lanes.
 * @returns their rows, in order.
 * @throws TidingsError client_reference_in_use (the unit must then be rolled back).
 */
export async function storeAccepted(o: AcceptWriteOptions, tx: Tx, sends: AcceptedSend[]): Promise<MessageRow[]> {
  const now = iso(o.clock.now());
  const queued = sends.filter((s) => s.scheduled === null);
  const lanes = new Map(
    queued.map((s) => [
      `${s.dispatch.mode}:${s.dispatch.phoneNumberId}`,
      { phoneNumberId: s.dispatch.phoneNumberId, mode: s.dispatch.mode },
    ]),
  );
  tx.afterCommit(() => lanes.forEach((lane) => o.dispatcher.wake(lane)));
  const taken = await references.claim(
    tx,
    sends.flatMap((s) =>
      s.message.clientReference
        ? [
            {
              accountId: s.message.accountId,
              mode: s.message.mode,
              reference: s.message.clientReference,
              messageId: s.message.id,
              createdAt: now,
            },
          ]
        : [],
    ),
    now,
  );
  if (taken.length > 0) {
    throw new TidingsError(
      'client_reference_in_use',
      `clientReference "${taken[0]}" was given to another message of this account in the last 24 hours; give each message its own.`,
      { param: 'clientReference' },
    );
  }
  if (storedAtOnce(o.store.dialect, sends)) {
    const rows = sends.map((s) => messageRow(s.message));
    const upsert = o.contactUpdates.outboundStatement(
      tx,
      sends.map((s) => s.sighting),
      now,
    )!;
    const contacts = await insertAcceptedAtOnce(
      tx,
      upsert,
      rows,
      sends.map((s) => s.dispatch),
      auditChanges(sends).map(({ change, acting }) => o.audit.entry(change, acting)),
    );
    const byKey = new Map(contacts.map((c) => [`${c.phone_number_id} ${c.mode} ${c.phone}`, c.id]));
    for (const row of rows) row.contact_id = byKey.get(`${row.phone_number_id} ${row.mode} ${row.recipient}`) ?? null;
    return rows;
  }
  const contactIds = await o.contactUpdates.observeSends(
    tx,
    sends.map((s) => s.sighting),
    now,
  );
  const rows = await insertMessages(
    tx,
    sends.map((s, i) => ({ ...s.message, contactId: contactIds[i] ?? null })),
  );
  await o.audit.recordAll(tx, auditChanges(sends));
  await dispatches.insertDispatches(
    tx,
    queued.map((s) => s.dispatch),
  );
  await scheduled.insertScheduled(
    tx,
    sends.flatMap((s) =>
      s.scheduled ? [{ ...s.dispatch, sendAt: s.scheduled.sendAt, validityMs: s.scheduled.validityMs }] : [],
    ),
  );
  return rows;
}

/**
 * Whether a batch is stored in one statement: on PostgreSQL, when every send goes to a phone
 * number at once, without a client reference.
 */
export function storedAtOnce(dialect: Store['dialect'], sends: AcceptedSend[]): boolean {
  return (
    dialect === 'postgres' &&
    sends.every((s) => sentToPhone(s.sighting) && s.scheduled === null && !s.message.clientReference)
  );
}
