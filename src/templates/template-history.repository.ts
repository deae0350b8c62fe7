/**
 * Rows of a template's history (`template_changes`, migration 0016). Only this file touches that
 * table; template-history.ts maps the rows to `TemplateChange`s.
 */
import type { Insertable } from 'kysely';
import type { TemplateChangesTable } from '../db/schema.js';
import type { Reader, Tx } from '../db/store.js';

export type NewChangeRow = Insertable<TemplateChangesTable>;

/** A stored change as the history lists it. */
export type ChangeRow = {
  id: string;
  template_id: string;
  at: string;
  type: string;
  source: string;
  changes: string;
  detail: string | null;
};

/** Stores history entries: one statement for the lot (callers pass at most a few hundred). */
export async function insertChanges(tx: Tx, rows: NewChangeRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.insertInto('template_changes').values(rows).execute();
}

/** Whether change `id` belongs to template `templateId` (a page cursor's check). */
export function findChange(db: Reader, templateId: string, id: string): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('template_changes')
    .select('id')
    .where('id', '=', id)
    .where('template_id', '=', templateId)
    .executeTakeFirst();
}

/** Up to `limit` changes of a template, newest first, before change `before` (exclusive) when given. */
export function changesOf(
  db: Reader,
  templateId: string,
  limit: number,
  before: string | undefined,
): Promise<ChangeRow[]> {
  let q = db
    .selectFrom('template_changes')
    .select(['id', 'template_id', 'at', 'type', 'source', 'changes', 'detail'])
    .where('template_id', '=', templateId)
    .orderBy('id', 'desc')
    .limit(limit);
  if (before) q = q.where('id', '<', before);
  return q.execute();
}
