/** Small helpers for messages written to people. */

/** `approved` → `an approved`, `pending` → `a pending` (by the first letter: good enough for this API's words). */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}

/** `an approved` → `An approved`. */
export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

const SIZE_UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/**
 * A size for people, in the binary units the platform writes its limits in (1 KB = 1,024 bytes,
 * 1 MB = 1,024 KB; docs/platform.md §3), with at most one decimal and none when whole.
 * @param bytes a count of bytes (≥ 0).
 * @example formatBytes(102_400 * 1024) // '100 MB'
 * @example formatBytes(500 * 1024) // '500 KB'
 * @example formatBytes(1536) // '1.5 KB'
 * @example formatBytes(900) // '900 bytes'
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = Math.round(value * 10) / 10;
  // 1,023.96 KB rounds to 1,024 KB: that is 1 MB.
  if (rounded >= 1024 && unit < SIZE_UNITS.length - 1) return `1 ${SIZE_UNITS[unit + 1]}`;
  return `${rounded} ${SIZE_UNITS[unit]}`;
}

/**
 * The size of something that broke a limit, said so that it reads as more than the limit: the size
 * itself (`20 MB`) unless it rounds to the limit's own figure, then `more than 1 MB`.
 * @example sizeOver(20 * 1024 * 1024, 1024 * 1024) // '20 MB'
 * @example sizeOver(1024 * 1024 + 10, 1024 * 1024) // 'more than 1 MB'
 */
export function sizeOver(bytes: number, limit: number): string {
  const size = formatBytes(bytes);
  return size === formatBytes(limit) ? `more than ${size}` : size;
}

/** `mediaID`, `media_id` and `media-id` all read as `mediaid`. */
const looseName = (name: string) => name.toLowerCase().replace(/[_-]/g, '');

/** Edits (insert, delete, substitute, swap two neighbours) from `a` to `b`, or `max + 1` once more. */
function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  let before: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, before[j - 2]! + 1);
      current.push(d);
    }
    [before, previous] = [previous, current];
  }
  return previous[b.length]!;
}

/**
 * The name among `candidates` that `word` is most likely a slip for (a typo, another case, snake
 * case for camel case), or undefined when none is close: at most one edit for names of up to 4
 * characters, two up to 8, three beyond.
 * @example closestName('txt', ['to', 'type', 'text']) // 'text'
 * @example closestName('media_id', ['to', 'type', 'mediaId']) // 'mediaId'
 * @example closestName('priority', ['to', 'type', 'text']) // undefined
 */
export function closestName(word: string, candidates: readonly string[]): string | undefined {
  // A name longer than any field is no slip, and would cost time to compare.
  if (word.length > 64) return undefined;
  const loose = looseName(word);
  const max = loose.length <= 4 ? 1 : loose.length <= 8 ? 2 : 3;
  let best: { name: string; distance: number } | undefined;
  for (const name of candidates) {
    const distance = editDistance(loose, looseName(name), max);
    if (distance <= max && (!best || distance < best.distance)) best = { name, distance };
  }
  return best?.name;
}
