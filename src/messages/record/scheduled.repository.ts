/**
 * Scheduled sends (`scheduled_sends`): a message with a `sendAt` waits here, outside its number's
 * queue, until that time; then it enters the queue (`dispatches`) behind what its customer already
 * has queued (docs/api.md §D18). Kept apart so a message scheduled for tomorrow never holds up the
 * messages sent to its customer today (the queue is in order per customer). Only this file touches
 * the table.
 */
import { sql, type Selectable } from 'kysely';
import { isPostgres } from '../../db/connect.js';
import { jsonRows } from '../../db/json-rows.js';
import type { ScheduledSendsTable } from '../../db/schema.js';
import type { Reader, Tx } from '../../db/store.js';
import { iso } from '../../lib/clock.js';
import { insertDispatches, type DispatchPayload, type Lane, type NewDispatch } from './send-queue.repository.js';

export type ScheduledRow = Selectable<ScheduledSendsTable>;

/** A scheduled send: its future queue entry, when it enters the queue and how long it may then wait. */
export interface NewScheduled extends NewDispatch {
  /** ISO. */
  sendAt: string;
  /** The validity period, ms, counted from `sendAt`. */
  validityMs: number;
}

/** Stores scheduled sends, in one statement. */
export async function insertScheduled(tx: Tx, entries: NewScheduled[]): Promise<void> {
  if (entries.length === 0) return;
  const v = jsonRows(
    tx,
    {
      message_id: 'text',
      account_id: 'text',
      mode: 'text',
      phone_number_id: 'text',
      recipient: 'text',
      payload: 'text',
      send_at: 'text',
      validity_ms: 'integer',
      created_at: 'text',
    },
    entries.map((e) => ({
      message_id: e.messageId,
      account_id: e.accountId,
      mode: e.mode,
      phone_number_id: e.phoneNumberId,
      recipient: e.recipient,
      payload: JSON.stringify(e.payload),
      send_at: e.sendAt,
      validity_ms: e.validityMs,
      created_at: e.createdAt,
    })),
  );
  await sql`insert into scheduled_sends (message_id, account_id, mode, phone_number_id, recipient, payload, send_at, validity_ms, created_at)
    select message_id, account_id, mode, phone_number_id, recipient, payload, send_at, validity_ms, created_at from ${v}`.execute(
    tx,
  );
}

/**
 * Moves up to `limit` scheduled sends whose time came into their numbers' queues, earliest first,
 * in `tx`: each queue entry is due at its `sendAt` and expires its validity period after it; the
 * messages go from `scheduled` to `accepted`.
 *
 * On PostgreSQL the rows are locked in the order every unit takes them (the message, then its
 * queue rows, each in id order): the due sends are read, their messages locked (`FOR UPDATE SKIP
 * LOCKED`: one a cancel or another process holds is left for the next poll), then their scheduled
 * rows. A cancel locks the message first too, so the two never deadlock, and each send is moved once.
 * @returns how many moved, and the lanes that got entries.
 */
export async function promoteDue(tx: Tx, now: string, limit: number): Promise<{ count: number; lanes: Lane[] }> {
  const due = tx
    .selectFrom('scheduled_sends')
    .selectAll()
    .where('send_at', '<=', now)
    .orderBy('send_at')
    .orderBy('message_id')
    .limit(limit);
  let rows = await due.execute();
  if (rows.length > 0 && isPostgres(tx)) {
    const held = await tx
      .selectFrom('messages')
      .select('id')
      .where(
        'id',
        'in',
        rows.map((r) => r.message_id),
      )
      .where('status', '=', 'scheduled')
      .orderBy('id')
      .forUpdate()
      .skipLocked()
      .execute();
    const ids = held.map((m) => m.id);
    rows =
      ids.length === 0
        ? []
        : await tx
            .selectFrom('scheduled_sends')
            .selectAll()
            .where('message_id', 'in', ids)
            .orderBy('message_id')
            .forUpdate()
            .skipLocked()
            .execute();
  }
  if (rows.length === 0) return { count: 0, lanes: [] };
  await insertDispatches(
    tx,
    rows.map((r) => ({
      messageId: r.message_id,
      accountId: r.account_id,
      mode: r.mode,
      phoneNumberId: r.phone_number_id,
      recipient: r.recipient,
      payload: JSON.parse(r.payload) as DispatchPayload,
      notBefore: r.send_at,
      expiresAt: iso(Date.parse(r.send_at) + Number(r.validity_ms)),
      createdAt: r.created_at,
    })),
  );
  const ids = rows.map((r) => r.message_id);
  await tx.deleteFrom('scheduled_sends').where('message_id', 'in', ids).execute();
  await tx
    .updateTable('messages')
    .set({ status: 'accepted', updated_at: now })
    .where('id', 'in', ids)
    .where('status', '=', 'scheduled')
    .execute();
  const lanes = new Map(
    rows.map((r) => [`${r.mode}:${r.phone_number_id}`, { phoneNumberId: r.phone_number_id, mode: r.mode }]),
  );
  return { count: rows.length, lanes: [...lanes.values()] };
}

/** When the next scheduled send is due (ISO), or null: one index seek. */
export async function nextSendAt(db: Reader): Promise<string | null> {
  const row = await db.selectFrom('scheduled_sends').select('send_at').orderBy('send_at').limit(1).executeTakeFirst();
  return row?.send_at ?? null;
}

/** Removes these messages' scheduled sends (a cancel), locked on PostgreSQL. @returns the ids that were scheduled. */
export async function removeScheduled(tx: Tx, messageIds: string[]): Promise<string[]> {
  if (messageIds.length === 0) return [];
  const rows = await tx
    .deleteFrom('scheduled_sends')
    .where('message_id', 'in', messageIds)
    .returning('message_id')
    .execute();
  return rows.map((r) => r.message_id);
}

/** Up to `limit` scheduled sends of a number, in one mode, due before `before` (ISO), earliest first. */
export async function scheduledBefore(
  db: Reader,
  lane: Lane & { accountId: string },
  before: string,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('scheduled_sends')
    .select('message_id')
    .where('account_id', '=', lane.accountId)
    .where('mode', '=', lane.mode)
    .where('send_at', '<', before)
    .where('phone_number_id', '=', lane.phoneNumberId)
    .orderBy('send_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.message_id);
}
