/**
 * The consent feature as a module (src/feature.ts): the suppression list and the account's consent
 * settings, what the platform's webhooks say of consent (keywords, marketing preferences, 131050),
 * a keyword's confirmation reply, and the ports the send checks, the contacts and the blocks read.
 * It is built before contacts, which it reads a send's `to` through (a slot the contacts feature
 * fills), and before messages, which sends its confirmation replies (another slot).
 */
import type { AccountService } from '../accounts/account.service.js';
import type { BlockSuppressions } from '../contacts/block.service.js';
import type { ContactConsentPort, ContactService } from '../contacts/contact.service.js';
import type { ContactMerge } from '../contacts/contacts.module.js';
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Store } from '../db/store.js';
import type { EventService } from '../events/event.service.js';
import { Slot, type Feature } from '../feature.js';
import type { AuthContext } from '../http/access.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Clock } from '../lib/clock.js';
import { AcceptSuppressions } from './accept-suppressions.js';
import { CONSENT_REPLY_JOB, ConsentIntake, ConsentReplies, type ReplyBody } from './consent-intake.js';
import { consentRoutes } from './consent.routes.js';
import { ConsentSettings, Suppression } from './consent.schemas.js';
import type { SuppressionLookup } from './suppression-decision.js';
import { SuppressionService } from './suppression.service.js';
import { moveMarketingConsents } from './consent-moves.repository.js';
import { relinkContact } from './suppression.repository.js';
import { SuppressionTombstones, tombstoneKeyOf, withTombstones } from './suppression-tombstones.js';
import type { Secrets } from '../secrets.js';

export interface ConsentNeeds {
  /** The audit trail (the ground): suppressions made and lifted, settings changed. */
  audit: AuditTrail;
  store: Store;
  clock: Clock;
  jobs: JobQueue;
  events: EventService;
  accounts: AccountService;
  /** The encryption key, from which the erased customers' tombstones are keyed (docs/api.md §D28). */
  secrets: Secrets;
}

/** Sends a keyword's confirmation reply (source `consent_reply`, past the opt-out it confirms): the messages feature's, which fills the slot. */
export type ConsentReplySender = (auth: AuthContext, body: ReplyBody) => Promise<unknown>;

export interface ConsentProvides {
  /** The suppression list and the account's consent settings (docs/api.md §D23). */
  suppressions: SuppressionService;
  /** The list as the accept path reads it: each account's active suppressions held until one changes. */
  acceptSuppressions: SuppressionLookup;
  /** Each contact's suppression and marketing consent, as the contacts feature shows them. */
  contactConsent: ContactConsentPort;
  /** What a block or an unblock does to the list (the contacts feature's blocks). */
  blockSuppressions: BlockSuppressions;
  /** Two contacts merged: the suppressions made for the merged one now name the one kept (contacts feature). */
  suppressionMerges: ContactMerge;
  /** A customer changed number or BSUID: their marketing consents follow them (docs/api.md §D31). */
  marketingConsentMoves: typeof moveMarketingConsents;
  /** The list as the dispatcher reads it (from the database), erased customers' tombstones included (docs/api.md §D28). */
  dispatchSuppressions: SuppressionLookup;
  /** An erased customer's suppressions, kept as keyed hashes (the erasure feature writes them). */
  suppressionTombstones: SuppressionTombstones;
  /** Who a send's `to` names: filled by the contacts feature. */
  recipients: Slot<Pick<ContactService, 'resolveRecipient'>>;
  consentReplySender: Slot<ConsentReplySender>;
}

export function consentModule({
  store,
  clock,
  jobs,
  events,
  accounts,
  audit,
  secrets,
}: ConsentNeeds): Feature<ConsentProvides> {
  const tombstones = new SuppressionTombstones({ store, key: tombstoneKeyOf(secrets.encryptionKey) });
  const recipients = new Slot<Pick<ContactService, 'resolveRecipient'>>('recipients');
  const replySender = new Slot<ConsentReplySender>('consentReplySender');
  const suppressions = new SuppressionService({
    store,
    audit,
    clock,
    events,
    contacts: { resolveRecipient: (...args) => recipients.get().resolveRecipient(...args) },
    numberOwner: async (id) => (await accounts.accountForPhoneNumber(id))?.accountId,
  });
  const dispatchSuppressions = withTombstones(suppressions, tombstones);
  // A keyword's confirmation reply is a normal tracked text, sent while the customer's window is open.
  const replies = new ConsentReplies({ clock, send: (auth, body) => replySender.get()(auth, body) });
  return {
    name: 'consent',
    provides: {
      suppressions,
      acceptSuppressions: new AcceptSuppressions({ store, suppressions: dispatchSuppressions, tombstones }),
      dispatchSuppressions,
      suppressionTombstones: tombstones,
      contactConsent: {
        of: (accountId, mode, phoneNumberId, list) => suppressions.contactConsent(accountId, mode, phoneNumberId, list),
      },
      blockSuppressions: suppressions.forBlocks(),
      suppressionMerges: relinkContact,
      marketingConsentMoves: moveMarketingConsents,
      recipients,
      consentReplySender: replySender,
    },
    routes: () => consentRoutes({ suppressions }),
    schemas: [Suppression, ConsentSettings],
    jobs: [{ type: CONSENT_REPLY_JOB, run: (payload) => replies.run(payload) }],
    // Opt-out keywords, marketing preferences and 131050 from the platform's webhooks.
    intake: { consent: new ConsentIntake({ suppressions, jobs, tombstones }) },
  };
}
