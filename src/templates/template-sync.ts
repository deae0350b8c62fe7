/**
 * Reconciliation of an account's templates with the platform (docs/api.md §D20): the platform's
 * listing (`GET /{waba-id}/message_templates`, every page) against what Tidings stores. Templates
 * made outside Tidings (in WhatsApp Manager) are imported (`source: "platform"`); a status,
 * quality, category or announced category change that a lost webhook left behind is repaired,
 * with the history entries and events the webhook would have caused (source `reconciliation`);
 * a template deleted at the platform is deleted here. Runs on `POST /v1/templates/sync` and
 * periodically (`TEMPLATE_SYNC_INTERVAL_MS`, daily by default: `sweep`, from the background's
 * hourly housekeeping), one process per account at a time (the due row is claimed).
 */
import type { Logger } from 'pino';
import type { AccountService } from '../accounts/account.service.js';
import type { Store, Tx } from '../db/store.js';
import { iso, type Clock } from '../lib/clock.js';
import type { Platform, PlatformTemplateListing } from '../platform/platform.js';
import type { TemplateHistory } from './template-history.js';
import { importedRow } from './template-import.js';
import { lifecycleDiff, snapshotChanges, type FromTo } from './template-lifecycle.js';
import * as syncs from './template-sync.repository.js';
import * as repo from './template.repository.js';
import type { SyncResult } from './template-sync.schemas.js';

/** The job that reads a just-submitted template's status back once (`readBack`); its payload is `{ templateId }`. */
export const READ_BACK_JOB = 'templates.read_back';
/** How long after a submission is acknowledged its status is read back, ms. */
export const READ_BACK_AFTER_MS = 2000;

/** After a failed periodic reconciliation, the next try comes this much later (not a whole interval), ms. */
const RETRY_AFTER_FAILURE_MS = 60 * 60_000;

export interface TemplateSyncOptions {
  store: Store;
  clock: Clock;
  logger: Logger;
  platform: Platform;
  accounts: AccountService;
  history: TemplateHistory;
  /** How often each account is reconciled, ms. */
  intervalMs: number;
}

export class TemplateSync {
  readonly #o: TemplateSyncOptions;

  constructor(options: TemplateSyncOptions) {
    this.#o = options;
  }

  /**
   * Reconciles one account's templates now.
   * @returns what changed: the ids imported, updated (with each field's before and after) and deleted, and how many were already right.
   * @throws PlatformError when the platform's listing cannot be read (nothing is changed then).
   */
  async sync(accountId: string): Promise<SyncResult> {
    const listing = await this.#o.platform.listTemplates(await this.#o.accounts.credentialsForAccount(accountId));
    const now = iso(this.#o.clock.now());
    const result = await this.#o.store.write((tx) => this.#apply(tx, accountId, listing, now));
    await this.#o.store.write((tx) =>
      syncs.markSynced(tx, accountId, now, iso(this.#o.clock.now() + this.#o.intervalMs)),
    );
    return result;
  }

  /**
   * Reconciles every account whose periodic reconciliation is due (never done, or older than the
   * interval); another process's claim is left to it. A failure is logged and tried again in an hour.
   * @returns how many accounts were reconciled.
   */
  async sweep(): Promise<number> {
    const { store, clock, logger, intervalMs } = this.#o;
    let done = 0;
    for (const account of await this.#o.accounts.listAccounts()) {
      const now = clock.now();
      if (!(await store.write((tx) => syncs.claimDue(tx, account.id, iso(now), iso(now + intervalMs))))) continue;
      try {
        const result = await this.sync(account.id);
        done++;
        if (result.imported.length + result.updated.length + result.deleted.length > 0)
          logger.info(
            {
              accountId: account.id,
              imported: result.imported.length,
              updated: result.updated.length,
              deleted: result.deleted.length,
            },
            'templates reconciled with the platform',
          );
      } catch (err) {
        logger.warn({ err, accountId: account.id }, 'template reconciliation failed; tried again in an hour');
        await store.write((tx) => syncs.postpone(tx, account.id, iso(now + RETRY_AFTER_FAILURE_MS)));
      }
    }
    return done;
  }

  /**
   * The READ_BACK_JOB handler, the reconciliation of one template: a review the platform reported
   * before Tidings stored the template's platform id matched no template (the webhook names it by
   * that id), so once the id is stored (template-submission.ts) the template is read back once and a
   * review that already happened is applied as the webhook would have been. Later webhooks find the id.
   * @throws PlatformError (the job runner tries again later)
   */
  async readBack(payload: { templateId: string }): Promise<void> {
    const row = await repo.findTemplateById(this.#o.store.read, payload.templateId);
    if (!row || row.deleted_at || row.status !== 'processing' || !row.platform_template_id) return;
    const listing = await this.#o.platform.readTemplate(
      await this.#o.accounts.credentialsForAccount(row.account_id),
      row.platform_template_id,
    );
    await this.#o.store.write(async (tx) => {
      const [current] = await repo.findByPlatformIds(tx, [row.platform_template_id!]);
      if (current?.status === 'processing') await this.#repair(tx, current, listing, iso(this.#o.clock.now()));
    });
  }

  /** Brings a stored template's lifecycle in line with the platform's listing of it; the fields that moved, or null when none did. */
  async #repair(
    tx: Tx,
    row: repo.TemplateRow,
    listed: PlatformTemplateListing,
    now: string,
  ): Promise<Record<string, FromTo> | null> {
    const changes = snapshotChanges(row, listed, now);
    if (!changes) return null;
    const after = { ...row, ...changes };
    await repo.updateTemplate(tx, row.id, changes);
    await this.#o.history.record(tx, row, after, { source: 'reconciliation', at: now });
    return fieldChanges(row, after);
  }

  async #apply(tx: Tx, accountId: string, listing: PlatformTemplateListing[], now: string): Promise<SyncResult> {
    const result: SyncResult = { imported: [], updated: [], deleted: [], unchanged: 0, syncedAt: now };
    const stored = await repo.templatesForSync(tx, accountId);
    const byPlatformId = new Map(stored.filter((r) => r.platform_template_id).map((r) => [r.platform_template_id!, r]));
    const names = new Set(stored.filter((r) => r.deleted_at === null).map((r) => `${r.name}\u0000${r.language}`));
    const listed = new Set<string>();
    const toImport: repo.TemplateRow[] = [];
    for (const t of listing) {
      listed.add(t.id);
      const row = byPlatformId.get(t.id);
      if (row) {
        if (row.deleted_at !== null || row.source === 'generated') continue;
        const changes = await this.#repair(tx, row, t, now);
        if (changes) result.updated.push({ id: row.id, changes });
        else result.unchanged++;
        continue;
      }
      // A Direct Send's template is the generated-templates job's; a name and language held here
      // without a platform id is a submission under way (its submitter adopts it).
      if (t.source === 'AUTO_GENERATED' || names.has(`${t.name}\u0000${t.language}`)) continue;
      toImport.push(importedRow(accountId, t, now));
    }
    // A first sync of an account with 1,000 templates in WhatsApp Manager: 20 statements, not 2,000.
    const inserted = new Set(await repo.insertImported(tx, toImport));
    const imported = toImport.filter((row) => inserted.has(row.id));
    await this.#o.history.recordImported(tx, imported, now);
    result.imported.push(...imported.map((row) => row.id));
    for (const row of stored) {
      if (
        row.deleted_at !== null ||
        !row.platform_template_id ||
        row.source === 'generated' ||
        listed.has(row.platform_template_id)
      )
        continue;
      await repo.updateTemplate(tx, row.id, { deleted_at: now, updated_at: now });
      await this.#o.history.record(
        tx,
        row,
        { ...row, deleted_at: now, updated_at: now },
        {
          source: 'reconciliation',
          at: now,
          type: 'deleted',
          detail: { reason: 'No longer at the platform (deleted in WhatsApp Manager?).' },
        },
      );
      result.deleted.push(row.id);
    }
    return result;
  }
}

/** Each field a change moved, before and after (the sync's answer). */
function fieldChanges(before: repo.TemplateRow, after: repo.TemplateRow): Record<string, FromTo> {
  const out: Record<string, FromTo> = {};
  for (const entry of lifecycleDiff(before, after).entries) {
    for (const [field, change] of Object.entries(entry.changes))
      if (field !== 'timeToLive') out[field] = change as FromTo;
  }
  return out;
}
