/**
 * Reading contacts (README "Customers and conversations"): one by `ct_` id, pages of them, and who
 * a send's `to` names. Contacts are written by `contact-updates.ts`, inside the units of work of
 * the messages and sends that name them.
 */
import type { AuthContext } from '../http/access.js';
import type { Store } from '../db/store.js';
import type { Selectable } from 'kysely';
import type { ContactAppColumns } from '../db/tables/messaging.js';
import { TidingsError } from '../errors.js';
import { paginate, type Page } from '../http/paging.js';
import { iso, type Clock } from '../lib/clock.js';
import { ReadBatcher } from '../lib/read-batcher.js';
import { searchTerms } from '../lib/search-text.js';
import { searchContacts } from './contact-search.repository.js';
import { findBlocks, type BlockedRow } from './block.repository.js';
import * as repo from './contact.repository.js';
import type { Contact, ListContactsQuery } from './contact.schemas.js';
import { parseRecipient, recipientAddress } from './identity.js';
import { peopleOf } from './people.repository.js';
import { contactNotFound, knownContact, recipientOfContact, type ResolvedRecipient } from './recipients.js';

export type { ResolvedRecipient } from './recipients.js';

/** The customer service window: 24 hours after the customer's last message (docs/platform.md §5). */
export const CUSTOMER_WINDOW_MS = 24 * 60 * 60 * 1000;

/** A contact as the suppression checks see it (docs/api.md §D23): every address the person is known by on the number. */
export interface Person {
  /** `ct_…`. */
  contactId: string;
  /** E.164, or null. */
  phone: string | null;
  /** The BSUID, or null. */
  userId: string | null;
  /** The parent BSUID (linked portfolios), or null. */
  parentUserId: string | null;
  /** The numbers and BSUIDs the person had before changing them (docs/api.md §D31); absent: none known. */
  formerAddresses?: readonly string[];
}

/** A contact as the consent feature names it, and what it answers of them (docs/api.md §D23). */
export interface ContactConsentPort {
  /** One read per kind for the whole list: each contact's active suppression and marketing consent, by contact id. */
  of(
    accountId: string,
    mode: 'live' | 'test',
    phoneNumberId: string,
    contacts: { id: string; phone: string | null; userId: string | null; parentUserId: string | null }[],
  ): Promise<Map<string, Pick<Contact, 'suppression' | 'marketingConsent'>>>;
}

/** Whose contacts are read: a key's account, number and mode (or the export's, for the CLI: privacy/export/). */
export type ContactReader = Pick<AuthContext, 'accountId' | 'mode' | 'phoneNumberId'>;

export class ContactService {
  readonly #o: { store: Store; clock: Clock; consent?: ContactConsentPort };

  /** The send checks' reads of people, shared by concurrent sends of one number and mode. */
  readonly #people: ReadBatcher<string, Person>;

  constructor(options: { store: Store; clock: Clock; consent?: ContactConsentPort }) {
    this.#o = options;
    this.#people = new ReadBatcher<string, Person>({
      read: async (group, addresses) => {
        const [phoneNumberId, mode] = group.split(' ') as [string, 'live' | 'test'];
        const rows = await peopleOf(options.store.read, { phoneNumberId, mode }, [...new Set(addresses)]);
        return rows.map((r) => ({
          contactId: r.id,
          phone: r.phone,
          userId: r.user_id,
          parentUserId: r.parent_user_id,
          formerAddresses: r.former,
        }));
      },
    });
  }

  /**
   * A contact of the key's number and mode.
   * @throws TidingsError contact_not_found
   */
  async get(auth: ContactReader, id: string): Promise<Contact> {
    const row = await repo.findById(this.#o.store.read, scopeOf(auth), id);
    if (!row) throw new TidingsError('contact_not_found', `No contact ${id}.`, { param: 'id' });
    const [block] = await findBlocks(this.#o.store.read, scopeOf(auth), [row.id]);
    return (await this.#withConsent(auth, [this.present(row, block ?? null)]))[0]!;
  }

  /**
   * A page of contacts, most recent activity first; with `q`, those whose words each term of `q`
   * begins (lib/search-text.ts: case, accents and width folded; digits match within a phone number).
   * @throws TidingsError parameter_invalid for an unknown `starting_after`.
   */
  async list(auth: AuthContext, query: ListContactsQuery): Promise<Page<Contact>> {
    const page = await this.#page(auth, query);
    return { ...page, data: await this.#withConsent(auth, page.data) };
  }

  /** A page of contacts with their blocks; their consent is added by `list`. */
  async #page(auth: AuthContext, query: ListContactsQuery): Promise<Page<Contact>> {
    const db = this.#o.store.read;
    const scope = scopeOf(auth);
    const windowStart = iso(this.#o.clock.now() - CUSTOMER_WINDOW_MS);
    const terms = query.q === undefined ? null : searchTerms(query.q);
    const page = await paginate(query, {
      cursor: (id) => repo.findById(db, scope, id),
      page: (limit, after) => {
        const page = {
          ...scope,
          limit,
          ...(after ? { after } : {}),
          ...(query.windowOpen !== undefined ? { windowOpen: query.windowOpen, windowStart } : {}),
        };
        return terms ? searchContacts(db, { ...page, terms }) : repo.listContacts(db, page);
      },
      map: (row) => row,
      noun: 'contact',
    });
    // Whether each is blocked: one lookup per page.
    const blocks = new Map(
      (
        await findBlocks(
          db,
          scope,
          page.data.map((r) => r.id),
        )
      ).map((b) => [b.contact_id, b]),
    );
    return { data: page.data.map((row) => this.present(row, blocks.get(row.id) ?? null)), has_more: page.has_more };
  }

  /**
   * Who `to` names, for a send from the key's number: a phone number (E.164, "possible"), a BSUID
   * or parent BSUID, or a `ct_` id, which resolves to the contact's phone number when it has one
   * (the platform's advice, docs/platform.md §4.9), else its BSUID.
   * @param options.lookUp false: a phone number or BSUID is not looked up (a template send needs no
   *   window, and its contact is found or made when it is stored): `contact` is then undefined.
   * @throws TidingsError phone_number_invalid (not a phone number, BSUID or `ct_` id);
   *   contact_not_found (a `ct_` id of no contact of this number and mode).
   */
  async resolveRecipient(
    auth: AuthContext,
    to: string,
    options: { lookUp?: boolean } = {},
  ): Promise<ResolvedRecipient> {
    const db = this.#o.store.read;
    const scope = scopeOf(auth);
    const recipient = parseRecipient(to, 'to');
    if (options.lookUp === false && recipient.kind !== 'contact')
      return { address: recipientAddress(recipient), kind: recipient.kind };
    switch (recipient.kind) {
      case 'contact': {
        const row = await repo.findById(db, scope, recipient.contactId);
        if (!row) throw contactNotFound(recipient.contactId);
        return recipientOfContact(row);
      }
      case 'phone':
        return {
          address: recipient.phone,
          kind: 'phone',
          contact: knownContact(await repo.findByKey(db, scope, { phone: recipient.phone })),
        };
      case 'user_id':
        return {
          address: recipient.userId,
          kind: 'user_id',
          contact: knownContact(await repo.findByKey(db, scope, { userId: recipient.userId })),
        };
      case 'parent_user_id':
        return {
          address: recipient.parentUserId,
          kind: 'parent_user_id',
          contact: knownContact(await repo.findByKey(db, scope, { parentUserId: recipient.parentUserId })),
        };
    }
  }

  /**
   * The people these addresses name on a number in a mode: each contact holding any of them (an
   * E.164 number, a BSUID or parent BSUID, a `ct_` id), with all its identifiers, and perhaps
   * other contacts of the number (the caller picks its own by address). One statement however many
   * addresses (none for none), shared by the concurrent sends of the number (lib/read-batcher.ts);
   * addresses of no contact name nobody here.
   */
  async peopleOf(scope: repo.ContactScope, addresses: readonly string[]): Promise<Person[]> {
    if (addresses.length === 0) return [];
    return this.#people.load(`${scope.phoneNumberId} ${scope.mode}`, addresses);
  }

  /** The contacts with their suppression and marketing consent (consent feature; null without it). */
  async #withConsent(auth: ContactReader, contacts: Contact[]): Promise<Contact[]> {
    const found =
      this.#o.consent && contacts.length > 0
        ? await this.#o.consent.of(auth.accountId, auth.mode, auth.phoneNumberId, contacts)
        : new Map();
    return contacts.map((c) => ({ ...c, ...(found.get(c.id) ?? { suppression: null, marketingConsent: null }) }));
  }

  /**
   * The Contact resource, its window as of now, with its block on its number (null: not blocked).
   * Its `suppression` and `marketingConsent` are null here: `get` and `list` add them (one read
   * per page); a `contact.blocked` event's object is made with this alone.
   */
  present(row: repo.ContactRow, block: BlockedRow | null): Contact {
    const now = this.#o.clock.now();
    const expiresAt = row.last_inbound_at === null ? null : Date.parse(row.last_inbound_at) + CUSTOMER_WINDOW_MS;
    return {
      id: row.id,
      phone: row.phone,
      userId: row.user_id,
      parentUserId: row.parent_user_id,
      name: row.profile_name,
      username: row.username,
      window: { open: expiresAt !== null && expiresAt > now, expiresAt: expiresAt === null ? null : iso(expiresAt) },
      lastInboundAt: row.last_inbound_at,
      lastOutboundAt: row.last_outbound_at,
      lastActivityAt: row.last_activity_at,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      blocked: block ? { at: block.blocked_at, source: block.source } : null,
      conversation: {
        holder: row.conversation_holder,
        since: row.conversation_holder_since,
        reason: row.conversation_holder_reason,
      },
      appContact: appContactOf(row),
      suppression: null,
      marketingConsent: null,
      ...(row.mode === 'test' ? { testMode: true as const } : {}),
    };
  }
}

/** The contacts of the key's number and mode. */
export function scopeOf(auth: Pick<AuthContext, 'phoneNumberId' | 'mode'>): repo.ContactScope {
  return { phoneNumberId: auth.phoneNumberId, mode: auth.mode };
}

/** The app's address book entry of a contact read with all its columns (`contacts.app_*`, migration 0035). */
function appContactOf(row: repo.ContactRow): Contact['appContact'] {
  const app = row as repo.ContactRow & Partial<Selectable<ContactAppColumns>>;
  if (!app.app_contact || !app.app_synced_at) return null;
  return {
    state: app.app_contact,
    name: app.app_name ?? null,
    firstName: app.app_first_name ?? null,
    syncedAt: app.app_synced_at,
  };
}
