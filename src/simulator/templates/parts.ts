/** Reading a template's components: by type (case-insensitive, as Meta takes them) and variables. */

type Component = Record<string, any>;

/** The component of `type` (`BODY`, `header`, …), matched case-insensitively. */
export function component(components: readonly Component[] | undefined, type: string): Component | undefined {
  return (components ?? []).find((c) => String(c?.type ?? '').toUpperCase() === type.toUpperCase());
}

/** Distinct variables of a text: `{{1}}` → `1`, `{{first_name}}` → `first_name`, in order. */
export function variables(text: unknown): string[] {
  if (typeof text !== 'string') return [];
  return [...new Set([...text.matchAll(/\{\{\s*([a-z0-9_]+)\s*\}\}/g)].map((m) => m[1]!))];
}

/** The template's buttons (the `BUTTONS` component's list). */
export function buttonsOf(components: readonly Component[] | undefined): Component[] {
  const b = component(components, 'BUTTONS')?.buttons;
  return Array.isArray(b) ? b : [];
}
