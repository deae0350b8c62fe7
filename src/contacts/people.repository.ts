/**
 * Who a send names, as the suppression checks read it (docs/api.md §D23): the contacts of one
 * number and mode that hold any of a request's addresses, with every identifier each holds. A read
 * of `contacts` beside contact.repository.ts, for the send checks alone: one statement for a whole
 * request or claimed batch, answered from the table's unique indexes (phone, BSUID, parent BSUID)
 * and its primary key, never locking.
 */
import type { Reader } from '../db/store.js';
import type { ContactScope } from './contact.repository.js';
import { formerAddressesOf } from './former-addresses.repository.js';

/** A contact's identifiers: its `ct_` id and what the platform knows the customer by. */
export interface PersonRow {
  id: string;
  phone: string | null;
  user_id: string | null;
  parent_user_id: string | null;
}

/**
 * The contacts of the scope holding any of `addresses`: E.164 numbers (`+…`), `ct_` ids, and
 * BSUIDs or parent BSUIDs (anything else), now or before their customer changed number or BSUID
 * (docs/api.md §D31), each with its former addresses: two statements (none when `addresses` is
 * empty; the second only when a contact was found).
 */
export async function peopleOf(
  db: Reader,
  scope: ContactScope,
  addresses: readonly string[],
): Promise<(PersonRow & { former: string[] })[]> {
  if (addresses.length === 0) return [];
  const rows = await holding(db, scope, addresses, true).select(['id', 'phone', 'user_id', 'parent_user_id']).execute();
  const former = await formerAddressesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, former: former.get(r.id) ?? [] }));
}

/** A contact as a send's recipient: its identifiers, when the customer last wrote, and its age (of two sharing a parent BSUID the oldest answers). */
export interface RecipientRow extends PersonRow {
  last_inbound_at: string | null;
  created_at: string;
}

/** `peopleOf` with what resolving a send's recipient needs (contact.service.ts `resolveRecipients`): one statement. */
export function recipientsOf(db: Reader, scope: ContactScope, addresses: readonly string[]): Promise<RecipientRow[]> {
  if (addresses.length === 0) return Promise.resolve([]);
  return holding(db, scope, addresses)
    .select(['id', 'phone', 'user_id', 'parent_user_id', 'last_inbound_at', 'created_at'])
    .execute();
}

/**
 * The contacts of the scope holding any of `addresses` (not empty), to select from; with `former`,
 * also those that held one before their customer changed number or BSUID.
 */
function holding(db: Reader, scope: ContactScope, addresses: readonly string[], former = false) {
  const phones = addresses.filter((a) => a.startsWith('+'));
  const ids = addresses.filter((a) => a.startsWith('ct_'));
  const users = addresses.filter((a) => !a.startsWith('+') && !a.startsWith('ct_'));
  return db
    .selectFrom('contacts')
    .where('phone_number_id', '=', scope.phoneNumberId)
    .where('mode', '=', scope.mode)
    .where((eb) =>
      eb.or([
        ...(phones.length > 0 ? [eb('phone', 'in', phones)] : []),
        ...(users.length > 0 ? [eb('user_id', 'in', users), eb('parent_user_id', 'in', users)] : []),
        ...(ids.length > 0 ? [eb('id', 'in', ids)] : []),
        ...(former && phones.length + users.length > 0
          ? [
              eb(
                'id',
                'in',
                eb
                  .selectFrom('contact_former_addresses')
                  .select('contact_id')
                  .where('phone_number_id', '=', scope.phoneNumberId)
                  .where('mode', '=', scope.mode)
                  .where('address', 'in', [...phones, ...users]),
              ),
            ]
          : []),
      ]),
    );
}
