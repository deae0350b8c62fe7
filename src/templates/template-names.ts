/**
 * The refusal of a send that gave a template's name where its id goes (docs/platform.md §2: a
 * name holds one template per language; template-sends.ts finds one by name and language).
 */
import type { Reader } from '../db/store.js';
import { TidingsError } from '../errors.js';
import * as repo from './template.repository.js';

/**
 * The refusal of a send naming no template of the account. A `templateId` that is no `tpl_` id
 * is often the template's name (what the platform's own API sends by): the answer then gives
 * the id of each template holding that name.
 * @param now ISO, for the names still reserved after a delete.
 */
export async function notFoundForSend(
  read: Reader,
  accountId: string,
  templateId: string,
  now: string,
): Promise<TidingsError> {
  const named = templateId.startsWith('tpl_') ? [] : await repo.findByName(read, accountId, templateId, now);
  const live = named.filter((t) => t.deleted_at === null);
  if (live.length === 0) {
    const hint = templateId.startsWith('tpl_')
      ? ''
      : '; templateId takes a tpl_ id, and GET /v1/templates lists them with their names';
    return new TidingsError('template_not_found', `No template ${templateId} in this account${hint}.`, {
      param: 'templateId',
    });
  }
  const ids = live.map((t) => `${t.id} (${t.language})`).join(', ');
  const which =
    live.length === 1 ? `send "templateId": "${live[0]!.id}"` : 'send the id of the language you mean as templateId';
  return new TidingsError(
    'template_not_found',
    `${templateId} is a template name, not an id: templateId takes a tpl_ id. Templates named ${templateId}: ${ids}; ${which}.`,
    { param: 'templateId' },
  );
}
