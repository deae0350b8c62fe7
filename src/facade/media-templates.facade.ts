/**
 * The Cloud API facade's media and template routes (docs/api.md §D34, "Media and templates"), as
 * one list for facade.module.ts: media.facade.ts and template.facade.ts.
 */
import type { Config } from '../config.js';
import type { MediaDeletion } from '../media/media-deletion.js';
import type { MediaService } from '../media/media.service.js';
import type { TemplateService } from '../templates/template.service.js';
import type { FacadeRoute } from './facade-route.js';
import { mediaFacadeRoutes } from './media.facade.js';
import { templateFacadeRoutes } from './template.facade.js';

/** What the media and template routes need (the media and templates features, the config's `publicUrl`). */
export interface MediaAndTemplateNeeds {
  config: Pick<Config, 'publicUrl'>;
  media: MediaService;
  mediaDeletion: MediaDeletion;
  templates: TemplateService;
}

export function mediaAndTemplateFacadeRoutes(needs: MediaAndTemplateNeeds): FacadeRoute[] {
  const { config, media, mediaDeletion, templates } = needs;
  return [
    ...mediaFacadeRoutes({ media, deletion: mediaDeletion, config }),
    ...templateFacadeRoutes({ templates, config }),
  ];
}
