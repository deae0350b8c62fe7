/**
 * Reading templates as the platform answers (docs/platform.md §2.3): the default fields, `fields`,
 * the filters (`name`, `status`, `category`, `language`, `content`, `parameter_format`), cursor paging
 * with `before`/`after` and `next`/`previous` links, and `summary` (template-list-*.json,
 * template-get-*.json).
 */
import { graphError, type GraphError } from '../graph-errors.js';
import { isGraphError } from '../graph-http.js';
import type { SimTemplate } from '../state.js';
import { component } from './parts.js';

/** Fields of a template when none are asked for (template-list-response-named-and-positional.json). */
const DEFAULT_FIELDS = ['name', 'parameter_format', 'components', 'language', 'status', 'category', 'previous_category', 'sub_category', 'id'];
const KNOWN_FIELDS = new Set([...DEFAULT_FIELDS, 'correct_category', 'rejected_reason', 'quality_score', 'message_send_ttl_seconds', 'library_template_name', 'cta_url_link_tracking_opted_out']);
/** Page size when `limit` is not given (UNCONFIRMED; Graph edges commonly use 25). */
const DEFAULT_LIMIT = 25;

/** One template with the asked fields (or the defaults; `id` always). */
export function templateFields(t: SimTemplate, fields: string[] | null): Record<string, unknown> | GraphError {
  const all: Record<string, unknown> = {
    name: t.name,
    parameter_format: t.parameterFormat ?? 'POSITIONAL',
    components: t.components,
    language: t.language,
    status: t.status,
    category: t.category,
    ...(t.previousCategory ? { previous_category: t.previousCategory } : {}),
    ...(t.category === 'MARKETING' ? { sub_category: 'CUSTOM' } : {}),
    correct_category: t.category,
    rejected_reason: t.rejectedReason ?? 'NONE',
    quality_score: { score: t.qualityScore ?? 'UNKNOWN', date: Math.floor(t.createdAt / 1000) },
    message_send_ttl_seconds: t.category === 'AUTHENTICATION' ? 600 : 2_592_000,
    id: t.id,
  };
  const asked = fields ?? DEFAULT_FIELDS;
  const unknown = asked.find((f) => !KNOWN_FIELDS.has(f));
  if (unknown) return nonexistingField(unknown);
  const out: Record<string, unknown> = {};
  for (const f of [...asked.filter((f) => f !== 'id'), 'id']) if (all[f] !== undefined) out[f] = all[f];
  return out;
}

/** Graph's answer to a field a node does not have. */
export function nonexistingField(field: string, node = 'WhatsAppMessageTemplate'): GraphError {
  const e = graphError(100, `Tried accessing nonexisting field (${field}) on node type (${node})`);
  e.body.error.message = `(#100) Tried accessing nonexisting field (${field}) on node type (${node})`;
  delete e.body.error.error_data;
  return e;
}

export function parseFields(value: unknown): string[] | null {
  return typeof value === 'string' && value.trim() !== '' ? value.split(',').map((f) => f.trim()).filter(Boolean) : null;
}

const list = (v: unknown) => (typeof v === 'string' && v !== '' ? v.split(',').map((s) => s.trim().toUpperCase()) : null);
const cursor = (n: number) => Buffer.from(`tidings-sim:${n}`).toString('base64url');
const position = (c: unknown) => {
  const m = typeof c === 'string' ? /^tidings-sim:(\d+)$/.exec(Buffer.from(c, 'base64url').toString()) : null;
  return m ? Number(m[1]) : null;
};

/**
 * A page of `GET /{waba-id}/message_templates`, newest first.
 * @param query the request's query (filters, `fields`, `limit`, `after`/`before`, `summary`).
 * @param selfUrl this request's URL without query, for `next`/`previous`.
 */
export function listTemplates(all: SimTemplate[], query: Record<string, unknown>, selfUrl: string): Record<string, unknown> | GraphError {
  const statuses = list(query.status);
  const categories = list(query.category);
  const languages = typeof query.language === 'string' && query.language !== '' ? query.language.split(',').map((s) => s.trim()) : null;
  const name = typeof query.name === 'string' && query.name !== '' ? query.name.toLowerCase() : null;
  const content = typeof query.content === 'string' && query.content !== '' ? query.content.toLowerCase() : null;
  const format = list(query.parameter_format);
  const matching = all
    .filter(
      (t) =>
        // `name` matches part of a name (UNCONFIRMED whether the platform matches exactly or by part).
        (name === null || t.name.toLowerCase().includes(name)) &&
        (statuses === null || statuses.includes(t.status)) &&
        (categories === null || categories.includes(t.category)) &&
        (languages === null || languages.includes(t.language)) &&
        (format === null || format.includes(t.parameterFormat ?? 'POSITIONAL')) &&
        (content === null || String(component(t.components, 'BODY')?.text ?? '').toLowerCase().includes(content)),
    )
    .sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));
  const limit = Math.min(Math.max(Number(query.limit ?? DEFAULT_LIMIT) || DEFAULT_LIMIT, 1), 1000);
  const after = position(query.after);
  const before = position(query.before);
  let start = after !== null ? after + 1 : 0;
  if (before !== null && after === null) start = Math.max(0, before - limit);
  const end = before !== null && after === null ? before : start + limit;
  const page = matching.slice(start, end);
  const fields = parseFields(query.fields);
  const data: Record<string, unknown>[] = [];
  for (const t of page) {
    const shaped = templateFields(t, fields);
    if (isGraphError(shaped)) return shaped;
    data.push(shaped);
  }
  const link = (key: 'after' | 'before', value: string) => {
    const q = new URLSearchParams(Object.entries(query).filter(([k, v]) => typeof v === 'string' && !['after', 'before', 'access_token'].includes(k)) as [string, string][]);
    q.set('limit', String(limit));
    q.set(key, value);
    return `${selfUrl}?${q}`;
  };
  const paging: Record<string, unknown> = {};
  if (page.length > 0) {
    paging.cursors = { before: cursor(start), after: cursor(start + page.length - 1) };
    if (start + page.length < matching.length) paging.next = link('after', cursor(start + page.length - 1));
    if (start > 0) paging.previous = link('before', cursor(start));
  }
  const out: Record<string, unknown> = { data, paging };
  const summary = summaryOf(query.summary, matching.length, all.length);
  if (summary) out.summary = summary;
  return out;
}

/** `summary=total_count,message_template_count,…` (or `true`): counts over the list (UNCONFIRMED keys beyond total_count). */
function summaryOf(value: unknown, total: number, count: number): Record<string, unknown> | null {
  if (typeof value !== 'string' || value === '' || value === 'false') return null;
  const all = { total_count: total, message_template_count: count, message_template_limit: 250, are_translations_complete: true };
  if (value === 'true' || value === '1') return all;
  return Object.fromEntries(value.split(',').map((k) => k.trim()).filter((k) => k in all).map((k) => [k, all[k as keyof typeof all]]));
}
