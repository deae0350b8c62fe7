/** Placeholders (`{{1}}`, `{{name}}`) in template text: found once, for every rule that reads them. */

/** Every `{{…}}` in a text, with its position; `inner` is what stands between the braces. */
export function placeholders(text: string): { inner: string; start: number; end: number }[] {
  return [...text.matchAll(/\{\{([^{}]*)\}\}/g)].map((m) => ({
    inner: m[1]!,
    start: m.index!,
    end: m.index! + m[0].length,
  }));
}
