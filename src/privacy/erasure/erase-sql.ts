/** What the erasure's statements share (erasure.repository.ts and its parts). */

export type Mode = 'live' | 'test';

/** Escapes `%`, `_` and the backslash for a LIKE pattern (escaped by a backslash), matching anywhere. */
export function likeText(s: string): string {
  return `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
