/**
 * Deleting files and retention (docs/api.md §D17): the part of the composition root (deps.ts) that
 * joins the features a deletion touches. A file may not be deleted while a template's header or a
 * queued message uses it (templates and messages say so), and a customer message shows its file
 * deleted (messages): handed to the media feature as `inUse` and `onDeleted`.
 */
import { RetentionSettings } from '../accounts/retention-settings.js';
import type { EventService } from '../events/event.service.js';
import { MediaDeletion } from '../media/media-deletion.js';
import { RetentionService } from '../messages/retention/retention.service.js';
import { markInboundMediaDeleted, queuedMessageWithMedia } from '../messages/retention/retention.repository.js';
import type { Base } from './base.js';
import type { Content } from './content.js';

export function buildRetention(
  { store, clock, logger, platform, accounts, jobs }: Base,
  events: EventService,
  content: Content,
) {
  const deletion = new MediaDeletion({
    store,
    clock,
    logger,
    platform,
    accounts,
    jobs,
    storage: content.storage,
    inUse: async (file) => {
      if (file.mode === 'live') {
        const template = await content.templates.headerUse(file.accountId, file.id);
        if (template) return template;
      }
      const queued = await queuedMessageWithMedia(store.read, file.accountId, file.id);
      return queued
        ? `message ${queued} is queued to send it; delete it once that message has gone out (or failed).`
        : null;
    },
    onDeleted: (tx, file) => markInboundMediaDeleted(tx, file.id),
  });
  const settings = new RetentionSettings({ store });
  const retention = new RetentionService({ store, clock, logger, settings, deletion, events });
  return { deletion, settings, retention };
}
