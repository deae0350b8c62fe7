/**
 * The platform's word on templates (docs/platform.md §2.7–2.8, §4.6–4.7): reviews, pauses,
 * disabling, flags, quality scores and category changes (the advance notice and the change),
 * applied by the webhook intake inside its unit of work, each written to the template's history
 * with its events (template-history.ts).
 */
import type { Store, Tx } from '../db/store.js';
import { iso } from '../lib/clock.js';
import type { PlatformTemplateUpdate } from '../platform/updates.js';
import type { TemplateHistory } from './template-history.js';
import { webhookChanges, type ChangeDetail } from './template-lifecycle.js';
import * as repo from './template.repository.js';

export class TemplateReviews {
  readonly #o: { store: Store; history: TemplateHistory };

  constructor(options: { store: Store; history: TemplateHistory }) {
    this.#o = options;
  }

  /** The account of each stored template with one of these platform ids (unknown ids are left out). */
  async accountsOfPlatformTemplates(platformIds: string[]): Promise<Map<string, string>> {
    if (platformIds.length === 0) return new Map();
    const rows = await repo.accountsByPlatformIds(this.#o.store.read, [...new Set(platformIds)]);
    return new Map(rows.map((r) => [r.platform_template_id!, r.account_id]));
  }

  /**
   * Applies template webhooks in their order: a repeated or out-of-date update changes nothing
   * (template-lifecycle.ts `webhookChanges`).
   * @returns how many templates changed.
   */
  async apply(tx: Tx, updates: PlatformTemplateUpdate[], now: string): Promise<number> {
    let applied = 0;
    const rows = new Map(
      (await repo.findByPlatformIds(tx, [...new Set(updates.map((u) => u.platformTemplateId))])).map((r) => [
        r.platform_template_id!,
        r,
      ]),
    );
    for (const u of updates) {
      const row = rows.get(u.platformTemplateId);
      if (!row) continue;
      const changes = webhookChanges(row, u, now);
      if (!changes) continue;
      await repo.updateTemplate(tx, row.id, changes);
      const after = { ...row, ...changes };
      await this.#o.history.record(tx, row, after, { source: 'webhook', at: now, detail: detailOf(u) });
      rows.set(u.platformTemplateId, after);
      applied++;
    }
    return applied;
  }

  /**
   * Records what the platform's refusal of a send said of its template (132015: paused; 132016:
   * disabled, docs/platform.md §6.2) when no webhook told it yet; a template already so is left alone.
   */
  async learnFromSend(templateId: string, status: 'paused' | 'disabled', now: number): Promise<void> {
    const at = iso(now);
    await this.#o.store.write(async (tx) => {
      const row = await repo.findTemplateById(tx, templateId);
      if (
        !row ||
        row.deleted_at !== null ||
        row.status === status ||
        (status === 'paused' && row.status === 'disabled')
      )
        return;
      const changes: Partial<repo.TemplateRow> =
        status === 'paused'
          ? { status, pause: JSON.stringify({ pausedAt: at, title: null, description: null }), updated_at: at }
          : { status, pause: null, flag: null, updated_at: at };
      await repo.updateTemplate(tx, row.id, changes);
      await this.#o.history.record(
        tx,
        row,
        { ...row, ...changes },
        {
          source: 'send',
          at,
          detail: {
            reason:
              status === 'paused'
                ? 'The platform refused a send with 132015.'
                : 'The platform refused a send with 132016.',
          },
        },
      );
    });
  }
}

/** What a webhook says beside its change, for the history. */
function detailOf(u: PlatformTemplateUpdate): ChangeDetail {
  if (u.kind === 'status')
    return {
      event: u.event,
      reason: u.reason,
      title: u.otherInfo?.title ?? null,
      description: u.otherInfo?.description ?? null,
      disableDate: u.disableDate,
    };
  if (u.kind === 'category') return { effectiveAt: u.effectiveAt };
  return {};
}
