/**
 * Utility templates: authoring, submission to the platform (never twice), review tracking, edits
 * and deletion (service-interface §3.1, §4.1–4.5; DECISIONS §6–§7).
 */
import type { Logger } from 'pino';
import type { AccountService, SenderCredentials } from '../accounts/account.service.js';
import type { AuthContext } from '../accounts/scopes.js';
import type { Db } from '../db/connect.js';
import type { GroupCommit } from '../db/group-commit.js';
import { TidingsError, type Issue } from '../errors.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { EventService } from '../events/event.service.js';
import { iso, type Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';
import { PlatformError, type Platform } from '../platform/platform.js';
import { fromPlatform, templateChanges, templateEvents, toSubmission, toTemplate } from './template.mapper.js';
import * as repo from './template.repository.js';
import { checkTemplate, type TemplateContent, type TemplateHeader } from './template.rules.js';
import type { MediaService } from '../media/media.service.js';
import type { ListTemplatesQuery, Template, TemplateInput, TemplateUpdate } from './template.schemas.js';

/** A deleted name stays reserved at the platform for 30 days (CLOUD_API.md §2.5). */
export const NAME_RESERVATION_MS = 30 * 24 * 60 * 60 * 1000;
export const SUBMIT_JOB = 'templates.submit';
/** Platform subcodes of code 100 at template creation (CLOUD_API.md §6.2). */
const NAME_EXISTS_SUBCODE = 2388024;
const NAME_RESERVED_SUBCODE = 2388023;

/** A template review result from the platform's webhooks (CLOUD_API.md §4.6–4.7). */
export type PlatformTemplateUpdate =
  | { kind: 'status'; platformTemplateId: string; event: string; reason: string | null; category: string | null }
  | { kind: 'category'; platformTemplateId: string; newCategory: string | null; previousCategory: string | null };

/**
 * What a media header may point at: the Resumable Upload API takes PDF, JPEG, PNG and MP4 only
 * (CLOUD_API.md §2.6), so an image header takes a JPEG or PNG, a video header an MP4, a document
 * header a PDF.
 */
const HEADER_MEDIA_TYPES: Record<'image' | 'video' | 'document', readonly string[]> = {
  image: ['image/jpeg', 'image/png'],
  video: ['video/mp4'],
  document: ['application/pdf'],
};

export interface TemplateServiceOptions {
  db: Db;
  media: MediaService;
  /** The Meta app id, for header handles (Resumable Upload API). */
  appId: string;
  writes: GroupCommit;
  /** Resubmission jobs. */
  jobs: JobQueue;
  /** template.approved / rejected / category_updated, recorded with the change. */
  events: EventService;
  clock: Clock;
  platform: Platform;
  accounts: AccountService;
  logger: Logger;
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
    await this.#checkNameFree(auth.accountId, input.name, input.language);
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
    if (issues.length > 0) throw new TidingsError('template_invalid', 'The template breaks content rules; see issues.', { issues });
    await this.#checkNameFree(auth.accountId, input.name, input.language);
    const now = iso(this.#o.clock.now());
    const row: repo.TemplateRow = {
      id: newId('tpl'),
      account_id: auth.accountId,
      name: input.name,
      language: input.language,
      category: 'UTILITY',
      status: 'pending',
      body: input.body,
      variables: JSON.stringify(input.variables ?? []),
      header: input.header ? JSON.stringify(input.header) : null,
      footer: input.footer ?? null,
      platform_template_id: null,
      rejection_reason: null,
      approved_at: null,
      submission_error: null,
      created_at: now,
      updated_at: now,
      deleted_at: null,
    };
    // Stored before the platform is called: the claim on the name is never lost.
    await this.#o.writes.run((trx) => repo.insertTemplate(trx, row));
    return toTemplate(await this.#submit(row, { firstAttempt: true }));
  }

  /** @throws TidingsError template_not_found */
  async get(auth: AuthContext, id: string): Promise<Template> {
    return toTemplate(await this.#find(auth, id));
  }

  /**
   * A template a message may be sent with: any template of the account (test keys use live
   * templates), approved, and still UTILITY.
   * @throws TidingsError template_not_found (404), template_not_approved,
   *   template_category_not_allowed (409).
   */
  async forSending(accountId: string, id: string): Promise<Template> {
    const row = await repo.findTemplate(this.#o.db, accountId, id);
    if (!row) throw new TidingsError('template_not_found', `No template ${id} in this account.`, { param: 'templateId' });
    if (row.status !== 'approved') throw new TidingsError('template_not_approved', `Template ${id} is ${row.status}; only approved templates can be sent.`, { param: 'templateId' });
    if (row.category !== 'UTILITY') {
      throw new TidingsError('template_category_not_allowed', `The platform re-categorised template ${id} as ${row.category}; only utility templates can be sent.`, { param: 'templateId' });
    }
    return toTemplate(row);
  }

  /**
   * Utility templates, newest change first (DECISIONS §6).
   * @throws TidingsError parameter_invalid for an unknown `starting_after`.
   */
  async list(auth: AuthContext, q: ListTemplatesQuery): Promise<{ data: Template[]; has_more: boolean }> {
    const limit = q.limit ?? 10;
    let after: repo.TemplateRow | undefined;
    if (q.starting_after !== undefined) {
      after = await repo.findTemplate(this.#o.db, auth.accountId, q.starting_after);
      if (!after || after.category !== 'UTILITY') {
        throw new TidingsError('parameter_invalid', `starting_after names no template of this list: ${q.starting_after}.`, { param: 'starting_after' });
      }
    }
    const rows = await repo.listTemplates(this.#o.db, {
      accountId: auth.accountId,
      limit,
      ...(after ? { after } : {}),
      ...(q.status ? { status: q.status } : {}),
      ...(q.updatedAfter ? { updatedAfter: new Date(q.updatedAfter).toISOString() } : {}),
    });
    return { data: rows.slice(0, limit).map(toTemplate), has_more: rows.length > limit };
  }

  /**
   * Edits a pending or rejected template and resubmits it; omitted fields keep their value.
   * @throws TidingsError template_not_found, template_not_editable (409), template_invalid,
   *   parameter_invalid (name or language changed after the platform assigned an id).
   */
  async update(auth: AuthContext, id: string, input: TemplateUpdate): Promise<Template> {
    const row = await this.#find(auth, id);
    if (row.status !== 'pending' && row.status !== 'rejected') {
      throw new TidingsError('template_not_editable', `A ${row.status} template cannot be edited; only pending and rejected ones can.`, { param: 'status' });
    }
    const current = toTemplate(row);
    const next: TemplateContent = {
      name: input.name ?? current.name,
      category: input.category ?? current.category,
      language: input.language ?? current.language,
      body: input.body ?? current.body,
      variables: input.variables ?? current.variables,
      header: input.header === undefined ? current.header : input.header,
      footer: input.footer === undefined ? current.footer : input.footer,
    };
    if (row.platform_template_id && (next.name !== row.name || next.language !== row.language)) {
      const param = next.name !== row.name ? 'name' : 'language';
      throw new TidingsError('parameter_invalid', `The ${param} of a template the platform has reviewed cannot change; create a new template instead.`, { param });
    }
    const issues = await this.#issues(auth.accountId, next);
    if (issues.length > 0) throw new TidingsError('template_invalid', 'The template breaks content rules; see issues.', { issues });
    if (next.name !== row.name || next.language !== row.language) await this.#checkNameFree(auth.accountId, next.name, next.language, row.id);
    const changes = {
      name: next.name,
      language: next.language,
      body: next.body,
      variables: JSON.stringify(next.variables ?? []),
      header: next.header ? JSON.stringify(next.header) : null,
      footer: next.footer ?? null,
      status: 'pending' as const,
      rejection_reason: null,
      updated_at: iso(this.#o.clock.now()),
    };
    await this.#o.writes.run((trx) => repo.updateTemplate(trx, row.id, changes));
    return toTemplate(await this.#submit({ ...row, ...changes }, { firstAttempt: true }));
  }

  /**
   * Deletes the template at the platform (by name: every language of it) and here; the name is
   * then reserved for 30 days.
   * @throws TidingsError template_not_found; platform errors.
   */
  async delete(auth: AuthContext, id: string): Promise<{ id: string; deleted: true }> {
    const row = await this.#find(auth, id);
    if (row.platform_template_id) await this.#o.platform.deleteTemplate(await this.#credentials(row.account_id), row.name);
    const now = iso(this.#o.clock.now());
    await this.#o.writes.run(async (trx) => {
      // The platform deleted every language of the name: so does Tidings.
      for (const t of await repo.findByName(trx, row.account_id, row.name, now)) {
        if (t.id === row.id || (t.platform_template_id && !t.deleted_at)) await repo.updateTemplate(trx, t.id, { deleted_at: now, updated_at: now });
      }
    });
    return { id: row.id, deleted: true };
  }

  /** The job handler: resubmits a pending template (backoff comes from the job runner). */
  async resubmit(payload: { templateId: string }): Promise<void> {
    const row = await repo.findTemplateById(this.#o.db, payload.templateId);
    if (!row || row.deleted_at || row.status !== 'pending') return;
    const after = await this.#submit(row, { firstAttempt: false });
    if (after.status === 'pending') throw new Error(`template ${row.id} still not acknowledged: ${after.submission_error}`);
  }

  /**
   * Applies the platform's template webhooks (in the caller's transaction): status, category,
   * approvedAt, rejectionReason and updatedAt.
   */
  async applyPlatformUpdates(trx: Db, updates: PlatformTemplateUpdate[], now: string): Promise<number> {
    let applied = 0;
    const rows = new Map((await repo.findByPlatformIds(trx, [...new Set(updates.map((u) => u.platformTemplateId))])).map((r) => [r.platform_template_id!, r]));
    for (const u of updates) {
      const row = rows.get(u.platformTemplateId);
      if (!row) continue;
      const changes = templateChanges(row, u, now);
      if (!changes) continue;
      await repo.updateTemplate(trx, row.id, changes);
      const after = { ...row, ...changes };
      await this.#o.events.record(trx, templateEvents(row, after));
      rows.set(u.platformTemplateId, after);
      applied++;
    }
    return applied;
  }

  /**
   * Submits (or, with a platform id, edits) a stored template and records the outcome. Never
   * submits twice: a name the platform already holds after an unanswered attempt is adopted.
   */
  async #submit(row: repo.TemplateRow, options: { firstAttempt: boolean }): Promise<repo.TemplateRow> {
    const { platform, clock, writes, jobs, events } = this.#o;
    const account = await this.#credentials(row.account_id);
    let changes: Partial<repo.TemplateRow>;
    try {
      const submission = toSubmission(row, await this.#headerHandle(row, account));
      if (row.platform_template_id) {
        await platform.editTemplate(account, row.platform_template_id, submission);
        changes = { status: 'processing', submission_error: null };
      } else {
        changes = fromPlatform(await platform.createTemplate(account, submission), clock.now());
      }
    } catch (err) {
      if (!(err instanceof PlatformError)) throw err;
      changes = await this.#onSubmitError(row, account, err, options);
    }
    const updated = { ...row, ...changes, updated_at: iso(clock.now()) };
    await writes.run(async (trx) => {
      await repo.updateTemplate(trx, row.id, { ...changes, updated_at: updated.updated_at });
      // The platform may approve or reject in its create answer (CLOUD_API.md §2.1), not only by webhook.
      await events.record(trx, templateEvents(row, updated));
      if (updated.status === 'pending' && options.firstAttempt) {
        await jobs.enqueue(trx, [{ type: SUBMIT_JOB, payload: { templateId: row.id }, runAt: clock.now() + 2000 }]);
      }
    });
    return updated;
  }

  async #onSubmitError(row: repo.TemplateRow, account: SenderCredentials, err: PlatformError, options: { firstAttempt: boolean }): Promise<Partial<repo.TemplateRow>> {
    if (err.kind !== 'refused') {
      this.#o.logger.warn({ templateId: row.id, code: err.code, kind: err.kind }, 'template submission queued');
      return { status: 'pending', submission_error: err.message };
    }
    if (err.subcode === NAME_EXISTS_SUBCODE && !options.firstAttempt) {
      // An earlier attempt reached the platform but its answer was lost: adopt that template.
      const existing = await this.#o.platform.findTemplate(account, row.name, row.language);
      if (existing) return fromPlatform(existing, this.#o.clock.now());
    }
    if (err.subcode === NAME_EXISTS_SUBCODE || err.subcode === NAME_RESERVED_SUBCODE) {
      if (options.firstAttempt && !row.platform_template_id) {
        // Never held at the platform by this template: forget it rather than reserve the name.
        await this.#o.writes.run((trx) => repo.deleteTemplateRow(trx, row.id));
        throw new TidingsError(
          err.subcode === NAME_EXISTS_SUBCODE ? 'template_name_taken' : 'template_name_reserved',
          err.subcode === NAME_EXISTS_SUBCODE ? `The platform already holds a template named ${row.name} in ${row.language}.` : `The name ${row.name} is still reserved at the platform after a delete.`,
          { param: 'name', platformError: { code: String(err.code), message: err.details ?? err.message } },
        );
      }
    }
    return { status: 'rejected', rejection_reason: err.details ?? err.message, submission_error: null };
  }

  /** A media header's `header_handle`, uploaded through the Resumable Upload API; null otherwise. */
  async #headerHandle(row: repo.TemplateRow, account: SenderCredentials): Promise<string | null> {
    const header = row.header ? (JSON.parse(row.header) as TemplateHeader) : null;
    if (!header || header.type === 'text') return null;
    const media = await this.#o.media.lookup(row.account_id, 'live', header.mediaId);
    if (!media) throw new TidingsError('template_invalid', 'The header media is gone.', { issues: [{ code: 'header_media_not_found', field: 'header.mediaId', message: `No media ${header.mediaId}.` }] });
    return this.#o.platform.uploadHeaderHandle(account, this.#o.appId, { blob: await this.#o.media.openBlob(media), filename: media.filename, mimeType: media.mime_type });
  }

  async #checkNameFree(accountId: string, name: string, language: string, exceptId?: string): Promise<void> {
    const since = iso(this.#o.clock.now() - NAME_RESERVATION_MS);
    const holders = (await repo.findByName(this.#o.db, accountId, name, since)).filter((t) => t.id !== exceptId);
    if (holders.some((t) => t.deleted_at === null && t.language === language)) {
      throw new TidingsError('template_name_taken', `This account already has a template named ${name} in ${language}.`, { param: 'name' });
    }
    if (holders.some((t) => t.deleted_at !== null)) {
      throw new TidingsError('template_name_reserved', `${name} was deleted less than 30 days ago; the platform keeps the name reserved until then.`, { param: 'name' });
    }
  }

  async #issues(accountId: string, content: TemplateContent): Promise<Issue[]> {
    const issues = checkTemplate(content);
    const header = content.header;
    if (header && header.type !== 'text' && header.mediaId) {
      // Templates are account-wide and live at the platform: the header file is a live upload.
      const media = await this.#o.media.lookup(accountId, 'live', header.mediaId);
      if (!media) {
        issues.push({ code: 'header_media_not_found', field: 'header.mediaId', message: `No media ${header.mediaId} uploaded with a live key of this account.` });
      } else if (!HEADER_MEDIA_TYPES[header.type].includes(media.mime_type)) {
        issues.push({
          code: 'header_media_type_mismatch',
          field: 'header.mediaId',
          message: `A ${header.type} header takes ${HEADER_MEDIA_TYPES[header.type].join(' or ')}; ${header.mediaId} is ${media.mime_type}.`,
        });
      }
    }
    return issues;
  }

  async #find(auth: AuthContext, id: string): Promise<repo.TemplateRow> {
    const row = await repo.findTemplate(this.#o.db, auth.accountId, id);
    if (!row) throw new TidingsError('template_not_found', `No template ${id}.`, { param: 'id' });
    return row;
  }

  #credentials(accountId: string): Promise<SenderCredentials> {
    return this.#o.accounts.credentialsForAccount(accountId);
  }
}
