/**
 * The erasure's units over the send queue, files and messages both ways (erasure.repository.ts
 * says the order locks are taken in).
 */
import { sql } from 'kysely';
import type { Reader, Tx } from '../../db/store.js';
import { likeText } from './erase-sql.js';
import { redactAudit } from './erase-traces.repository.js';

// ---- the send queue ---------------------------------------------------------------------------

/**
 * Cancels up to `limit` of the contact's messages waiting to be sent (queued, scheduled, or
 * `unknown` after a call that got no answer): their queue entries and scheduled sends are removed
 * first (a dispatcher's claim of the same entry either came before, and the entry is `sending`, or
 * finds it gone), then the messages become `canceled`. An entry being sent (`sending`) is left to
 * its dispatcher: it was claimed before the erasure, and its call is under way.
 * @returns the messages canceled, and how many are being sent (to wait for).
 */
export async function cancelQueued(
  tx: Tx,
  contactId: string,
  limit: number,
  at: string,
): Promise<{ canceled: number; sending: number }> {
  const waiting = await tx
    .selectFrom('messages')
    .select('id')
    .where('contact_id', '=', contactId)
    .where('status', 'in', ['accepted', 'scheduled'])
    .limit(limit)
    .execute();
  if (waiting.length === 0) return { canceled: 0, sending: 0 };
  const ids = waiting.map((r) => r.id);
  const dequeued = await tx
    .deleteFrom('dispatches')
    .where('message_id', 'in', ids)
    .where('state', '<>', 'sending')
    .returning('message_id')
    .execute();
  const unscheduled = await tx
    .deleteFrom('scheduled_sends')
    .where('message_id', 'in', ids)
    .returning('message_id')
    .execute();
  const sending = new Set(
    (
      await tx
        .selectFrom('dispatches')
        .select('message_id')
        .where('message_id', 'in', ids)
        .where('state', '=', 'sending')
        .execute()
    ).map((r) => r.message_id),
  );
  // A message accepted without a queue entry (none left, none being sent) is canceled too.
  const cancel = ids.filter((id) => !sending.has(id));
  void dequeued;
  void unscheduled;
  if (cancel.length > 0)
    await tx
      .updateTable('messages')
      .set({ status: 'canceled', canceled_at: at, updated_at: at })
      .where('id', 'in', cancel)
      .where('status', 'in', ['accepted', 'scheduled'])
      .execute();
  return { canceled: cancel.length, sending: sending.size };
}

// ---- files ------------------------------------------------------------------------------------

/**
 * The files only this contact's messages name: those its customer sent, and uploads sent to them
 * alone (no other contact's message, no message without a contact, no template header names them).
 */
export async function filesOfContactOnly(
  db: Reader,
  accountId: string,
  contactId: string,
  limit: number,
): Promise<string[]> {
  const out = await db
    .selectFrom('messages')
    .select('media_id')
    .distinct()
    .where('contact_id', '=', contactId)
    .where('media_id', 'is not', null)
    .limit(limit)
    .execute();
  const inbound = await db
    .selectFrom('inbound_messages')
    .select('media_id')
    .distinct()
    .where('contact_id', '=', contactId)
    .where('media_id', 'is not', null)
    .limit(limit)
    .execute();
  const ids = [...new Set([...out, ...inbound].map((r) => r.media_id!))];
  const only: string[] = [];
  for (const id of ids) {
    const other =
      (await db
        .selectFrom('messages')
        .select('id')
        .where('media_id', '=', id)
        .where((eb) => eb.or([eb('contact_id', 'is', null), eb('contact_id', '<>', contactId)]))
        .limit(1)
        .executeTakeFirst()) ??
      (await db
        .selectFrom('inbound_messages')
        .select('id')
        .where('media_id', '=', id)
        .where((eb) => eb.or([eb('contact_id', 'is', null), eb('contact_id', '<>', contactId)]))
        .limit(1)
        .executeTakeFirst()) ??
      (await db
        .selectFrom('templates')
        .select('id')
        .where('account_id', '=', accountId)
        .where('header', 'like', likeText(id))
        .limit(1)
        .executeTakeFirst());
    if (!other) only.push(id);
  }
  return only;
}

// ---- messages both ways -----------------------------------------------------------------------

/**
 * Empties up to `limit` of the contact's outbound messages into husks: the address becomes
 * `erased`, the contact is unlinked, every content column is nulled; what analytics counts (status,
 * times, type, template, pricing, country, number) stays, so no aggregate changes (the analytics
 * triggers watch none of the columns written). Their status reports, client references and audit
 * entries' changes go in the same unit. @returns counts of what went.
 */
export async function huskMessages(
  tx: Tx,
  accountId: string,
  contactId: string,
  limit: number,
  at: string,
): Promise<{ messages: number; statusReports: number; other: number }> {
  const rows = await tx
    .selectFrom('messages')
    .select(['id', 'mode', 'platform_message_id', 'client_reference'])
    .where('contact_id', '=', contactId)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  if (rows.length === 0) return { messages: 0, statusReports: 0, other: 0 };
  const ids = rows.map((r) => r.id);
  await tx
    .updateTable('messages')
    .set({
      recipient: 'erased',
      contact_id: null,
      text: null,
      caption: null,
      edits: null,
      content: null,
      reply_to: null,
      error_message: null,
      client_reference: null,
      suppression_override: null,
      content_removed_at: sql`coalesce(content_removed_at, ${at})`,
    })
    .where('id', 'in', ids)
    .execute();
  const wamids = rows.flatMap((r) => (r.platform_message_id ? [r.platform_message_id] : []));
  const reports =
    wamids.length > 0
      ? Number(
          (await tx.deleteFrom('status_reports').where('platform_message_id', 'in', wamids).executeTakeFirst())
            .numDeletedRows,
        )
      : 0;
  let other = 0;
  for (const mode of ['live', 'test'] as const) {
    const refs = rows.filter((r) => r.mode === mode && r.client_reference).map((r) => r.client_reference!);
    if (refs.length === 0) continue;
    const gone = await tx
      .deleteFrom('client_references')
      .where('account_id', '=', accountId)
      .where('mode', '=', mode)
      .where('reference', 'in', refs)
      .where('message_id', 'in', ids)
      .executeTakeFirst();
    other += Number(gone.numDeletedRows);
  }
  other += await redactAudit(tx, accountId, ids, at);
  return { messages: rows.length, statusReports: reports, other };
}

/**
 * Empties up to `limit` of the contact's inbound messages into husks: sender `erased`, contact
 * unlinked, text, profile name, the message it quoted and the platform's payload removed. The
 * customer service window of a later contact at the same address starts from nothing.
 */
export async function huskInbound(tx: Tx, contactId: string, limit: number, at: string): Promise<number> {
  const rows = await tx
    .selectFrom('inbound_messages')
    .select('id')
    .where('contact_id', '=', contactId)
    .orderBy('sent_at')
    .orderBy('id')
    .limit(limit)
    .execute();
  if (rows.length === 0) return 0;
  await tx
    .updateTable('inbound_messages')
    .set({
      sender: 'erased',
      contact_id: null,
      text: null,
      contact_name: null,
      context_message_id: null,
      payload: '{}',
      content_removed_at: sql`coalesce(content_removed_at, ${at})`,
    })
    .where(
      'id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  return rows.length;
}
