/**
 * The platform's word on templates (docs/platform.md §4.6–4.7): reviews (approved, rejected) and
 * re-categorisations, applied by the webhook intake inside its unit of work, with their events.
 */
import type { Store, Tx } from '../db/store.js';
import type { EventService } from '../events/event.service.js';
import type { PlatformTemplateUpdate } from '../platform/updates.js';
import { templateChanges, templateEvents } from './template.mapper.js';
import * as repo from './template.repository.js';

export class TemplateReviews {
  readonly #o: { store: Store; events: EventService };

  constructor(options: { store: Store; events: EventService }) {
    this.#o = options;
  }

  /** The account of each stored template with one of these platform ids (unknown ids are left out). */
  async accountsOfPlatformTemplates(platformIds: string[]): Promise<Map<string, string>> {
    if (platformIds.length === 0) return new Map();
    const rows = await repo.accountsByPlatformIds(this.#o.store.read, [...new Set(platformIds)]);
    return new Map(rows.map((r) => [r.platform_template_id!, r.account_id]));
  }

  /**
   * Applies template webhooks: status, category, approvedAt, rejectionReason and updatedAt change
   * as the platform says; a repeated or out-of-date update changes nothing.
   * @returns how many templates changed.
   */
  async apply(tx: Tx, updates: PlatformTemplateUpdate[], now: string): Promise<number> {
    let applied = 0;
    const rows = new Map((await repo.findByPlatformIds(tx, [...new Set(updates.map((u) => u.platformTemplateId))])).map((r) => [r.platform_template_id!, r]));
    for (const u of updates) {
      const row = rows.get(u.platformTemplateId);
      if (!row) continue;
      const changes = templateChanges(row, u, now);
      if (!changes) continue;
      await repo.updateTemplate(tx, row.id, changes);
      const after = { ...row, ...changes };
      await this.#o.events.record(tx, templateEvents(row, after));
      rows.set(u.platformTemplateId, after);
      applied++;
    }
    return applied;
  }
}
