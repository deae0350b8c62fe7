/**
 * The audit entries of accepted sends (docs/api.md §D27), stored with them: `message.created` for
 * each single send (a batch's items are its `batch.created`, batches/batch-send.service.ts), and
 * `suppression.overridden` for each send that passes a suppression by `"suppression": "ignore"`.
 * Each entry is its send's own work (actor and request), as a group commit stores several requests' sends.
 */
import type { AuditChange } from '../../audit/audit-trail.js';
import type { Acting } from '../../lib/actor.js';
import type { AcceptedSend } from './accepted-send.js';

/** The changes `sends` record, each with the work it came from; nothing is read. */
export function auditChanges(sends: AcceptedSend[]): { change: AuditChange; acting: Acting }[] {
  return sends.flatMap(({ message: m, acting }) => {
    const at = { accountId: m.accountId, mode: m.mode };
    const changes: AuditChange[] = [];
    if (!m.batchId) {
      changes.push({
        action: 'message.created',
        ...at,
        object: { type: 'message', id: m.id },
        after: { to: m.to, type: m.type, ...(m.templateId ? { templateId: m.templateId } : {}) },
      });
    }
    if (m.suppressionOverride) {
      changes.push({
        action: 'suppression.overridden',
        ...at,
        object: { type: 'suppression', id: m.suppressionOverride.suppressionId },
        after: { messageId: m.id, to: m.to },
      });
    }
    return changes.map((change) => ({ change, acting }));
  });
}
