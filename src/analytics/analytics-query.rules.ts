/**
 * The rules of an analytics query (docs/api.md §D22): its range, rounded out to whole buckets and
 * at most 31 days of hours or 400 days; its groupings; and the buckets as the aggregate tables
 * write them (`YYYY-MM-DD`, `YYYY-MM-DDTHH`, UTC).
 */
import { TidingsError } from '../errors.js';
import type { Granularity } from '../db/tables/message-stats.js';
import { GROUP_BYS, type GroupBy } from './analytics.schemas.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The longest range of each granularity, ms (31 days of hours: 744 buckets; 400 days). */
const MAX_SPAN_MS: Record<Granularity, number> = { hour: 31 * DAY_MS, day: 400 * DAY_MS };
/** The range without `from`, ms. */
const DEFAULT_SPAN_MS: Record<Granularity, number> = { hour: DAY_MS, day: 30 * DAY_MS };

/**
 * The range as instants (ms): `from` rounded down to its bucket, `to` up to a bucket boundary.
 * @param fromParam `from` as given (default: the granularity's default span before `to`)
 * @param toParam `to` as given (default: `now`, ms)
 * @throws TidingsError parameter_invalid for a date that is not ISO 8601, a range that ends before
 *   it starts, or one longer than the granularity allows
 */
export function rangeOf(
  granularity: Granularity,
  fromParam: string | undefined,
  toParam: string | undefined,
  now: number,
): { from: number; to: number } {
  const unit = granularity === 'hour' ? HOUR_MS : DAY_MS;
  const to = Math.ceil((toParam === undefined ? now : instant(toParam, 'to')) / unit) * unit;
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

/** `groupBy`'s list, each grouping once, in the order given. @throws TidingsError parameter_invalid naming an unknown one. */
export function parseGroupBy(param: string | undefined): GroupBy[] {
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

/** An ISO 8601 date or date-time as ms. @throws TidingsError parameter_invalid naming `param` otherwise. */
export function instant(value: string, param: string): number {
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
export function bucketOf(ms: number, granularity: Granularity): string {
  return new Date(ms).toISOString().slice(0, granularity === 'hour' ? 13 : 10);
}

/** A bucket's start as an ISO date-time. */
export function startOf(bucket: string): string {
  return bucket.length === 10 ? `${bucket}T00:00:00.000Z` : `${bucket}:00:00.000Z`;
}
