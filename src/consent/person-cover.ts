/**
 * A suppression covers the person, not the address (docs/api.md §D23): before the one decision
 * (suppression-decision.ts) is asked about a request's sends, each send's `to` becomes every address
 * its person is known by on the sending number: the contact holding that `to` (by E.164 number,
 * BSUID, parent BSUID or `ct_` id), and all that contact's identifiers with its `ct_` id. A
 * suppression made by phone then covers a send to the customer's BSUID, one made by BSUID a send to
 * their phone, and one made for a contact (`contact_id`) every address the contact learns later.
 *
 * Both send checks build their cover here (at accept, messages/accept/suppression-gate.ts; at
 * dispatch, messages/dispatch/suppression-check.ts): one read of the contacts for all the sends of a
 * request or claimed batch, then one lookup of the suppressions for all their addresses. Neither is
 * made when the account surely has no active suppression (`SuppressionLookup.noneActive`).
 */
import type { Person } from '../contacts/contact.service.js';
import type { ActiveSuppression, CustomerIds, SuppressionLookup } from './suppression-decision.js';

/** The contacts a cover reads (the contacts feature's `ContactService.peopleOf`). */
export interface PersonDirectory {
  /**
   * The contacts of the number in the mode holding any of these addresses, with every identifier
   * (and perhaps others of the number: a cover picks by address): one statement, maybe shared.
   */
  peopleOf(scope: { phoneNumberId: string; mode: 'live' | 'test' }, addresses: readonly string[]): Promise<Person[]>;
}

/** What the sends of one request (or one claimed batch) are checked against. */
export interface Cover {
  /** The active suppressions naming any address of any of the people, in id order. */
  found: ActiveSuppression[];
  /** The addresses of the person a `to` names: the `to` itself and, when a contact holds it, all the contact's. */
  addressesOf(to: string): ReadonlySet<string>;
}

/**
 * Every address of a contact: its `ct_` id, E.164 number, BSUID and parent BSUID (those it has),
 * and those it had before its customer changed number or BSUID (docs/api.md §D31).
 */
export function addressesOfPerson(p: Person): string[] {
  return [
    p.contactId,
    ...[p.phone, p.userId, p.parentUserId].filter((a): a is string => a !== null),
    ...(p.formerAddresses ?? []),
  ];
}

/** The lookup's customer for one address: an E.164 number (`+…`), a `ct_` id, else a (parent) BSUID. */
export function customerOfAddress(address: string): CustomerIds {
  if (address.startsWith('+')) return { phone: address, bsuid: null, contactId: null };
  if (address.startsWith('ct_')) return { phone: null, bsuid: null, contactId: address };
  return { phone: null, bsuid: address, contactId: null };
}

/** The addresses of the person each `to` names, given the contacts found for them. */
export function personAddresses(people: readonly Person[]): (to: string) => ReadonlySet<string> {
  const byAddress = new Map<string, Person[]>();
  for (const p of people) for (const a of addressesOfPerson(p)) byAddress.set(a, [...(byAddress.get(a) ?? []), p]);
  const memo = new Map<string, ReadonlySet<string>>();
  return (to) => {
    let out = memo.get(to);
    if (!out) {
      // A parent BSUID may name several contacts (linked portfolios): the addresses of each.
      out = new Set([to, ...(byAddress.get(to) ?? []).flatMap(addressesOfPerson)]);
      memo.set(to, out);
    }
    return out;
  };
}

/**
 * The cover of the sends to `tos` from one number in one mode of an account: one read of the
 * contacts and one lookup of the suppressions, however many sends (none for none, or when the
 * account has no active suppression).
 */
export async function coverOf(
  lookup: SuppressionLookup,
  people: PersonDirectory,
  accountId: string,
  scope: { phoneNumberId: string; mode: 'live' | 'test' },
  tos: readonly string[],
): Promise<Cover> {
  const distinct = [...new Set(tos)];
  if (distinct.length === 0 || (await lookup.noneActive?.(accountId, scope.mode)))
    return { found: [], addressesOf: (to) => new Set([to]) };
  const addressesOf = personAddresses(await people.peopleOf(scope, distinct));
  const all = new Set(distinct.flatMap((to) => [...addressesOf(to)]));
  const found = await lookup.activeFor(accountId, scope.mode, scope.phoneNumberId, [...all].map(customerOfAddress));
  return { found, addressesOf };
}
