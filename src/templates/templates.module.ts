/**
 * The templates feature as a module (src/feature.ts): authoring and submission, the platform's
 * reviews and re-categorisations, each template's history, reconciliation with the platform, Meta's
 * Template Library, templates the platform generates, and filling a template at send time.
 */
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Logger } from 'pino';
import type { AccountService } from '../accounts/account.service.js';
import type { Config } from '../config.js';
import type { Store } from '../db/store.js';
import type { EventService } from '../events/event.service.js';
import { HOURLY_MS, type Feature } from '../feature.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Clock } from '../lib/clock.js';
import type { FileUses } from '../media/file-uses.js';
import type { MediaService } from '../media/media.service.js';
import type { Platform } from '../platform/platform.js';
import { GeneratedTemplates, READ_GENERATED_JOB } from './generated-templates.js';
import { TemplateHistory } from './template-history.js';
import { TemplateChange } from './template-history.schemas.js';
import { templateLibraryRoutes } from './template-library.routes.js';
import { LibraryTemplate } from './template-library.schemas.js';
import { TemplateLibrary } from './template-library.js';
import { TemplateReviews } from './template-reviews.js';
import { TemplateSends } from './template-sends.js';
import { SUBMIT_JOB, TemplateSubmitter } from './template-submission.js';
import { SyncResult } from './template-sync.schemas.js';
import { READ_BACK_JOB, TemplateSync } from './template-sync.js';
import { templateRoutes } from './template.routes.js';
import { MediaHeader, TextHeader } from './template-content.schemas.js';
import { Template } from './template.schemas.js';
import { TemplateService } from './template.service.js';

export interface TemplatesNeeds {
  /** The audit trail (the ground): templates created, changed, deleted, their status changes. */
  audit: AuditTrail;
  config: Config;
  store: Store;
  clock: Clock;
  logger: Logger;
  platform: Platform;
  accounts: AccountService;
  jobs: JobQueue;
  events: EventService;
  media: MediaService;
  fileUses: FileUses;
}

export interface TemplatesProvides {
  templates: TemplateService;
  /** Each template's history (GET /v1/templates/{id}/history), and its listeners (sends held for a paused template). */
  history: TemplateHistory;
  submitter: TemplateSubmitter;
  /** The platform's reviews, and what a send learns of a template's status. */
  reviews: TemplateReviews;
  /** A template as a send fills it, and whether it may be sent now. */
  templateSends: TemplateSends;
  /** Reconciliation of templates with the platform (POST /v1/templates/sync, and hourly when due). */
  templateSync: TemplateSync;
  /** Meta's Template Library (GET /v1/template_library, POST /v1/templates/from_library). */
  templateLibrary: TemplateLibrary;
  /** Templates the platform generates (authentication and others it made for the account). */
  generatedTemplates: GeneratedTemplates;
}

export function templatesModule(needs: TemplatesNeeds): Feature<TemplatesProvides> {
  const { config, store, clock, logger, platform, accounts, jobs, events, media, fileUses } = needs;
  const history = new TemplateHistory({ store, events, audit: needs.audit });
  const submitter = new TemplateSubmitter({
    store,
    platform,
    accounts,
    media,
    history,
    jobs,
    clock,
    logger,
    appId: config.appId,
  });
  const templates = new TemplateService({ store, media, submitter, clock, platform, accounts, history });
  const reviews = new TemplateReviews({ store, history });
  const templateLibrary = new TemplateLibrary({ store, clock, platform, accounts, history, templates });
  const intervalMs = config.templateSyncIntervalMs;
  const templateSync = new TemplateSync({ store, clock, logger, platform, accounts, history, intervalMs });
  const generatedTemplates = new GeneratedTemplates({ store, clock, jobs, platform, accounts });
  // A live template's header holds its file: it may not be deleted while the template names it.
  fileUses.register({
    inUse: async (file) => (file.mode === 'live' ? templates.headerUse(file.accountId, file.id) : null),
  });
  return {
    name: 'templates',
    provides: {
      templates,
      history,
      submitter,
      reviews,
      templateSends: new TemplateSends({ store, media, clock }),
      templateSync,
      templateLibrary,
      generatedTemplates,
    },
    routes: () => [
      ...templateRoutes({ templates, history }),
      ...templateLibraryRoutes({ templateLibrary, templateSync }),
    ],
    schemas: [Template, TemplateChange, LibraryTemplate, SyncResult, TextHeader, MediaHeader],
    jobs: [
      { type: SUBMIT_JOB, run: (payload) => submitter.resubmit(payload) },
      { type: READ_BACK_JOB, run: (payload) => templateSync.readBack(payload) },
      { type: READ_GENERATED_JOB, run: (payload) => generatedTemplates.read(payload) },
    ],
    intake: { templates: reviews },
    periodic: [
      { name: 'template reconciliation sweep', everyMs: HOURLY_MS, atStart: true, run: () => templateSync.sweep() },
    ],
  };
}
