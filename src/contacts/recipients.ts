/**
 * A batch's recipients resolved together (docs/api.md §D18): each distinct `to` parsed once and the
 * contacts they name read in one statement (people.repository.ts `recipientsOf`), each answered as
 * `ContactService.resolveRecipient` answers it alone.
 */
import { TidingsError } from '../errors.js';
import type { Reader } from '../db/store.js';
import type { ContactScope } from './contact.repository.js';
import { parseRecipient, recipientAddress, type Recipient } from './identity.js';
import { recipientsOf, type RecipientRow } from './people.repository.js';

/** Who a send's `to` names: the address the platform gets, and the contact when one is known. */
export interface ResolvedRecipient {
  /** E.164, or a (parent) BSUID: what the message's `to` records and the platform request carries. */
  address: string;
  /** The identifier `address` is. */
  kind: 'phone' | 'user_id' | 'parent_user_id';
  /** The contact, when the service knows the customer (undefined: not looked up, see `resolveRecipient`). */
  contact?: { id: string; lastInboundAt: string | null } | null;
}

/** A contact row's identifiers, as both readers of recipients hold them. */
type ContactIdentifiers = Pick<RecipientRow, 'id' | 'phone' | 'user_id' | 'parent_user_id' | 'last_inbound_at'>;

/** `ResolvedRecipient.contact` of a row (null: no contact). */
export function knownContact(row: ContactIdentifiers | undefined): ResolvedRecipient['contact'] {
  return row ? { id: row.id, lastInboundAt: row.last_inbound_at } : null;
}

/** A `ct_` id's recipient: its phone number, else its BSUID, else its parent BSUID. */
export function recipientOfContact(row: ContactIdentifiers): ResolvedRecipient {
  if (row.phone) return { address: row.phone, kind: 'phone', contact: knownContact(row) };
  if (row.user_id) return { address: row.user_id, kind: 'user_id', contact: knownContact(row) };
  return { address: row.parent_user_id!, kind: 'parent_user_id', contact: knownContact(row) };
}

/** The refusal of a `to` that is a `ct_` id of no contact of the number. */
export function contactNotFound(contactId: string): TidingsError {
  return new TidingsError('contact_not_found', `No contact ${contactId} of this number.`, { param: 'to' });
}

/** Each distinct `to` of a batch → its recipient as `resolveRecipient` resolves it looked up, or the refusal it throws. */
export type RecipientBook = ReadonlyMap<string, ResolvedRecipient | TidingsError>;

/**
 * Resolves every `to` as `resolveRecipient(auth, to, { lookUp: true })` would: one parse per
 * distinct address, one read of contacts for all. A send that would not look its customer up (a
 * template to a phone number or BSUID) takes `contact` off (`forSend`).
 * @returns by `to` as given; a `to` that names no valid address, or a `ct_` id of no contact, maps to
 *   its TidingsError (phone_number_invalid, contact_not_found), `param` `to`.
 */
export async function resolveRecipients(
  db: Reader,
  scope: ContactScope,
  tos: readonly string[],
): Promise<RecipientBook> {
  const parsed = new Map<string, Recipient | TidingsError>();
  for (const to of new Set(tos)) {
    try {
      parsed.set(to, parseRecipient(to, 'to'));
    } catch (err) {
      if (!(err instanceof TidingsError)) throw err;
      parsed.set(to, err);
    }
  }
  const addresses = new Set<string>();
  for (const r of parsed.values())
    if (!(r instanceof TidingsError)) addresses.add(r.kind === 'contact' ? r.contactId : recipientAddress(r));
  const rows = await recipientsOf(db, scope, [...addresses]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const byPhone = new Map(rows.flatMap((row) => (row.phone ? [[row.phone, row] as const] : [])));
  const byUser = new Map(rows.flatMap((row) => (row.user_id ? [[row.user_id, row] as const] : [])));
  // A parent BSUID may name several contacts (linked portfolios); the oldest answers (contact.repository.ts findByKey).
  const byParent = new Map<string, RecipientRow>();
  for (const row of [...rows].sort((a, b) =>
    a.created_at === b.created_at ? (a.id < b.id ? -1 : 1) : a.created_at < b.created_at ? -1 : 1,
  ))
    if (row.parent_user_id && !byParent.has(row.parent_user_id)) byParent.set(row.parent_user_id, row);
  const book = new Map<string, ResolvedRecipient | TidingsError>();
  for (const [to, r] of parsed) {
    if (r instanceof TidingsError) book.set(to, r);
    else if (r.kind === 'contact') {
      const row = byId.get(r.contactId);
      book.set(to, row ? recipientOfContact(row) : contactNotFound(r.contactId));
    } else {
      const address = recipientAddress(r);
      const row =
        r.kind === 'phone' ? byPhone.get(address) : r.kind === 'user_id' ? byUser.get(address) : byParent.get(address);
      book.set(to, { address, kind: r.kind, contact: knownContact(row) });
    }
  }
  return book;
}

/**
 * A send's recipient from the book, as `resolveRecipient(auth, to, { lookUp })` answers it.
 * @returns undefined when the book does not hold `to` (resolve it alone).
 * @throws the TidingsError the book holds for `to`.
 */
export function forSend(book: RecipientBook, to: string, lookUp: boolean): ResolvedRecipient | undefined {
  const entry = book.get(to);
  if (entry instanceof TidingsError) throw entry;
  if (!entry || lookUp || to.trim().startsWith('ct_')) return entry;
  return { address: entry.address, kind: entry.kind };
}
