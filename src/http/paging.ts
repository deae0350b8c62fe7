/**
 * Keyset paging, one way for every list (docs/api.md §D6): `limit` items (default 10), after the item
 * named by `starting_after` in the list's order; `has_more` says another page exists.
 */
import { TidingsError } from '../errors.js';

/** A page of a list, as every list answers. */
export interface Page<T> {
  data: T[];
  has_more: boolean;
}

export interface PageSource<C, R, T> {
  /** The item `starting_after` names, in the caller's scope (account, mode), or undefined. */
  cursor(id: string): Promise<C | undefined>;
  /** Up to `limit` items after `after` (or from the start), in the list's order. */
  page(limit: number, after: C | undefined): Promise<R[]>;
  map(item: R): T;
  /** What the list holds, for the error message ("message", "template"…). */
  noun: string;
}

/**
 * One page. An empty `starting_after` means the first page (a client that pastes the last id of
 * nothing).
 * @throws TidingsError parameter_invalid (param `starting_after`) when it names nothing of the list.
 */
export async function paginate<C, R, T>(
  query: { limit?: number | undefined; starting_after?: string | undefined },
  source: PageSource<C, R, T>,
): Promise<Page<T>> {
  const limit = query.limit ?? 10;
  let after: C | undefined;
  if (query.starting_after) {
    after = await source.cursor(query.starting_after);
    if (after === undefined) {
      throw new TidingsError(
        'parameter_invalid',
        `starting_after names no ${source.noun} of this list: ${query.starting_after}.`,
        { param: 'starting_after' },
      );
    }
  }
  const items = await source.page(limit + 1, after);
  return { data: items.slice(0, limit).map(source.map), has_more: items.length > limit };
}
