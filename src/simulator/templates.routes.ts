/**
 * The simulator's template endpoints (docs/platform.md §2, §8.4–8.6): create with the
 * platform's checks and codes (a promotional UTILITY body is re-categorised MARKETING at once, and
 * the create answer says so, docs/platform.md §2.7; authentication templates are approved at once), list and get
 * (templates/list.ts), edit with its limits, delete by name or id with a 30-day reservation, and
 * review after a delay with `message_template_status_update` webhooks. `message_send_ttl_seconds`
 * is taken at create and edit (ttl.ts); templates Direct Send generated can't be edited or deleted.
 * A create naming `library_template_name` makes a Template Library template, approved at once
 * (templates/library-create.ts); `GET /{version}/message_template_library` browses the library.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SimContext } from './context.js';
import { graphError } from './graph-errors.js';
import { authenticate, authorizeWaba, badJson, fail, isGraphError, params, type Grant } from './graph-http.js';
import { newGraphId } from '../lib/simulated-identity.js';
import type { SimTemplate } from './state.js';
import { checkComponents } from './templates/create-rules.js';
import { listTemplates, templateFields } from './templates/list.js';
import { selectFields } from './field-selection.js';
import { component } from './templates/parts.js';
import { originOf } from './media.routes.js';
import { readTemplateTtl } from './ttl.js';
import { browseLibrary } from './templates/library.js';
import { fromLibrary } from './templates/library-create.js';
import { readOptions } from './templates/options.js';

const RESERVATION_MS = 30 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Bodies that read as promotional are MARKETING (docs/platform.md §2.7). */
const PROMOTIONAL = /\b(sale|discount|offer|promo(tion)?|deal|coupon|buy now|limited time|\d+\s?% off|free gift)\b/i;

export interface TemplateActions {
  /** Reviews a template now (control API); `webhook: false` changes it without telling (a lost webhook). */
  review(t: SimTemplate, decision?: { decision: string; reason?: string; category?: string; webhook?: boolean }): void;
  /** Sends a `message_template_status_update` webhook. */
  notify(t: SimTemplate, event: string, reason: string | null, extra?: Record<string, unknown>): void;
}

/**
 * Registers create, list and delete on `/{version}/{waba-id}/message_templates`.
 * @returns the review and notification actions the control API and edits use.
 */
export function registerTemplateRoutes(app: FastifyInstance, ctx: SimContext): TemplateActions {
  const { state, webhooks } = ctx;
  const bodyText = (t: SimTemplate) => String(component(t.components, 'BODY')?.text ?? '');

  const notify: TemplateActions['notify'] = (t, event, reason, extra = {}) => {
    webhooks.sendPayload({
      entry: [
        {
          id: t.wabaId,
          time: Math.floor(Date.now() / 1000),
          changes: [
            {
              value: {
                event,
                message_template_id: Number(t.id),
                message_template_name: t.name,
                message_template_language: t.language,
                reason,
                message_template_category: t.category,
                ...extra,
              },
              field: 'message_template_status_update',
            },
          ],
        },
      ],
      object: 'whatsapp_business_account',
    });
  };

  const review: TemplateActions['review'] = (t, decision) => {
    if (!state.templates.has(t.id) || t.status !== 'PENDING') return;
    const tell = decision?.webhook !== false;
    if (decision?.decision === 'REJECTED' || (!decision && /\}\}\s*\{\{/.test(bodyText(t)))) {
      t.status = 'REJECTED';
      t.rejectedReason = decision?.reason ?? 'INVALID_FORMAT';
      const info = decision
        ? undefined
        : {
            reason:
              'Your template has parameters placed next to each other (like {{1}}{{2}}) without text or punctuation between them.',
            recommendation:
              'Separate parameters with descriptive text and ensure each parameter is clearly contextualized.',
          };
      if (tell) notify(t, 'REJECTED', t.rejectedReason, info ? { rejection_info: info } : {});
    } else {
      t.status = 'APPROVED';
      if (decision?.category && decision.category !== t.category) {
        t.previousCategory = t.category;
        t.category = decision.category;
      }
      if (tell) notify(t, 'APPROVED', 'NONE');
      if (tell && t.edits.length > 0) componentsUpdate(t);
    }
    state.changed();
  };

  /**
   * `message_template_components_update` once an edit is approved (webhook-template-components-update.json):
   * the header text as title, the body as element, the footer and the buttons.
   */
  const componentsUpdate = (t: SimTemplate) => {
    const header = component(t.components, 'HEADER');
    const footer = component(t.components, 'FOOTER');
    const buttons = (component(t.components, 'BUTTONS')?.buttons ?? []) as Record<string, unknown>[];
    const value: Record<string, unknown> = {
      message_template_id: Number(t.id),
      message_template_name: t.name,
      message_template_language: t.language,
    };
    if (typeof header?.text === 'string') value.message_template_title = header.text;
    value.message_template_element = bodyText(t);
    if (typeof footer?.text === 'string') value.message_template_footer = footer.text;
    if (buttons.length > 0) {
      value.message_template_buttons = buttons.map((b) => ({
        message_template_button_type: String(b.type).toUpperCase(),
        message_template_button_text: b.text,
        ...(b.phone_number ? { message_template_button_phone_number: b.phone_number } : {}),
        ...(b.url ? { message_template_button_url: b.url } : {}),
      }));
    }
    webhooks.sendPayload({
      entry: [
        {
          id: t.wabaId,
          time: Math.floor(Date.now() / 1000),
          changes: [{ value, field: 'message_template_components_update' }],
        },
      ],
      object: 'whatsapp_business_account',
    });
  };
  const schedule = (t: SimTemplate) => {
    if (state.config.review === 'auto') ctx.later(state.config.reviewDelayMs, () => review(t));
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
      if (template.status === 'APPROVED') notify(template, 'APPROVED', 'NONE');
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

  return { review, notify };
}

/** `GET /{template-id}` (template-get-by-id-response.json, template-get-status-response.json); null when no template. */
export function getTemplate(ctx: SimContext, request: FastifyRequest, reply: FastifyReply, grant: Grant, id: string) {
  const t = ctx.state.templates.get(id);
  if (!t) return null;
  const ok = authorizeWaba(grant, t.wabaId, 'get');
  if (isGraphError(ok)) return fail(reply, ok);
  const fields = selectFields(params(request).fields);
  const shaped = isGraphError(fields) ? fields : templateFields(t, fields);
  return isGraphError(shaped) ? fail(reply, shaped) : shaped;
}

/** `POST /{template-id}`: edit (docs/platform.md §2.4, template-edit-request.json); null when no template. */
export function editTemplate(
  ctx: SimContext,
  actions: TemplateActions,
  request: FastifyRequest,
  reply: FastifyReply,
  grant: Grant,
  id: string,
) {
  const { state } = ctx;
  const t = state.templates.get(id);
  if (!t) return null;
  const ok = authorizeWaba(grant, t.wabaId, 'post');
  if (isGraphError(ok)) return fail(reply, ok);
  // Direct Send's templates can't be edited (…/whatsapp/direct-send/api-reference/: 2388318; taken
  // as a subcode of 100, as the other 2388xxx template codes, UNCONFIRMED).
  if (t.source === 'AUTO_GENERATED')
    return fail(reply, graphError(100, "Can't update a Direct Send template.", 2388318));
  if (!['APPROVED', 'REJECTED', 'PAUSED'].includes(t.status))
    return fail(reply, graphError(100, "Message template status can't be changed while it is in review.", 2388039));
  const b = params(request);
  const category = b.category === undefined ? t.category : String(b.category).toUpperCase();
  const ttl = readTemplateTtl(category, b.message_send_ttl_seconds);
  if (isGraphError(ttl)) return fail(reply, ttl);
  // Only the TTL changes: kept at once, without a review or counting as an edit (Meta's TTL page
  // says the TTL of a template can be changed with the same call; that this skips review and the
  // edit limits is UNCONFIRMED).
  const others = Object.keys(b).filter((k) => k !== 'message_send_ttl_seconds' && k !== 'access_token');
  if (ttl !== undefined && others.length === 0) {
    t.messageSendTtlSeconds = ttl;
    state.changed();
    return { success: true };
  }
  if (t.status === 'APPROVED') {
    if (category !== t.category)
      return fail(reply, graphError(100, 'The category of an approved template cannot change.', 2388039));
    const now = Date.now();
    if (t.edits.some((e) => now - e < DAY_MS) || t.edits.filter((e) => now - e < 30 * DAY_MS).length >= 10) {
      return fail(
        reply,
        graphError(100, 'An approved template can be edited once a day and 10 times in 30 days.', 2388039),
      );
    }
  }
  const options = readOptions(b);
  if (isGraphError(options)) return fail(reply, options);
  if (Array.isArray(b.components)) {
    const wrong = checkComponents(state, category, t.parameterFormat ?? 'POSITIONAL', b.components);
    if (wrong) return fail(reply, wrong);
    t.components = b.components;
  }
  Object.assign(t, options);
  if (ttl !== undefined) t.messageSendTtlSeconds = ttl;
  else if (category === 'MARKETING') delete t.messageSendTtlSeconds; // not for marketing on Cloud API (ttl.ts)
  t.category = category;
  t.edits.push(Date.now());
  t.status = 'PENDING';
  t.rejectedReason = null;
  state.changed();
  if (state.config.review === 'auto') ctx.later(state.config.reviewDelayMs, () => actions.review(t));
  return { success: true };
}
