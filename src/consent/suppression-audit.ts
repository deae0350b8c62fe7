/** The audit trail's entries of the suppression list and the consent settings (docs/api.md §D27), each in its change's unit. */
import type { AuditTrail } from '../audit/audit-trail.js';
import type { Tx } from '../db/store.js';
import type { Mode } from '../http/access.js';
import type { ConsentSettings, Suppression } from './consent.schemas.js';

type Audit = Pick<AuditTrail, 'record'>;

/** `suppression.created` (after: the suppression) or `suppression.lifted` (before and after). */
export function recordSuppression(
  audit: Audit,
  tx: Tx,
  at: { accountId: string; mode: Mode },
  change: { before?: Suppression; after: Suppression },
): Promise<string> {
  return audit.record(tx, {
    action: change.before ? 'suppression.lifted' : 'suppression.created',
    accountId: at.accountId,
    object: { type: 'suppression', id: change.after.id },
    mode: at.mode,
    ...change,
  });
}

/** `consent_settings.updated`, the settings before and after. */
export function recordSettings(
  audit: Audit,
  tx: Tx,
  accountId: string,
  before: ConsentSettings,
  after: ConsentSettings,
): Promise<string> {
  return audit.record(tx, {
    action: 'consent_settings.updated',
    accountId,
    object: { type: 'consent_settings', id: accountId },
    before,
    after,
  });
}
