/**
 * Submitting templates to the platform for review (docs/platform.md §2.1, §2.4, §2.6): never twice. A
 * submission the platform could not take (unreachable, rate-limited) is kept `pending` and retried
 * by a job; one whose answer was lost is found by name and adopted on the retry.
 */
import type { Logger } from 'pino';
import type { AccountService } from '../accounts/account.service.js';
import type { Store } from '../db/store.js';
import { TidingsError } from '../errors.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { iso, type Clock } from '../lib/clock.js';
import type { MediaService } from '../media/media.service.js';
import { PlatformError, type Platform, type SenderCredentials } from '../platform/platform.js';
import { fromPlatform, toSubmission } from './template.mapper.js';
import type { TemplateHistory } from './template-history.js';
import { READ_BACK_AFTER_MS, READ_BACK_JOB } from './template-sync.js';
import * as repo from './template.repository.js';
import type { TemplateHeader } from './template.rules.js';

/** The job that resubmits a pending template; its payload is `{ templateId }`. */
export const SUBMIT_JOB = 'templates.submit';

/** Platform subcodes of code 100 at template creation (docs/platform.md §6.2). */
const NAME_EXISTS_SUBCODE = 2388024;
const NAME_RESERVED_SUBCODE = 2388023;

export interface TemplateSubmitterOptions {
  store: Store;
  platform: Platform;
  accounts: AccountService;
  media: MediaService;
  /** The template's history, with template.approved / rejected when the create answer already decides. */
  history: TemplateHistory;
  /** Resubmission jobs. */
  jobs: JobQueue;
  clock: Clock;
  logger: Logger;
  /** The Meta app id, for header handles (Resumable Upload API). */
  appId: string;
}

export class TemplateSubmitter {
  readonly #o: TemplateSubmitterOptions;

  constructor(options: TemplateSubmitterOptions) {
    this.#o = options;
  }

  /**
   * Submits (or, with a platform id, edits) a stored template and records the outcome; returns the
   * row as it now is. The platform may approve or reject in its create answer (docs/platform.md §2.1).
   * @throws TidingsError template_name_taken / template_name_reserved (409) on a first attempt the
   *   platform refuses for its name (the template is then forgotten, not reserved);
   *   template_invalid when a media header's file is gone.
   */
  async submit(row: repo.TemplateRow, options: { firstAttempt: boolean }): Promise<repo.TemplateRow> {
    const { platform, clock, store, jobs, history } = this.#o;
    const account = await this.#o.accounts.credentialsForAccount(row.account_id);
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
    await store.write(async (tx) => {
      await repo.updateTemplate(tx, row.id, { ...changes, updated_at: updated.updated_at });
      await history.record(tx, row, updated, { source: 'api', at: updated.updated_at });
      if (updated.status === 'pending' && options.firstAttempt) {
        await jobs.enqueue(tx, [{ type: SUBMIT_JOB, payload: { templateId: row.id }, runAt: clock.now() + 2000 }]);
      }
      // The id just learned: a review reported before now found no template to apply to (template-sync.ts `readBack`).
      if (updated.status === 'processing' && updated.platform_template_id && !row.platform_template_id) {
        await jobs.enqueue(tx, [
          { type: READ_BACK_JOB, payload: { templateId: row.id }, runAt: clock.now() + READ_BACK_AFTER_MS },
        ]);
      }
    });
    return updated;
  }

  /** The SUBMIT_JOB handler: resubmits a pending template (backoff comes from the job runner). */
  async resubmit(payload: { templateId: string }): Promise<void> {
    const row = await repo.findTemplateById(this.#o.store.read, payload.templateId);
    if (!row || row.deleted_at || row.status !== 'pending') return;
    const after = await this.submit(row, { firstAttempt: false });
    if (after.status === 'pending')
      throw new Error(`template ${row.id} still not acknowledged: ${after.submission_error}`);
  }

  async #onSubmitError(
    row: repo.TemplateRow,
    account: SenderCredentials,
    err: PlatformError,
    options: { firstAttempt: boolean },
  ): Promise<Partial<repo.TemplateRow>> {
    if (err.kind !== 'refused') {
      this.#o.logger.warn({ templateId: row.id, code: err.code, kind: err.kind }, 'template submission queued');
      return { status: 'pending', submission_error: err.message };
    }
    if (err.subcode === NAME_EXISTS_SUBCODE && !options.firstAttempt) {
      // An earlier attempt reached the platform but its answer was lost: adopt that template.
      const existing = await this.#o.platform.findTemplate(account, row.name, row.language);
      if (existing) return fromPlatform(existing, this.#o.clock.now());
    }
    if (
      (err.subcode === NAME_EXISTS_SUBCODE || err.subcode === NAME_RESERVED_SUBCODE) &&
      options.firstAttempt &&
      !row.platform_template_id
    ) {
      // Never held at the platform by this template: forget it rather than reserve the name.
      await this.#o.store.write((tx) => repo.deleteTemplateRow(tx, row.id));
      throw new TidingsError(
        err.subcode === NAME_EXISTS_SUBCODE ? 'template_name_taken' : 'template_name_reserved',
        err.subcode === NAME_EXISTS_SUBCODE
          ? `The platform already holds a template named ${row.name} in ${row.language}.`
          : `The name ${row.name} is still reserved at the platform after a delete.`,
        { param: 'name', platformError: { code: String(err.code), message: err.details ?? err.message } },
      );
    }
    return { status: 'rejected', rejection_reason: err.details ?? err.message, submission_error: null };
  }

  /** A media header's `header_handle`, uploaded through the Resumable Upload API; null otherwise. */
  async #headerHandle(row: repo.TemplateRow, account: SenderCredentials): Promise<string | null> {
    const header = row.header ? (JSON.parse(row.header) as TemplateHeader) : null;
    if (!header || header.type === 'text') return null;
    const { media, platform, appId } = this.#o;
    const file = await media.lookup(row.account_id, 'live', header.mediaId);
    if (!file)
      throw new TidingsError('template_invalid', 'The header media is gone.', {
        issues: [{ code: 'header_media_not_found', field: 'header.mediaId', message: `No media ${header.mediaId}.` }],
      });
    return platform.uploadHeaderHandle(account, appId, {
      blob: await media.openBlob(file),
      filename: file.filename,
      mimeType: file.mimeType,
    });
  }
}
