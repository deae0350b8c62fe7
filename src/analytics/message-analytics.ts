/**
 * `GET /v1/analytics/messages` (docs/api.md §D22): what was sent, what arrived, what failed and
 * why, and what it cost, per hour or day and per group, from the maintained aggregates
 * (message-stats.repository.ts): one read of the range's aggregate rows, whatever the number of
 * messages, plus one read of the templates named when grouping by template. The query's range and
 * groupings are analytics-query.rules.ts; the sums and their figures stats-sums.ts.
 */
import { stringify } from 'csv-stringify/sync';
import type { Store } from '../db/store.js';
import type { AuthContext } from '../http/access.js';
import type { Clock } from '../lib/clock.js';
import { readStats, templateNames, type StatsRow } from './message-stats.repository.js';
import type { AnalyticsGroup, AnalyticsQuery, AnalyticsResult, GroupBy } from './analytics.schemas.js';
import { bucketOf, parseGroupBy, rangeOf, startOf } from './analytics-query.rules.js';
import { isoIn, zoneBuckets, zoneInstant, zoneOf } from './time-zone.rules.js';
import { readZoneStats } from './zone-stats.repository.js';
import type { PriceTable } from './price-table.js';
import type { Granularity, StatDimension } from '../db/tables/message-stats.js';
import { Sums } from './stats-sums.js';
import { readMetaAgentFigures } from './meta-agent-stats.repository.js';

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
   * The buckets are the days or hours of `timeZone` (default UTC; time-zone.rules.ts), their starts
   * and the range written with the zone's offset.
   * @throws TidingsError parameter_invalid for a `from` or `to` that is not an ISO 8601 date, a
   *   range that ends before it starts or is longer than its granularity allows (31 days of hours,
   *   400 days), an unknown grouping, or a `timeZone` the IANA database has not.
   */
  async messages(auth: Pick<AuthContext, 'accountId' | 'mode'>, q: AnalyticsQuery): Promise<AnalyticsResult> {
    const granularity: Granularity = q.granularity ?? 'day';
    const groupBy = parseGroupBy(q.groupBy);
    const zone = q.timeZone === undefined ? 'UTC' : zoneOf(q.timeZone);
    const now = this.#o.clock.now();
    const zoned =
      zone === 'UTC'
        ? null
        : zoneBuckets(
            granularity,
            zone,
            q.from === undefined ? undefined : zoneInstant(zone, q.from, 'from'),
            q.to === undefined ? now : zoneInstant(zone, q.to, 'to'),
          );
    const { from, to } = zoned ?? rangeOf(granularity, q.from, q.to, now);
    const at = (ms: number) => (zone === 'UTC' ? new Date(ms).toISOString() : isoIn(zone, ms));
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
    const base = { accountId: auth.accountId, mode: auth.mode, dimensions, filters };
    // In UTC, the buckets are the tables' own; in another zone, each row is placed in the zone's.
    const placed = zone === 'UTC' ? null : await readZoneStats(this.#o.store.read, base, zoned!.starts);
    const rows =
      placed?.map((p) => p.row) ??
      (await readStats(this.#o.store.read, {
        ...base,
        grain: granularity,
        fromBucket: bucketOf(from, granularity),
        toBucket: bucketOf(to, granularity),
      }));
    // Meta's agent's replies, apart (docs/api.md §D30): the aggregates leave them out.
    const metaAgent = await readMetaAgentFigures(this.#o.store.read, {
      accountId: auth.accountId,
      mode: auth.mode,
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
      phoneNumberId: q.phoneNumberId,
    });
    const templateNames = groupBy.includes('template')
      ? await this.#templateNames(auth.accountId, rows)
      : new Map<string, string>();

    const buckets = new Map<string, Sums>();
    const groups = new Map<string, Sums>();
    const total = new Sums({});
    for (const [i, row] of rows.entries()) {
      const group = this.#group(groupBy, row, templateNames);
      const groupKey = JSON.stringify(group);
      const start = placed ? at(zoned!.starts[placed[i]!.index]!) : startOf(row.bucket);
      const bucketKey = `${start} ${groupKey}`;
      const day = row.bucket.slice(0, 10);
      if (!buckets.has(bucketKey)) buckets.set(bucketKey, new Sums(group, start));
      if (!groups.has(groupKey)) groups.set(groupKey, new Sums(group));
      for (const sums of [buckets.get(bucketKey)!, groups.get(groupKey)!, total]) sums.add(row, day, this.#o.prices);
    }
    return {
      from: at(from),
      to: at(to),
      granularity,
      timeZone: zone,
      groupBy,
      data: [...buckets.values()].map((s) => ({ start: s.start!, group: s.group, ...s.figures(this.#o.prices) })),
      totals: [...groups.entries()]
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([, s]) => ({ group: s.group, ...s.figures(this.#o.prices) })),
      total: total.figures(this.#o.prices),
      metaAgent,
    };
  }

  /**
   * The rows of `data` as CSV (RFC 4180, a header line): `start`, the group's fields, then each
   * figure (billable per category as `billable_<category>`, latencies as `…_median_ms`/`…_p95_ms`).
   * A text cell a spreadsheet would run as a formula is neutralised (`neutral`).
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
    return stringify([header, ...lines.map((line) => line.map(neutral))]);
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
    return templateNames(this.#o.store.read, accountId, ids);
  }
}

/**
 * A cell as a spreadsheet may open it: text starting with `=`, `+`, `-`, `@`, a tab or a carriage
 * return (which Excel, LibreOffice and Google Sheets read as a formula: OWASP, "CSV Injection")
 * gets a leading `'`, which shows the text as it is; numbers are left as they are.
 */
export function neutral(cell: string | number): string | number {
  return typeof cell === 'string' && /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

function snake(s: string): string {
  return s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}
