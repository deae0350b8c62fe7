/**
 * `GET /v1/analytics/messages` (docs/api.md §D22): what was sent, what arrived, what failed and
 * why, and what it cost, per hour or day and per group, from the maintained aggregates
 * (message-stats.repository.ts): one read of the range's aggregate rows, whatever the number of
 * messages, plus one read of the templates named when grouping by template.
 */
import { stringify } from 'csv-stringify/sync';
import type { Store } from '../db/store.js';
import { TidingsError } from '../errors.js';
import type { AuthContext } from '../http/access.js';
import type { Clock } from '../lib/clock.js';
import { summarize } from './latency-bins.js';
import { readStats, type StatsRow } from './message-stats.repository.js';
import {
  GROUP_BYS,
  type AnalyticsFigures,
  type AnalyticsGroup,
  type AnalyticsQuery,
  type AnalyticsResult,
  type GroupBy,
} from './analytics.schemas.js';
import type { PriceTable } from './price-table.js';
import { LATENCY_BINS, STAT_COUNTERS, type Granularity, type StatDimension } from '../db/tables/message-stats.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The longest range of each granularity, ms (31 days of hours: 744 buckets; 400 days). */
const MAX_SPAN_MS: Record<Granularity, number> = { hour: 31 * DAY_MS, day: 400 * DAY_MS };
/** The range without `from`, ms. */
const DEFAULT_SPAN_MS: Record<Granularity, number> = { hour: DAY_MS, day: 30 * DAY_MS };

/** The dimension of each grouping. */
const DIMENSION_OF: Record<GroupBy, StatDimension> = {
  template: 'template_id',
  type: 'type',
  status: 'status',
  errorCode: 'error_code',
  pricingCategory: 'pricing_category',
  phoneNumber: 'phone_number_id',
  country: 'country',
};
/** The dimension of each filter. */
const FILTERS = {
  templateId: 'template_id',
  type: 'type',
  status: 'status',
  errorCode: 'error_code',
  pricingCategory: 'pricing_category',
  phoneNumberId: 'phone_number_id',
  country: 'country',
} as const satisfies Record<string, StatDimension>;

const C = Object.fromEntries(STAT_COUNTERS.map((c, i) => [c, i])) as Record<string, number>;
const AS = C.as_0!;
const SD = C.sd_0!;

/** What a platform error code means and what to do about it (platform/error-meanings.ts). */
export type ExplainError = (code: string) => { title: string; action: string } | null;

export interface MessageAnalyticsOptions {
  store: Store;
  clock: Clock;
  /** The operator's price table, when one is configured (`PRICE_TABLE_FILE`): figures then carry an estimated cost. */
  prices: PriceTable | null;
  explainError: ExplainError;
}

export class MessageAnalytics {
  readonly #o: MessageAnalyticsOptions;

  constructor(options: MessageAnalyticsOptions) {
    this.#o = options;
  }

  /**
   * The figures of the key's account and mode over a range.
   * @throws TidingsError parameter_invalid for a `from` or `to` that is not an ISO 8601 date, a
   *   range that ends before it starts or is longer than its granularity allows (31 days of hours,
   *   400 days), or an unknown grouping.
   */
  async messages(auth: Pick<AuthContext, 'accountId' | 'mode'>, q: AnalyticsQuery): Promise<AnalyticsResult> {
    const granularity: Granularity = q.granularity ?? 'day';
    const groupBy = parseGroupBy(q.groupBy);
    const { from, to } = this.#range(granularity, q.from, q.to);
    // Always by pricing category (billable messages per category), and by country when a price
    // table prices markets; merged back into the groups asked for below.
    const dimensions = [
      ...new Set<StatDimension>([
        ...groupBy.map((g) => DIMENSION_OF[g]),
        'pricing_category',
        ...(this.#o.prices ? (['country'] as const) : []),
      ]),
    ];
    const filters: Partial<Record<StatDimension, string>> = {};
    for (const [param, dimension] of Object.entries(FILTERS)) {
      const value = q[param as keyof typeof FILTERS];
      if (value !== undefined) filters[dimension] = value;
    }
    const rows = await readStats(this.#o.store.read, {
      accountId: auth.accountId,
      mode: auth.mode,
      granularity,
      fromBucket: bucketOf(from, granularity),
      toBucket: bucketOf(to, granularity),
      dimensions,
      filters,
    });
    const templateNames = groupBy.includes('template')
      ? await this.#templateNames(auth.accountId, rows)
      : new Map<string, string>();

    const buckets = new Map<string, Sums>();
    const groups = new Map<string, Sums>();
    const total = new Sums({});
    for (const row of rows) {
      const group = this.#group(groupBy, row, templateNames);
      const groupKey = JSON.stringify(group);
      const bucketKey = `${row.bucket} ${groupKey}`;
      const day = row.bucket.slice(0, 10);
      if (!buckets.has(bucketKey)) buckets.set(bucketKey, new Sums(group, startOf(row.bucket)));
      if (!groups.has(groupKey)) groups.set(groupKey, new Sums(group));
      for (const sums of [buckets.get(bucketKey)!, groups.get(groupKey)!, total]) sums.add(row, day, this.#o.prices);
    }
    return {
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      granularity,
      timeZone: 'UTC',
      groupBy,
      data: [...buckets.values()].map((s) => ({ start: s.start!, group: s.group, ...s.figures(this.#o.prices) })),
      totals: [...groups.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([, s]) => ({ group: s.group, ...s.figures(this.#o.prices) })),
      total: total.figures(this.#o.prices),
    };
  }

  /**
   * The rows of `data` as CSV (RFC 4180, a header line): `start`, the group's fields, then each
   * figure (billable per category as `billable_<category>`, latencies as `…_median_ms`/`…_p95_ms`).
   */
  static csv(result: AnalyticsResult): string {
    const groupFields = [...new Set(result.data.flatMap((r) => Object.keys(r.group)))];
    const categories = [...new Set(result.data.flatMap((r) => Object.keys(r.billableByCategory)))].sort();
    const header = [
      'start',
      ...groupFields.map(snake),
      ...['accepted', 'sent', 'delivered', 'read', 'failed', 'canceled', 'billable'],
      ...categories.map((c) => `billable_${c}`),
      'delivery_rate',
      'read_rate',
      'accepted_to_sent_median_ms',
      'accepted_to_sent_p95_ms',
      'sent_to_delivered_median_ms',
      'sent_to_delivered_p95_ms',
      'estimated_cost',
      'currency',
    ];
    const lines = result.data.map((r) => [
      r.start,
      ...groupFields.map((f) => r.group[f as keyof AnalyticsGroup] ?? ''),
      r.accepted,
      r.sent,
      r.delivered,
      r.read,
      r.failed,
      r.canceled,
      r.billable,
      ...categories.map((c) => r.billableByCategory[c] ?? 0),
      r.deliveryRate ?? '',
      r.readRate ?? '',
      r.acceptedToSentMs?.median ?? '',
      r.acceptedToSentMs?.p95 ?? '',
      r.sentToDeliveredMs?.median ?? '',
      r.sentToDeliveredMs?.p95 ?? '',
      r.estimatedCost?.amount ?? '',
      r.estimatedCost?.currency ?? '',
    ]);
    return stringify([header, ...lines]);
  }

  /** The range as instants (ms): `from` rounded down to its bucket, `to` up to a bucket boundary. */
  #range(
    granularity: Granularity,
    fromParam: string | undefined,
    toParam: string | undefined,
  ): { from: number; to: number } {
    const unit = granularity === 'hour' ? HOUR_MS : DAY_MS;
    const to = Math.ceil((toParam === undefined ? this.#o.clock.now() : instant(toParam, 'to')) / unit) * unit;
    const from =
      Math.floor((fromParam === undefined ? to - DEFAULT_SPAN_MS[granularity] : instant(fromParam, 'from')) / unit) *
      unit;
    if (from >= to) throw new TidingsError('parameter_invalid', '`from` must come before `to`.', { param: 'from' });
    if (to - from > MAX_SPAN_MS[granularity]) {
      throw new TidingsError(
        'parameter_invalid',
        `A range by ${granularity} spans at most ${MAX_SPAN_MS[granularity] / DAY_MS} days; ask by day, or for a shorter range.`,
        { param: 'from' },
      );
    }
    return { from, to };
  }

  /** The group of a row: the fields of the groupings asked for. */
  #group(groupBy: GroupBy[], row: StatsRow, templateNames: Map<string, string>): AnalyticsGroup {
    const group: AnalyticsGroup = {};
    const value = (g: GroupBy) => row.dimensions[DIMENSION_OF[g]] || null;
    for (const g of groupBy) {
      if (g === 'template') {
        group.templateId = value(g);
        group.templateName = group.templateId ? (templateNames.get(group.templateId) ?? null) : null;
      } else if (g === 'errorCode') {
        group.errorCode = value(g);
        const meaning = group.errorCode ? this.#o.explainError(group.errorCode) : null;
        group.errorTitle = meaning?.title ?? null;
        group.errorAction = meaning?.action ?? null;
      } else if (g === 'status') group.status = row.dimensions.status!;
      else if (g === 'phoneNumber') group.phoneNumberId = row.dimensions.phone_number_id!;
      else if (g === 'type') group.type = value(g);
      else if (g === 'pricingCategory') group.pricingCategory = value(g);
      else group.country = value(g);
    }
    return group;
  }

  async #templateNames(accountId: string, rows: StatsRow[]): Promise<Map<string, string>> {
    const ids = [...new Set(rows.map((r) => r.dimensions.template_id).filter((id): id is string => !!id))];
    if (ids.length === 0) return new Map();
    const found = await this.#o.store.read
      .selectFrom('templates')
      .select(['id', 'name'])
      .where('account_id', '=', accountId)
      .where('id', 'in', ids)
      .execute();
    return new Map(found.map((t) => [t.id, t.name]));
  }
}

/** Sums of aggregate rows, and the estimated cost of their billable messages (in millionths). */
class Sums {
  readonly counters = new Array<number>(STAT_COUNTERS.length).fill(0);
  readonly billable = new Map<string, number>();
  costMicros = 0;

  constructor(
    readonly group: AnalyticsGroup,
    readonly start?: string,
  ) {}

  add(row: StatsRow, day: string, prices: PriceTable | null): void {
    for (let i = 0; i < row.counters.length; i++) this.counters[i]! += row.counters[i]!;
    const billable = row.counters[C.n_billable!]!;
    if (billable !== 0) {
      const category = row.dimensions.pricing_category || 'unknown';
      this.billable.set(category, (this.billable.get(category) ?? 0) + billable);
      if (prices)
        this.costMicros += billable * Math.round(prices.price(day, category, row.dimensions.country || null) * 1e6);
    }
  }

  figures(prices: PriceTable | null): AnalyticsFigures {
    const n = (c: string) => this.counters[C[c]!]!;
    const sent = n('n_sent');
    const delivered = n('n_delivered');
    return {
      accepted: n('n_accepted'),
      sent,
      delivered,
      read: n('n_read'),
      failed: n('n_failed'),
      canceled: n('n_canceled'),
      billable: n('n_billable'),
      billableByCategory: Object.fromEntries(
        [...this.billable].filter(([, v]) => v !== 0).sort(([a], [b]) => a.localeCompare(b)),
      ),
      deliveryRate: sent > 0 ? round(delivered / sent) : null,
      readRate: delivered > 0 ? round(n('n_read') / delivered) : null,
      acceptedToSentMs: summarize(this.counters.slice(AS, AS + LATENCY_BINS)),
      sentToDeliveredMs: summarize(this.counters.slice(SD, SD + LATENCY_BINS)),
      estimatedCost: prices
        ? { currency: prices.currency, amount: (this.costMicros / 1e6).toFixed(4), estimate: true }
        : null,
    };
  }
}

function round(x: number): number {
  return Math.round(x * 10_000) / 10_000;
}

function snake(s: string): string {
  return s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** `groupBy`'s list, each grouping once, in the order given. @throws TidingsError parameter_invalid naming an unknown one. */
function parseGroupBy(param: string | undefined): GroupBy[] {
  if (!param) return [];
  const out: GroupBy[] = [];
  for (const part of param
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    if (!(GROUP_BYS as readonly string[]).includes(part))
      throw new TidingsError(
        'parameter_invalid',
        `\`groupBy\` takes ${GROUP_BYS.join(', ')}; "${part}" is none of them.`,
        { param: 'groupBy' },
      );
    if (!out.includes(part as GroupBy)) out.push(part as GroupBy);
  }
  return out;
}

/** An ISO 8601 date or date-time as ms. @throws TidingsError parameter_invalid otherwise. */
function instant(value: string, param: string): number {
  const ms = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/.test(value)
    ? Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value)
    : NaN;
  if (Number.isNaN(ms))
    throw new TidingsError(
      'parameter_invalid',
      `\`${param}\` must be an ISO 8601 date (2026-11-01) or date-time with a zone (2026-11-01T09:00:00Z).`,
      { param },
    );
  return ms;
}

/** The bucket (as the aggregate tables write it) an instant falls in. */
function bucketOf(ms: number, granularity: Granularity): string {
  return new Date(ms).toISOString().slice(0, granularity === 'hour' ? 13 : 10);
}

/** A bucket's start as an ISO date-time. */
function startOf(bucket: string): string {
  return bucket.length === 10 ? `${bucket}T00:00:00.000Z` : `${bucket}:00:00.000Z`;
}
