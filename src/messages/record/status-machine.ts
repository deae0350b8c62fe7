/**
 * The message status machine (docs/api.md §3.2, §D8).
 *
 *   scheduled → accepted                     (its sendAt came: it entered the queue)
 *   scheduled | accepted → canceled          (canceled before it reached the platform; final)
 *   accepted → sent → delivered → read      (forward only; steps may be skipped)
 *   accepted | sent → failed                 (failed is final)
 *
 * A late or repeated report never moves a status back. The platform may skip a step ("if delivered
 * and read happen together only read is sent", docs/platform.md §4.4) or deliver reports out of order
 * (docs/platform.md §4.8), so a later step also fills the timestamps of the steps it implies, and an earlier report
 * arriving late can still correct its own timestamp to the earlier instant.
 */

export type MessageStatus = 'scheduled' | 'accepted' | 'sent' | 'delivered' | 'read' | 'failed' | 'canceled';

/**
 * Statuses after which nothing more is expected (a batch is complete when all its messages have
 * one). `sent` is not: its delivery report is still to come.
 */
export const FINAL_STATUSES: readonly MessageStatus[] = ['delivered', 'read', 'failed', 'canceled'];
/** Statuses a batch waits on. */
export const PENDING_STATUSES: readonly MessageStatus[] = ['scheduled', 'accepted', 'sent'];
export type ReportedStatus = 'sent' | 'delivered' | 'read' | 'failed';

const RANK = { scheduled: -1, accepted: 0, sent: 1, delivered: 2, read: 3 } as const;
const STEP_COLUMN = { sent: 'sent_at', delivered: 'delivered_at', read: 'read_at' } as const;

export interface StatusFields {
  status: MessageStatus;
  sent_at: string | null;
  delivered_at: string | null;
  read_at: string | null;
  failed_at: string | null;
  error_code: string | null;
  error_message: string | null;
  /** The platform's pricing of the message (`PricingFields`), null until a report brings it. */
  pricing_billable: number | null;
  pricing_model: string | null;
  pricing_category: string | null;
  pricing_type: string | null;
}

/**
 * The platform's pricing of a message, as a status report carries it (`pricing`:
 * docs/platform.md §4.4): whether it is billable (deprecated by Meta but still sent), the pricing
 * model (`PMP`; `CBP` before July 2025), the pricing category and the pricing type.
 */
export interface ReportedPricing {
  billable: boolean | null;
  model: string | null;
  category: string | null;
  type: string | null;
}

/** The status fields of a message nothing has been reported about yet. */
export const INITIAL_STATUS: StatusFields = Object.freeze({
  status: 'accepted',
  sent_at: null,
  delivered_at: null,
  read_at: null,
  failed_at: null,
  error_code: null,
  error_message: null,
  pricing_billable: null,
  pricing_model: null,
  pricing_category: null,
  pricing_type: null,
});

export interface StatusReport {
  status: ReportedStatus;
  /** ISO 8601, when the platform says it happened. */
  at: string;
  error?: { code: string; message: string } | null;
  /** The report's pricing, when it carries one. */
  pricing?: ReportedPricing | null;
}

/**
 * The fields to change when `report` reaches a message in state `current`, or null when the
 * report changes nothing (a duplicate, a regression, or anything after a failure). A report's
 * pricing is kept whatever its step (the platform puts it on `sent` and on one of `delivered` and
 * `read`, the same each time; the last one applied stands), except on a canceled message.
 */
export function applyReport(current: StatusFields, report: StatusReport): Partial<StatusFields> | null {
  const changes = stepChanges(current, report);
  const priced = current.status === 'canceled' ? null : pricingChanges(current, report.pricing ?? null);
  return changes || priced ? { ...changes, ...priced } : null;
}

/** The pricing fields `pricing` changes, or null when it changes none. */
function pricingChanges(current: StatusFields, pricing: ReportedPricing | null): Partial<StatusFields> | null {
  if (!pricing) return null;
  const next = {
    pricing_billable: pricing.billable === null ? current.pricing_billable : pricing.billable ? 1 : 0,
    pricing_model: pricing.model ?? current.pricing_model,
    pricing_category: pricing.category ?? current.pricing_category,
    pricing_type: pricing.type ?? current.pricing_type,
  };
  const changed = (Object.keys(next) as (keyof typeof next)[]).some((k) => next[k] !== current[k]);
  return changed ? next : null;
}

function stepChanges(current: StatusFields, report: StatusReport): Partial<StatusFields> | null {
  // Nothing moves a failed or canceled message (a canceled one never reached the platform).
  if (current.status === 'failed' || current.status === 'canceled') return null;

  if (report.status === 'failed') {
    if (current.status !== 'accepted' && current.status !== 'sent' && current.status !== 'scheduled') return null;
    return {
      status: 'failed',
      failed_at: report.at,
      error_code: report.error?.code ?? 'unknown',
      error_message: report.error?.message ?? 'The platform reported the message as failed without a reason.',
    };
  }

  const changes: Partial<StatusFields> = {};
  const reportRank = RANK[report.status];
  if (reportRank > RANK[current.status]) changes.status = report.status;
  for (const step of ['sent', 'delivered', 'read'] as const) {
    if (RANK[step] > reportRank) break;
    const column = STEP_COLUMN[step];
    const existing = current[column];
    if (existing === null || report.at < existing) changes[column] = report.at;
  }
  return Object.keys(changes).length === 0 ? null : changes;
}
