/**
 * Suppressions between their rows and the rest (docs/api.md §D23): the Suppression resource of a
 * row, and the row of a new suppression (its customer and number keys, which the partial unique
 * index holds one active suppression by: suppression.repository.ts).
 */
import type { SuppressionReason, SuppressionScope, SuppressionSource } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import type { Suppression } from './consent.schemas.js';
import type { CustomerIds } from './suppression-decision.js';
import { customerKey, type SuppressionRow } from './suppression.repository.js';

/** A suppression to store: who, where, why. */
export interface NewSuppression extends CustomerIds {
  accountId: string;
  mode: 'live' | 'test';
  phoneNumberId: string | null;
  reason: SuppressionReason;
  scope: SuppressionScope;
  source: SuppressionSource;
  at: string;
}

/** The Suppression resource of a row. */
export function toSuppression(row: SuppressionRow): Suppression {
  return {
    id: row.id,
    phoneNumberId: row.phone_number_id,
    contactId: row.contact_id,
    phone: row.phone,
    userId: row.bsuid,
    reason: row.reason,
    scope: row.scope,
    source: row.source,
    active: row.lifted_at === null,
    createdAt: row.created_at,
    liftedAt: row.lifted_at,
    liftedBy: row.lifted_by,
  };
}

/** The row of a new suppression, active (its `sup_` id made from its time). */
export function suppressionRow(e: NewSuppression): SuppressionRow {
  return {
    id: newId('sup', Date.parse(e.at)),
    account_id: e.accountId,
    mode: e.mode,
    phone_number_id: e.phoneNumberId,
    contact_id: e.contactId,
    phone: e.phone,
    bsuid: e.bsuid,
    reason: e.reason,
    scope: e.scope,
    source: e.source,
    created_at: e.at,
    lifted_at: null,
    lifted_by: null,
    customer_key: customerKey(e),
    number_key: e.phoneNumberId ?? '*',
  };
}
