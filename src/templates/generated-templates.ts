/**
 * Templates the platform generates for Direct Sends (docs/api.md §D19; Meta's Direct Send
 * "view-generated-templates"): each Direct Send's status reports name its template (`template_id`),
 * which Tidings lists read-only (`source: "generated"`). The first report naming one makes its row
 * at once, in the report's unit of work (approved, utility, named after its platform id); a job then
 * reads what it says from the platform (`GET /{template-id}`).
 */
import type { AccountService } from '../accounts/account.service.js';
import type { Tx } from '../db/store.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { iso, type Clock } from '../lib/clock.js';
import type { Platform } from '../platform/platform.js';
import * as repo from './template.repository.js';

/** Reads a generated template from the platform: payload `{ templateId, accountId, platformTemplateId }`. */
export const READ_GENERATED_JOB = 'template.read_generated';

export interface GeneratedTemplatesOptions {
  clock: Clock;
  jobs: JobQueue;
  platform: Platform;
  accounts: Pick<AccountService, 'credentialsForAccount'>;
  store: { write<T>(work: (tx: Tx) => Promise<T>): Promise<T> };
}

/** The `tpl_` id of a generated template: made from its platform id, so every report and process names the same row. */
export function generatedTemplateId(platformTemplateId: string): string {
  return `tpl_g${platformTemplateId.replace(/[^A-Za-z0-9]/g, '')}`;
}

export class GeneratedTemplates {
  readonly #o: GeneratedTemplatesOptions;

  constructor(options: GeneratedTemplatesOptions) {
    this.#o = options;
  }

  /**
   * In the caller's unit of work: the `tpl_` id of the platform's generated template, its row made
   * (and the job that reads it) the first time. @returns the `tpl_` id.
   */
  async link(tx: Tx, accountId: string, platformTemplateId: string): Promise<string> {
    const id = generatedTemplateId(platformTemplateId);
    const now = this.#o.clock.now();
    if (await repo.insertGenerated(tx, { id, accountId, platformTemplateId, createdAt: iso(now) })) {
      await this.#o.jobs.enqueue(tx, [
        { type: READ_GENERATED_JOB, payload: { templateId: id, accountId, platformTemplateId }, runAt: now },
      ]);
    }
    return id;
  }

  /** The READ_GENERATED_JOB handler: what the platform says of the template (retried by the job runner on failure). */
  async read(payload: { templateId: string; accountId: string; platformTemplateId: string }): Promise<void> {
    const t = await this.#o.platform.getTemplate(
      await this.#o.accounts.credentialsForAccount(payload.accountId),
      payload.platformTemplateId,
    );
    await this.#o.store.write((tx) => repo.fillGenerated(tx, payload.templateId, t, iso(this.#o.clock.now())));
  }
}
