/**
 * The audit trail's entries of templates (docs/api.md §D27), in their change's unit: `template.created`,
 * `template.updated`, `template.deleted` (the template as the API shows it, before and after), and
 * `template.status_changed` (before and after status), whoever did it: a key or person through the API,
 * the platform's review, pause and status webhooks (platform/intake.ts acts as the platform). A status
 * the reconciliation reads at the platform is the platform's change too (its verdict), whichever
 * request or task happened to read it first.
 * Templates found on the platform by the reconciliation (`imported`) are not recorded.
 */
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Tx } from '../db/store.js';
import { PLATFORM } from '../lib/actor.js';
import type { TemplateChangeSource, TemplateChangeType } from './template-lifecycle.js';
import { toTemplate } from './template.mapper.js';
import type * as repo from './template.repository.js';

/** Records the change from `before` (null: new) to `after`, as template-history.ts stores it. */
export async function recordTemplateChange(
  audit: Pick<AuditTrail, 'record'>,
  tx: Tx,
  before: repo.TemplateRow | null,
  after: repo.TemplateRow,
  how: { source: TemplateChangeSource; type?: TemplateChangeType },
): Promise<void> {
  const at = { accountId: after.account_id, object: { type: 'template', id: after.id }, mode: 'live' as const };
  if (before === null) {
    if (how.source !== 'reconciliation')
      await audit.record(tx, { action: 'template.created', ...at, after: toTemplate(after) });
    return;
  }
  if (how.type === 'deleted') {
    await audit.record(tx, { action: 'template.deleted', ...at, before: toTemplate(before) });
    return;
  }
  if (before.status !== after.status) {
    await audit.record(tx, {
      action: 'template.status_changed',
      ...at,
      before: { status: before.status },
      after: { status: after.status },
      ...(how.source === 'reconciliation' ? { actor: PLATFORM } : {}),
    });
  }
  if (how.source === 'api' && before.status === after.status)
    await audit.record(tx, { action: 'template.updated', ...at, before: toTemplate(before), after: toTemplate(after) });
}
