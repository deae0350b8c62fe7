/**
 * Utility templates: authoring, edits and deletion (docs/api.md §3.1, §4.1–4.5;
 * docs/api.md §D6–§D7). Submission to the platform is template-submission.ts, its reviews
 * template-reviews.ts; the rules of an edit and of a header's file template-authoring.rules.ts.
 */
import type { AccountService } from '../accounts/account.service.js';
import type { AuthContext } from '../http/access.js';
import type { Store } from '../db/store.js';
import { TidingsError, type Issue } from '../errors.js';
import { paginate, type Page } from '../http/paging.js';
import { iso, type Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import type { MediaService } from '../media/media.service.js';
import type { Platform } from '../platform/platform.js';
import type { TemplateSubmitter } from './template-submission.js';
import type { TemplateHistory } from './template-history.js';
import {
  editedContent,
  headerMediaIssue,
  refuseGenerated,
  refuseNotEditable,
  refuseRename,
} from './template-authoring.rules.js';
import { toTemplate } from './template.mapper.js';
import * as repo from './template.repository.js';
import { checkTemplate, type TemplateContent } from './template.rules.js';
import type { TemplateInput, TemplateUpdate } from './template-content.schemas.js';
import type { ListTemplatesQuery, Template } from './template.schemas.js';

/** A deleted name stays reserved at the platform for 30 days (docs/platform.md §2.5). */
export const NAME_RESERVATION_MS = 30 * 24 * 60 * 60 * 1000;

export interface TemplateServiceOptions {
  store: Store;
  media: MediaService;
  submitter: TemplateSubmitter;
  clock: Clock;
  platform: Platform;
  accounts: AccountService;
  history: TemplateHistory;
}

export class TemplateService {
  readonly #o: TemplateServiceOptions;
  constructor(options: TemplateServiceOptions) {
    this.#o = options;
  }

  /**
   * Every content problem at once; nothing stored, the platform not called.
   * @throws TidingsError template_name_taken / template_name_reserved (409) when the name is held.
   */
  async validate(auth: AuthContext, input: TemplateInput): Promise<{ valid: boolean; issues: Issue[] }> {
    await this.checkNameFree(auth.accountId, input.name, input.language);
    const issues = await this.#issues(auth.accountId, input);
    return { valid: issues.length === 0, issues };
  }

  /**
   * Stores the template and submits it to the platform in the same call.
   * @returns the template: `processing` (acknowledged), `pending` (the platform was unreachable or
   *   rate-limited: a background job resubmits it), or `rejected` when the platform refused it.
   * @throws TidingsError template_invalid (400, with issues), template_name_taken /
   *   template_name_reserved (409).
   */
  async create(auth: AuthContext, input: TemplateInput): Promise<Template> {
    const issues = await this.#issues(auth.accountId, input);
    if (issues.length > 0)
      throw new TidingsError('template_invalid', 'The template breaks content rules; see issues.', { issues });
    await this.checkNameFree(auth.accountId, input.name, input.language);
    const now = iso(this.#o.clock.now());
    // Stored before the platform is called: the claim on the name is never lost.
    const row = await this.#o.store.write(async (tx) => {
      const inserted = await repo.insertTemplate(tx, {
        id: newId('tpl'),
        accountId: auth.accountId,
        content: input,
        createdAt: now,
      });
      await this.#o.history.record(tx, null, inserted, { source: 'api', at: now });
      return inserted;
    });
    return toTemplate(await this.#o.submitter.submit(row, { firstAttempt: true }));
  }

  /** @throws TidingsError template_not_found */
  async get(auth: AuthContext, id: string): Promise<Template> {
    return toTemplate(await this.#find(auth, id));
  }

  /**
   * Utility templates, newest change first (docs/api.md §D6).
   * @throws TidingsError parameter_invalid for an unknown `starting_after`.
   */
  list(auth: AuthContext, q: ListTemplatesQuery): Promise<Page<Template>> {
    const db = this.#o.store.read;
    return paginate(q, {
      // Only a template this list can show (a utility one) marks a place in it.
      cursor: async (id) => {
        const row = await repo.findTemplate(db, auth.accountId, id);
        return row && (q.category === 'any' || row.category === (q.category ?? 'UTILITY')) ? row : undefined;
      },
      page: (limit, after) =>
        repo.listTemplates(db, {
          accountId: auth.accountId,
          limit,
          ...(after ? { after } : {}),
          ...(q.status ? { status: q.status } : {}),
          ...(q.updatedAfter ? { updatedAfter: new Date(q.updatedAfter).toISOString() } : {}),
          ...(q.category ? { category: q.category } : {}),
          ...(q.quality ? { quality: q.quality } : {}),
          ...(q.source ? { source: q.source } : {}),
          ...(q.name ? { name: q.name } : {}),
        }),
      map: toTemplate,
      noun: 'template',
    });
  }

  /**
   * Edits a pending or rejected template and resubmits it; omitted fields keep their value.
   * @throws TidingsError template_not_found, template_not_editable (409), template_invalid,
   *   parameter_invalid (name or language changed after the platform assigned an id).
   */
  async update(auth: AuthContext, id: string, input: TemplateUpdate): Promise<Template> {
    const row = await this.#find(auth, id);
    refuseGenerated(row, 'edited');
    // The time to live alone can change on a template the platform holds, with no new review.
    if (row.platform_template_id && row.status !== 'rejected' && Object.keys(input).every((k) => k === 'timeToLive'))
      return this.#setTimeToLive(row, input.timeToLive ?? null);
    refuseNotEditable(row);
    const next = editedContent(toTemplate(row), input);
    refuseRename(row, next);
    const issues = await this.#issues(auth.accountId, next);
    if (issues.length > 0)
      throw new TidingsError('template_invalid', 'The template breaks content rules; see issues.', { issues });
    if (next.name !== row.name || next.language !== row.language)
      await this.checkNameFree(auth.accountId, next.name, next.language, row.id);
    const changes = {
      ...repo.contentColumns(next),
      time_to_live: next.timeToLive ?? null,
      status: 'pending' as const,
      rejection_reason: null,
      updated_at: iso(this.#o.clock.now()),
    };
    await this.#o.store.write(async (tx) => {
      await repo.updateTemplate(tx, row.id, changes);
      await this.#o.history.record(
        tx,
        row,
        { ...row, ...changes },
        { source: 'api', at: changes.updated_at, type: 'edited' },
      );
    });
    return toTemplate(await this.#o.submitter.submit({ ...row, ...changes }, { firstAttempt: true }));
  }

  /**
   * Deletes the template at the platform (by name: every language of it) and here; the name is
   * then reserved for 30 days.
   * @throws TidingsError template_not_found; platform errors.
   */
  async delete(auth: AuthContext, id: string): Promise<{ id: string; deleted: true }> {
    const row = await this.#find(auth, id);
    refuseGenerated(row, 'deleted');
    if (row.platform_template_id)
      await this.#o.platform.deleteTemplate(await this.#o.accounts.credentialsForAccount(row.account_id), row.name);
    const now = iso(this.#o.clock.now());
    await this.#o.store.write(async (trx) => {
      // The platform deleted every language of the name: so does Tidings.
      for (const t of await repo.findByName(trx, row.account_id, row.name, now)) {
        if (t.id !== row.id && !(t.platform_template_id && !t.deleted_at)) continue;
        await repo.updateTemplate(trx, t.id, { deleted_at: now, updated_at: now });
        await this.#o.history.record(
          trx,
          t,
          { ...t, deleted_at: now, updated_at: now },
          { source: 'api', at: now, type: 'deleted' },
        );
      }
    });
    return { id: row.id, deleted: true };
  }

  /** Why a file cannot be deleted because of templates (a template's header uses it), or null. */
  async headerUse(accountId: string, mediaId: string): Promise<string | null> {
    const t = await repo.templateWithHeaderMedia(this.#o.store.read, accountId, mediaId);
    return t
      ? `the header of template ${t.id} (${t.name}, ${t.language}) uses it; delete the template or give it another header first.`
      : null;
  }

  /** @throws TidingsError template_name_taken / template_name_reserved (409) when the name is held in that language or reserved. */
  async checkNameFree(accountId: string, name: string, language: string, exceptId?: string): Promise<void> {
    const since = iso(this.#o.clock.now() - NAME_RESERVATION_MS);
    const holders = (await repo.findByName(this.#o.store.read, accountId, name, since)).filter(
      (t) => t.id !== exceptId,
    );
    if (holders.some((t) => t.deleted_at === null && t.language === language)) {
      throw new TidingsError(
        'template_name_taken',
        `This account already has a template named ${name} in ${language}.`,
        { param: 'name' },
      );
    }
    if (holders.some((t) => t.deleted_at !== null)) {
      throw new TidingsError(
        'template_name_reserved',
        `${name} was deleted less than 30 days ago; the platform keeps the name reserved until then.`,
        { param: 'name' },
      );
    }
  }

  async #issues(accountId: string, content: TemplateContent): Promise<Issue[]> {
    const issues = checkTemplate(content);
    const header = content.header;
    if (header && header.type !== 'text' && header.mediaId) {
      // Templates are account-wide and live at the platform: the header file is a live upload.
      const issue = headerMediaIssue(header, await this.#o.media.lookup(accountId, 'live', header.mediaId));
      if (issue) issues.push(issue);
    }
    return issues;
  }

  /**
   * Sets the time to live of a template the platform holds (docs/platform.md §5.2): at the platform
   * first, then here. Null cannot go back to the platform's default there: refused.
   * @throws TidingsError parameter_invalid; PlatformError
   */
  async #setTimeToLive(row: repo.TemplateRow, seconds: number | null): Promise<Template> {
    if (seconds === null) {
      throw new TidingsError(
        'parameter_invalid',
        "The platform cannot put a template's time to live back to its default once set; give a number of seconds (30 to 43,200), or 43,200 for the longest.",
        { param: 'timeToLive' },
      );
    }
    await this.#o.platform.setTemplateTimeToLive(
      await this.#o.accounts.credentialsForAccount(row.account_id),
      row.platform_template_id!,
      seconds,
    );
    const changes = { time_to_live: seconds, updated_at: iso(this.#o.clock.now()) };
    await this.#o.store.write(async (tx) => {
      await repo.updateTemplate(tx, row.id, changes);
      await this.#o.history.record(tx, row, { ...row, ...changes }, { source: 'api', at: changes.updated_at });
    });
    return toTemplate({ ...row, ...changes });
  }

  async #find(auth: AuthContext, id: string): Promise<repo.TemplateRow> {
    const row = await repo.findTemplate(this.#o.store.read, auth.accountId, id);
    if (!row) throw new TidingsError('template_not_found', `No template ${id}.`, { param: 'id' });
    return row;
  }
}
