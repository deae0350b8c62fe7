/**
 * The simulator's template endpoints on a WABA (docs/platform.md §2, §8.4–8.6): create with the
 * platform's checks and codes (a promotional UTILITY body is re-categorised MARKETING at once, and
 * the create answer says so, docs/platform.md §2.7; authentication templates are approved at once), list
 * (templates/list.ts), delete by name or id with a 30-day reservation, and review after a delay
 * (templates/review.ts, with `message_template_status_update` webhooks). `message_send_ttl_seconds`
 * is taken at create (ttl.ts); templates Direct Send generated can't be deleted. Get and edit by id
 * are templates/by-id.ts. A create naming `library_template_name` makes a Template Library template,
 * approved at once (templates/library-create.ts); `GET /{version}/message_template_library` browses
 * the library.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SimContext } from './context.js';
import { graphError } from '../lib/graph-errors.js';
import { authenticate, authorizeWaba, badJson, fail, isGraphError, params, type Grant } from './graph-http.js';
import { newGraphId } from '../lib/simulated-identity.js';
import type { SimTemplate } from './state.js';
import { checkComponents } from './templates/create-rules.js';
import { listTemplates } from './templates/list.js';
import { component } from './templates/parts.js';
import { originOf } from './media.routes.js';
import { readTemplateTtl } from './ttl.js';
import { browseLibrary } from './templates/library.js';
import { fromLibrary } from './templates/library-create.js';
import { readOptions } from './templates/options.js';
import { templateActions, type TemplateActions } from './templates/review.js';

const RESERVATION_MS = 30 * 24 * 60 * 60 * 1000;
/** Bodies that read as promotional are MARKETING (docs/platform.md §2.7). */
const PROMOTIONAL = /\b(sale|discount|offer|promo(tion)?|deal|coupon|buy now|limited time|\d+\s?% off|free gift)\b/i;

/**
 * Registers create, list and delete on `/{version}/{waba-id}/message_templates`.
 * @returns the review and notification actions the control API and edits use.
 */
export function registerTemplateRoutes(app: FastifyInstance, ctx: SimContext): TemplateActions {
  const { state } = ctx;
  const actions = templateActions(ctx);
  const schedule = (t: SimTemplate) => {
    if (state.config.review === 'auto') ctx.later(state.config.reviewDelayMs, () => actions.review(t));
  };
  const auth = (request: FastifyRequest, reply: FastifyReply, wabaId: string, method: string): Grant | null => {
    const grant = authenticate(state, ctx.appSecret, request);
    const ok = isGraphError(grant) ? grant : authorizeWaba(grant, wabaId, method);
    if (isGraphError(ok)) {
      fail(reply, ok);
      return null;
    }
    return grant as Grant;
  };

  app.post<{ Params: { version: string; wabaId: string } }>(
    '/:version/:wabaId/message_templates',
    async (request, reply) => {
      if (!auth(request, reply, request.params.wabaId, 'post')) return reply;
      if (Math.random() < state.config.errorRate) return fail(reply, graphError(state.config.errorCode));
      if (badJson(request)) return fail(reply, graphError(100, 'The request body is not valid JSON.'));
      const b = params(request);
      const name = String(b.name ?? '');
      const language = String(b.language ?? '');
      const submitted = String(b.category ?? '').toUpperCase();
      const format = String(b.parameter_format ?? 'POSITIONAL').toUpperCase();
      if (!/^[a-z0-9_]+$/.test(name) || name.length > 512)
        return fail(
          reply,
          graphError(100, 'Invalid parameter: name must be lowercase letters, digits and underscores.'),
        );
      if (!['UTILITY', 'MARKETING', 'AUTHENTICATION'].includes(submitted))
        return fail(
          reply,
          graphError(100, 'Invalid parameter: category must be AUTHENTICATION, MARKETING or UTILITY.'),
        );
      if (language === '') return fail(reply, graphError(100, 'Invalid parameter: language.'));
      // From the Template Library: its content and category, approved at once, never re-categorised.
      const library = b.library_template_name === undefined ? null : fromLibrary(b, submitted, language);
      if (isGraphError(library)) return fail(reply, library);
      const components =
        library?.components ?? (Array.isArray(b.components) ? (b.components as Record<string, unknown>[]) : []);
      if (format !== 'POSITIONAL' && format !== 'NAMED')
        return fail(reply, graphError(100, 'Invalid parameter: parameter_format must be POSITIONAL or NAMED.'));
      const wrong = library ? null : checkComponents(state, submitted, format, components);
      if (wrong) return fail(reply, wrong);
      const options = readOptions(b);
      if (isGraphError(options)) return fail(reply, options);
      const ttl = readTemplateTtl(submitted, b.message_send_ttl_seconds);
      if (isGraphError(ttl)) return fail(reply, ttl);
      const wabaId = request.params.wabaId;
      const reserved = state.reservedNames.get(`${wabaId}:${name}`);
      if (reserved && reserved > Date.now())
        return fail(reply, graphError(100, 'The name is still being deleted; try again in about 4 weeks.', 2388023));
      for (const t of state.templates.values()) {
        if (t.wabaId === wabaId && t.name === name && t.language === language)
          return fail(reply, graphError(100, `Content in ${language} already exists for ${name}.`, 2388024));
      }
      // docs/platform.md §2.7: a UTILITY template Meta judges MARKETING is approved as MARKETING, and the create
      // answer already shows the new category.
      const recategorised =
        !library && submitted === 'UTILITY' && PROMOTIONAL.test(String(component(components, 'BODY')?.text ?? ''));
      const template: SimTemplate = {
        id: newGraphId(),
        wabaId,
        name,
        language,
        category: recategorised ? 'MARKETING' : submitted,
        ...(recategorised ? { previousCategory: submitted } : {}),
        parameterFormat: library ? 'POSITIONAL' : format,
        status: library || submitted === 'AUTHENTICATION' ? 'APPROVED' : 'PENDING',
        ...(library ? { libraryTemplateName: library.libraryTemplateName } : {}),
        components,
        rejectedReason: null,
        edits: [],
        createdAt: Date.now(),
        // A template re-categorised MARKETING loses its TTL, which Cloud API does not take for
        // marketing (Zernio's template API reference: "If Meta later recategorises the template, it
        // clears the TTL"; UNCONFIRMED on a Meta page).
        ...(ttl !== undefined && !recategorised ? { messageSendTtlSeconds: ttl } : {}),
        ...options,
      };
      state.templates.set(template.id, template);
      state.changed();
      // Authentication and library templates come back APPROVED at once
      // (template-create-response-approved-authentication.json; Meta's Template Library page); that a
      // library template's approval is also told by webhook is UNCONFIRMED.
      if (template.status === 'APPROVED') actions.notify(template, 'APPROVED', 'NONE');
      else schedule(template);
      return { id: template.id, status: template.status, category: template.category };
    },
  );

  // Any valid token may browse the library: it belongs to no WABA (templates/library.ts).
  app.get('/:version/message_template_library', async (request, reply) => {
    const grant = authenticate(state, ctx.appSecret, request);
    if (isGraphError(grant)) return fail(reply, grant);
    const page = browseLibrary(params(request), `${originOf(request)}${request.url.split('?')[0]}`);
    return isGraphError(page) ? fail(reply, page) : page;
  });

  app.get<{ Params: { version: string; wabaId: string } }>(
    '/:version/:wabaId/message_templates',
    async (request, reply) => {
      if (!auth(request, reply, request.params.wabaId, 'get')) return reply;
      const mine = [...state.templates.values()].filter((t) => t.wabaId === request.params.wabaId);
      const page = listTemplates(
        mine,
        request.query as Record<string, unknown>,
        `${originOf(request)}${request.url.split('?')[0]}`,
      );
      return isGraphError(page) ? fail(reply, page) : page;
    },
  );

  // By name (every language), by `hsm_id` + name (one), or `hsm_ids` (several) (docs/platform.md §2.5).
  app.delete<{ Params: { version: string; wabaId: string } }>(
    '/:version/:wabaId/message_templates',
    async (request, reply) => {
      if (!auth(request, reply, request.params.wabaId, 'delete')) return reply;
      const q = params(request);
      const ids: string[] | null =
        typeof q.hsm_ids === 'string'
          ? (JSON.parse(q.hsm_ids.replace(/^\[?/, '[').replace(/\]?$/, ']')) as unknown[]).map(String)
          : null;
      if (ids && (q.name !== undefined || q.hsm_id !== undefined))
        return fail(reply, graphError(100, 'hsm_ids cannot be combined with name or hsm_id.'));
      const mine = [...state.templates.values()].filter((t) => t.wabaId === request.params.wabaId);
      const matching = ids
        ? mine.filter((t) => ids.includes(t.id))
        : mine.filter((t) => t.name === q.name && (q.hsm_id === undefined || t.id === String(q.hsm_id)));
      if (matching.length === 0 || (ids && matching.length !== ids.length))
        return fail(reply, graphError(100, `Message template "${String(q.name ?? ids ?? '')}" not found.`));
      if (matching.some((t) => t.status === 'DISABLED'))
        return fail(reply, graphError(100, 'A disabled template cannot be deleted.'));
      // Direct Send's templates can't be deleted (…/whatsapp/direct-send/api-reference/: 2388330; taken
      // as a subcode of 100, as the other 2388xxx template codes, UNCONFIRMED).
      if (matching.some((t) => t.source === 'AUTO_GENERATED'))
        return fail(reply, graphError(100, "Can't delete a Direct Send template.", 2388330));
      for (const t of matching) {
        state.templates.delete(t.id);
        if (t.status === 'APPROVED') state.reservedNames.set(`${t.wabaId}:${t.name}`, Date.now() + RESERVATION_MS);
      }
      state.changed();
      return { success: true };
    },
  );

  return actions;
}
