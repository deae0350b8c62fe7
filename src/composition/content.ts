/** The media and templates features' part of the composition root (deps.ts). */
import path from 'node:path';
import type { EventService } from '../events/event.service.js';
import { MediaService } from '../media/media.service.js';
import { LocalDirectoryStorage } from '../media/storage.js';
import { GeneratedTemplates } from '../templates/generated-templates.js';
import { TemplateHistory } from '../templates/template-history.js';
import { TemplateReviews } from '../templates/template-reviews.js';
import { TemplateSubmitter } from '../templates/template-submission.js';
import { TemplateService } from '../templates/template.service.js';
import { TemplateSends } from '../templates/template-sends.js';
import { TemplateSync } from '../templates/template-sync.js';
import { TemplateLibrary } from '../templates/template-library.js';
import type { Base } from './base.js';

/** Uploaded files and templates, with the platform's reviews of templates (media and templates features). */
export async function buildContent(
  { config, role, store, clock, logger, platform, accounts, jobs }: Base,
  events: EventService,
) {
  const storage = new LocalDirectoryStorage(path.join(config.dataDir, 'media'));
  if (role === 'service') await storage.keepTemp();
  const media = new MediaService({ store, clock, platform, accounts, storage });
  const history = new TemplateHistory({ store, events });
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
  const templateSends = new TemplateSends({ store, media, clock });
  const templateLibrary = new TemplateLibrary({ store, clock, platform, accounts, history, templates });
  const templateSync = new TemplateSync({
    store,
    clock,
    logger,
    platform,
    accounts,
    history,
    intervalMs: config.templateSyncIntervalMs,
  });
  const generatedTemplates = new GeneratedTemplates({ store, clock, jobs, platform, accounts });
  return {
    storage,
    media,
    submitter,
    templates,
    reviews,
    generatedTemplates,
    history,
    templateSends,
    templateSync,
    templateLibrary,
  };
}

export type Content = Awaited<ReturnType<typeof buildContent>>;
