/**
 * The send queue (`dispatches`): one entry per accepted message not yet taken by the platform,
 * failed or expired. Here: the entry's shapes, entering the queue when a message is accepted
 * (`accept/`), putting a claimed entry back, removing entries (when sent, failed or expired; when a
 * status adopts the wamid of a send whose answer was lost, status-reports.ts), and when a lane has
 * work. The dispatcher (`dispatch/`) claims entries through send-queue-claim.repository.ts. Only
 * these two files write the table (send-queue-stats.repository.ts reads it); they build its rows.
 */
import { sql, type RawBuilder, type Selectable } from 'kysely';
import type { DispatchesTable } from '../../db/schema.js';
import { jsonRows } from '../../db/json-rows.js';
import type { Reader, Tx } from '../../db/store.js';
import type { OutboundContent } from '../../platform/outbound-message.js';
import type { RoutePayload } from './routing.js';

export type DispatchRow = Selectable<DispatchesTable>;

/** A send lane: one business number's queue in one mode. */
export interface Lane {
  phoneNumberId: string;
  mode: 'live' | 'test';
}

/**
 * What a queued message holds until its turn (stored as JSON in `dispatches.payload`); the
 * dispatcher turns it into the platform request (dispatch/payload.ts).
 */
export interface DispatchPayload {
  /** The platform content; a file's `platformMediaId` is filled at dispatch. */
  content: OutboundContent;
  /** The stored file the content carries (a media message's file or a template's media header). */
  file: { id: string; mode: 'live' | 'test' } | null;
  /** `replyTo` as the client gave it: a `msg_` id or a wamid. */
  replyTo: string | null;
  /** A reaction on a message of ours that had no wamid when accepted: its `msg_` id. */
  reactTo?: string;
  /** A routed send (docs/api.md §D19): decided at dispatch by the window (dispatch/route.ts). */
  route?: RoutePayload;
  /** A template send's template's time to live at the platform, seconds, when it has its own. */
  timeToLive?: number;
  /** A template send's `tpl_` id: its turn waits while the platform has the template paused (absent in payloads stored before 0016). */
  templateId?: string;
  /** The send said `"suppression": "ignore"` (docs/api.md §D23): a suppression made meanwhile does not stop it where the account allows that. */
  suppression?: 'ignore';
  /** With `suppression`: the key that sent it, recorded on the message if it passes a suppression at dispatch. */
  keyId?: string;
  /** A keyword's confirmation reply (message source `consent_reply`): it passes the opt-out keyword's suppression it confirms, and only that (consent/suppression-decision.ts `obeyedByConfirmation`). */
  confirmation?: true;
  /**
   * ISO: when message-body retention removed what the message said (docs/api.md §D17). Such a
   * payload keeps nothing else (`removedPayload`): its entry fails with `content_removed` at its turn.
   */
  contentRemovedAt?: string;
}

/**
 * The payload, as stored, of a queue entry or scheduled send whose message's body retention removed
 * at `removedAt` (ISO): nothing of the content, its file or its template is kept.
 */
export function removedPayload(removedAt: string): string {
  return JSON.stringify({ contentRemovedAt: removedAt });
}

/** The payload of a queue entry, as stored. */
export function payloadOf(row: DispatchRow): DispatchPayload {
  return JSON.parse(row.payload) as DispatchPayload;
}

/** A message entering its number's queue. */
export interface NewDispatch {
  messageId: string;
  accountId: string;
  mode: 'live' | 'test';
  phoneNumberId: string;
  /** E.164. */
  recipient: string;
  payload: DispatchPayload;
  /** ISO: the validity period's end. */
  expiresAt: string;
  /** ISO: acceptance time; also the first moment it may be sent unless `notBefore` says later. */
  createdAt: string;
  /** ISO: the first moment it may be sent, when not `createdAt` (a scheduled send's `sendAt`). */
  notBefore?: string;
}

/**
 * Stores messages' queue entries, each behind its recipient's earlier queued messages (and, within
 * `entries`, in their order), in one statement however many there are.
 */
export async function insertDispatches(tx: Tx, entries: NewDispatch[]): Promise<void> {
  if (entries.length > 0) await insertDispatchesStatement(tx, entries).execute(tx);
}

/** `insertDispatches`' statement, not run (for a caller that runs it inside another). `entries` must not be empty. */
export function insertDispatchesStatement(tx: Tx, entries: NewDispatch[]): RawBuilder<unknown> {
  const v = jsonRows(
    tx,
    {
      ord: 'integer',
      message_id: 'text',
      account_id: 'text',
      mode: 'text',
      phone_number_id: 'text',
      recipient: 'text',
      payload: 'text',
      not_before: 'text',
      expires_at: 'text',
      created_at: 'text',
    },
    entries.map((d, ord) => ({
      ord,
      message_id: d.messageId,
      account_id: d.accountId,
      mode: d.mode,
      phone_number_id: d.phoneNumberId,
      recipient: d.recipient,
      payload: JSON.stringify(d.payload),
      not_before: d.notBefore ?? d.createdAt,
      expires_at: d.expiresAt,
      created_at: d.createdAt,
    })),
  );
  return sql`
    insert into dispatches (message_id, account_id, mode, phone_number_id, recipient, seq, payload, state, attempts, not_before, expires_at, last_error, created_at)
    select v.message_id, v.account_id, v.mode, v.phone_number_id, v.recipient,
      coalesce((select max(d.seq) from dispatches d where d.phone_number_id = v.phone_number_id and d.mode = v.mode and d.recipient = v.recipient), 0)
        + row_number() over (partition by v.phone_number_id, v.mode, v.recipient order by v.ord),
      v.payload, 'queued', 0, v.not_before, v.expires_at, null, v.created_at
    from ${v}`;
}

/** Puts a claimed entry back: to retry after `notBefore` (`queued`), or to wait for a status (`unknown`). */
export async function release(
  tx: Tx,
  messageId: string,
  change: {
    state: 'queued' | 'unknown';
    notBefore: string;
    error: { code: string; message: string } | null;
    attempted: boolean;
  },
): Promise<void> {
  await tx
    .updateTable('dispatches')
    .set((eb) => ({
      state: change.state,
      not_before: change.notBefore,
      last_error: change.error ? JSON.stringify(change.error) : null,
      ...(change.attempted ? { attempts: eb('attempts', '+', 1) } : {}),
    }))
    .where('message_id', '=', messageId)
    .execute();
}

/**
 * Puts an entry back to wait for a paused template (`templateId`), due at `notBefore` (ISO) at the
 * latest; `releaseHeld` wakes it sooner. Its last error says why it waits.
 */
export async function holdForTemplate(
  tx: Tx,
  messageId: string,
  templateId: string,
  notBefore: string,
  error: { code: string; message: string },
): Promise<void> {
  await tx
    .updateTable('dispatches')
    .set({ state: 'queued', not_before: notBefore, held_for_template: templateId, last_error: JSON.stringify(error) })
    .where('message_id', '=', messageId)
    .execute();
}

/**
 * Makes the entries waiting for a template due at `now` (ISO): their turn then decides (sent, or
 * failed if the template can no longer be sent). One statement, through an index holding only
 * held entries. @returns the lanes to wake.
 */
export async function releaseHeld(tx: Tx, templateId: string, now: string): Promise<Lane[]> {
  const rows = await tx
    .updateTable('dispatches')
    .set({ not_before: now, held_for_template: null })
    .where('held_for_template', '=', templateId)
    .returning(['phone_number_id', 'mode'])
    .execute();
  const lanes = new Map(
    rows.map((r) => [`${r.mode}:${r.phone_number_id}`, { phoneNumberId: r.phone_number_id, mode: r.mode }]),
  );
  return [...lanes.values()];
}

/** Returns claimed entries to the queue at once (a process stopping before their slots came). */
export async function releaseUnsent(tx: Tx, messageIds: string[], now: string): Promise<void> {
  if (messageIds.length > 0)
    await tx
      .updateTable('dispatches')
      .set({ state: 'queued', not_before: now })
      .where('message_id', 'in', messageIds)
      .execute();
}

/** Removes entries whose message was sent, failed or expired. @returns how many existed. */
export async function removeDispatches(tx: Tx, messageIds: string[]): Promise<number> {
  if (messageIds.length === 0) return 0;
  const result = await tx.deleteFrom('dispatches').where('message_id', 'in', messageIds).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes the entries of these messages that are `queued` (not claimed, not awaiting a status): a cancel. @returns their ids. */
export async function removeQueued(tx: Tx, messageIds: string[]): Promise<string[]> {
  if (messageIds.length === 0) return [];
  const rows = await tx
    .deleteFrom('dispatches')
    .where('message_id', 'in', messageIds)
    .where('state', '=', 'queued')
    .returning('message_id')
    .execute();
  return rows.map((r) => r.message_id);
}

/** The entry of a message, if it is still queued. */
export function findDispatch(db: Reader, messageId: string): Promise<DispatchRow | undefined> {
  return db.selectFrom('dispatches').selectAll().where('message_id', '=', messageId).executeTakeFirst();
}

/**
 * Lanes with an entry due now (for processes that did not accept it themselves, and after a
 * restart). A loose index scan: two index seeks per lane, however long the queues are.
 */
export async function dueLanes(db: Reader, now: string): Promise<Lane[]> {
  const lanes: Lane[] = [];
  let after: Lane | null = null;
  for (;;) {
    let q = db
      .selectFrom('dispatches')
      .select(['phone_number_id', 'mode'])
      .orderBy('phone_number_id')
      .orderBy('mode')
      .limit(1);
    if (after) {
      const { phoneNumberId, mode } = after;
      q = q.where((eb) => eb(eb.refTuple('phone_number_id', 'mode'), '>', eb.tuple(phoneNumberId, mode)));
    }
    const next = await q.executeTakeFirst();
    if (!next) return lanes;
    after = { phoneNumberId: next.phone_number_id, mode: next.mode };
    const due = await db
      .selectFrom('dispatches')
      .select('message_id')
      .where('phone_number_id', '=', after.phoneNumberId)
      .where('mode', '=', after.mode)
      .where('not_before', '<=', now)
      .limit(1)
      .executeTakeFirst();
    if (due) lanes.push(after);
  }
}

/**
 * When a lane's next entry waiting for a later time becomes claimable (ISO), or null. Entries due
 * already but not claimable wait behind an earlier message to their customer: they are taken when
 * that one is done.
 */
export async function nextDueAt(db: Reader, lane: Lane, now: string): Promise<string | null> {
  const row = await db
    .selectFrom('dispatches')
    .select((eb) => eb.fn.min('not_before').as('next'))
    .where('phone_number_id', '=', lane.phoneNumberId)
    .where('mode', '=', lane.mode)
    .where('not_before', '>', now)
    .executeTakeFirst();
  return (row?.next as string | null | undefined) ?? null;
}
