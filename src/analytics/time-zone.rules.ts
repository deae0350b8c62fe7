/**
 * The buckets of an analytics query in a time zone (docs/api.md §D22, `timeZone`): the days or
 * hours of the zone's clock, as the UTC instants they start at, with their daylight-saving
 * changes (a day of 23 or 25 hours, an hour that comes twice or never), from the IANA time-zone
 * database the runtime carries (`Intl`).
 *
 * The aggregates are kept per UTC quarter hour (migration 0025), and every zone's offset in use
 * today is a multiple of 15 minutes (Nepal +5:45, Chatham +12:45), so each bucket of every zone is
 * a sum of whole quarter hours. The limit: an offset that is not (local mean time, before about
 * 1972 in the few zones that kept one that late) cuts a quarter hour, which then counts whole in
 * the bucket it starts in.
 */
import { TidingsError } from '../errors.js';
import type { Granularity } from '../db/tables/message-stats.js';
import { instant } from './analytics-query.rules.js';

const MINUTE_MS = 60_000;
const QUARTER_MS = 15 * MINUTE_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
/** The longest range of each granularity, in its units (31 days of hours; 400 days). */
const MAX_BUCKETS: Record<Granularity, number> = { hour: 31 * 24, day: 400 };
/** The range without `from`, in buckets before `to`. */
const DEFAULT_BUCKETS: Record<Granularity, number> = { hour: 24, day: 30 };

const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A `timeZone` parameter checked against the IANA database: the name as given (`Asia/Kolkata`), or
 * `UTC` for a name of UTC (`Etc/UTC`).
 * @throws TidingsError parameter_invalid naming `timeZone` for a zone the IANA database has not
 */
export function zoneOf(param: string): string {
  try {
    if (!/^[A-Za-z0-9_+\-/]{1,64}$/.test(param)) throw new RangeError(param);
    const zone = new Intl.DateTimeFormat('en-US', { timeZone: param }).resolvedOptions().timeZone;
    return ['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT'].includes(zone) ? 'UTC' : param;
  } catch {
    throw new TidingsError(
      'parameter_invalid',
      `\`timeZone\` takes an IANA time zone (Europe/Berlin, Asia/Kolkata, UTC); "${param}" is none.`,
      { param: 'timeZone' },
    );
  }
}

/** The zone's offset from UTC at an instant, ms (+5:30 is 19,800,000), to the second. */
export function offsetAt(zone: string, ms: number): number {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(zone, format);
  }
  const p = Object.fromEntries(format.formatToParts(ms).map((x) => [x.type, Number(x.value)]));
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return wall - Math.floor(ms / 1000) * 1000;
}

/** The zone's wall-clock time at an instant, as ms of a UTC clock that read the same. */
function wallAt(zone: string, ms: number): number {
  return ms + offsetAt(zone, ms);
}

/**
 * The instant the zone's day with wall-clock midnight `wall` (ms, as a UTC clock) starts: its first
 * midnight, or when a change skips midnight, the first instant after the change.
 */
function dayStart(zone: string, wall: number): number {
  const offsets = [...new Set([offsetAt(zone, wall - 14 * HOUR_MS), offsetAt(zone, wall + 12 * HOUR_MS)])];
  const midnights = offsets.map((o) => wall - o).filter((t) => wallAt(zone, t) === wall);
  if (midnights.length) return Math.min(...midnights);
  let lo = wall - Math.max(...offsets);
  let hi = wall - Math.min(...offsets);
  while (hi - lo > 1000) {
    const mid = Math.floor((lo + hi) / 2);
    if (wallAt(zone, mid) >= wall) hi = mid;
    else lo = mid;
  }
  return hi;
}

/**
 * `from` or `to` in a zone: a date (`2026-11-01`) is the start of that day in the zone; a date-time
 * names its own offset.
 * @throws TidingsError parameter_invalid naming `param` for a value that is neither
 */
export function zoneInstant(zone: string, value: string, param: string): number {
  const ms = instant(value, param);
  return value.length === 10 ? dayStart(zone, ms) : ms;
}

/** The start of the zone's day that `ms` falls in. */
function dayOf(zone: string, ms: number): number {
  const start = dayStart(zone, Math.floor(wallAt(zone, ms) / DAY_MS) * DAY_MS);
  return start > ms ? dayStart(zone, Math.floor(wallAt(zone, ms) / DAY_MS) * DAY_MS - DAY_MS) : start;
}

/** Whether a zone's hour starts at `ms`: its clock reads a whole hour there. */
function hourStartsAt(zone: string, ms: number): boolean {
  return wallAt(zone, ms) % HOUR_MS === 0;
}

/**
 * The buckets of a range in a zone: `from` rounded down to the start of its day or hour there, `to`
 * up to a bucket's start, and each bucket's start (UTC ms), ending with `to`.
 * @param from `from` as an instant, or undefined for the granularity's default span before `to`
 * @throws TidingsError parameter_invalid for a range that ends before it starts, or one longer than
 *   the granularity allows (31 days by hour, 400 by day)
 */
export function zoneBuckets(
  granularity: Granularity,
  zone: string,
  from: number | undefined,
  to: number,
): { from: number; to: number; starts: number[] } {
  const max = MAX_BUCKETS[granularity];
  const unit = granularity === 'hour' ? HOUR_MS : DAY_MS;
  const tooLong = () =>
    new TidingsError(
      'parameter_invalid',
      `A range by ${granularity} spans at most ${granularity === 'hour' ? 31 : 400} days; ask by day, or for a shorter range.`,
      { param: 'from' },
    );
  if (from !== undefined && from >= to)
    throw new TidingsError('parameter_invalid', '`from` must come before `to`.', { param: 'from' });
  // The span asked for, before rounding out to whole buckets (which adds at most one at each end).
  if (from !== undefined && to - from > max * unit) throw tooLong();
  const starts: number[] = [];
  if (granularity === 'day') {
    let day = dayOf(zone, to);
    if (day < to) day = dayStart(zone, Math.floor(wallAt(zone, day) / DAY_MS) * DAY_MS + DAY_MS);
    const first = from === undefined ? -Infinity : dayOf(zone, from);
    starts.push(day);
    while (day > first && (from !== undefined || starts.length <= DEFAULT_BUCKETS.day)) {
      day = dayStart(zone, Math.floor(wallAt(zone, day) / DAY_MS) * DAY_MS - DAY_MS);
      starts.push(day);
      if (starts.length > max + 3) throw tooLong();
    }
  } else {
    let t = Math.ceil(to / QUARTER_MS) * QUARTER_MS;
    for (let steps = 1; !hourStartsAt(zone, t) && steps < 4; steps++) t += QUARTER_MS;
    const first = from === undefined ? -Infinity : from;
    starts.push(t);
    while (t > first && (from !== undefined || starts.length <= DEFAULT_BUCKETS.hour)) {
      t -= QUARTER_MS;
      // Zones whose offset is not whole quarters (none today) have no start on this grid: every 4th.
      for (let steps = 1; !hourStartsAt(zone, t) && steps < 4; steps++) t -= QUARTER_MS;
      starts.push(t);
      if (starts.length > max + 3) throw tooLong();
    }
  }
  starts.reverse();
  return { from: starts[0]!, to: starts[starts.length - 1]!, starts };
}

/** An instant as ISO 8601 with the zone's offset at it: `2026-11-21T00:00:00.000+05:30`. */
export function isoIn(zone: string, ms: number): string {
  const offset = Math.round(offsetAt(zone, ms) / MINUTE_MS);
  const abs = Math.abs(offset);
  const sign = offset < 0 ? '-' : '+';
  const hhmm = `${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${new Date(ms + offset * MINUTE_MS).toISOString().slice(0, 23)}${sign}${hhmm}`;
}
