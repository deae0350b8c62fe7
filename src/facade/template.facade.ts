/**
 * Templates on the Cloud API facade (docs/api.md §D34, "Media and templates"), in the shapes of
 * the Graph API's template endpoints (docs/platform.md §2; the simulator's
 * src/simulator/templates.routes.ts and templates/ answer the same): the list on the key's WABA with
 * Meta's filters, `fields` and cursor paging; a create in Meta's body, made through Tidings'
 * POST /v1/templates (UTILITY only, live keys only, docs/api.md §D7); a delete by name; and one
 * template by its `tpl_` id: read, edited (PATCH /v1/templates/{id}) and deleted.
 */
import type { Config } from '../config.js';
import { TidingsError } from '../errors.js';
import type { AuthContext } from '../http/access.js';
import { graphError, isGraphError, type GraphError } from '../lib/graph-errors.js';
import { selectFields, type FieldSelection } from '../lib/graph-fields.js';
import { pageOf } from '../lib/graph-paging.js';
import type { TemplateService } from '../templates/template.service.js';
import type { Template } from '../templates/template.schemas.js';
import { defineFacadeRoute, type FacadeRoute } from './facade-route.js';
import { GraphFailure, graphErrorOf } from './graph-error.js';
import { facadeOrigin } from './media.facade.js';
import { GRAPH_STATUS, graphTemplate, templateInputOf, templateUpdateOf } from './template-graph.js';

export interface TemplateFacadeOptions {
  templates: TemplateService;
  config: Pick<Config, 'publicUrl'>;
}

const read = { scope: 'templates:read', permission: 'templates:read' } as const;
/** Templates live at the platform: test keys read them, never change them (Graph's 10, docs/api.md §D7). */
const write = { scope: 'templates:write', permission: 'templates:write', liveOnly: true } as const;

/**
 * Meta's subcodes for Tidings' content issues (docs/platform.md §6.2; the simulator's create
 * answers them): a text over its limit 2388040, a placeholder at the start or end 2388299.
 */
const ISSUE_SUBCODES: Record<string, number> = {
  body_too_long: 2388040,
  header_text_too_long: 2388040,
  footer_too_long: 2388040,
  placeholder_at_start: 2388299,
  placeholder_at_end: 2388299,
};

/**
 * A Tidings refusal of a template call in Meta's envelope: content issues as 100 (every issue in
 * `error_data.details`, Meta's subcode of the first when it has one), a template not found
 * 100 / 33 naming `id`; the rest (a name in use or still reserved among them) as graph-error.ts
 * maps them.
 */
function asGraph(err: unknown, missing?: { id: string; method: string }): unknown {
  if (!(err instanceof TidingsError)) return err;
  const details = `${err.code}: ${err.message}`;
  let e: GraphError;
  if (err.code === 'template_invalid') {
    const issues = err.issues ?? [];
    const words = issues.map((i) => `${i.field}: ${i.message} (${i.code})`).join(' ');
    e = graphError(100, `${details} ${words}`.trim(), ISSUE_SUBCODES[issues[0]?.code ?? '']);
  } else e = graphErrorOf(err, missing);
  return new GraphFailure(e);
}

/** Runs `work`, its Tidings refusals in Meta's envelope. */
async function graphCall<T>(work: () => Promise<T>, missing?: { id: string; method: string }): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw asGraph(err, missing);
  }
}

/** `fields` as Graph reads it. @throws GraphFailure 100 for a syntax error. */
function fieldsOf(value: unknown): FieldSelection[] | null {
  const fields = selectFields(value);
  if (isGraphError(fields)) throw new GraphFailure(fields);
  return fields;
}

/** Every template of the account (any category), oldest creation last, as Meta lists them. */
async function allTemplates(templates: TemplateService, auth: AuthContext): Promise<Template[]> {
  const all: Template[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await templates.list(auth, {
      limit: 100,
      category: 'any',
      ...(after ? { starting_after: after } : {}),
    });
    all.push(...page.data);
    if (!page.has_more || page.data.length === 0) break;
    after = page.data.at(-1)!.id;
  }
  return all.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? 1 : -1));
}

/** A comma-separated filter (`status=APPROVED,PENDING`), upper-cased; null when not given. */
const words = (v: unknown, upper = true) =>
  typeof v === 'string' && v !== '' ? v.split(',').map((s) => (upper ? s.trim().toUpperCase() : s.trim())) : null;

/**
 * The filters of `GET /{waba-id}/message_templates` as the platform takes them
 * (docs/platform.md §2.3, as the simulator reads them): `name` (part of the name, any case),
 * `status`, `category`, `language`, `content` (part of the body), `parameter_format`.
 */
function matches(query: Record<string, any>): (t: Template) => boolean {
  const name = typeof query.name === 'string' && query.name !== '' ? query.name.toLowerCase() : null;
  const content = typeof query.content === 'string' && query.content !== '' ? query.content.toLowerCase() : null;
  const statuses = words(query.status);
  const categories = words(query.category);
  const languages = words(query.language, false);
  const formats = words(query.parameter_format);
  return (t) =>
    (name === null || t.name.toLowerCase().includes(name)) &&
    (content === null || t.body.toLowerCase().includes(content)) &&
    (statuses === null || statuses.includes(GRAPH_STATUS[t.status])) &&
    (categories === null || categories.includes(t.category)) &&
    (languages === null || languages.includes(t.language)) &&
    (formats === null || formats.includes('POSITIONAL'));
}

export function templateFacadeRoutes({ templates, config }: TemplateFacadeOptions): FacadeRoute[] {
  return [
    defineFacadeRoute({
      method: 'GET',
      url: '/:wabaId/message_templates',
      owner: 'waba',
      ...read,
      idempotency: 'none',
      handler: async ({ auth, input, request }) => {
        const fields = fieldsOf(input.fields);
        const matching = (await allTemplates(templates, auth)).filter(matches(input));
        const self = `${facadeOrigin(config, request)}${request.url.split('?')[0]}`;
        const { page, paging } = pageOf(matching, input, self);
        const out: Record<string, unknown> = { data: page.map((t) => graphTemplate(t, fields)), paging };
        if (typeof input.summary === 'string' && input.summary !== '' && input.summary !== 'false')
          out.summary = { total_count: matching.length };
        return out;
      },
    }),
    defineFacadeRoute({
      method: 'POST',
      url: '/:wabaId/message_templates',
      owner: 'waba',
      ...write,
      idempotency: 'optional',
      handler: async ({ auth, input }) => {
        const body = templateInputOf(input);
        const t = await graphCall(() => templates.create(auth, body));
        return { id: t.id, status: GRAPH_STATUS[t.status], category: t.category };
      },
    }),
    defineFacadeRoute({
      method: 'DELETE',
      url: '/:wabaId/message_templates',
      owner: 'waba',
      ...write,
      idempotency: 'none',
      // By `name` (every language), or `hsm_id` (a `tpl_` id) with or without its name. Either way
      // Tidings deletes at the platform by name, every language of it (docs/api.md §D7).
      handler: async ({ auth, input }) => {
        const name = typeof input.name === 'string' && input.name !== '' ? input.name : null;
        const hsmId = input.hsm_id === undefined ? null : String(input.hsm_id);
        if (name === null && hsmId === null)
          throw new GraphFailure(graphError(100, 'parameter_missing: The parameter name is required.'));
        const named = name
          ? (await templates.list(auth, { name, category: 'any', limit: 100 })).data
          : await templates.get(auth, hsmId!).then(
              (t) => [t],
              () => [],
            );
        const target = named.find((t) => hsmId === null || t.id === hsmId);
        if (!target)
          throw new GraphFailure(graphError(100, `template_not_found: Message template "${name ?? hsmId}" not found.`));
        await graphCall(() => templates.delete(auth, target.id));
        return { success: true };
      },
    }),
    defineFacadeRoute({
      method: 'GET',
      url: '/:templateId',
      owner: 'template',
      ...read,
      idempotency: 'none',
      handler: async ({ auth, params, input }) => {
        const id = params.templateId!;
        const fields = fieldsOf(input.fields);
        return graphTemplate(await graphCall(() => templates.get(auth, id), { id, method: 'get' }), fields);
      },
    }),
    defineFacadeRoute({
      method: 'POST',
      url: '/:templateId',
      owner: 'template',
      ...write,
      idempotency: 'optional',
      // Meta's edit: the components (replacing the content whole), category and time to live.
      // Tidings edits a pending or rejected template (else Tidings' 409 template_not_editable), or
      // the time to live alone of one the platform holds.
      handler: async ({ auth, params, input }) => {
        const id = params.templateId!;
        await graphCall(() => templates.get(auth, id), { id, method: 'post' });
        const update = templateUpdateOf(input);
        await graphCall(() => templates.update(auth, id, update));
        return { success: true };
      },
    }),
    defineFacadeRoute({
      method: 'DELETE',
      url: '/:templateId',
      owner: 'template',
      ...write,
      idempotency: 'none',
      handler: async ({ auth, params }) => {
        const id = params.templateId!;
        await graphCall(() => templates.delete(auth, id), { id, method: 'delete' });
        return { success: true };
      },
    }),
  ];
}
