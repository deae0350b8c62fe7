/**
 * The contacts feature as a module (src/feature.ts): who a customer is (contacts known by phone
 * number and/or BSUID, their window, merges when a payload links two identifiers), and blocking
 * customers through the platform's Block Users API.
 */
import type { AccountService } from '../accounts/account.service.js';
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Store, Tx } from '../db/store.js';
import type { EventService } from '../events/event.service.js';
import { Slot, type Feature } from '../feature.js';
import type { Clock } from '../lib/clock.js';
import type { Platform } from '../platform/platform.js';
import { BlockSync } from './block-sync.js';
import { blockRoutes } from './block.routes.js';
import { BlockedContact, BlockResult } from './block.schemas.js';
import { BlockService, type BlockSuppressions } from './block.service.js';
import { ContactUpdates } from './contact-updates.js';
import type { Identifiers } from './identity-changes.js';
import { contactRoutes } from './contact.routes.js';
import { Contact } from './contact.schemas.js';
import { type ContactConsentPort, ContactService } from './contact.service.js';
import { ConversationHolders } from './conversation-holders.js';

export interface ContactsNeeds {
  store: Store;
  clock: Clock;
  platform: Platform;
  accounts: AccountService;
  events: EventService;
  audit: AuditTrail;
  /** Each contact's suppression and marketing consent (the consent feature's). */
  contactConsent: ContactConsentPort;
  /** What a block does to the suppression list (the consent feature's). */
  blockSuppressions: BlockSuppressions;
  /** An erased customer's tombstones, which follow them to a new number or BSUID (the consent feature's). */
  suppressionTombstones?: {
    /** Copies the tombstones naming any of `from` to `to` (consent/suppression-tombstones.ts). */
    follow(tx: Tx, accountId: string, mode: 'live' | 'test', from: string[], to: string[]): Promise<number>;
  };
  /** A customer changed number or BSUID: their marketing consents follow them (the consent feature's). */
  marketingConsentMoves?: (
    tx: Tx,
    phoneNumberId: string,
    from: { phone: string | null; bsuid: string | null },
    to: { phone: string | null; bsuid: string | null },
  ) => Promise<number>;
  /** Two contacts merged: re-points the suppressions made for the merged one (the consent feature's). */
  suppressionMerges: ContactMerge;
  /** The consent feature reads a send's `to` through the contacts: filled here. */
  recipients: Slot<Pick<ContactService, 'resolveRecipient'>>;
}

/** Re-points what refers to contact `from` to `into` when two contacts merge: the messages feature's, which fills the slot. */
export type ContactMerge = (tx: Tx, from: string, into: string) => Promise<void>;

export interface ContactsProvides {
  contacts: ContactService;
  /** Contacts written in the units of work of the messages that name them. */
  contactUpdates: ContactUpdates;
  /** Blocking customers through the Block Users API (docs/api.md §D25). */
  blocks: BlockService;
  /** The sync with the platform's blocklist. */
  blockSync: BlockSync;
  contactMerges: Slot<ContactMerge>;
  /** Who holds each conversation: the business or Meta's agent (docs/api.md §D30). */
  conversationHolders: ConversationHolders;
}

export function contactsModule(needs: ContactsNeeds): Feature<ContactsProvides> {
  const { store, clock, platform, accounts, events, contactConsent, blockSuppressions, recipients, suppressionMerges } =
    needs;
  const merges = new Slot<ContactMerge>('contactMerges');
  // A merge moves the merged contact's messages of both directions (the messages feature's rows)
  // and its suppressions (the consent feature's), so they go on covering the person.
  const contactUpdates = new ContactUpdates({
    onMerge: async (tx, from, into) => {
      await merges.get()(tx, from, into);
      await suppressionMerges(tx, from, into);
    },
    // A customer changed number or BSUID (docs/api.md §D31), in the move's unit: the event when a
    // contact moved; an erased customer's tombstones follow them to the new addresses.
    onIdentityChange: async (tx, accountId, change, phoneNumberId) => {
      if ('contactId' in change)
        await events.record(tx, [{ accountId, mode: 'live', type: 'contact.changed_identity', object: change }]);
      const list = (ids: Identifiers) => [ids.phone, ids.userId, ids.parentUserId].filter((a): a is string => !!a);
      await needs.suppressionTombstones?.follow(tx, accountId, 'live', list(change.previous), list(change.current));
      if ('contactId' in change)
        await needs.marketingConsentMoves?.(
          tx,
          phoneNumberId,
          { phone: change.previous.phone, bsuid: change.previous.userId },
          { phone: change.current.phone, bsuid: change.current.userId },
        );
    },
  });
  const contacts = new ContactService({ store, clock, consent: contactConsent });
  const conversationHolders = new ConversationHolders({ events, contacts: contactUpdates });
  recipients.fill(contacts);
  // A block suppresses the customer on its number (reason `blocked`), in the block's unit of work.
  const blocks = new BlockService({
    store,
    clock,
    platform,
    accounts,
    events,
    contacts,
    suppressions: blockSuppressions,
    audit: needs.audit,
  });
  const blockSync = new BlockSync({ store, clock, platform, accounts, blocks });
  return {
    name: 'contacts',
    provides: { contacts, contactUpdates, blocks, blockSync, contactMerges: merges, conversationHolders },
    routes: () => [...contactRoutes({ contacts }), ...blockRoutes({ blocks, blockSync, contacts })],
    schemas: [Contact, BlockResult, BlockedContact],
    intake: { contacts: contactUpdates, handovers: conversationHolders },
  };
}
