/**
 * `GET /v1/analytics/messages` for the overview: its answer's types, the ranges the page offers, the
 * buckets of a range (the API answers only non-empty ones; charts need every bucket, zero-filled)
 * and numbers in words.
 */
import { api, apiBlob } from './api';

/** Milliseconds between two steps of a message: the median and the 95th percentile; null when no message made both. */
export interface Latency {
  median: number | null;
  p95: number | null;
}

/** The counts of one bucket, one group, or the whole range. */
export interface Figures {
  accepted: number;
  sent: number;
  delivered: number;
  read: number;
  failed: number;
  canceled: number;
  billable: number;
  /** Billable messages by the platform's pricing category (`utility`, `marketing`, `service`…). */
  billableByCategory: Record<string, number>;
  deliveryRate: number | null;
  readRate: number | null;
  acceptedToSentMs: Latency | null;
  sentToDeliveredMs: Latency | null;
  /** From the operator's price table; null when none is configured. Always an estimate. */
  estimatedCost: { currency: string; amount: string; estimate: true } | null;
}

/** A group's keys, by `groupBy`: template, errorCode (with the code's meaning), pricingCategory… */
export interface Group {
  templateId?: string | null;
  templateName?: string | null;
  errorCode?: string | null;
  errorTitle?: string | null;
  errorAction?: string | null;
  pricingCategory?: string | null;
  phoneNumberId?: string;
  [key: string]: string | null | undefined;
}

export interface Analytics {
  from: string;
  to: string;
  granularity: 'hour' | 'day';
  timeZone: string;
  groupBy: string[];
  /** Non-empty (bucket, group) rows, by start then group. */
  data: (Figures & { start: string; group?: Group })[];
  /** One row per group over the whole range. */
  totals: (Figures & { group: Group })[];
  total: Figures;
}

export interface Range {
  id: string;
  label: string;
  granularity: 'hour' | 'day';
  /** How many buckets of `granularity` the range spans, ending with the current one. */
  buckets: number;
}

export const RANGES: readonly Range[] = [
  { id: '24h', label: 'Last 24 hours (hourly)', granularity: 'hour', buckets: 24 },
  { id: '7d', label: 'Last 7 days', granularity: 'day', buckets: 7 },
  { id: '30d', label: 'Last 30 days', granularity: 'day', buckets: 30 },
  { id: '90d', label: 'Last 90 days', granularity: 'day', buckets: 90 },
];

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The range's bounds (ISO, `to` exclusive), whole UTC buckets ending with the current one: the last
 * 24 hours are the current hour and the 23 before it; the last 7 days, today (UTC) and the 6 before.
 */
export function bounds(range: Range, now = Date.now()): { from: string; to: string } {
  const unit = range.granularity === 'hour' ? HOUR : DAY;
  const to = (Math.floor(now / unit) + 1) * unit;
  return { from: new Date(to - range.buckets * unit).toISOString(), to: new Date(to).toISOString() };
}

/** Every bucket's start (ISO) from `from` up to `to` (exclusive), as the API writes them. */
export function bucketStarts(answer: Pick<Analytics, 'from' | 'to' | 'granularity'>): string[] {
  const unit = answer.granularity === 'hour' ? HOUR : DAY;
  const starts: string[] = [];
  for (let t = Date.parse(answer.from); t < Date.parse(answer.to); t += unit) starts.push(new Date(t).toISOString());
  return starts;
}

/** A bucket's label on an axis, in UTC as the buckets are: "14:00" for an hour, "26 Nov" for a day. */
export function bucketLabel(start: string, granularity: 'hour' | 'day'): string {
  const options: Intl.DateTimeFormatOptions = granularity === 'hour' ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : { day: 'numeric', month: 'short' };
  return new Date(start).toLocaleString(undefined, { ...options, timeZone: 'UTC' });
}

/**
 * Series over every bucket of `answer`, zero where the API has no row: each row gives `[key, value]`
 * pairs, summed per key and bucket (`(row) => [[row.group?.errorCode, row.failed]]`). Pairs whose
 * key is null or undefined are left out; keys come in the order first seen.
 */
export function series(answer: Analytics, pairs: (row: Analytics['data'][number]) => Iterable<readonly [string | null | undefined, number]>): Map<string, number[]> {
  const index = new Map(bucketStarts(answer).map((s, i) => [s, i]));
  const out = new Map<string, number[]>();
  for (const row of answer.data) {
    const i = index.get(new Date(row.start).toISOString());
    if (i === undefined) continue;
    for (const [key, value] of pairs(row)) {
      if (key === null || key === undefined) continue;
      let values = out.get(key);
      if (!values) out.set(key, (values = new Array<number>(index.size).fill(0)));
      values[i]! += value;
    }
  }
  return out;
}

/** The query string of a range, with `groupBy` and filters. */
export function analyticsQuery(range: Range, extra: Record<string, string> = {}, now = Date.now()): string {
  return new URLSearchParams({ ...bounds(range, now), granularity: range.granularity, ...extra }).toString();
}

export function loadAnalytics(query: string): Promise<Analytics> {
  return api<Analytics>('GET', `/analytics/messages?${query}`);
}

/** Saves the range's rows as a CSV file (the API's `Accept: text/csv`), fetched with the key. */
export async function downloadCsv(query: string, filename: string): Promise<void> {
  const blob = await apiBlob(`/analytics/messages?${query}`, { accept: 'text/csv' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** A rate (0–1) as a percentage: 0.889 → "88.9 %"; null → "—". */
export function percent(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? '—' : `${(rate * 100).toFixed(1)} %`;
}

/** A duration in milliseconds, in the unit that reads best: 850 ms, 2.4 s, 3.5 min, 2.1 h; null → "—". */
export function duration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms < HOUR) return `${(ms / 60_000).toFixed(1)} min`;
  return `${(ms / HOUR).toFixed(1)} h`;
}

/** An estimated cost: "≈ USD 0.0123 (estimate)". */
export function costWords(cost: NonNullable<Figures['estimatedCost']>): string {
  return `≈ ${cost.currency} ${cost.amount} (estimate)`;
}

/** Whether nothing at all happened in the range. */
export function isEmpty(total: Figures): boolean {
  return total.accepted + total.sent + total.delivered + total.read + total.failed + total.canceled === 0;
}
