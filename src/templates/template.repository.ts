/** Rows of templates. Only this file touches the table. */
import type { Insertable, Selectable, Updateable } from 'kysely';
import { isPostgres, type Db } from '../db/connect.js';
import { afterCursor } from '../db/paging.js';
import type { TemplatesTable } from '../db/schema.js';

export type TemplateRow = Selectable<TemplatesTable>;

export async function insertTemplate(db: Db, row: Insertable<TemplatesTable>): Promise<void> {
  await db.insertInto('templates').values(row).execute();
}

export async function updateTemplate(db: Db, id: string, changes: Updateable<TemplatesTable>): Promise<void> {
  await db.updateTable('templates').set(changes).where('id', '=', id).execute();
}

/** A live (not deleted) template of the account. */
export function findTemplate(db: Db, accountId: string, id: string): Promise<TemplateRow | undefined> {
  return db.selectFrom('templates').selectAll().where('id', '=', id).where('account_id', '=', accountId).where('deleted_at', 'is', null).executeTakeFirst();
}

/** By id whatever the account (background submission). */
export function findTemplateById(db: Db, id: string): Promise<TemplateRow | undefined> {
  return db.selectFrom('templates').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findByPlatformIds(db: Db, platformIds: string[]): Promise<TemplateRow[]> {
  if (platformIds.length === 0) return Promise.resolve([]);
  let q = db.selectFrom('templates').selectAll().where('platform_template_id', 'in', platformIds).where('deleted_at', 'is', null);
  if (isPostgres(db)) q = q.forUpdate();
  return q.execute();
}

/**
 * Templates of the account holding `name` (any language, for reservations) that are live or were
 * deleted after `deletedSince`.
 */
export function findByName(db: Db, accountId: string, name: string, deletedSince: string): Promise<TemplateRow[]> {
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
}

/** Utility templates (marketing omitted), newest change first; `limit + 1` rows. */
export function listTemplates(db: Db, q: TemplateListQuery): Promise<TemplateRow[]> {
  let query = db
    .selectFrom('templates')
    .selectAll()
    .where('account_id', '=', q.accountId)
    .where('deleted_at', 'is', null)
    .where('category', '=', 'UTILITY')
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(q.limit + 1);
  if (q.status) query = query.where('status', '=', q.status);
  if (q.updatedAfter) query = query.where('updated_at', '>', q.updatedAfter);
  if (q.after) query = query.where(afterCursor('updated_at', { value: q.after.updated_at, id: q.after.id }));
  return query.execute();
}

/** Removes a template that never reached the platform (its name was taken there). */
export async function deleteTemplateRow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('templates').where('id', '=', id).execute();
}
