/**
 * Templates as sends use them (docs/api.md §D7–§D8, §D19–§D20): found by id or by name and a
 * language preference list, checked sendable, filled; and, at dispatch, whether a queued send's
 * template may still go out (a paused one holds it, a disabled one fails it). Live templates are
 * read through a cache dropped when one changes in any process (db/change-feed.ts), so the check at
 * dispatch costs no statement.
 */
import type { Store } from '../db/store.js';
import { TidingsError } from '../errors.js';
import { ReadThroughCache } from '../lib/cache.js';
import { iso, type Clock } from '../lib/clock.js';
import type { MediaFile } from '../media/media-file.js';
import type { MediaService } from '../media/media.service.js';
import type { ParameterNames, TemplateButtonValue } from '../platform/platform.js';
import { fillButtons, fillTemplate, type ButtonInput } from './template-send.js';
import type { Template } from './template.schemas.js';
import { toTemplate } from './template.mapper.js';
import * as repo from './template.repository.js';
import { notFoundForSend } from './template-names.js';

/** A template as a send carries it: its values filled, a media header's file resolved. */
export interface TemplateSendContent {
  templateId: string;
  name: string;
  /** The platform's category (UTILITY: the only one sent today). */
  category: string;
  language: string;
  /** The header's value: its placeholder's text, or the template's header file; null without one. */
  header: { type: 'text'; text: string } | { type: 'image' | 'video' | 'document'; file: MediaFile } | null;
  /** One value per body placeholder, {{1}} first. */
  body: string[];
  /** The values of the template's buttons, by index (docs/api.md §D8). */
  buttons: TemplateButtonValue[];
  /** The template's time to live at the platform, seconds; null: the platform's default (30 days). */
  timeToLive: number | null;
  /** A NAMED template's parameter names (docs/platform.md §1.2), for `parameter_name`; null: positional. */
  parameterNames: ParameterNames | null;
}

/**
 * Whether a queued send of a template may go out now: `send`; `hold` while the platform has it
 * paused (its sends would be refused with 132015); `fail` when it can no longer be sent (disabled,
 * deleted, re-categorised), with the code and message the message fails with.
 */
export type DispatchGate = { action: 'send' } | { action: 'hold' } | { action: 'fail'; code: string; message: string };

export class TemplateSends {
  readonly #o: { store: Store; media: MediaService; clock: Clock };
  /** Live templates by id for sends, until one changes in any process (db/change-feed.ts). */
  readonly #forSends = new ReadThroughCache<repo.TemplateRow>(10_000);
  /**
   * An account's live templates of one name (`<account> <name>`), for sends by name (the Cloud API
   * facade sends every template by name): dropped whole when any template changes in any process,
   * as a new template of the name (another language) changes what a name finds. A name no template
   * has is not kept, so one created a moment ago is found at once.
   */
  readonly #byName = new ReadThroughCache<repo.TemplateRow[]>(10_000);

  constructor(options: { store: Store; media: MediaService; clock: Clock }) {
    this.#o = options;
    options.store.changes.subscribe('templates', (id) => {
      this.#forSends.invalidate(id);
      this.#byName.invalidate(null);
    });
  }

  /**
   * What a send of a template carries: the template, checked sendable (any template of the account,
   * test keys using live ones; approved; still UTILITY), its placeholders filled (every one given,
   * or the examples for the rest when the send asks for them, template-send.ts), its buttons'
   * values (never examples) and a media header's file.
   * @param options.useExamples the send's `useExamples`: the examples fill what it left out.
   * @param options.fallback a routed send's fallback: every placeholder must be given, whatever else.
   * @throws TidingsError template_not_found (404), template_not_approved, template_paused,
   *   template_disabled, template_category_not_allowed (409), variables_invalid, template_values_missing (400),
   *   media_not_found (404, the header's file is gone).
   */
  async prepareSend(
    accountId: string,
    templateId: string,
    variables: Record<string, string> | undefined,
    buttonInputs?: Record<string, ButtonInput>,
    options: { useExamples?: boolean; fallback?: boolean } = {},
  ): Promise<TemplateSendContent> {
    const row = await this.#live(accountId, templateId);
    if (!row) throw await notFoundForSend(this.#o.store.read, accountId, templateId, iso(this.#o.clock.now()));
    refuseUnsendable(row);
    const template = toTemplate(row);
    const values = fillTemplate(template, variables, options);
    const buttons = fillButtons(template, buttonInputs);
    let header: TemplateSendContent['header'] = null;
    if (values.header !== null) header = { type: 'text', text: values.header };
    else if (template.header && template.header.type !== 'text') {
      // A media header is sent with the template's own file (docs/api.md §D8).
      const file = template.header.mediaId
        ? await this.#o.media.lookup(accountId, 'live', template.header.mediaId)
        : undefined;
      if (!file) {
        const why =
          row.source === 'platform'
            ? 'was made outside Tidings: its header file is not stored here (give the template a header file uploaded to Tidings, or send another template)'
            : `has lost its header file ${template.header.mediaId}`;
        throw new TidingsError('media_not_found', `Template ${templateId} ${why}.`, { param: 'templateId' });
      }
      header = { type: template.header.type, file };
    }
    return {
      templateId,
      name: template.name,
      category: row.category,
      language: template.language,
      header,
      body: values.body,
      buttons,
      timeToLive: row.time_to_live,
      parameterNames: parameterNames(row, template),
    };
  }

  /**
   * The `tpl_` id a send naming a template by name means: the first language of `languages` (a
   * preference list, or one language) in which the account holds an approved template of that
   * name; when none is approved, the first it holds at all (the send's check then says why it
   * cannot go out).
   * No statement while the name's templates are cached.
   * @throws TidingsError template_not_found (with `param`), naming the languages the name exists in.
   */
  async idByName(accountId: string, name: string, languages: string | string[], param: string): Promise<string> {
    const wanted = typeof languages === 'string' ? [languages] : languages;
    const live =
      (await this.#byName.get(`${accountId} ${name}`, async () => {
        const rows = (await repo.findByName(this.#o.store.read, accountId, name, iso(this.#o.clock.now()))).filter(
          (t) => t.deleted_at === null && t.source !== 'generated',
        );
        return rows.length > 0 ? rows : undefined;
      })) ?? [];
    const inOrder = wanted.flatMap((language) => live.filter((t) => t.language === language));
    const match = inOrder.find((t) => t.status === 'approved' && t.category === 'UTILITY') ?? inOrder[0];
    if (match) return match.id;
    const others = live.map((t) => t.language).join(', ');
    throw new TidingsError(
      'template_not_found',
      `No template ${name} in ${wanted.join(' or ')} in this account${others ? ` (it exists in ${others})` : ''}.`,
      { param },
    );
  }

  /** Whether a queued send of `templateId` may go out now (see DispatchGate). No statement while the template is cached. */
  async gate(accountId: string, templateId: string): Promise<DispatchGate> {
    const row = await this.#live(accountId, templateId);
    if (!row)
      return {
        action: 'fail',
        code: 'template_not_found',
        message: `Template ${templateId} was deleted before the message's turn came.`,
      };
    if (row.status === 'paused') return { action: 'hold' };
    try {
      refuseUnsendable(row);
    } catch (err) {
      if (err instanceof TidingsError) return { action: 'fail', code: err.code, message: err.message };
      throw err;
    }
    return { action: 'send' };
  }

  async #live(accountId: string, templateId: string): Promise<repo.TemplateRow | undefined> {
    const cached = await this.#forSends.get(templateId, () => repo.findTemplateById(this.#o.store.read, templateId));
    return cached && cached.account_id === accountId && cached.deleted_at === null ? cached : undefined;
  }
}

/**
 * @throws TidingsError template_paused / template_disabled (the platform refuses their sends:
 *   132015, 132016), template_not_approved, template_category_not_allowed.
 */
function refuseUnsendable(row: repo.TemplateRow): void {
  const id = row.id;
  if (row.status === 'paused') {
    throw new TidingsError(
      'template_paused',
      `The platform paused template ${id} after poor customer feedback; it cannot be sent until the platform unpauses it (it says when: template.unpaused). Send another template meanwhile.`,
      { param: 'templateId' },
    );
  }
  if (row.status === 'disabled') {
    throw new TidingsError(
      'template_disabled',
      `The platform disabled template ${id} for good after repeated pauses; create a new template with improved content.`,
      { param: 'templateId' },
    );
  }
  if (row.status !== 'approved')
    throw new TidingsError(
      'template_not_approved',
      `Template ${id} is ${row.status}; only approved templates can be sent.`,
      { param: 'templateId' },
    );
  // The platform sends a Direct Send's generated template only as a Direct Send (132018 otherwise).
  if (row.source === 'generated')
    throw new TidingsError(
      'template_not_approved',
      `Template ${id} was generated by the platform for a Direct Send and cannot be sent as a template; send its text with "route": "auto".`,
      { param: 'templateId' },
    );
  if (row.category !== 'UTILITY') {
    throw new TidingsError(
      'template_category_not_allowed',
      `The platform re-categorised template ${id} as ${row.category}; only utility templates can be sent.`,
      { param: 'templateId' },
    );
  }
}

/**
 * The names a NAMED template's values go out under: the body's variables' names in order, and the
 * header placeholder's (kept in the header as `parameterName` by the import, template-import.ts).
 */
function parameterNames(row: repo.TemplateRow, template: Template): ParameterNames | null {
  if (row.parameter_format !== 'NAMED') return null;
  const header = row.header ? (JSON.parse(row.header) as { parameterName?: string }) : null;
  return { body: template.variables.map((v, i) => v.name ?? String(i + 1)), header: header?.parameterName ?? null };
}
