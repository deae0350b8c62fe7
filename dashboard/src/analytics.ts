/**
 * `GET /v1/analytics/messages` for the overview: its answer's types, the ranges the page offers, the
 * buckets of a range (the API answers only non-empty ones; charts need every bucket, zero-filled)
 * and numbers in words.
 */
import type { MessageAnalytics } from '@tidings/client';
import { api, apiBlob } from './api';

/** The answer, as the service's OpenAPI document types it (the generated client). */
export type Analytics = MessageAnalytics;
/** The counts of one bucket, one group, or the whole range. */
export type Figures = MessageAnalytics['total'];
/** A group's fields, by `groupBy`: template, errorCode (with the code's meaning), pricingCategory… */
export type Group = MessageAnalytics['totals'][number]['group'];
/** Milliseconds between two steps of a message: the median and the 95th percentile. */
export type Latency = NonNullable<Figures['acceptedToSentMs']>;

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

/** The browser's time zone (IANA), whose days and hours the overview's buckets are. */
export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The range's bounds (ISO, `to` exclusive), whole buckets of the browser's clock ending with the
 * current one: the last 24 hours are the current hour and the 23 before it; the last 7 days, today
 * and the 6 before (a day of 23 or 25 hours when the clocks change).
 */
export function bounds(range: Range, now = Date.now()): { from: string; to: string } {
  const d = new Date(now);
  if (range.granularity === 'hour') {
    d.setMinutes(0, 0, 0);
    const to = d.getTime() + HOUR;
    return { from: new Date(to - range.buckets * HOUR).toISOString(), to: new Date(to).toISOString() };
  }
  const day = (n: number) => new Date(d.getFullYear(), d.getMonth(), d.getDate() + n).toISOString();
  return { from: day(1 - range.buckets), to: day(1) };
}

/** Every bucket's start (ISO, UTC) from `from` up to `to` (exclusive): hours, or the browser's days. */
export function bucketStarts(answer: Pick<Analytics, 'from' | 'to' | 'granularity'>): string[] {
  const starts: string[] = [];
  const to = Date.parse(answer.to);
  const d = new Date(answer.from);
  while (d.getTime() < to) {
    starts.push(d.toISOString());
    if (answer.granularity === 'hour') d.setTime(d.getTime() + HOUR);
    else d.setTime(new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime());
  }
  return starts;
}

/** A bucket's label on an axis, on the browser's clock as the buckets are: "14:00" for an hour, "26 Nov" for a day. */
export function bucketLabel(start: string, granularity: 'hour' | 'day'): string {
  const options: Intl.DateTimeFormatOptions =
    granularity === 'hour'
      ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }
      : { day: 'numeric', month: 'short' };
  return new Date(start).toLocaleString(undefined, options);
}

/**
 * Series over every bucket of `answer`, zero where the API has no row: each row gives `[key, value]`
 * pairs, summed per key and bucket (`(row) => [[row.group?.errorCode, row.failed]]`). Pairs whose
 * key is null or undefined are left out; keys come in the order first seen.
 */
export function series(
  answer: Analytics,
  pairs: (row: Analytics['data'][number]) => Iterable<readonly [string | null | undefined, number]>,
): Map<string, number[]> {
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

/** The query string of a range in the browser's time zone, with `groupBy` and filters. */
export function analyticsQuery(range: Range, extra: Record<string, string> = {}, now = Date.now()): string {
  return new URLSearchParams({
    ...bounds(range, now),
    granularity: range.granularity,
    timeZone: browserZone(),
    ...extra,
  }).toString();
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
