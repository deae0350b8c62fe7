/**
 * Graph cursor paging over a list held in memory (docs/platform.md §0): `limit`, `after` and
 * `before` cursors, and `paging: {cursors: {before, after}, next?, previous?}` with `next`/`previous`
 * links repeating the request's other parameters (template-list-*.json). Used by the simulator's
 * template list and Template Library (src/simulator/templates/) and the Cloud API facade's template
 * list (docs/api.md §D34).
 */

/** Page size when `limit` is not given (UNCONFIRMED; Graph edges commonly use 25). */
export const DEFAULT_LIMIT = 25;

const cursor = (n: number) => Buffer.from(`graph:${n}`).toString('base64url');
const position = (c: unknown) => {
  const m = typeof c === 'string' ? /^graph:(\d+)$/.exec(Buffer.from(c, 'base64url').toString()) : null;
  return m ? Number(m[1]) : null;
};

/**
 * One page of `items` as the request asks for it.
 * @param query the request's query: `limit` (1–1,000, default 25), `after`, `before`; the other
 *   string parameters (but `access_token`) are repeated in the links.
 * @param selfUrl this request's URL without its query, for `next`/`previous`.
 * @returns the page's items and the `paging` object (empty when the page is).
 * @example pageOf(['a', 'b', 'c'], { limit: '2' }, 'http://sim/v23.0/x') // {page: ['a', 'b'], paging: {cursors, next}}
 */
export function pageOf<T>(
  items: T[],
  query: Record<string, unknown>,
  selfUrl: string,
): { page: T[]; paging: Record<string, unknown> } {
  const limit = Math.min(Math.max(Number(query.limit ?? DEFAULT_LIMIT) || DEFAULT_LIMIT, 1), 1000);
  const after = position(query.after);
  const before = position(query.before);
  let start = after !== null ? after + 1 : 0;
  if (before !== null && after === null) start = Math.max(0, before - limit);
  const end = before !== null && after === null ? before : start + limit;
  const page = items.slice(start, end);
  const link = (key: 'after' | 'before', value: string) => {
    const q = new URLSearchParams(
      Object.entries(query).filter(
        ([k, v]) => typeof v === 'string' && !['after', 'before', 'access_token'].includes(k),
      ) as [string, string][],
    );
    q.set('limit', String(limit));
    q.set(key, value);
    return `${selfUrl}?${q}`;
  };
  const paging: Record<string, unknown> = {};
  if (page.length > 0) {
    paging.cursors = { before: cursor(start), after: cursor(start + page.length - 1) };
    if (start + page.length < items.length) paging.next = link('after', cursor(start + page.length - 1));
    if (start > 0) paging.previous = link('before', cursor(start));
  }
  return { page, paging };
}
