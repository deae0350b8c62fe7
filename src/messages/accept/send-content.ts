/**
 * What a template, media or text send becomes at the platform (docs/api.md §4.6, §D8): a template
 * and its values through `templates.prepareSend` (named by id, or by name and language:
 * template-target.ts), a file through `media.find` with the caption its kind may carry, text as
 * given. Rich sends are rich-send.ts.
 */
import { TidingsError } from '../../errors.js';
import type { AuthContext } from '../../http/access.js';
import { capitalised, withArticle } from '../../lib/text.js';
import type { MediaFile } from '../../media/media-file.js';
import { CAPTION_KINDS } from '../../media/media-types.js';
import type { MediaService } from '../../media/media.service.js';
import type { OutboundContent } from '../../platform/outbound-message.js';
import type { TemplateSends } from '../../templates/template-sends.js';
import type { SendMessageBody } from '../schemas/send.schemas.js';
import type { RichBody } from './rich-send.js';
import { templateContent } from '../record/routing.js';
import { templateIdOf } from './template-target.js';

/** What to send, and the stored file it needs registered for the sender (a media message's file, or a template's media header). */
export interface Prepared {
  content: OutboundContent;
  file: MediaFile | null;
  /** A template's category. */
  category: string | null;
  /** A template's time to live at the platform, seconds (null: its default); null for other types. */
  timeToLive: number | null;
  /** A template send's `tpl_` id (named by the send, or found by its name and language). */
  templateId?: string;
}

/**
 * The platform content of the send, and the file it carries.
 * @throws TidingsError parameter_unknown (a caption the file's kind cannot carry), media_not_found,
 *   and what `templateIdOf` and `templates.prepareSend` throw (template_not_found,
 *   template_not_approved, template_category_not_allowed, variables_invalid, template_values_missing).
 */
export async function prepareContent(
  o: { templates: TemplateSends; media: Pick<MediaService, 'find'> },
  auth: AuthContext,
  body: Exclude<SendMessageBody, RichBody>,
): Promise<Prepared> {
  if (body.type === 'media') {
    const file = await o.media.find(auth, body.mediaId);
    if (body.caption !== undefined && !CAPTION_KINDS.has(file.kind)) {
      throw new TidingsError(
        'parameter_unknown',
        `${capitalised(withArticle(file.kind))} message cannot carry a caption; the platform allows captions on images, videos and documents.`,
        { param: 'caption' },
      );
    }
    return {
      content: {
        type: 'media',
        kind: file.kind,
        platformMediaId: '',
        caption: body.caption ?? null,
        filename: file.kind === 'document' ? file.filename : null,
      },
      file,
      category: null,
      timeToLive: null,
    };
  }
  if (body.type === 'template') {
    const templateId = await templateIdOf(o.templates, auth.accountId, body);
    const t = await o.templates.prepareSend(auth.accountId, templateId, body.variables, body.buttons, {
      useExamples: body.useExamples === true,
    });
    return {
      content: templateContent(t),
      file: t.header && t.header.type !== 'text' ? t.header.file : null,
      category: t.category,
      timeToLive: t.timeToLive,
      templateId,
    };
  }
  return {
    content: { type: 'text', body: body.text, previewUrl: body.previewUrl === true },
    file: null,
    category: null,
    timeToLive: null,
  };
}
