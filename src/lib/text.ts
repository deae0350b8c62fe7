/** Small helpers for messages written to people. */

/** `approved` → `an approved`, `pending` → `a pending` (by the first letter: good enough for this API's words). */
export function withArticle(word: string): string {
  return `${/^[aeiou]/i.test(word) ? 'an' : 'a'} ${word}`;
}

/** `an approved` → `An approved`. */
export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
