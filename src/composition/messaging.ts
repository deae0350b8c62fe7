/** The messages and contacts features' part of the composition root (deps.ts). */
import { DirectSendCapability } from '../accounts/direct-send.js';
import { ContactUpdates } from '../contacts/contact-updates.js';
import { ContactService } from '../contacts/contact.service.js';
import { AcceptSuppressions } from '../consent/accept-suppressions.js';
import { SuppressionService } from '../consent/suppression.service.js';
import { ConsentIntake, ConsentReplies } from '../consent/consent-intake.js';
import type { EventService } from '../events/event.service.js';
import { DEFAULT_INBOUND_MEDIA_POLICY, InboundMedia } from '../media/inbound-download.js';
import { DEFAULT_DISPATCH_POLICY, Dispatcher } from '../messages/dispatch/dispatcher.js';
import { DatabasePacer, MemoryPacer } from '../messages/dispatch/pacer.js';
import { PayloadResolver } from '../messages/dispatch/payload.js';
import { BatchProgress } from '../messages/record/batch-progress.js';
import { BatchSender } from '../messages/batches/batch-send.service.js';
import { BatchService } from '../messages/batches/batch.service.js';
import { CancelService } from '../messages/batches/cancel.service.js';
import { InboundUpdates } from '../messages/reports/inbound-updates.js';
import { findInbound, relinkContact } from '../messages/record/message.repository.js';
import { MessageService } from '../messages/message.service.js';
import { MessageSender } from '../messages/accept/send.service.js';
import { StatusReports } from '../messages/reports/status-reports.js';
import { SuppressionGate } from '../messages/accept/suppression-gate.js';
import { TestModeService } from '../messages/reports/test-mode.service.js';
import type { Base } from './base.js';
import type { Content } from './content.js';

/**
 * Contacts, and messages through their whole life: accepting sends, the dispatcher, test mode,
 * the platform's status reports, customers' messages and their files (messages and contacts features).
 */
export function buildMessaging(base: Base, events: EventService, content: Content) {
  const { config, overrides, store, clock, logger, platform, accounts, jobs, metrics } = base;
  // Contacts are written in the units of work of the messages that name them; a merge moves the
  // merged contact's messages of both directions.
  const contactUpdates = new ContactUpdates({ onMerge: relinkContact });
  // A contact shows its suppression and marketing consent (consent feature, built just below).
  const contacts: ContactService = new ContactService({
    store,
    clock,
    consent: { of: (accountId, phoneNumberId, list) => suppressions.contactConsent(accountId, phoneNumberId, list) },
  });
  // The suppression list, read by the send checks at accept and at dispatch (docs/api.md §D23).
  const suppressions: SuppressionService = new SuppressionService({
    store,
    clock,
    events,
    contacts,
    numberOwner: async (id) => (await accounts.accountForPhoneNumber(id))?.accountId,
  });
  const batches = new BatchProgress({ events });
  const statuses = new StatusReports({
    events,
    clock,
    contacts: contactUpdates,
    logger,
    metrics: metrics.recorders.webhooks,
    batches,
    generatedTemplates: content.generatedTemplates,
  });
  // Customers' messages schedule their files' downloads, and a download settles its message: the one cycle
  // between two features, closed here by handing the download the message's settle step and its pending state.
  const inboundMedia: InboundMedia = new InboundMedia({
    store,
    jobs,
    clock,
    logger,
    platform,
    accounts,
    storage: content.storage,
    policy: {
      ...DEFAULT_INBOUND_MEDIA_POLICY,
      minBytesPerSecond: config.mediaDownloadMinBytesPerSecond,
      ...overrides.inboundMediaPolicy,
    },
    settle: (tx, inboundMessageId, outcome) => inbound.settleInboundMedia(tx, inboundMessageId, outcome),
    pending: async (inboundMessageId, accountId) =>
      (await findInbound(store.read, accountId, 'live', inboundMessageId))?.media_status === 'pending',
  });
  const inbound = new InboundUpdates({ events, contacts: contactUpdates, inboundMedia });
  const messages = new MessageService({ store, clock, platform, accounts });
  const testMode = new TestModeService({ store, clock, jobs, statuses, inbound, contactUpdates });
  // What Direct Send does for each number, learned at dispatch, read at accept (docs/api.md §D19).
  const directSend = new DirectSendCapability(store);
  const dispatcher = new Dispatcher({
    directSend,
    store,
    clock,
    logger,
    platform,
    accounts,
    statuses,
    testMode,
    resolver: new PayloadResolver({
      store,
      media: content.media,
      mayTryDirectSend: (id, now) => directSend.mayTry(id, now),
      senderCredentials: (id) => accounts.senderCredentials(id),
      templateGate: (accountId, templateId) => content.templateSends.gate(accountId, templateId),
    }),
    learnTemplate: (templateId, status, now) => content.reviews.learnFromSend(templateId, status, now),
    // One process on SQLite; on PostgreSQL every process shares each number's pace.
    pacer: config.database.dialect === 'postgres' ? new DatabasePacer(store) : new MemoryPacer(),
    policy: {
      ...DEFAULT_DISPATCH_POLICY,
      reconciliationWindowMs: config.reconciliationWindowMs,
      retry: { ...DEFAULT_DISPATCH_POLICY.retry, maxMs: config.dispatchRetryMaxMs },
      tierShare: config.dispatchTierShare,
      pollMs: config.jobPollMs,
      platformTimeoutMs: config.platformTimeoutMs,
      ...overrides.dispatchPolicy,
    },
    metrics: metrics.recorders.dispatch,
    suppressions,
  });
  // The accept path's check reads each account's list once, until it changes (accept-suppressions.ts).
  const gate = new SuppressionGate(new AcceptSuppressions({ store, suppressions }));
  const sender = new MessageSender({
    store,
    clock,
    templates: content.templateSends,
    media: content.media,
    dispatcher,
    contacts,
    contactUpdates,
    directSend,
    gate,
  });
  // Batch and scheduled sends, on the same checks and writes (docs/api.md §D18).
  const batchSender = new BatchSender({ store, clock, sender, gate });
  // Opt-out keywords, marketing preferences and 131050 from the platform's webhooks; a keyword's
  // confirmation reply is a normal tracked text, sent while the customer's window is open.
  const consent = new ConsentIntake({ suppressions, jobs });
  const consentReplies = new ConsentReplies({ clock, send: (auth, body) => sender.send(auth, body, 'api', false) });
  const batchService = new BatchService({ store });
  const cancels = new CancelService({ store, clock, events, batches });
  // Sends queued for a paused template wait for its next status change (dispatch/template-holds.ts).
  content.history.listen(dispatcher.holds.onTemplateStatus);
  return {
    suppressions,
    consent,
    consentReplies,
    contactUpdates,
    contacts,
    statuses,
    batches,
    inbound,
    inboundMedia,
    messages,
    testMode,
    dispatcher,
    sender,
    batchSender,
    batchService,
    cancels,
  };
}
