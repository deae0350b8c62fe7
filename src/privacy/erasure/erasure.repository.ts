/**
 * The erasure's reads and writes (docs/api.md §D28). An erasure reaches into every feature's tables
 * that hold a customer's data, so its statements are gathered here, each a bounded unit's part:
 * at most `limit` rows of one table per statement, found by the indexes that name the contact
 * (`messages_contact`, `inbound_messages_contact`, `events_contact`…).
 *
 * Locks on PostgreSQL are taken in one order in every unit (docs/architecture.md, "Locks on
 * PostgreSQL"): the erasure's own row first, then queue entries (`dispatches`, `scheduled_sends`:
 * before the message, so that a dispatcher's claim and the cancel never both win), then
 * `messages`, `status_reports`, `client_references`, `inbound_messages`, `event_deliveries`'
 * attempts, `event_deliveries`, `events`, `audit_events`, then suppressions, blocks, consents and
 * the contact. A unit PostgreSQL breaks off (a deadlock with other work) runs again (db/retry.ts,
 * through `store.write`).
 */
import { sql, type Selectable } from 'kysely';
import type { ContactsTable, ErasureContactsTable, ErasuresTable, SuppressionsTable } from '../../db/schema.js';
import type { Reader, Tx } from '../../db/store.js';

export type ErasureRow = Selectable<ErasuresTable>;
export type ErasureContactRow = Selectable<ErasureContactsTable>;
export type ContactRow = Selectable<ContactsTable>;
export type Mode = 'live' | 'test';

/** Escapes `%`, `_` and `\` for a LIKE pattern (escape character `\`). */
export function likeText(s: string): string {
  return `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// ---- the erasure's own rows -------------------------------------------------------------------

export async function insertErasure(tx: Tx, row: ErasureRow, contactIds: string[]): Promise<void> {
  await tx.insertInto('erasures').values(row).execute();
  if (contactIds.length > 0)
    await tx
      .insertInto('erasure_contacts')
      .values(
        contactIds.map((contact_id) => ({
          erasure_id: row.id,
          contact_id,
          state: 'pending' as const,
          erased_at: null,
        })),
      )
      .execute();
}

export function findErasure(
  db: Reader | Tx,
  accountId: string,
  mode: Mode,
  id: string,
): Promise<ErasureRow | undefined> {
  return db
    .selectFrom('erasures')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('mode', '=', mode)
    .executeTakeFirst();
}

export function erasureById(db: Reader | Tx, id: string): Promise<ErasureRow | undefined> {
  return db.selectFrom('erasures').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A page of the account's erasures in the mode, newest first (index erasures_list). */
export function listErasures(
  db: Reader,
  accountId: string,
  mode: Mode,
  limit: number,
  after: ErasureRow | undefined,
): Promise<ErasureRow[]> {
  let q = db.selectFrom('erasures').selectAll().where('account_id', '=', accountId).where('mode', '=', mode);
  if (after) q = q.where(sql<boolean>`(created_at, id) < (${after.created_at}, ${after.id})`);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** The contacts of `ids` an erasure not yet completed is erasing already. */
export async function pendingContacts(db: Reader | Tx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('erasure_contacts')
    .select(['contact_id', 'erasure_id'])
    .where('contact_id', 'in', ids)
    .where('state', '=', 'pending')
    .execute();
  return new Map(rows.map((r) => [r.contact_id, r.erasure_id]));
}

/** The contacts the erasure has still to erase, in id order. */
export function contactsToErase(db: Reader, erasureId: string): Promise<string[]> {
  return db
    .selectFrom('erasure_contacts')
    .select('contact_id')
    .where('erasure_id', '=', erasureId)
    .where('state', '=', 'pending')
    .orderBy('contact_id')
    .execute()
    .then((rows) => rows.map((r) => r.contact_id));
}

/**
 * Locks the erasure's row (PostgreSQL: a write) and adds `delta` to its progress counts, in the
 * unit that removed what they count. @returns the row as it was.
 */
export async function addProgress(tx: Tx, id: string, delta: Record<string, number>): Promise<ErasureRow | undefined> {
  await tx.updateTable('erasures').set({ id }).where('id', '=', id).execute();
  const row = await tx.selectFrom('erasures').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const progress = JSON.parse(row.progress) as Record<string, number>;
  let changed = false;
  for (const [k, v] of Object.entries(delta)) {
    if (v === 0) continue;
    progress[k] = (progress[k] ?? 0) + v;
    changed = true;
  }
  if (changed)
    await tx
      .updateTable('erasures')
      .set({ progress: JSON.stringify(progress) })
      .where('id', '=', id)
      .execute();
  return row;
}

// ---- finding the customers --------------------------------------------------------------------

export function contactById(
  db: Reader | Tx,
  accountId: string,
  mode: Mode,
  id: string,
): Promise<ContactRow | undefined> {
  return db
    .selectFrom('contacts')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('mode', '=', mode)
    .executeTakeFirst();
}

/** The ids of the account's contacts in the mode holding any of these addresses, on any number. */
export async function contactsByAddress(
  db: Reader,
  accountId: string,
  mode: Mode,
  c: { ids: string[]; phones: string[]; bsuids: string[] },
): Promise<{ id: string; phone: string | null; user_id: string | null; parent_user_id: string | null }[]> {
  if (c.ids.length + c.phones.length + c.bsuids.length === 0) return [];
  return db
    .selectFrom('contacts')
    .select(['id', 'phone', 'user_id', 'parent_user_id'])
    .where('account_id', '=', accountId)
    .where('mode', '=', mode)
    .where((eb) =>
      eb.or([
        ...(c.ids.length > 0 ? [eb('id', 'in', c.ids)] : []),
        ...(c.phones.length > 0 ? [eb('phone', 'in', c.phones)] : []),
        ...(c.bsuids.length > 0 ? [eb('user_id', 'in', c.bsuids), eb('parent_user_id', 'in', c.bsuids)] : []),
      ]),
    )
    .execute();
}

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

// ---- events -----------------------------------------------------------------------------------

/** Removes events by id with their deliveries and the deliveries' attempts (request and answer bodies). */
async function deleteEvents(tx: Tx, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const deliveries = (await tx.selectFrom('event_deliveries').select('id').where('event_id', 'in', ids).execute()).map(
    (r) => r.id,
  );
  for (let i = 0; i < deliveries.length; i += 500) {
    const part = deliveries.slice(i, i + 500);
    await tx.deleteFrom('delivery_attempts').where('delivery_id', 'in', part).execute();
    await tx.deleteFrom('event_deliveries').where('id', 'in', part).execute();
  }
  return Number((await tx.deleteFrom('events').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
}

/** Removes up to `limit` of the events about the contact (`events.contact_id`, index events_contact). */
export async function deleteContactEvents(
  tx: Tx,
  accountId: string,
  contactId: string,
  limit: number,
): Promise<number> {
  const ids = await tx
    .selectFrom('events')
    .select('id')
    .where('account_id', '=', accountId)
    .where('contact_id', '=', contactId)
    .limit(limit)
    .execute();
  return deleteEvents(
    tx,
    ids.map((r) => r.id),
  );
}

/**
 * Events that may name a customer by address without naming their contact: raw platform webhooks
 * passed on, and a suppression's or block's made for an address before any contact held it.
 */
export const EVENTS_BY_ADDRESS = [
  'platform.webhook',
  'contact.suppressed',
  'contact.unsuppressed',
  'contact.blocked',
  'contact.unblocked',
] as const;

/**
 * Removes up to `limit` of the account's events of EVENTS_BY_ADDRESS that name no contact and name
 * any of `texts` in their payload (index events_type_list).
 */
export async function deleteEventsNaming(
  tx: Tx,
  accountId: string,
  mode: Mode,
  texts: string[],
  limit: number,
): Promise<number> {
  if (texts.length === 0) return 0;
  const ids = await tx
    .selectFrom('events')
    .select('id')
    .where('account_id', '=', accountId)
    .where('mode', '=', mode)
    .where('type', 'in', [...EVENTS_BY_ADDRESS])
    .where('contact_id', 'is', null)
    .where((eb) => eb.or(texts.map((t) => sql<boolean>`${eb.ref('payload')} like ${likeText(t)} escape '\\'`)))
    .limit(limit)
    .execute();
  return deleteEvents(
    tx,
    ids.map((r) => r.id),
  );
}

// ---- what names them by text ------------------------------------------------------------------

/** Removes the account's stored idempotent answers naming any of `texts` (a send's answer names its recipient). */
export async function deleteIdempotencyNaming(tx: Tx, accountId: string, texts: string[]): Promise<number> {
  if (texts.length === 0) return 0;
  const gone = await tx
    .deleteFrom('idempotency_keys')
    .where('account_id', '=', accountId)
    .where((eb) => eb.or(texts.map((t) => sql<boolean>`${eb.ref('response_body')} like ${likeText(t)} escape '\\'`)))
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}

/**
 * Removes stored jobs of `types` whose payload names any of `texts` (a keyword's confirmation
 * reply names its `to`): on SQLite the service's `jobs` table, on PostgreSQL pg-boss's
 * (`<schema>_pgboss.job`, which keeps finished jobs a day).
 */
export async function deleteJobsNaming(
  tx: Tx,
  dialect: 'sqlite' | 'postgres',
  types: string[],
  texts: string[],
): Promise<number> {
  if (texts.length === 0) return 0;
  const patterns = texts.map(likeText);
  if (dialect === 'sqlite') {
    const gone = await tx
      .deleteFrom('jobs')
      .where('type', 'in', types)
      .where((eb) => eb.or(patterns.map((p) => sql<boolean>`${eb.ref('payload')} like ${p} escape '\\'`)))
      .executeTakeFirst();
    return Number(gone.numDeletedRows);
  }
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(tx);
  const table = sql.table(`${rows[0]!.schema}_pgboss.job`);
  const exists = await sql<{ t: string | null }>`select to_regclass(${`${rows[0]!.schema}_pgboss.job`}) as t`.execute(
    tx,
  );
  if (!exists.rows[0]?.t) return 0;
  const where = sql.join(
    patterns.map((p) => sql`data::text like ${p} escape '\\'`),
    sql` or `,
  );
  const names = sql.join(types.map((t) => sql`${t}`));
  const gone = await sql`delete from ${table} where name in (${names}) and (${where})`.execute(tx);
  return Number(gone.numAffectedRows ?? 0);
}

/** A batch's refusals (their messages name the recipient) with each of `texts` replaced by `[erased]`. */
export async function scrubBatches(tx: Tx, accountId: string, texts: string[]): Promise<number> {
  let n = 0;
  for (const t of texts) {
    const r = await tx
      .updateTable('batches')
      .set({ refusals: sql`replace(refusals, ${t}, '[erased]')` })
      .where('account_id', '=', accountId)
      .where(sql<boolean>`refusals like ${likeText(t)} escape '\\'`)
      .executeTakeFirst();
    n += Number(r.numUpdatedRows);
  }
  return n;
}

/**
 * Removes the `changes` of the account's audit entries about these objects (messages, the contact,
 * its suppressions): the entries stay in their chain with their hashes, `redacted_at` set
 * (audit-verify.ts then checks their links only). @returns how many were redacted.
 */
export async function redactAudit(tx: Tx, accountId: string, objectIds: string[], at: string): Promise<number> {
  if (objectIds.length === 0) return 0;
  const r = await tx
    .updateTable('audit_events')
    .set({ changes: null, redacted_at: at })
    .where('object_id', 'in', objectIds)
    .where('chain', '=', accountId)
    .where('redacted_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

// ---- the contact itself -----------------------------------------------------------------------

/** Whether anything still names the contact (a message or an event that came in meanwhile). */
export async function stillNamed(tx: Tx, accountId: string, contactId: string): Promise<boolean> {
  const m = await tx
    .selectFrom('messages')
    .select('id')
    .where('contact_id', '=', contactId)
    .limit(1)
    .executeTakeFirst();
  if (m) return true;
  const i = await tx
    .selectFrom('inbound_messages')
    .select('id')
    .where('contact_id', '=', contactId)
    .limit(1)
    .executeTakeFirst();
  if (i) return true;
  const e = await tx
    .selectFrom('events')
    .select('id')
    .where('account_id', '=', accountId)
    .where('contact_id', '=', contactId)
    .limit(1)
    .executeTakeFirst();
  return e !== undefined;
}

/** The account's suppressions in the mode naming the contact or any of its addresses. */
export function suppressionsOf(
  tx: Tx,
  accountId: string,
  mode: Mode,
  contactId: string,
  phones: string[],
  bsuids: string[],
): Promise<Selectable<SuppressionsTable>[]> {
  return tx
    .selectFrom('suppressions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('mode', '=', mode)
    .where((eb) =>
      eb.or([
        eb('contact_id', '=', contactId),
        ...(phones.length > 0 ? [eb('phone', 'in', phones)] : []),
        ...(bsuids.length > 0 ? [eb('bsuid', 'in', bsuids)] : []),
      ]),
    )
    .orderBy('id')
    .execute();
}

export async function deleteSuppressions(tx: Tx, accountId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await tx.deleteFrom('suppressions').where('id', 'in', ids).executeTakeFirst();
  tx.changed('suppressions', accountId);
  return Number(r.numDeletedRows);
}

/** Removes the contact's block rows and its marketing consents (by the addresses they name). */
export async function deleteBlocksAndConsents(
  tx: Tx,
  accountId: string,
  contactId: string,
  phones: string[],
  bsuids: string[],
): Promise<number> {
  const blocks = await tx.deleteFrom('blocked_users').where('contact_id', '=', contactId).executeTakeFirst();
  const keys = [...phones.map((p) => `p:${p}`), ...bsuids.map((u) => `u:${u}`)];
  const consents =
    keys.length > 0
      ? await tx
          .deleteFrom('marketing_consents')
          .where('account_id', '=', accountId)
          .where('customer_key', 'in', keys)
          .executeTakeFirst()
      : { numDeletedRows: 0n };
  return Number(blocks.numDeletedRows) + Number(consents.numDeletedRows);
}

/** Removes the contact (its search words go with it: the triggers of migration 0012). */
export async function deleteContact(tx: Tx, contactId: string): Promise<boolean> {
  const r = await tx.deleteFrom('contacts').where('id', '=', contactId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function markErased(tx: Tx, erasureId: string, contactId: string, at: string): Promise<boolean> {
  const r = await tx
    .updateTable('erasure_contacts')
    .set({ state: 'erased', erased_at: at })
    .where('erasure_id', '=', erasureId)
    .where('contact_id', '=', contactId)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) return false;
  await tx
    .updateTable('erasures')
    .set((eb) => ({ erased: eb('erased', '+', 1) }))
    .where('id', '=', erasureId)
    .execute();
  return true;
}

/** Other erasures pending on the same contact are done with it too (the first one erased it). */
export async function settleOthers(tx: Tx, erasureId: string, contactId: string, at: string): Promise<void> {
  await tx
    .updateTable('erasure_contacts')
    .set({ state: 'erased', erased_at: at })
    .where('contact_id', '=', contactId)
    .where('erasure_id', '<>', erasureId)
    .where('state', '=', 'pending')
    .execute();
}
