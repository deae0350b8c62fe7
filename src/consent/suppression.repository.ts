/**
 * Rows of the consent feature (migrations 0019, 0023): `suppressions` (per mode), `consent_settings`,
 * `marketing_consents`. Only this file touches those tables (and consent-moves.repository.ts, which
 * copies a customer's marketing consents to their new number or BSUID).
 */
import { sql, type Selectable } from 'kysely';
import type { ConsentSettingsTable, MarketingConsentsTable, SuppressionsTable } from '../db/schema.js';
import type { Reader, Tx } from '../db/store.js';
import type { ActiveSuppression, CustomerIds } from './suppression-decision.js';

export type SuppressionRow = Selectable<SuppressionsTable>;
export type SettingsRow = Selectable<ConsentSettingsTable>;
export type MarketingConsentRow = Selectable<MarketingConsentsTable>;

export type { CustomerIds };

/** A key's mode: the suppressions of one mode cover that mode's sends only (docs/api.md §5.3). */
export type Mode = 'live' | 'test';

/** The one text a customer is unique by among active suppressions: phone, else BSUID, else contact. */
export function customerKey(c: CustomerIds): string {
  return c.phone !== null ? `p:${c.phone}` : c.bsuid !== null ? `u:${c.bsuid}` : `c:${c.contactId}`;
}

/**
 * Stores suppressions, skipping any whose customer is already actively suppressed in that mode on
 * that number with that scope and reason (the partial unique index). @returns the ids stored.
 */
export async function insertSuppressions(tx: Tx, rows: SuppressionRow[]): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const stored = await tx
    .insertInto('suppressions')
    .values(rows)
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'mode', 'number_key', 'customer_key', 'scope', 'reason'])
        .where('lifted_at', 'is', null)
        .doNothing(),
    )
    .returning('id')
    .execute();
  const ids = new Set(stored.map((r) => r.id));
  // The accept path holds each account's active list until told it changed (accept-suppressions.ts).
  for (const accountId of new Set(rows.filter((r) => ids.has(r.id)).map((r) => r.account_id)))
    tx.changed('suppressions', accountId);
  return ids;
}

/** Up to `limit` active suppressions of an account in a mode, in id order (the accept path's held list, accept-suppressions.ts). */
export function activeOfAccount(db: Reader, accountId: string, mode: Mode, limit: number): Promise<SuppressionRow[]> {
  return db
    .selectFrom('suppressions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('lifted_at', 'is', null)
    .where('mode', '=', mode)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * The active suppressions of one account and mode that cover any of these customers on
 * `phoneNumberId` (rows of that number, and rows of every number): one statement, answered from the
 * partial indexes on active rows, whatever the number of suppressions the account keeps.
 */
export function activeFor(
  db: Reader | Tx,
  accountId: string,
  mode: Mode,
  phoneNumberId: string | null,
  customers: CustomerIds[],
): Promise<SuppressionRow[]> {
  const phones = [...new Set(customers.flatMap((c) => (c.phone ? [c.phone] : [])))];
  const bsuids = [...new Set(customers.flatMap((c) => (c.bsuid ? [c.bsuid] : [])))];
  const contacts = [...new Set(customers.flatMap((c) => (c.contactId ? [c.contactId] : [])))];
  if (phones.length + bsuids.length + contacts.length === 0) return Promise.resolve([]);
  let q = db
    .selectFrom('suppressions')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('lifted_at', 'is', null)
    .where('mode', '=', mode);
  if (phoneNumberId !== null)
    q = q.where((eb) => eb.or([eb('phone_number_id', 'is', null), eb('phone_number_id', '=', phoneNumberId)]));
  return q
    .where((eb) =>
      eb.or([
        ...(phones.length > 0 ? [eb('phone', 'in', phones)] : []),
        ...(bsuids.length > 0 ? [eb('bsuid', 'in', bsuids)] : []),
        ...(contacts.length > 0 ? [eb('contact_id', 'in', contacts)] : []),
      ]),
    )
    .orderBy('id')
    .execute();
}

/**
 * Re-points the active suppressions made for contact `from` to contact `into` (two contacts
 * merged, contacts/contact-updates.ts), in the merge's unit: they go on covering every address
 * of the person (index suppressions_active_contact). The rows' customer key is left as it is.
 */
export async function relinkContact(tx: Tx, from: string, into: string): Promise<void> {
  const moved = await tx
    .updateTable('suppressions')
    .set({ contact_id: into })
    .where('contact_id', '=', from)
    .where('lifted_at', 'is', null)
    .returning('account_id')
    .execute();
  for (const accountId of new Set(moved.map((r) => r.account_id))) tx.changed('suppressions', accountId);
}

/** The send checks' view of an active row (consent/suppression-decision.ts). */
export function toActive(r: SuppressionRow): ActiveSuppression {
  return {
    id: r.id,
    phone: r.phone,
    bsuid: r.bsuid,
    contactId: r.contact_id,
    reason: r.reason,
    scope: r.scope,
    since: r.created_at,
  };
}

/** A suppression of the account in that mode (another mode's is not found: docs/api.md §5.2). */
export function findById(
  db: Reader | Tx,
  accountId: string,
  mode: Mode,
  id: string,
): Promise<SuppressionRow | undefined> {
  return db
    .selectFrom('suppressions')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('mode', '=', mode)
    .executeTakeFirst();
}

/** Lifts active rows by id. @returns the rows lifted (a row lifted already is left as it is). */
export async function lift(
  tx: Tx,
  ids: string[],
  at: string,
  by: SuppressionRow['lifted_by'],
): Promise<SuppressionRow[]> {
  if (ids.length === 0) return [];
  const lifted = await tx
    .updateTable('suppressions')
    .set({ lifted_at: at, lifted_by: by })
    .where('id', 'in', ids)
    .where('lifted_at', 'is', null)
    .returningAll()
    .execute();
  for (const accountId of new Set(lifted.map((r) => r.account_id))) tx.changed('suppressions', accountId);
  return lifted;
}

/**
 * The latest `lifted_at` of the customer's live rows on the number (or every number) lifted by
 * `by`, or null: one statement over the customer's own rows (index suppressions_by_customer).
 */
export async function lastLift(
  db: Reader | Tx,
  accountId: string,
  phoneNumberId: string,
  c: CustomerIds,
  by: NonNullable<SuppressionRow['lifted_by']>,
): Promise<string | null> {
  if (c.phone === null && c.bsuid === null) return null;
  const row = await db
    .selectFrom('suppressions')
    .select((eb) => eb.fn.max('lifted_at').as('at'))
    .where('account_id', '=', accountId)
    .where('customer_key', '=', customerKey(c))
    .where('number_key', 'in', [phoneNumberId, '*'])
    .where('lifted_by', '=', by)
    .where('mode', '=', 'live')
    .executeTakeFirst();
  return (row?.at as string | null | undefined) ?? null;
}

export interface SuppressionFilter {
  accountId: string;
  mode: Mode;
  phoneNumberId?: string | undefined;
  reason?: string | undefined;
  /** true: active only; false: lifted only; undefined: both. */
  active?: boolean | undefined;
}

/** Up to `limit` rows, newest first, after `after` (suppressions_list, or the filter's own index: migration 0032). */
export function page(
  db: Reader,
  f: SuppressionFilter,
  limit: number,
  after: SuppressionRow | undefined,
): Promise<SuppressionRow[]> {
  let q = db
    .selectFrom('suppressions')
    .selectAll()
    .where('account_id', '=', f.accountId)
    .where('mode', '=', f.mode)
    .orderBy('id', 'desc')
    .limit(limit);
  if (f.phoneNumberId !== undefined) q = q.where('phone_number_id', '=', f.phoneNumberId);
  if (f.reason !== undefined) q = q.where('reason', '=', f.reason as SuppressionRow['reason']);
  if (f.active !== undefined) q = q.where('lifted_at', f.active ? 'is' : 'is not', null);
  if (after) q = q.where(sql<boolean>`${sql.ref('id')} < ${after.id}`);
  return q.execute();
}

export function settingsOf(db: Reader | Tx, accountId: string): Promise<SettingsRow | undefined> {
  return db.selectFrom('consent_settings').selectAll().where('account_id', '=', accountId).executeTakeFirst();
}

/** Settings of several accounts at once (a webhook batch). */
export function settingsOfAccounts(db: Reader | Tx, accountIds: string[]): Promise<SettingsRow[]> {
  if (accountIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('consent_settings').selectAll().where('account_id', 'in', accountIds).execute();
}

export async function saveSettings(tx: Tx, row: SettingsRow): Promise<void> {
  const { account_id: _, ...changes } = row;
  await tx
    .insertInto('consent_settings')
    .values(row)
    .onConflict((oc) => oc.column('account_id').doUpdateSet(changes))
    .execute();
}

/**
 * Stores a marketing consent report unless a newer report for that customer and number is stored
 * (a report of the same second replaces it: the platform times reports in seconds, so a stop and a
 * resume within one second are told apart by their order of arrival).
 * @returns whether it was stored (false: an older report).
 */
export async function reportMarketingConsent(tx: Tx, row: MarketingConsentRow): Promise<boolean> {
  const result = await tx
    .insertInto('marketing_consents')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['phone_number_id', 'customer_key'])
        .doUpdateSet({
          value: row.value,
          reported_at: row.reported_at,
          updated_at: row.updated_at,
          phone: row.phone,
          bsuid: row.bsuid,
        })
        .where('marketing_consents.reported_at', '<=', row.reported_at),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** The marketing consents of customers on one number (by phone or BSUID). */
export function marketingConsentsOf(
  db: Reader | Tx,
  phoneNumberId: string,
  customers: { phone: string | null; bsuid: string | null }[],
): Promise<MarketingConsentRow[]> {
  const keys = [
    ...new Set(customers.flatMap((c) => [...(c.phone ? [`p:${c.phone}`] : []), ...(c.bsuid ? [`u:${c.bsuid}`] : [])])),
  ];
  if (keys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('marketing_consents')
    .selectAll()
    .where('phone_number_id', '=', phoneNumberId)
    .where('customer_key', 'in', keys)
    .execute();
}
