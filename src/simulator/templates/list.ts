/**
 * Reading templates as the platform answers (docs/platform.md §2.3): the fields (fields.ts), the
 * filters (`name`, `status`, `category`, `language`, `content`, `parameter_format`; `source` and
 * `correct_category` from Meta's Direct Send api-reference, …/whatsapp/direct-send/api-reference/),
 * cursor paging with `before`/`after` and `next`/`previous` links, and `summary`
 * (template-list-*.json, template-get-*.json). Templates Direct Send generated are also in the
 * unfiltered list ("you'll see these generated templates both in WhatsApp Manager and through the
 * API", …/direct-send/view-generated-templates/; UNCONFIRMED that the plain list holds them).
 */
import { selectFields, type FieldSelection } from '../../lib/graph-fields.js';
import { readNode } from '../../lib/graph-fields.js';
import { NODE_TYPES } from '../fields.js';
import type { GraphError } from '../../lib/graph-errors.js';
import { isGraphError } from '../graph-http.js';
import type { SimTemplate } from '../state.js';
import { pageOf } from '../../lib/graph-paging.js';
import { component } from './parts.js';

/**
 * One template with the asked fields (or the defaults; `id` always), as fields.ts reads them.
 * @param selection from `selectFields(query.fields)`.
 */
export function templateFields(
  t: SimTemplate,
  selection: FieldSelection[] | null,
): Record<string, unknown> | GraphError {
  return readNode(NODE_TYPES.template, t, selection);
}

const list = (v: unknown) =>
  typeof v === 'string' && v !== '' ? v.split(',').map((s) => s.trim().toUpperCase()) : null;

/**
 * A page of `GET /{waba-id}/message_templates`, newest first.
 * @param query the request's query (filters, `fields`, `limit`, `after`/`before`, `summary`).
 * @param selfUrl this request's URL without query, for `next`/`previous`.
 */
export function listTemplates(
  all: SimTemplate[],
  query: Record<string, unknown>,
  selfUrl: string,
): Record<string, unknown> | GraphError {
  const statuses = list(query.status);
  const categories = list(query.category);
  const languages =
    typeof query.language === 'string' && query.language !== '' ? query.language.split(',').map((s) => s.trim()) : null;
  const name = typeof query.name === 'string' && query.name !== '' ? query.name.toLowerCase() : null;
  const content = typeof query.content === 'string' && query.content !== '' ? query.content.toLowerCase() : null;
  const format = list(query.parameter_format);
  // Only `AUTO_GENERATED` is documented; another value matches nothing (UNCONFIRMED).
  const source = list(query.source);
  const correctCategory = list(query.correct_category);
  const matching = all
    .filter(
      (t) =>
        // `name` matches part of a name (UNCONFIRMED whether the platform matches exactly or by part).
        (name === null || t.name.toLowerCase().includes(name)) &&
        (statuses === null || statuses.includes(t.status)) &&
        (categories === null || categories.includes(t.category)) &&
        (languages === null || languages.includes(t.language)) &&
        (format === null || format.includes(t.parameterFormat ?? 'POSITIONAL')) &&
        (source === null || source.includes(t.source ?? '')) &&
        (correctCategory === null || correctCategory.includes(t.correctCategory ?? t.category)) &&
        (content === null ||
          String(component(t.components, 'BODY')?.text ?? '')
            .toLowerCase()
            .includes(content)),
    )
    .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
  const { page, paging } = pageOf(matching, query, selfUrl);
  const fields = selectFields(query.fields);
  if (isGraphError(fields)) return fields;
  const data: Record<string, unknown>[] = [];
  for (const t of page) {
    const shaped = templateFields(t, fields);
    if (isGraphError(shaped)) return shaped;
    data.push(shaped);
  }
  const out: Record<string, unknown> = { data, paging };
  const summary = summaryOf(query.summary, matching.length, all.length);
  if (summary) out.summary = summary;
  return out;
}

/** `summary=total_count,message_template_count,…` (or `true`): counts over the list (UNCONFIRMED keys beyond total_count). */
function summaryOf(value: unknown, total: number, count: number): Record<string, unknown> | null {
  if (typeof value !== 'string' || value === '' || value === 'false') return null;
  const all = {
    total_count: total,
    message_template_count: count,
    message_template_limit: 250,
    are_translations_complete: true,
  };
  if (value === 'true' || value === '1') return all;
  return Object.fromEntries(
    value
      .split(',')
      .map((k) => k.trim())
      .filter((k) => k in all)
      .map((k) => [k, all[k as keyof typeof all]]),
  );
}
