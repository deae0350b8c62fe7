/**
 * The erasure's units over what else names the customer: events and their deliveries, idempotent
 * answers, jobs, batch refusals, audit entries, then suppressions, blocks, consents and the contact
 * (erasure.repository.ts says the order locks are taken in).
 */
import { sql, type Selectable } from 'kysely';
import type { SuppressionsTable } from '../../db/schema.js';
import type { Tx } from '../../db/store.js';
import { likeText, type Mode } from './erase-sql.js';

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
