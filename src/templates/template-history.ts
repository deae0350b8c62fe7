/**
 * A template's history (GET /v1/templates/{id}/history): every change of its life, stored with the
 * change in its unit of work, with the events the change causes (template-lifecycle.ts says which),
 * and told to the features that act on a status change (the messages feature holds and releases
 * the sends queued for a paused template). Its rows are template-history.repository.ts's.
 */
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Store, Tx } from '../db/store.js';
import { recordTemplateChange } from './template-audit.js';
import type { EventService } from '../events/event.service.js';
import type { AuthContext } from '../http/access.js';
import { paginate, type Page } from '../http/paging.js';
import { newId } from '../lib/ids.js';
import { TidingsError } from '../errors.js';
import {
  lifecycleDiff,
  type ChangeDetail,
  type LifecycleEntry,
  type TemplateChangeSource,
  type TemplateChangeType,
} from './template-lifecycle.js';
import { toTemplate } from './template.mapper.js';
import * as changes from './template-history.repository.js';
import * as repo from './template.repository.js';
import type { TemplateStatus } from './template.schemas.js';
import type { TemplateChange } from './template-history.schemas.js';

/** Told of every status change of a template, inside the unit of work that stores it. */
export type TemplateStatusListener = (
  tx: Tx,
  change: { templateId: string; accountId: string; from: TemplateStatus; to: TemplateStatus; at: string },
) => Promise<void>;

export class TemplateHistory {
  readonly #o: { store: Store; events: EventService; audit: Pick<AuditTrail, 'record'> };
  readonly #listeners: TemplateStatusListener[] = [];

  /** @param options.audit records each change as the audit trail's `template.*` entry (template-audit.ts). */
  constructor(options: { store: Store; events: EventService; audit: Pick<AuditTrail, 'record'> }) {
    this.#o = options;
  }

  /** Adds a listener of status changes (the composition root wires the messages feature's). */
  listen(listener: TemplateStatusListener): void {
    this.#listeners.push(listener);
  }

  /**
   * Records what changed between `before` and `after` (the row as stored by the caller in `tx`):
   * history entries, events, status listeners. `before` null: the template is new (`created`, or
   * `imported` from the platform). `type` adds an entry of the API's own (`edited`, `deleted`…).
   * @returns how many history entries were written.
   */
  async record(
    tx: Tx,
    before: repo.TemplateRow | null,
    after: repo.TemplateRow,
    how: { source: TemplateChangeSource; at: string; detail?: ChangeDetail; type?: TemplateChangeType },
  ): Promise<number> {
    const { entries, events } = before ? lifecycleDiff(before, after) : { entries: [], events: [] };
    const own: LifecycleEntry[] = how.type
      ? [{ type: how.type, changes: {} }]
      : before
        ? []
        : [
            {
              type: how.source === 'reconciliation' ? 'imported' : 'created',
              changes: { status: { from: null, to: after.status } },
            },
          ];
    const all = [...own, ...entries];
    if (all.length === 0) return 0;
    await recordTemplateChange(this.#o.audit, tx, before, after, how);
    const detail = compact(how.detail);
    await changes.insertChanges(
      tx,
      all.map((e) => ({
        id: nextChangeId(),
        template_id: after.id,
        account_id: after.account_id,
        at: how.at,
        type: e.type,
        source: how.source,
        changes: JSON.stringify(e.changes),
        detail,
      })),
    );
    if (events.length > 0) {
      const object = toTemplate(after);
      await this.#o.events.record(
        tx,
        events.map((type) => ({ accountId: after.account_id, mode: 'live' as const, type, object })),
      );
    }
    if (before && before.status !== after.status) {
      for (const listener of this.#listeners)
        await listener(tx, {
          templateId: after.id,
          accountId: after.account_id,
          from: before.status,
          to: after.status,
          at: how.at,
        });
    }
    return all.length;
  }

  /**
   * Records the `imported` entry of templates the reconciliation just stored (template-sync.ts):
   * one insert per 100 entries, where `record` takes one statement per template.
   */
  async recordImported(tx: Tx, imported: repo.TemplateRow[], at: string): Promise<void> {
    for (let i = 0; i < imported.length; i += 100) {
      const rows = imported
        .slice(i, i + 100)
        .map((t) => ({
          id: nextChangeId(),
          template_id: t.id,
          account_id: t.account_id,
          at,
          type: 'imported',
          source: 'reconciliation',
          changes: JSON.stringify({ status: { from: null, to: t.status } }),
          detail: null,
        }));
      await changes.insertChanges(tx, rows);
    }
  }

  /**
   * A template's history, newest first (docs/api.md §D6 paging).
   * @throws TidingsError template_not_found; parameter_invalid for an unknown `starting_after`.
   */
  async list(
    auth: AuthContext,
    templateId: string,
    q: { limit?: number; starting_after?: string },
  ): Promise<Page<TemplateChange>> {
    const db = this.#o.store.read;
    const template = await repo.findTemplate(db, auth.accountId, templateId);
    if (!template) throw new TidingsError('template_not_found', `No template ${templateId}.`, { param: 'id' });
    return paginate(q, {
      cursor: (id) => changes.findChange(db, templateId, id),
      page: (limit, after) => changes.changesOf(db, templateId, limit, after?.id),
      map: toChange,
      noun: 'change of this template',
    });
  }
}

function toChange(row: changes.ChangeRow): TemplateChange {
  return {
    id: row.id,
    templateId: row.template_id,
    at: row.at,
    type: row.type as TemplateChange['type'],
    source: row.source as TemplateChange['source'],
    changes: JSON.parse(row.changes) as TemplateChange['changes'],
    detail: row.detail === null ? null : (JSON.parse(row.detail) as TemplateChange['detail']),
  };
}

let lastIdMs = 0;
/**
 * A `tch_` id later than every one this process made before: a change's entries (written in one
 * statement) and changes made within one millisecond list in the order they happened.
 */
function nextChangeId(): string {
  lastIdMs = Math.max(Date.now(), lastIdMs + 1);
  return newId('tch', lastIdMs);
}

/** The detail without its empty fields, as JSON; null when nothing is left. */
function compact(detail: ChangeDetail | undefined): string | null {
  if (!detail) return null;
  const kept = Object.fromEntries(Object.entries(detail).filter(([, v]) => v !== null && v !== undefined && v !== ''));
  return Object.keys(kept).length > 0 ? JSON.stringify(kept) : null;
}
