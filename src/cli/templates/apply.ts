/**
 * Carries out a plan (plan.ts), one template after another in the plan's order (by name, then
 * language): creates with `POST /v1/templates` (or `/from_library`) under an Idempotency-Key made
 * from the template's content, so a run repeated after a crash never creates twice; edits with
 * `PATCH /v1/templates/{id}`. A template that fails does not stop the others.
 */
import { RequestRefused, TemplatesStopped, type Issue, type TemplatesClient } from './client.js';
import { createKey, editKey, fileContent } from './compare.js';
import { createBody, type PlanItem } from './plan.js';

export type Outcome =
  | 'created'
  | 'updated'
  | 'ttl-updated'
  | 'unchanged'
  | 'cannot-change'
  | 'invalid'
  | 'failed'
  | 'not-in-file';

/** What happened to one template. */
export interface ApplyResult {
  name: string;
  language: string;
  outcome: Outcome;
  id?: string;
  /** The template's status at the service afterwards (as its answer gave it). */
  status?: string;
  /** created: the service answered from the Idempotency-Key: an earlier run had made it. */
  replayed?: boolean;
  /** cannot-change: why; failed: the service's refusal. */
  message?: string;
  issues?: Issue[];
  /** The plan's item it carried out. */
  item: PlanItem;
}

/**
 * Applies every create, update and ttl-update of `items`; the others are reported as they are.
 * A refusal fails that template only. If the service cannot be reached (its retries spent), the
 * templates not yet done are failed with the reason, and nothing more is sent.
 * @returns one result per item, in the plan's order.
 */
export async function applyPlan(items: PlanItem[], client: TemplatesClient): Promise<ApplyResult[]> {
  const results: ApplyResult[] = [];
  let stopped: string | undefined;
  for (const item of items) {
    const base = {
      name: item.name,
      language: item.language,
      item,
      ...(item.id ? { id: item.id } : {}),
      ...(item.status ? { status: item.status } : {}),
    };
    switch (item.action) {
      case 'unchanged':
      case 'not-in-file':
        results.push({ ...base, outcome: item.action });
        continue;
      case 'cannot-change':
        results.push({ ...base, outcome: 'cannot-change', message: item.reason! });
        continue;
      case 'invalid':
        results.push({ ...base, outcome: 'invalid', issues: item.issues ?? [] });
        continue;
    }
    if (stopped) {
      results.push({ ...base, outcome: 'failed', message: `Not attempted: ${stopped}` });
      continue;
    }
    try {
      results.push({ ...base, ...(await write(item, client)) });
    } catch (err) {
      if (err instanceof RequestRefused)
        results.push({
          ...base,
          outcome: 'failed',
          message: `${err.status} ${err.code}: ${err.message}`,
          ...(err.issues.length ? { issues: err.issues } : {}),
        });
      else if (err instanceof TemplatesStopped) {
        stopped = err.message;
        results.push({ ...base, outcome: 'failed', message: err.message });
      } else throw err;
    }
  }
  return results;
}

/** One create, update or ttl-update. @throws RequestRefused, TemplatesStopped */
async function write(
  item: PlanItem,
  client: TemplatesClient,
): Promise<Pick<ApplyResult, 'outcome' | 'id' | 'status' | 'replayed'>> {
  const file = item.file!;
  if (item.action === 'create') {
    if (file.kind === 'library') {
      const input = {
        name: file.entry.name,
        language: file.entry.language,
        libraryTemplateName: file.libraryTemplateName,
        ...(file.entry.libraryInputs ? { libraryInputs: file.entry.libraryInputs } : {}),
      };
      const { template, replayed } = await client.createFromLibrary(input, createKey('library', input));
      return { outcome: 'created', id: template.id, status: template.status, replayed };
    }
    const { template, replayed } = await client.create(
      createBody(file),
      createKey('content', { name: file.entry.name, language: file.entry.language, content: fileContent(file) }),
    );
    return { outcome: 'created', id: template.id, status: template.status, replayed };
  }
  // update: the changed fields only (an absent one as null or [], which clears it); ttl-update: timeToLive alone.
  const change = Object.fromEntries(item.changes.map((c) => [c.field, c.after]));
  const template = await client.update(item.id!, change, editKey(item.remote!, change));
  return {
    outcome: item.action === 'ttl-update' ? 'ttl-updated' : 'updated',
    id: template.id,
    status: template.status,
  };
}

/** Whether the run failed anywhere: a template invalid, failed, or that cannot change. */
export const applyFailed = (results: ApplyResult[]): boolean =>
  results.some((r) => r.outcome === 'failed' || r.outcome === 'invalid' || r.outcome === 'cannot-change');
