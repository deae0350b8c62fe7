/**
 * Rows of templates. Only this file touches the table; it builds its rows, and says when one
 * changes (`tx.changed`: every process's cache drops it). Rows never leave the templates feature.
 */
import { sql, type Selectable, type Updateable } from 'kysely';
import { isPostgres } from '../db/connect.js';
import { afterCursor } from '../db/paging.js';
import type { TemplatesTable } from '../db/schema.js';
import type { Reader, Tx } from '../db/store.js';
import type { TemplateContent } from './template.rules.js';
import type { PlatformTemplateDetail } from '../platform/platform.js';

export type TemplateRow = Selectable<TemplatesTable>;

/** The columns of a template the platform has said nothing more of (its lifecycle, its library origin, positional values). */
export const FRESH_LIFECYCLE = {
  quality: 'UNKNOWN',
  pause: null,
  flag: null,
  category_update: null,
  previous_category: null,
  library_template_name: null,
  library_inputs: null,
  parameter_format: 'POSITIONAL',
} as const;

/** The content columns of a template (name, language, body, variables, header, footer, buttons). */
export function contentColumns(
  content: Omit<TemplateContent, 'category' | 'timeToLive'>,
): Pick<TemplateRow, 'name' | 'language' | 'body' | 'variables' | 'header' | 'footer' | 'buttons'> {
  return {
    name: content.name,
    language: content.language,
    body: content.body,
    variables: JSON.stringify(content.variables ?? []),
    header: content.header ? JSON.stringify(content.header) : null,
    footer: content.footer ?? null,
    buttons: content.buttons?.length ? JSON.stringify(content.buttons) : null,
  };
}

/** Stores a new utility template, `pending` until the platform acknowledges it; returns its row. */
export async function insertTemplate(
  tx: Tx,
  t: { id: string; accountId: string; content: TemplateContent; createdAt: string },
): Promise<TemplateRow> {
  const row: TemplateRow = {
    id: t.id,
    account_id: t.accountId,
    ...contentColumns(t.content),
    category: 'UTILITY',
    status: 'pending',
    platform_template_id: null,
    rejection_reason: null,
    approved_at: null,
    submission_error: null,
    created_at: t.createdAt,
    updated_at: t.createdAt,
    deleted_at: null,
    time_to_live: t.content.timeToLive ?? null,
    source: 'tidings',
    ...FRESH_LIFECYCLE,
  };
  await tx.insertInto('templates').values(row).execute();
  tx.changed('templates', row.id);
  return row;
}

/**
 * Stores the row of a template the platform generated for a Direct Send, unless it exists (its id
 * comes from the platform's): approved, utility, named after its platform id until read from it.
 * @returns whether it was new.
 */
export async function insertGenerated(
  tx: Tx,
  t: { id: string; accountId: string; platformTemplateId: string; createdAt: string },
): Promise<boolean> {
  const row: TemplateRow = {
    id: t.id,
    account_id: t.accountId,
    name: `generated_${t.platformTemplateId}`,
    language: '',
    body: '',
    variables: '[]',
    header: null,
    footer: null,
    buttons: null,
    category: 'UTILITY',
    status: 'approved',
    platform_template_id: t.platformTemplateId,
    rejection_reason: null,
    approved_at: t.createdAt,
    submission_error: null,
    created_at: t.createdAt,
    updated_at: t.createdAt,
    deleted_at: null,
    time_to_live: null,
    source: 'generated',
    ...FRESH_LIFECYCLE,
  };
  const result = await tx
    .insertInto('templates')
    .values(row)
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  const inserted = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  if (inserted) tx.changed('templates', row.id);
  return inserted;
}

/** Fills a generated template's row with what the platform says of it (`GET /{template-id}`). */
export async function fillGenerated(tx: Tx, id: string, t: PlatformTemplateDetail, now: string): Promise<void> {
  const buttons = t.buttons.map((b) =>
    b.type === 'url'
      ? { type: 'url' as const, text: b.text, url: b.url ?? '' }
      : { type: 'quick_reply' as const, text: b.text },
  );
  await updateTemplate(tx, id, {
    name: t.name || undefined,
    language: t.language,
    body: t.body,
    header: t.header === null ? null : JSON.stringify({ type: 'text', text: t.header }),
    footer: t.footer,
    buttons: buttons.length > 0 ? JSON.stringify(buttons) : null,
    category: t.category === 'MARKETING' ? 'MARKETING' : 'UTILITY',
    time_to_live: t.timeToLive,
    updated_at: now,
  });
}

export async function updateTemplate(tx: Tx, id: string, changes: Updateable<TemplatesTable>): Promise<void> {
  await tx.updateTable('templates').set(changes).where('id', '=', id).execute();
  tx.changed('templates', id);
}

/** A live (not deleted) template of the account. */
export function findTemplate(db: Reader, accountId: string, id: string): Promise<TemplateRow | undefined> {
  return db
    .selectFrom('templates')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

/** By id whatever the account (background submission). */
export function findTemplateById(db: Reader, id: string): Promise<TemplateRow | undefined> {
  return db.selectFrom('templates').selectAll().where('id', '=', id).executeTakeFirst();
}

/** `{ platform_template_id, account_id }` of the live templates with these platform ids. */
export function accountsByPlatformIds(
  db: Reader,
  platformIds: string[],
): Promise<{ platform_template_id: string | null; account_id: string }[]> {
  if (platformIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('templates')
    .select(['platform_template_id', 'account_id'])
    .where('platform_template_id', 'in', platformIds)
    .where('deleted_at', 'is', null)
    .execute();
}

export function findByPlatformIds(tx: Tx, platformIds: string[]): Promise<TemplateRow[]> {
  if (platformIds.length === 0) return Promise.resolve([]);
  let q = tx
    .selectFrom('templates')
    .selectAll()
    .where('platform_template_id', 'in', platformIds)
    .where('deleted_at', 'is', null);
  if (isPostgres(tx)) q = q.forUpdate();
  return q.execute();
}

/**
 * Templates of the account holding `name` (any language, for reservations) that are live or were
 * deleted after `deletedSince`.
 */
export function findByName(db: Reader, accountId: string, name: string, deletedSince: string): Promise<TemplateRow[]> {
  return db
    .selectFrom('templates')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('name', '=', name)
    .where((eb) => eb.or([eb('deleted_at', 'is', null), eb('deleted_at', '>', deletedSince)]))
    .execute();
}

export interface TemplateListQuery {
  accountId: string;
  limit: number;
  after?: { updated_at: string; id: string };
  status?: TemplateRow['status'];
  updatedAfter?: string;
  /** A category, or `any`; UTILITY when left out. */
  category?: string;
  quality?: string;
  source?: TemplateRow['source'];
  name?: string;
}

/** Templates of a category (utility unless asked otherwise), newest change first, at most `limit`. */
export function listTemplates(db: Reader, q: TemplateListQuery): Promise<TemplateRow[]> {
  let query = db
    .selectFrom('templates')
    .selectAll()
    .where('account_id', '=', q.accountId)
    .where('deleted_at', 'is', null)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit);
  if (q.category !== 'any') query = query.where('category', '=', q.category ?? 'UTILITY');
  if (q.status) query = query.where('status', '=', q.status);
  if (q.quality) query = query.where('quality', '=', q.quality);
  if (q.source) query = query.where('source', '=', q.source);
  if (q.name) query = query.where('name', '=', q.name);
  if (q.updatedAfter) query = query.where('updated_at', '>', q.updatedAfter);
  if (q.after) query = query.where(afterCursor('updated_at', { value: q.after.updated_at, id: q.after.id }));
  return query.execute();
}

/** Every template of the account, deleted ones too (the reconciliation with the platform, template-sync.ts). */
export function templatesForSync(tx: Tx, accountId: string): Promise<TemplateRow[]> {
  return tx.selectFrom('templates').selectAll().where('account_id', '=', accountId).execute();
}

/** How many imported templates one statement stores (27 parameters each: well under SQLite's 32,766). */
const IMPORT_CHUNK = 100;

/**
 * Stores templates imported from the platform, skipping any whose row exists (their ids come from
 * the platform's): one `insert … on conflict do nothing returning id` per 100 rows.
 * @returns the ids that were new
 */
export async function insertImported(tx: Tx, rows: TemplateRow[]): Promise<string[]> {
  const inserted: string[] = [];
  for (let i = 0; i < rows.length; i += IMPORT_CHUNK) {
    const chunk = rows.slice(i, i + IMPORT_CHUNK);
    const returned = await tx
      .insertInto('templates')
      .values(chunk)
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .execute();
    for (const { id } of returned) {
      tx.changed('templates', id);
      inserted.push(id);
    }
  }
  return inserted;
}

/** Removes a template that never reached the platform (its name was taken there). */
export async function deleteTemplateRow(tx: Tx, id: string): Promise<void> {
  await tx.deleteFrom('templates').where('id', '=', id).execute();
  tx.changed('templates', id);
}

/**
 * A template of the account (not deleted) whose media header is this file, if any: such a file is
 * not deleted (every send of the template carries it). Templates are few per account; the header's
 * JSON is matched as written by `contentColumns`.
 */
export function templateWithHeaderMedia(
  db: Reader,
  accountId: string,
  mediaId: string,
): Promise<Pick<TemplateRow, 'id' | 'name' | 'language'> | undefined> {
  const pattern = `%"mediaId":${JSON.stringify(mediaId).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .selectFrom('templates')
    .select(['id', 'name', 'language'])
    .where('account_id', '=', accountId)
    .where('deleted_at', 'is', null)
    .where(sql<boolean>`header like ${pattern} escape '\\'`)
    .limit(1)
    .executeTakeFirst();
}
