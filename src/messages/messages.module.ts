/**
 * The messages feature as a module (src/feature.ts): messages through their whole life. Accepting
 * sends (single, batch, scheduled), the dispatcher that drains each number's queue at its pace,
 * test mode, the platform's status reports, customers' messages and their files, messages sent
 * from the WhatsApp Business app, cancelling, and retention. It fills the slots the features before
 * it left for it: each number's send queue (accounts), settling a customer's file (media), contact
 * merges (contacts) and the consent confirmation's sender (consent).
 */
import type { Logger } from 'pino';
import type { AuditTrail } from '../audit/audit-trail.js';
import type { AccountService } from '../accounts/account.service.js';
import type { DirectSendCapability } from '../accounts/direct-send.js';
import type { QueuesOf } from '../accounts/phone-number.routes.js';
import type { RetentionSettings } from '../accounts/retention-settings.js';
import type { Config } from '../config.js';
import type { ConsentReplySender } from '../consent/consent.module.js';
import type { SuppressionLookup } from '../consent/suppression-decision.js';
import type { ContactMerge } from '../contacts/contacts.module.js';
import type { ContactUpdates } from '../contacts/contact-updates.js';
import type { ContactService } from '../contacts/contact.service.js';
import type { Store } from '../db/store.js';
import type { EventService } from '../events/event.service.js';
import { HOURLY_MS, Slot, type Feature } from '../feature.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import type { Clock } from '../lib/clock.js';
import type { FileUses } from '../media/file-uses.js';
import type { InboundMedia } from '../media/inbound-download.js';
import type { ConversationHolders } from '../contacts/conversation-holders.js';
import type { InboundSettlement } from '../media/media.module.js';
import type { MediaDeletion } from '../media/media-deletion.js';
import type { MediaService } from '../media/media.service.js';
import type { Metrics } from '../metrics/metrics.js';
import type { Platform } from '../platform/platform.js';
import type { GeneratedTemplates } from '../templates/generated-templates.js';
import type { TemplateHistory } from '../templates/template-history.js';
import type { TemplateReviews } from '../templates/template-reviews.js';
import type { TemplateSends } from '../templates/template-sends.js';
import { MessageSender } from './accept/send.service.js';
import { SuppressionGate } from './accept/suppression-gate.js';
import { BatchSender } from './batches/batch-send.service.js';
import { batchRoutes } from './batches/batch.routes.js';
import { BatchService } from './batches/batch.service.js';
import { CancelService } from './batches/cancel.service.js';
import { DEFAULT_DISPATCH_POLICY, type DispatchPolicy, Dispatcher } from './dispatch/dispatcher.js';
import { DatabasePacer, MemoryPacer } from './dispatch/pacer.js';
import { PayloadResolver } from './dispatch/payload.js';
import { messageRoutes } from './message.routes.js';
import { MessageService } from './message.service.js';
import { BatchProgress } from './record/batch-progress.js';
import { findInbound, relinkContact } from './record/message.repository.js';
import { BusinessEchoes } from './reports/business-echoes.js';
import { conversationRoutes } from './conversation.routes.js';
import { Coexistence } from './reports/coexistence.js';
import { InboundUpdates } from './reports/inbound-updates.js';
import { StatusReports } from './reports/status-reports.js';
import { TEST_STATUS_JOB, TestModeService } from './reports/test-mode.service.js';
import { markInboundMediaDeleted, pendingMessageWithMedia } from './retention/retention.repository.js';
import { RetentionService, type FurtherRetention } from './retention/retention.service.js';
import { Batch } from './schemas/batch.schemas.js';
import { InboundMessage, Message } from './schemas/message.schemas.js';
import {
  RICH_SEND_SCHEMAS,
  SendMediaMessage,
  SendTemplateMessage,
  SendTextMessage,
} from './schemas/send-bodies.schemas.js';
import { InteractiveButtons, InteractiveCtaUrl, InteractiveList } from './schemas/rich.schemas.js';

export interface MessagesNeeds {
  config: Config;
  /** Tests shorten the retry backoff. */
  overrides: { dispatchPolicy?: Partial<DispatchPolicy> };
  store: Store;
  clock: Clock;
  logger: Logger;
  platform: Platform;
  accounts: AccountService;
  jobs: JobQueue;
  metrics: Metrics;
  keyRateLimiter: RateLimiter;
  events: EventService;
  directSend: DirectSendCapability;
  retentionSettings: RetentionSettings;
  sendQueues: Slot<QueuesOf>;
  media: MediaService;
  inboundMedia: InboundMedia;
  mediaDeletion: MediaDeletion;
  fileUses: FileUses;
  inboundSettlement: Slot<InboundSettlement>;
  templateSends: TemplateSends;
  reviews: TemplateReviews;
  history: TemplateHistory;
  generatedTemplates: GeneratedTemplates;
  /** The suppression list (and erased customers' tombstones), read from the database at dispatch. */
  dispatchSuppressions: SuppressionLookup;
  /** The same list as the accept path holds it. */
  acceptSuppressions: SuppressionLookup;
  consentReplySender: Slot<ConsentReplySender>;
  contacts: ContactService;
  contactUpdates: ContactUpdates;
  /** Who holds each conversation: the business or Meta's agent (contacts feature, docs/api.md §D30). */
  conversationHolders: ConversationHolders;
  contactMerges: Slot<ContactMerge>;
  /** The audit trail (the ground): sends and batches accepted, suppressions overridden. */
  audit: AuditTrail;
}

export interface MessagesProvides {
  messages: MessageService;
  sender: MessageSender;
  /** Batch sends and dry runs, batches, cancelling (docs/api.md §D18). */
  batchSender: BatchSender;
  batchService: BatchService;
  cancels: CancelService;
  dispatcher: Dispatcher;
  statuses: StatusReports;
  inbound: InboundUpdates;
  testMode: TestModeService;
  /** Each account's retention sweep (docs/api.md §D17). */
  retention: RetentionService;
  /** The kinds swept at the end of it (events, platform payloads, inactive contacts): the privacy feature fills it. */
  furtherRetention: Slot<FurtherRetention>;
}

export function messagesModule(needs: MessagesNeeds): Feature<MessagesProvides> {
  const { store, clock, logger, platform, accounts, jobs, metrics, events, contacts, contactUpdates } = needs;
  const batches = new BatchProgress({ events });
  const holders = needs.conversationHolders;
  const statuses = new StatusReports({
    holders,
    events,
    clock,
    contacts: contactUpdates,
    logger,
    metrics: metrics.recorders.webhooks,
    batches,
    generatedTemplates: needs.generatedTemplates,
  });
  const inbound = new InboundUpdates({ events, contacts: contactUpdates, inboundMedia: needs.inboundMedia, holders });
  // A customer's file, once kept or failed, settles its message (the media feature's download asks).
  needs.inboundSettlement.fill({
    settle: (tx, inboundMessageId, outcome) => inbound.settleInboundMedia(tx, inboundMessageId, outcome),
    pending: async (inboundMessageId, accountId) =>
      (await findInbound(store.read, accountId, 'live', inboundMessageId))?.media_status === 'pending',
  });
  needs.contactMerges.fill(relinkContact);
  const testMode = new TestModeService({ store, clock, jobs, statuses, inbound, contactUpdates });
  const dispatcher = newDispatcher(needs, statuses, testMode);
  needs.sendQueues.fill((numbers, mode) => dispatcher.queues(numbers, mode));
  // Sends queued for a paused template wait for its next status change (dispatch/template-holds.ts).
  needs.history.listen(dispatcher.holds.onTemplateStatus);
  // The accept path's check reads each account's list once, until it changes (consent/accept-suppressions.ts).
  const gate = new SuppressionGate(needs.acceptSuppressions, contacts);
  const sender = new MessageSender({
    store,
    clock,
    templates: needs.templateSends,
    media: needs.media,
    dispatcher,
    contacts,
    contactUpdates,
    directSend: needs.directSend,
    gate,
    audit: needs.audit,
  });
  // A keyword's confirmation is the system's: it passes the suppression it confirms, and only that (consent/consent-intake.ts).
  needs.consentReplySender.fill((auth, body) => sender.send(auth, body, 'consent_reply'));
  // Batch and scheduled sends, on the same checks and writes (docs/api.md §D18).
  const batchSender = new BatchSender({ store, clock, sender, gate, audit: needs.audit });
  const batchService = new BatchService({ store });
  const cancels = new CancelService({ store, clock, events, batches, audit: needs.audit });
  const messages = new MessageService({ store, clock, platform, accounts });
  const furtherRetention = new Slot<FurtherRetention>('furtherRetention');
  const retention = new RetentionService({
    store,
    clock,
    logger,
    settings: needs.retentionSettings,
    deletion: needs.mediaDeletion,
    events,
    further: furtherRetention,
    metrics: needs.metrics.recorders.retention,
  });
  // A message scheduled or queued to send a file holds it; a customer's message shows its file deleted.
  needs.fileUses.register({
    inUse: async (file) => {
      const pending = await pendingMessageWithMedia(store.read, file.accountId, file.id);
      if (!pending) return null;
      return pending.status === 'scheduled'
        ? `message ${pending.id} is scheduled to send it; delete it once that message has gone out, or cancel the message first (POST /v1/messages/${pending.id}/cancel).`
        : `message ${pending.id} is queued to send it; delete it once that message has gone out (or failed).`;
    },
    onDeleted: (tx, file) => markInboundMediaDeleted(tx, file.id),
  });
  return {
    name: 'messages',
    provides: {
      messages,
      sender,
      batchSender,
      batchService,
      cancels,
      dispatcher,
      statuses,
      inbound,
      testMode,
      retention,
      furtherRetention,
    },
    routes: () => [
      ...messageRoutes({ messages, sender, testMode, contacts }),
      ...conversationRoutes({ sender, contacts }),
      ...batchRoutes({ batchSender, batchService, cancels, keyRateLimiter: needs.keyRateLimiter }),
    ],
    schemas: [
      Message,
      Batch,
      SendTemplateMessage,
      SendTextMessage,
      SendMediaMessage,
      ...RICH_SEND_SCHEMAS,
      InteractiveButtons,
      InteractiveList,
      InteractiveCtaUrl,
      InboundMessage,
    ],
    jobs: [{ type: TEST_STATUS_JOB, run: (payload) => testMode.applyTestStatus(payload), options: { concurrency: 4 } }],
    intake: {
      statuses,
      inbound,
      echoes: new BusinessEchoes({ events, contacts: contactUpdates, holders }),
      coexistence: new Coexistence({ events, contacts: contactUpdates }),
    },
    scrape: { lanes: () => dispatcher.lanes() },
    periodic: [
      { name: 'retention sweep', everyMs: HOURLY_MS, atStart: true, run: (signal) => retention.sweep(signal) },
    ],
    start: () => dispatcher.start(),
    stop: () => dispatcher.stop(),
  };
}

/** The dispatcher, with its pace, its payloads and its policy from the config (dispatch/dispatcher.ts). */
function newDispatcher(needs: MessagesNeeds, statuses: StatusReports, testMode: TestModeService): Dispatcher {
  const { config, store, clock, logger, platform, accounts, metrics, media, directSend, templateSends, reviews } =
    needs;
  return new Dispatcher({
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
      media,
      // A test key's send reaches no platform, so it learns nothing and probes nothing: it goes as the number may.
      directSendTurn: async (row, now) =>
        row.mode === 'test'
          ? { turn: (await directSend.mayTry(row.phone_number_id, now)) ? 'try' : 'skip' }
          : directSend.turn(row.phone_number_id, row.message_id, now),
      senderCredentials: (id) => accounts.senderCredentials(id),
      templateGate: (accountId, templateId) => templateSends.gate(accountId, templateId),
    }),
    learnTemplate: (templateId, status, now) => reviews.learnFromSend(templateId, status, now),
    // One process on SQLite; on PostgreSQL every process shares each number's pace.
    pacer: config.database.dialect === 'postgres' ? new DatabasePacer(store) : new MemoryPacer(),
    policy: {
      ...DEFAULT_DISPATCH_POLICY,
      reconciliationWindowMs: config.reconciliationWindowMs,
      retry: { ...DEFAULT_DISPATCH_POLICY.retry, maxMs: config.dispatchRetryMaxMs },
      tierShare: config.dispatchTierShare,
      pollMs: config.jobPollMs,
      platformTimeoutMs: config.platformTimeoutMs,
      ...needs.overrides.dispatchPolicy,
    },
    metrics: metrics.recorders.dispatch,
    suppressions: needs.dispatchSuppressions,
    people: needs.contacts,
  });
}
