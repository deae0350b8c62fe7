/**
 * What `apply` would do to make the account's templates match the file, template by template:
 * create, update (a pending or rejected template: `PATCH`), ttl-update (a template the platform
 * holds whose only change is its time to live, which `PATCH { timeToLive }` changes with no new
 * review), unchanged, or cannot change (the platform freezes the content of an approved, paused,
 * disabled or processing template: docs/api.md §4.4); the templates that would be created or edited
 * checked by the service (`POST /v1/templates/validate`) first. Templates of the account the file
 * does not name are listed, never deleted.
 */
import { createHash } from 'node:crypto';
import { RequestRefused, type Issue, type RemoteTemplate, type TemplatesClient } from './client.js';
import {
  changes,
  fileContent,
  isLibrary,
  libraryFields,
  remoteContent,
  type Content,
  type FieldChange,
} from './compare.js';
import { CONTENT_FIELDS, type FileTemplate } from './template-file.js';

export type Action = 'create' | 'update' | 'ttl-update' | 'unchanged' | 'cannot-change' | 'invalid' | 'not-in-file';

/** One template's line of the plan. */
export interface PlanItem {
  name: string;
  language: string;
  action: Action;
  /** For `invalid`: what the file asked for (create or update). */
  wanted?: 'create' | 'update';
  /** The file's line of the template (not for `not-in-file`). */
  line?: number;
  /** The template at the service, when there is one. */
  id?: string;
  status?: string;
  /** Service → file, field by field (update, ttl-update, cannot-change). */
  changes: FieldChange[];
  /** cannot-change: why, and what to do instead. */
  reason?: string;
  /** invalid: the service's issues with the content (or its refusal). */
  issues?: Issue[];
  /** Not printed: what apply needs. */
  file?: FileTemplate;
  remote?: RemoteTemplate;
}

/** Statuses a `PATCH` edits: held by Tidings (pending) or refused by the review (rejected). */
const EDITABLE = new Set(['pending', 'rejected']);
/** Statuses whose time to live alone can change, with no new review (docs/platform.md §5.2). */
const TTL_EDITABLE = new Set(['approved', 'processing', 'paused']);

const key = (name: string, language: string) => `${name}\u0000${language}`;
const byNameThenLanguage = (a: { name: string; language: string }, b: { name: string; language: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.language < b.language ? -1 : a.language > b.language ? 1 : 0;

/**
 * The plan for `templates` (a file's, read by parseTemplateFile) against the account of `client`'s key.
 * @returns the file's templates by name then language, then the service's templates the file leaves out.
 * @throws TemplatesStopped when the templates cannot be listed.
 */
export async function makePlan(templates: FileTemplate[], client: TemplatesClient): Promise<PlanItem[]> {
  const remote = await client.listAll();
  const atService = new Map(remote.map((t) => [key(t.name, t.language), t]));
  const named = new Set<string>();
  const items: PlanItem[] = [];
  for (const file of [...templates].sort((a, b) => byNameThenLanguage(a.entry, b.entry))) {
    const k = key(file.entry.name, file.entry.language);
    named.add(k);
    const item = compare(file, atService.get(k));
    items.push(item.action === 'create' || item.action === 'update' ? await validated(item, client) : item);
  }
  const leftAlone = remote
    .filter((t) => !named.has(key(t.name, t.language)) && t.source !== 'generated')
    .sort(byNameThenLanguage);
  for (const t of leftAlone)
    items.push({
      name: t.name,
      language: t.language,
      action: 'not-in-file',
      id: t.id,
      status: t.status,
      changes: [],
      remote: t,
    });
  return items;
}

/** What the file asks of one template, before the service checks its content. */
function compare(file: FileTemplate, remote: RemoteTemplate | undefined): PlanItem {
  const { name, language } = file.entry;
  const base = { name, language, line: file.line, file, changes: [] as FieldChange[] };
  if (!remote) return { ...base, action: 'create' };
  const item: PlanItem = { ...base, action: 'unchanged', id: remote.id, status: remote.status, remote };
  const frozen = (reason: string): PlanItem => ({ ...item, action: 'cannot-change', reason });
  if (remote.source === 'generated')
    return frozen('The platform generated this template for a Direct Send; it is read-only. Remove it from the file.');

  if (file.kind === 'library') {
    item.changes = changes(libraryFields(remote), libraryFields(file.entry), ['libraryTemplateName', 'libraryInputs']);
    if (item.changes.length === 0) return item;
    return frozen(
      isLibrary(remote)
        ? `A template from the Template Library is approved at once and cannot be edited. ${replaceAdvice(remote)}`
        : `At the service this is a template with its own content, not one from the Template Library, and it cannot become one. ${replaceAdvice(remote)}`,
    );
  }
  item.changes = changes<Content>(remoteContent(remote), fileContent(file), CONTENT_FIELDS);
  if (item.changes.length === 0) return item;
  if (isLibrary(remote))
    return frozen(
      `It was made from the Template Library (${remote.libraryTemplateName}), and its content cannot be edited. ${replaceAdvice(remote)}`,
    );
  if (EDITABLE.has(remote.status)) return { ...item, action: 'update' };
  const onlyTtl = item.changes.every((c) => c.field === 'timeToLive');
  if (onlyTtl && TTL_EDITABLE.has(remote.status)) {
    if (file.entry.timeToLive === undefined) {
      return frozen(
        `The platform cannot put a template's time to live back to its default once it is set: write timeToLive: ${String(remote.timeToLive)} to keep it, or 43200 (12 hours) for the longest.`,
      );
    }
    return { ...item, action: 'ttl-update' };
  }
  return frozen(frozenReason(remote));
}

/** Why the content of a template in `status` cannot change, and what to do instead. */
function frozenReason(t: RemoteTemplate): string {
  switch (t.status) {
    case 'processing':
      return `It is under review at the platform, and a template under review cannot be edited. Wait for the review: if it is rejected, apply again and it will be edited; if it is approved, its content is frozen (see \`plan\` then). Or put the content at the service back in the file.`;
    case 'approved':
      return `An approved template's content is frozen at the platform (only timeToLive can change). ${replaceAdvice(t)} Or put its content at the service back in the file.`;
    case 'paused':
      return `A paused template's content is frozen at the platform (only timeToLive can change), and it cannot be sent until the platform unpauses it. ${replaceAdvice(t)}`;
    case 'disabled':
      return `The platform disabled this template for good: it can be neither edited nor sent. ${replaceAdvice(t)}`;
    default:
      return `A ${t.status} template cannot be edited. ${replaceAdvice(t)}`;
  }
}

/** Create a new name, move the sends, delete the old one. */
function replaceAdvice(t: RemoteTemplate): string {
  return `Create it under a new name such as ${nextName(t.name)} (add it to the file and apply), move your sends to it, then delete the old one (DELETE /v1/templates/${t.id}).`;
}

/** `order_shipped` → `order_shipped_v2`; `order_shipped_v2` → `order_shipped_v3`. */
export function nextName(name: string): string {
  const m = name.match(/^(.*_v)(\d+)$/);
  return m ? `${m[1]}${Number(m[2]) + 1}` : `${name}_v2`;
}

/** The body `POST /v1/templates` and validate take for a content template of the file. */
export function createBody(file: FileTemplate & { kind: 'content' }, name = file.entry.name): Record<string, unknown> {
  return { name, category: 'UTILITY', language: file.entry.language, ...fileContent(file) };
}

/**
 * The item with the service's verdict on its content. An edit keeps its name, which the service
 * holds (validate answers 409 template_name_taken for it), so its content is checked under a
 * stand-in name no template has: the name was accepted when the template was created.
 */
async function validated(item: PlanItem, client: TemplatesClient): Promise<PlanItem> {
  const file = item.file!;
  if (file.kind !== 'content') return item; // the Template Library has no validate; the create says.
  const standIn =
    item.action === 'update'
      ? `tidings_plan_check_${createHash('sha256').update(item.id!).digest('hex').slice(0, 16)}`
      : undefined;
  const invalid = (issues: Issue[]): PlanItem => ({
    ...item,
    action: 'invalid',
    wanted: item.action as 'create' | 'update',
    issues,
  });
  try {
    const verdict = await client.validate(createBody(file, standIn));
    return verdict.valid ? item : invalid(verdict.issues.filter((i) => !(standIn && i.field === 'name')));
  } catch (err) {
    if (!(err instanceof RequestRefused)) throw err;
    return invalid([
      ...err.issues,
      ...(err.issues.length === 0 ? [{ code: err.code, field: '', message: err.message }] : []),
    ]);
  }
}

/** Whether the plan holds anything that stops it (an invalid template, or one that cannot change). */
export const hasErrors = (items: PlanItem[]): boolean =>
  items.some((i) => i.action === 'invalid' || i.action === 'cannot-change');
/** Whether applying would change anything. */
export const hasChanges = (items: PlanItem[]): boolean =>
  items.some((i) => i.action === 'create' || i.action === 'update' || i.action === 'ttl-update');
