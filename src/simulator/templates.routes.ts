/**
 * The simulator's template endpoints (CLOUD_API.md §2; checklist §8.4–8.6): create with the
 * platform's checks and codes, list/find by name, edit with its limits, delete by name with a
 * 30-day reservation, and review after a delay with `message_template_status_update` webhooks.
 */
import { newGraphId } from './identity.js';
import type { FastifyInstance } from 'fastify';
import { graphError } from './graph-errors.js';
import { receiveUploadData } from './media.routes.js';
import type { SimTemplate, SimulatorState } from './state.js';
import type { WebhookSender } from './webhook-sender.js';

const RESERVATION_MS = 30 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Bodies that read as promotional get approved as MARKETING (CLOUD_API.md §2.7). */
const PROMOTIONAL = /\b(sale|discount|offer|promo(tion)?|deal|coupon|buy now|limited time|\d+\s?% off|free gift)\b/i;

export interface TemplateRoutesContext {
  state: SimulatorState;
  webhooks: WebhookSender;
  later(ms: number, fn: () => void): void;
}

export function registerTemplateRoutes(app: FastifyInstance, ctx: TemplateRoutesContext): void {
  const { state, webhooks } = ctx;
  const body = (t: SimTemplate) => String((t.components.find((c) => String(c.type).toUpperCase() === 'BODY') as { text?: string } | undefined)?.text ?? '');

  function notify(t: SimTemplate, event: string, reason: string, rejectionInfo?: { reason: string; recommendation: string }) {
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
                ...(rejectionInfo ? { rejection_info: rejectionInfo } : {}),
              },
              field: 'message_template_status_update',
            },
          ],
        },
      ],
      object: 'whatsapp_business_account',
    });
  }

  /** Reviews a template now: approved (promotional bodies as MARKETING) or rejected. */
  function review(t: SimTemplate, decision?: { decision: string; reason?: string; category?: string }) {
    if (!state.templates.has(t.id) || t.status !== 'PENDING') return;
    if (decision?.decision === 'REJECTED' || (!decision && /\}\}\s*\{\{/.test(body(t)))) {
      t.status = 'REJECTED';
      t.rejectedReason = decision?.reason ?? 'INVALID_FORMAT';
      const info = decision
        ? undefined
        : { reason: 'Your template has parameters placed next to each other (like {{1}}{{2}}) without text or punctuation between them.', recommendation: 'Separate parameters with descriptive text.' };
      notify(t, 'REJECTED', t.rejectedReason, info);
    } else {
      t.status = 'APPROVED';
      t.category = decision?.category ?? (PROMOTIONAL.test(body(t)) ? 'MARKETING' : t.category);
      notify(t, 'APPROVED', 'NONE');
    }
    state.changed();
  }

  const schedule = (t: SimTemplate) => {
    if (state.config.review === 'auto') ctx.later(state.config.reviewDelayMs, () => review(t));
  };

  app.post<{ Params: { version: string; wabaId: string } }>('/:version/:wabaId/message_templates', async (request, reply) => {
    const fail = (e: ReturnType<typeof graphError>) => reply.code(e.status).send(e.body);
    if (!/^Bearer \S+/.test(request.headers.authorization ?? '')) return fail(graphError(190, 'Missing or malformed access token.'));
    if (state.config.latencyMs > 0) await new Promise((r) => setTimeout(r, state.config.latencyMs));
    if (Math.random() < state.config.errorRate) return fail(graphError(state.config.errorCode));
    const b = (request.body ?? {}) as Record<string, any>;
    const name = String(b.name ?? '');
    const language = String(b.language ?? '');
    const category = String(b.category ?? '').toUpperCase();
    const components = Array.isArray(b.components) ? (b.components as Record<string, any>[]) : [];
    if (!/^[a-z0-9_]+$/.test(name) || name.length > 512) return fail(graphError(100, 'Invalid parameter: name must be lowercase letters, digits and underscores.'));
    if (!['UTILITY', 'MARKETING', 'AUTHENTICATION'].includes(category)) return fail(graphError(100, 'Invalid parameter: category.'));
    if (language === '') return fail(graphError(100, 'Invalid parameter: language.'));
    const bodies = components.filter((c) => String(c.type).toUpperCase() === 'BODY');
    if (bodies.length !== 1 || typeof bodies[0]!.text !== 'string') return fail(graphError(100, 'A template needs exactly one BODY component.'));
    const text = bodies[0]!.text as string;
    if (text.length > 1024) return fail(graphError(100, 'Body text is too long.', 2388040));
    if (/^\s*\{\{|\}\}\s*$/.test(text)) return fail(graphError(100, 'Variables can not be at the start or end of the template.', 2388299));
    const variables = (text.match(/\{\{\d+\}\}/g) ?? []).length;
    const examples = bodies[0]!.example?.body_text?.[0];
    if (variables > 0 && (!Array.isArray(examples) || examples.length < new Set(text.match(/\{\{\d+\}\}/g)).size)) {
      return fail(graphError(100, 'Examples are required for every variable of the body.'));
    }
    const header = components.find((c) => String(c.type).toUpperCase() === 'HEADER');
    const format = String(header?.format ?? '').toUpperCase();
    if (['IMAGE', 'VIDEO', 'DOCUMENT'].includes(format) && !state.handles.has(String(header?.example?.header_handle?.[0] ?? ''))) {
      return fail(graphError(100, `A ${format} header needs example.header_handle from the Resumable Upload API.`));
    }
    const wabaId = request.params.wabaId;
    const reserved = state.reservedNames.get(`${wabaId}:${name}`);
    if (reserved && reserved > Date.now()) return fail(graphError(100, 'The name is still being deleted; try again in about 4 weeks.', 2388023));
    for (const t of state.templates.values()) {
      if (t.wabaId === wabaId && t.name === name && t.language === language) return fail(graphError(100, `Content in ${language} already exists for ${name}.`, 2388024));
    }
    const template: SimTemplate = {
      id: newGraphId(),
      wabaId,
      name,
      language,
      category,
      status: 'PENDING',
      components,
      rejectedReason: null,
      edits: [],
      createdAt: Date.now(),
    };
    state.templates.set(template.id, template);
    state.changed();
    schedule(template);
    return { id: template.id, status: 'PENDING', category };
  });

  app.get<{ Params: { version: string; wabaId: string }; Querystring: { name?: string; limit?: string } }>('/:version/:wabaId/message_templates', async (request) => {
    const data = [...state.templates.values()]
      .filter((t) => t.wabaId === request.params.wabaId && (request.query.name === undefined || t.name === request.query.name))
      .slice(0, Number(request.query.limit ?? 100))
      .map((t) => ({ name: t.name, components: t.components, language: t.language, status: t.status, category: t.category, id: t.id }));
    return { data, paging: { cursors: { before: 'MAZDZD', after: 'MjQZD' } } };
  });

  app.delete<{ Params: { version: string; wabaId: string }; Querystring: { name?: string } }>('/:version/:wabaId/message_templates', async (request, reply) => {
    const matching = [...state.templates.values()].filter((t) => t.wabaId === request.params.wabaId && t.name === request.query.name);
    if (matching.length === 0) {
      const e = graphError(100, `Message template "${request.query.name}" not found.`);
      return reply.code(e.status).send(e.body);
    }
    for (const t of matching) state.templates.delete(t.id);
    state.reservedNames.set(`${request.params.wabaId}:${request.query.name}`, Date.now() + RESERVATION_MS);
    state.changed();
    return { success: true };
  });

  // Edit: POST /{version}/{template-id} (CLOUD_API.md §2.4); the same path shape carries a
  // resumable upload's file data: POST /{version}/upload:{session} (§2.6).
  app.post<{ Params: { version: string; templateId: string } }>('/:version/:templateId', async (request, reply) => {
    const fail = (e: ReturnType<typeof graphError>) => reply.code(e.status).send(e.body);
    if (request.params.templateId.startsWith('upload:')) {
      const result = await receiveUploadData(state, request.params.templateId, request.headers.authorization, request.body);
      return 'status' in result ? fail(result) : result;
    }
    const t = state.templates.get(request.params.templateId);
    if (!t) return fail(graphError(100, `Unsupported post request. Object with ID '${request.params.templateId}' does not exist.`, 33));
    if (!['APPROVED', 'REJECTED', 'PAUSED'].includes(t.status)) return fail(graphError(100, "Message template status can't be changed while it is in review.", 2388039));
    const b = (request.body ?? {}) as Record<string, any>;
    if (t.status === 'APPROVED') {
      if (b.category && String(b.category).toUpperCase() !== t.category) return fail(graphError(100, 'The category of an approved template cannot change.', 2388039));
      const now = Date.now();
      if (t.edits.some((e) => now - e < DAY_MS) || t.edits.filter((e) => now - e < 30 * DAY_MS).length >= 10) {
        return fail(graphError(100, 'An approved template can be edited once a day and 10 times in 30 days.', 2388039));
      }
    }
    if (Array.isArray(b.components)) t.components = b.components;
    t.edits.push(Date.now());
    t.status = 'PENDING';
    t.rejectedReason = null;
    state.changed();
    schedule(t);
    return { success: true };
  });

  app.post<{ Params: { id: string } }>('/_simulator/templates/:id/review', async (request, reply) => {
    const t = state.templates.get(request.params.id);
    const b = (request.body ?? {}) as { decision?: string; reason?: string; category?: string };
    if (!t) return reply.code(404).send({ error: `No template ${request.params.id}.` });
    if (b.decision !== 'APPROVED' && b.decision !== 'REJECTED') return reply.code(400).send({ error: 'decision must be APPROVED or REJECTED.' });
    if (t.status !== 'PENDING') return reply.code(409).send({ error: `Template is ${t.status}, not in review.` });
    review(t, { decision: b.decision, ...(b.reason ? { reason: b.reason } : {}), ...(b.category ? { category: b.category } : {}) });
    return t;
  });

  // Re-categorise an approved template, as the platform's periodic re-check does (CLOUD_API.md §2.7).
  app.post<{ Params: { id: string } }>('/_simulator/templates/:id/category', async (request, reply) => {
    const t = state.templates.get(request.params.id);
    const category = String(((request.body ?? {}) as { category?: string }).category ?? 'MARKETING');
    if (!t) return reply.code(404).send({ error: `No template ${request.params.id}.` });
    const previous = t.category;
    t.category = category;
    state.changed();
    webhooks.sendPayload({
      entry: [
        {
          id: t.wabaId,
          time: Math.floor(Date.now() / 1000),
          changes: [{ field: 'template_category_update', value: { message_template_id: Number(t.id), message_template_name: t.name, message_template_language: t.language, previous_category: previous, new_category: category } }],
        },
      ],
      object: 'whatsapp_business_account',
    });
    return t;
  });
}
