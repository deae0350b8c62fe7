/**
 * A template's life at the platform after its review (docs/platform.md §2.7–2.8, §4.6–4.7), as
 * pure functions: what a webhook or the platform's own listing changes on a stored template, and
 * what a change means (its entries in the template's history and the events it causes). The
 * writers (template-reviews.ts for webhooks, template-sync.ts for the reconciliation, the service
 * and the submitter for what the API does) store the change and hand both rows to
 * template-history.ts.
 */
import type { EventType } from '../events/event-types.js';
import type { PlatformTemplateListing } from '../platform/platform.js';
import type { PlatformTemplateUpdate } from '../platform/updates.js';
import type { TemplateRow } from './template.repository.js';
import type { TemplateStatus } from './template.schemas.js';

/** What kind of change a history entry records (GET /v1/templates/{id}/history). */
export const TEMPLATE_CHANGE_TYPES = [
  'created',
  'imported',
  'edited',
  'submitted',
  'approved',
  'rejected',
  'paused',
  'unpaused',
  'disabled',
  'flagged',
  'reinstated',
  'quality_updated',
  'category_update_scheduled',
  'category_updated',
  'ttl_updated',
  'deleted',
] as const;
export type TemplateChangeType = (typeof TEMPLATE_CHANGE_TYPES)[number];

/** Who made a change known: the API (a person or a program), a platform webhook, the reconciliation with the platform, or the platform's answer to a send. */
export const TEMPLATE_CHANGE_SOURCES = ['api', 'webhook', 'reconciliation', 'send'] as const;
export type TemplateChangeSource = (typeof TEMPLATE_CHANGE_SOURCES)[number];

/** A field's value before and after. */
export interface FromTo {
  from: string | null;
  to: string | null;
}

/** One entry of a template's history, before it is stored. */
export interface LifecycleEntry {
  type: TemplateChangeType;
  changes: {
    status?: FromTo;
    quality?: FromTo;
    category?: FromTo;
    timeToLive?: { from: number | null; to: number | null };
  };
}

/** What the platform said beside a change (kept on its history entries): a reason, a pause's title… */
export interface ChangeDetail {
  reason?: string | null;
  title?: string | null;
  description?: string | null;
  disableDate?: string | null;
  effectiveAt?: string | null;
  event?: string;
}

/** The platform's template statuses in Tidings' words; the ones that change nothing here (IN_APPEAL, ARCHIVED, …) are absent. */
const PLATFORM_STATUS: Readonly<Record<string, TemplateStatus>> = {
  APPROVED: 'approved',
  REJECTED: 'rejected',
  PENDING: 'processing',
  PAUSED: 'paused',
  DISABLED: 'disabled',
};

/** The status a platform status stands for here, or undefined (ARCHIVED, IN_APPEAL, LIMIT_EXCEEDED…: left as it is). */
export function statusFromPlatform(status: string): TemplateStatus | undefined {
  return PLATFORM_STATUS[status.toUpperCase()];
}

const CATEGORIES = new Set(['UTILITY', 'MARKETING', 'AUTHENTICATION']);
/** A category the platform names, or null for anything else. */
function category(value: string | null): string | null {
  return value && CATEGORIES.has(value) ? value : null;
}

/**
 * What a template webhook changes on `row` at `now` (ISO), or null when it changes nothing (a
 * repeat, an event Tidings keeps nothing of). Status events (docs/platform.md §4.6): an unpause is
 * APPROVED with `other_info.title` UNPAUSE; REINSTATED lifts a flag or a disabling. Category
 * updates (docs/platform.md §4.7): only the completed change moves the category; the advance
 * notice is kept apart. Quality: docs/platform.md §2.8.
 */
export function webhookChanges(row: TemplateRow, u: PlatformTemplateUpdate, now: string): Partial<TemplateRow> | null {
  const changes: Partial<TemplateRow> = {};
  if (u.kind === 'quality') {
    if (u.newScore && u.newScore !== row.quality) changes.quality = u.newScore;
  } else if (u.kind === 'category') {
    const next = category(u.newCategory);
    if (u.correctCategory) {
      const correct = category(u.correctCategory);
      if (correct && correct !== row.category && !sameNotice(row.category_update, correct, u.effectiveAt))
        changes.category_update = JSON.stringify({ category: correct, effectiveAt: u.effectiveAt, noticedAt: now });
    } else if (u.previousCategory && next && next !== row.category) {
      Object.assign(changes, { category: next, previous_category: row.category, category_update: null });
    }
  } else {
    Object.assign(changes, statusEventChanges(row, u, now));
  }
  if (Object.keys(changes).length === 0) return null;
  return { ...changes, updated_at: now };
}

function statusEventChanges(
  row: TemplateRow,
  u: Extract<PlatformTemplateUpdate, { kind: 'status' }>,
  now: string,
): Partial<TemplateRow> {
  const next = category(u.category);
  switch (u.event) {
    case 'APPROVED': {
      const changes: Partial<TemplateRow> = {};
      if (row.status !== 'approved')
        Object.assign(changes, {
          status: 'approved',
          approved_at: row.approved_at ?? now,
          rejection_reason: null,
          pause: null,
        });
      if (next && next !== row.category && row.status !== 'approved')
        Object.assign(changes, { category: next, previous_category: row.category });
      return changes;
    }
    case 'REJECTED':
      return row.status === 'rejected'
        ? {}
        : { status: 'rejected', rejection_reason: u.reason ?? 'Rejected by the platform.', approved_at: null };
    case 'PAUSED':
      return row.status === 'paused'
        ? {}
        : {
            status: 'paused',
            pause: JSON.stringify({
              pausedAt: now,
              title: u.otherInfo?.title ?? null,
              description: u.otherInfo?.description ?? null,
            }),
          };
    case 'DISABLED':
      return row.status === 'disabled' ? {} : { status: 'disabled', pause: null, flag: null };
    case 'FLAGGED':
      return row.flag ? {} : { flag: JSON.stringify({ flaggedAt: now, disableDate: u.disableDate }) };
    case 'REINSTATED': {
      const changes: Partial<TemplateRow> = row.flag ? { flag: null } : {};
      if (row.status === 'paused' || row.status === 'disabled')
        Object.assign(changes, { status: 'approved', pause: null });
      return changes;
    }
    default:
      return {};
  }
}

function sameNotice(stored: string | null, category: string, effectiveAt: string | null): boolean {
  if (!stored) return false;
  const notice = JSON.parse(stored) as { category: string; effectiveAt: string | null };
  return notice.category === category && notice.effectiveAt === effectiveAt;
}

/** What the platform's listing says of a template (the reconciliation's input). */
export type PlatformSnapshot = Pick<
  PlatformTemplateListing,
  'status' | 'category' | 'quality' | 'correctCategory' | 'rejectedReason'
>;

/**
 * What the platform's listing changes on `row` at `now`, or null: the repair of whatever a lost
 * webhook left behind (status, quality, category, an announced category change). A status the
 * platform has no word for here (ARCHIVED, IN_APPEAL…) is left alone.
 */
export function snapshotChanges(row: TemplateRow, p: PlatformSnapshot, now: string): Partial<TemplateRow> | null {
  const changes: Partial<TemplateRow> = {};
  const status = statusFromPlatform(p.status);
  if (status && status !== row.status && !(status === 'processing' && row.status === 'pending')) {
    changes.status = status;
    if (status === 'approved') Object.assign(changes, { approved_at: row.approved_at ?? now, rejection_reason: null });
    if (status === 'rejected')
      Object.assign(changes, {
        rejection_reason: p.rejectedReason ?? row.rejection_reason ?? 'Rejected by the platform.',
        approved_at: null,
      });
    changes.pause = status === 'paused' ? JSON.stringify({ pausedAt: now, title: null, description: null }) : null;
    if (status === 'disabled') changes.flag = null;
  }
  const quality = p.quality && p.quality !== row.quality ? p.quality : null;
  if (quality) changes.quality = quality;
  const cat = category(p.category);
  if (cat && cat !== row.category)
    Object.assign(changes, { category: cat, previous_category: row.category, category_update: null });
  // `correct_category` names the announced category; absent, or the current one, there is no notice.
  const current = cat ?? row.category;
  const correct = category(p.correctCategory) === current ? null : category(p.correctCategory);
  if (correct && !row.category_update)
    changes.category_update = JSON.stringify({ category: correct, effectiveAt: null, noticedAt: now });
  if (!correct && row.category_update && !('category_update' in changes)) changes.category_update = null;
  if (Object.keys(changes).length === 0) return null;
  return { ...changes, updated_at: now };
}

/** The history entry and event of a status change. */
function statusEntry(
  from: TemplateStatus,
  to: TemplateStatus,
): { type: TemplateChangeType; event: EventType | null } | null {
  if (to === 'paused') return { type: 'paused', event: 'template.paused' };
  if (to === 'disabled') return { type: 'disabled', event: 'template.disabled' };
  if (to === 'rejected') return { type: 'rejected', event: 'template.rejected' };
  if (to === 'approved' && from === 'paused') return { type: 'unpaused', event: 'template.unpaused' };
  if (to === 'approved' && from === 'disabled') return { type: 'reinstated', event: 'template.reinstated' };
  if (to === 'approved') return { type: 'approved', event: 'template.approved' };
  if (to === 'processing') return { type: 'submitted', event: null };
  return null;
}

/**
 * What a change of a template means: its history entries and its events (docs/api.md §D10), from
 * the rows before and after. `template.category_update_scheduled` comes from the platform's
 * advance notice, so a client can act before the change takes effect.
 */
export function lifecycleDiff(
  before: TemplateRow,
  after: TemplateRow,
): { entries: LifecycleEntry[]; events: EventType[] } {
  const entries: LifecycleEntry[] = [];
  const events: EventType[] = [];
  const add = (type: TemplateChangeType, event: EventType | null, changes: LifecycleEntry['changes'] = {}) => {
    entries.push({ type, changes });
    if (event) events.push(event);
  };
  if (after.status !== before.status) {
    const e = statusEntry(before.status, after.status);
    if (e) add(e.type, e.event, { status: { from: before.status, to: after.status } });
  }
  if (after.flag && !before.flag) add('flagged', 'template.flagged');
  if (!after.flag && before.flag && after.status !== 'disabled' && !entries.some((e) => e.type === 'reinstated'))
    add('reinstated', 'template.reinstated');
  if (after.quality !== before.quality)
    add('quality_updated', 'template.quality_updated', { quality: { from: before.quality, to: after.quality } });
  if (after.category_update && after.category_update !== before.category_update) {
    const notice = JSON.parse(after.category_update) as { category: string };
    add('category_update_scheduled', 'template.category_update_scheduled', {
      category: { from: after.category, to: notice.category },
    });
  }
  if (after.category !== before.category)
    add('category_updated', 'template.category_updated', { category: { from: before.category, to: after.category } });
  if (after.time_to_live !== before.time_to_live)
    add('ttl_updated', null, { timeToLive: { from: before.time_to_live, to: after.time_to_live } });
  return { entries, events };
}
