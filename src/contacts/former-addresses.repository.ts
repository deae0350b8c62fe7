/**
 * The addresses a contact was known by before its customer changed number or BSUID (migration 0034,
 * docs/api.md §D31): written by an identity change (identity-changes.ts), read by the send checks
 * (people.repository.ts `peopleOf`), moved by a merge and removed by an erasure.
 */
import type { Reader, Tx } from '../db/store.js';
import type { ContactScope } from './contact.repository.js';

/** Records that contact `contactId` was known by `addresses` until `at` (an address recorded already is kept). */
export async function addFormerAddresses(
  tx: Tx,
  scope: ContactScope,
  contactId: string,
  addresses: readonly string[],
  at: string,
): Promise<void> {
  const distinct = [...new Set(addresses)];
  if (distinct.length === 0) return;
  await tx
    .insertInto('contact_former_addresses')
    .values(
      distinct.map((address) => ({
        phone_number_id: scope.phoneNumberId,
        mode: scope.mode,
        address,
        contact_id: contactId,
        left_at: at,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** The former addresses of these contacts, by contact id (one statement; none for none). */
export async function formerAddressesOf(db: Reader, contactIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (contactIds.length === 0) return out;
  const rows = await db
    .selectFrom('contact_former_addresses')
    .select(['contact_id', 'address'])
    .where('contact_id', 'in', [...new Set(contactIds)])
    .orderBy('contact_id')
    .orderBy('address')
    .execute();
  for (const r of rows) out.set(r.contact_id, [...(out.get(r.contact_id) ?? []), r.address]);
  return out;
}

/** Two contacts merged: `from`'s former addresses become `into`'s, in the merge's unit. */
export async function moveFormerAddresses(tx: Tx, from: string, into: string): Promise<void> {
  const rows = await tx.selectFrom('contact_former_addresses').selectAll().where('contact_id', '=', from).execute();
  if (rows.length === 0) return;
  await tx
    .insertInto('contact_former_addresses')
    .values(rows.map((r) => ({ ...r, contact_id: into })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  await deleteFormerAddresses(tx, from);
}

/** Removes a contact's former addresses (erasure). @returns how many. */
export async function deleteFormerAddresses(tx: Tx, contactId: string): Promise<number> {
  const r = await tx.deleteFrom('contact_former_addresses').where('contact_id', '=', contactId).executeTakeFirst();
  return Number(r.numDeletedRows);
}
