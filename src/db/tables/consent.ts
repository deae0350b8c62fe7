/** The consent feature's tables (migrations 0019, 0023; src/consent/, docs/api.md §D23). */
import type { Generated } from 'kysely';

/** Why a customer is suppressed. */
export type SuppressionReason = 'opt_out_keyword' | 'platform_preference' | 'api' | 'blocked';
/** What a suppression refuses: every message, or only marketing templates. */
export type SuppressionScope = 'all' | 'marketing';
/** What suppressed (or lifted) a customer. */
export type SuppressionSource = 'api' | 'keyword' | 'webhook' | 'block' | 'dashboard';

/** One suppression of a customer; active while `lifted_at` is null. */
export interface SuppressionsTable {
  /** `sup_` id. */
  id: string;
  account_id: string;
  /** The mode whose sends it covers (0023): a live key's and the platform's are `live`, a test key's `test`. */
  mode: Generated<'live' | 'test'>;
  /** The business number it covers; null: every number of the account. */
  phone_number_id: string | null;
  contact_id: string | null;
  /** E.164. */
  phone: string | null;
  /** Business-scoped user id. */
  bsuid: string | null;
  reason: SuppressionReason;
  scope: SuppressionScope;
  source: SuppressionSource;
  created_at: string;
  lifted_at: string | null;
  lifted_by: SuppressionSource | null;
  /** `phone|bsuid|contact` as stored ('' for a part not known): active rows are unique by it. */
  customer_key: string;
  /** `phone_number_id`, or `*` for every number. */
  number_key: string;
}

/** An account's consent settings; no row: the defaults. */
export interface ConsentSettingsTable {
  account_id: string;
  /** 0/1: whether a send may say `"suppression": "ignore"`. */
  allow_suppression_override: number;
  /** JSON array of folded keywords; null: the defaults. */
  opt_out_keywords: string | null;
  opt_in_keywords: string | null;
  /** The confirmation sent after an opt-out or opt-in keyword; null: none. */
  opt_out_reply: string | null;
  opt_in_reply: string | null;
  updated_at: string;
}

/** A customer's marketing consent on one number, as the platform last reported it. */
export interface MarketingConsentsTable {
  account_id: string;
  phone_number_id: string;
  /** `p:<E.164>` or `u:<BSUID>`: the customer as the report named them. */
  customer_key: string;
  phone: string | null;
  bsuid: string | null;
  value: 'granted' | 'revoked';
  /** The report's own time (ISO): an older report never overrides a newer one. */
  reported_at: string;
  updated_at: string;
}
