/**
 * A template's content as the file gives it and as the service holds it, brought to one form and
 * compared field by field; and the Idempotency-Keys of the writes `apply` makes. Pure functions.
 */
import { createHash } from 'node:crypto';
import type { RemoteTemplate } from './client.js';
import { CONTENT_FIELDS, type FileTemplate } from './template-file.js';

/** What can change of a template: its content fields, or a library template's name and inputs. */
export type Field = (typeof CONTENT_FIELDS)[number] | 'libraryTemplateName' | 'libraryInputs';

/** A content template's fields, absent ones as the service writes them (null, []). */
export interface Content {
  header: Record<string, unknown> | null;
  body: string;
  variables: { example: string; name?: string }[];
  footer: string | null;
  buttons: Record<string, unknown>[];
  timeToLive: number | null;
}

/** One field that differs: its value at the service (`before`) and in the file (`after`). */
export interface FieldChange {
  field: Field;
  before: unknown;
  after: unknown;
}

/** Whether a service template was made from Meta's Template Library (docs/api.md §D20). */
export const isLibrary = (t: RemoteTemplate): boolean =>
  typeof t.libraryTemplateName === 'string' && t.libraryTemplateName !== '';

/** The content of a file template (content kind). */
export function fileContent(t: FileTemplate & { kind: 'content' }): Content {
  const e = t.entry;
  return {
    header: e.header ?? null,
    body: t.body,
    variables: e.variables ?? [],
    footer: e.footer ?? null,
    buttons: e.buttons ?? [],
    timeToLive: e.timeToLive ?? null,
  };
}

/** The content of a service template. */
export function remoteContent(t: RemoteTemplate): Content {
  return {
    header: t.header ?? null,
    body: t.body,
    variables: t.variables ?? [],
    footer: t.footer ?? null,
    buttons: t.buttons ?? [],
    timeToLive: t.timeToLive ?? null,
  };
}

/** A library template's two fields, absent inputs as null. */
export function libraryFields(t: { libraryTemplateName?: string | null; libraryInputs?: unknown }): {
  libraryTemplateName: string | null;
  libraryInputs: unknown;
} {
  const inputs = t.libraryInputs;
  const empty =
    inputs === undefined || inputs === null || (typeof inputs === 'object' && Object.keys(inputs).length === 0);
  return { libraryTemplateName: t.libraryTemplateName ?? null, libraryInputs: empty ? null : inputs };
}

/**
 * The fields of `after` that differ from `before`, in the file's order. Objects compare by
 * content whatever their keys' order; a field left undefined counts as absent.
 */
export function changes<T extends object>(before: T, after: T, fields: readonly (keyof T & Field)[]): FieldChange[] {
  return fields
    .filter((f) => canonical(before[f]) !== canonical(after[f]))
    .map((f) => ({ field: f, before: before[f], after: after[f] }));
}

/** JSON with object keys sorted and undefined values left out: equal content, equal text. */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([, x]) => x !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

const digest = (parts: unknown[]) => createHash('sha256').update(canonical(parts)).digest('hex').slice(0, 48);

/**
 * The Idempotency-Key of creating this template: a hash of its name, language and content, the
 * same for every account and every run, so a run repeated after a crash is answered with the
 * template the first one made (within the service's 24 hours), never a second one.
 */
export function createKey(kind: 'content' | 'library', parts: unknown): string {
  return `templates-apply-${kind}-${digest([kind, parts])}`;
}

/**
 * The Idempotency-Key of an edit: the template, its version (`updatedAt`) and the change. Retries
 * within a run are answered once; an edit of a later version (the template changed since) is a
 * new request, never an old answer replayed.
 */
export function editKey(t: RemoteTemplate, change: Record<string, unknown>): string {
  return `templates-apply-edit-${digest([t.id, t.updatedAt, change])}`;
}
