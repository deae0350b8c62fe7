/** The template a template send names (docs/api.md §D20): by id, or by name and a language preference list. */
import { TidingsError } from '../../errors.js';
import type { TemplateSends } from '../../templates/template-sends.js';

/**
 * The `tpl_` id of the template a send names: `templateId`, or `templateName` with `language` (one
 * language, or a preference list: the first holding an approved template of that name).
 * @throws TidingsError parameter_missing / parameter_invalid for a send naming none or both;
 *   template_not_found.
 */
export function templateIdOf(
  templates: Pick<TemplateSends, 'idByName'>,
  accountId: string,
  body: { templateId?: string; templateName?: string; language?: string | string[] },
): Promise<string> {
  if (body.templateId !== undefined && body.templateName !== undefined)
    throw new TidingsError('parameter_invalid', 'Give templateId, or templateName with language, not both.', {
      param: 'templateName',
    });
  if (body.templateId !== undefined) {
    if (body.language !== undefined)
      throw new TidingsError(
        'parameter_invalid',
        'language goes with templateName; a templateId names one language already.',
        { param: 'language' },
      );
    return Promise.resolve(body.templateId);
  }
  if (body.templateName === undefined)
    throw new TidingsError(
      'parameter_missing',
      'Name the template: templateId (a tpl_ id), or templateName with language.',
      { param: 'templateId' },
    );
  if (body.language === undefined)
    throw new TidingsError(
      'parameter_missing',
      'A template named by templateName needs its language: "en_US", or a preference list such as ["pt_BR", "pt_PT", "en_US"].',
      { param: 'language' },
    );
  return templates.idByName(accountId, body.templateName, body.language, 'templateName');
}
