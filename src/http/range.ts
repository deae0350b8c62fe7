/**
 * Byte ranges of a file (RFC 9110 section 14): one range of `bytes` per request. What this does not serve
 * (another unit, several ranges, a header that does not parse) gets the whole file, as RFC 9110
 * section 14.2 lets a server do.
 */

/** Bytes `start` to `end` of a file, both included. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * The part of a file of `size` bytes a `Range` header asks for: `bytes=a-b`, `bytes=a-` or the
 * last n bytes, `bytes=-n`. An end beyond the file is cut to its last byte.
 * @returns the range; `full` for the whole file; `unsatisfiable` (answer 416) when it starts
 *   beyond the file, asks for the last 0 bytes, or the file is empty.
 * @example parseRange('bytes=0-99', 1000) // { start: 0, end: 99 }
 * @example parseRange('bytes=-100', 1000) // { start: 900, end: 999 }
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'full' | 'unsatisfiable' {
  if (header === undefined) return 'full';
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match || (match[1] === '' && match[2] === '')) return 'full';
  const [, first, last] = match as unknown as [string, string, string];
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  // `bytes=5-2` is not a valid range: the header is ignored (RFC 9110 section 14.1.2).
  if (last !== '' && Number(last) < start) return 'full';
  if (start >= size) return 'unsatisfiable';
  return { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) };
}
