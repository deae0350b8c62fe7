/**
 * Every kind of data an account keeps for a time (docs/api.md §D17), its default and its limits,
 * and an account's retention as the API shows it. The values are in the account's row (0013, 0026,
 * 0030); this module only reads them. Why each default and limit is what it is: docs/api.md §D17.
 */
import type { Selectable } from 'kysely';
import { DEFAULT_AUDIT_DAYS, MAX_AUDIT_DAYS, MIN_AUDIT_DAYS } from '../../audit/audit-retention.js';
import type { AccountsTable } from '../../db/schema.js';

/** Whole days; `null` means kept for ever (files, bodies, events) or never erased (inactive contacts). */
export type Days = number | null;

/** An account's retention, each kind in days as it applies now (the default when the account set none). */
export interface RetentionKinds {
  /** Files customers sent (null: for ever, the default). */
  customerFilesDays: Days;
  /** What messages said, both ways and in events (null: for ever, the default). */
  messageBodiesDays: Days;
  /** Events with their deliveries and delivery attempts (default EVENTS.default; null: for ever). */
  eventsDays: Days;
  /** The platform's raw webhook payloads (default PLATFORM_PAYLOADS.default; never for ever). */
  platformPayloadsDays: number;
  /** Contacts with no activity this long are erased (null: never, the default). */
  inactiveContactsDays: Days;
  /** The audit trail's entries (its own setting, docs/api.md §D27; default 365). */
  auditDays: number;
}

/** An account's retention with the defaults beside it (GET /v1/account, `accounts list --json`). */
export interface Retention extends RetentionKinds {
  /** What each kind is when the account sets none. */
  defaults: RetentionKinds;
}

/** Limits of one kind: the default, and the shortest and longest days that can be set. */
export interface KindLimits {
  default: Days;
  min: number;
  max: number;
}

/** Files and bodies (0013): 1 day to 100 years, for ever by default. */
export const CUSTOMER_FILES: KindLimits = { default: null, min: 1, max: 36_500 };
export const MESSAGE_BODIES: KindLimits = { default: null, min: 1, max: 36_500 };
/**
 * Events: 30 days by default, what the service always kept (and as long as Stripe keeps events);
 * at least 7, so an endpoint down for a week still has its retries and redeliveries (the delivery
 * retries last about three days, docs/api.md §D10); at most 10 years. 0 (stored) is for ever.
 */
export const EVENTS: KindLimits = { default: 30, min: 7, max: 3650 };
/**
 * The platform's raw webhook payloads: 30 days by default, the longest the platform itself goes on
 * about a message (a send is retried for 30 days, uploaded media live 30 days: docs/platform.md);
 * 1 day to 10 years; never for ever. What the API shows of them stays (docs/api.md §D17).
 */
export const PLATFORM_PAYLOADS: KindLimits = { default: 30, min: 1, max: 3650 };
/** Inactive contacts: never erased by default; at least 30 days (a month without a word), at most 100 years. */
export const INACTIVE_CONTACTS: KindLimits = { default: null, min: 30, max: 36_500 };
/** The audit trail (audit/audit-retention.ts owns it; docs/api.md §D27). */
export const AUDIT: KindLimits = { default: DEFAULT_AUDIT_DAYS, min: MIN_AUDIT_DAYS, max: MAX_AUDIT_DAYS };

/** What `retain_events_days` holds for "kept for ever" (null there is the default). */
export const EVENTS_FOREVER = 0;

/** The defaults, as GET /v1/account shows them. */
export const DEFAULT_RETENTION: RetentionKinds = {
  customerFilesDays: CUSTOMER_FILES.default,
  messageBodiesDays: MESSAGE_BODIES.default,
  eventsDays: EVENTS.default,
  platformPayloadsDays: PLATFORM_PAYLOADS.default!,
  inactiveContactsDays: INACTIVE_CONTACTS.default,
  auditDays: AUDIT.default!,
};

type RetentionColumns = Pick<
  Selectable<AccountsTable>,
  | 'retain_customer_files_days'
  | 'retain_message_bodies_days'
  | 'retain_events_days'
  | 'retain_platform_payloads_days'
  | 'retain_inactive_contacts_days'
  | 'retain_audit_days'
>;

/** Days events are kept under the stored value (null: the default; 0: for ever → null). */
export const eventsDaysOf = (stored: number | null): Days =>
  stored === null ? EVENTS.default : stored === EVENTS_FOREVER ? null : stored;

/** An account's retention from its row's columns. */
export function retentionOf(row: RetentionColumns): Retention {
  return {
    customerFilesDays: row.retain_customer_files_days,
    messageBodiesDays: row.retain_message_bodies_days,
    eventsDays: eventsDaysOf(row.retain_events_days),
    platformPayloadsDays: row.retain_platform_payloads_days ?? PLATFORM_PAYLOADS.default!,
    inactiveContactsDays: row.retain_inactive_contacts_days,
    auditDays: row.retain_audit_days ?? AUDIT.default!,
    defaults: { ...DEFAULT_RETENTION },
  };
}

/**
 * Whether `days` is a whole number within `limits`.
 * @returns the message for a RangeError / the CLI's refusal, or null when it is valid.
 */
export function outOfRange(name: string, days: number, limits: KindLimits): string | null {
  return Number.isInteger(days) && days >= limits.min && days <= limits.max
    ? null
    : `${name} must be a whole number of days from ${limits.min} to ${limits.max}; got ${days}.`;
}
