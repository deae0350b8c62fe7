/**
 * Reads of the message aggregates for the buckets of a time zone (time-zone.rules.ts): each
 * aggregate row placed in the zone's bucket it falls in, read from the coarsest table whose
 * buckets fit the zone's: the daily table when every bucket starts at a UTC midnight, the hourly
 * one when every bucket starts on a UTC hour (Europe/Berlin, America/New_York, their
 * daylight-saving changes included), and otherwise (India +5:30, Nepal +5:45) the hourly one for
 * the hours no bucket starts inside and the quarter-hour one for those it does (or the quarter
 * hours alone, when most hours are cut, as each hour of India is).
 */
import type { Reader } from '../db/store.js';
import type { StatGrain } from '../db/tables/message-stats.js';
import { readStats, type StatsQuery, type StatsRow } from './message-stats.repository.js';

const QUARTER_MS = 900_000;
const HOUR_MS = 4 * QUARTER_MS;
const DAY_MS = 24 * HOUR_MS;
const GRAIN_MS: Record<StatGrain, number> = { quarter: QUARTER_MS, hour: HOUR_MS, day: DAY_MS };
const GRAIN_CHARS: Record<StatGrain, number> = { quarter: 16, hour: 13, day: 10 };

/** An aggregate row and the index (in `starts`) of the zone's bucket it falls in. */
export interface PlacedRow {
  row: StatsRow;
  index: number;
}

/** The start of a bucket as the tables write it (`2026-11-20`, `2026-11-20T18`, `2026-11-20T18:30`), ms. */
function bucketMs(bucket: string): number {
  return Date.parse(
    bucket.length === 10 ? `${bucket}T00:00:00Z` : bucket.length === 13 ? `${bucket}:00:00Z` : `${bucket}:00Z`,
  );
}

/** A UTC bucket of `grain` at `ms` as the tables write it. */
function bucketAt(ms: number, grain: StatGrain): string {
  return new Date(ms).toISOString().slice(0, GRAIN_CHARS[grain]);
}

/**
 * The aggregate rows of a zone's buckets, each placed in its bucket, by bucket then dimensions.
 * @param starts each bucket's start, UTC ms, ascending, ending with the range's end
 */
export async function readZoneStats(
  db: Reader,
  q: Omit<StatsQuery, 'grain' | 'fromBucket' | 'toBucket' | 'hours'>,
  starts: readonly number[],
): Promise<PlacedRow[]> {
  const from = starts[0]!;
  const to = starts[starts.length - 1]!;
  const read = (grain: StatGrain, hours?: string[]) =>
    readStats(db, {
      ...q,
      grain,
      fromBucket: bucketAt(Math.floor(from / GRAIN_MS[grain]) * GRAIN_MS[grain], grain),
      toBucket: bucketAt(Math.ceil(to / GRAIN_MS[grain]) * GRAIN_MS[grain], grain),
      ...(hours ? { hours } : {}),
    });
  let rows: StatsRow[];
  if (starts.every((s) => s % DAY_MS === 0)) rows = await read('day');
  else if (starts.every((s) => s % HOUR_MS === 0)) rows = await read('hour');
  else {
    const cut = [...new Set(starts.filter((s) => s % HOUR_MS !== 0).map((s) => bucketAt(s, 'hour')))];
    if (cut.length * 2 >= (to - from) / HOUR_MS) rows = await read('quarter');
    else {
      const cutSet = new Set(cut);
      rows = [...(await read('hour')).filter((r) => !cutSet.has(r.bucket)), ...(await read('quarter', cut))];
    }
  }
  const placed = rows.map((row) => ({ row, index: place(starts, bucketMs(row.bucket)) }));
  const key = (p: PlacedRow) => JSON.stringify(Object.values(p.row.dimensions));
  return placed.sort((a, b) => a.index - b.index || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** The index of the bucket an instant falls in: the last start at or before it (the first bucket for one before all). */
function place(starts: readonly number[], ms: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (starts[mid]! <= ms) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
