/**
 * The control API's template calls (`/_simulator/templates…`): what the platform or a person in
 * WhatsApp Manager does to templates outside the service's calls. A template made "outside Tidings"
 * (`POST /_simulator/templates`); a review, a status event (paused, disabled, flagged,
 * reinstated), a quality change and a re-categorisation (docs/platform.md §2.7, §2.8, §4.6, §4.7).
 * Each change is kept (state file) before the call is answered; `"webhook": false` makes it without
 * its webhook, as if the webhook were lost, so a service can be tested repairing its copy by
 * reading the templates back. Errors are the simulator's own `{ "error": "…" }`.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { newGraphId } from '../../lib/simulated-identity.js';
import type { SimContext } from '../context.js';
import type { SimTemplate } from '../model.js';
import type { SimulatorState } from '../state.js';
import type { TemplateActions } from './review.js';
import { checkComponents } from './create-rules.js';
import { variables } from './parts.js';

type Obj = Record<string, any>;

const CATEGORIES = ['UTILITY', 'MARKETING', 'AUTHENTICATION'];
const MADE_STATUSES = ['APPROVED', 'PENDING', 'REJECTED', 'PAUSED'];
const SCORES = ['GREEN', 'YELLOW', 'RED', 'UNKNOWN'];
const MADE_KEYS = [
  'wabaId',
  'name',
  'language',
  'category',
  'components',
  'body',
  'status',
  'qualityScore',
  'reason',
  'notify',
];

const bad = (reply: FastifyReply, error: string, status = 400) => reply.code(status).send({ error });
/** Why `webhook` is not a boolean or absent, else null. */
const badWebhook = (body: Obj) =>
  body.webhook !== undefined && typeof body.webhook !== 'boolean' ? 'webhook must be true or false.' : null;

/**
 * The WABA a control call means when it names none: that of the first business number bound to a
 * WABA, else the first WABA a registered token acts for, else that of the first template; null when
 * the simulator knows no WABA yet (a simulated token's WABA is known once it was used on a number).
 */
export function defaultWaba(state: SimulatorState): string | null {
  for (const n of state.numbers.values()) if (!n.provisional) return n.wabaId;
  for (const t of state.tokens.values()) if (t.wabaIds[0]) return t.wabaIds[0];
  return state.templates.values().next().value?.wabaId ?? null;
}

/**
 * The components of the `body` shortcut: one BODY with an example for each variable (`{{1}}`… are
 * positional, `{{first_name}}` named), as WhatsApp Manager asks for samples.
 */
function bodyOnly(text: string): { components: Obj[]; format: 'POSITIONAL' | 'NAMED' } {
  const vars = variables(text);
  const named = vars.some((v) => !/^\d+$/.test(v));
  if (vars.length === 0) return { components: [{ type: 'BODY', text }], format: 'POSITIONAL' };
  const example = named
    ? { body_text_named_params: vars.map((v) => ({ param_name: v, example: `sample ${v}` })) }
    : { body_text: [vars.map((v) => `sample ${v}`)] };
  return { components: [{ type: 'BODY', text, example }], format: named ? 'NAMED' : 'POSITIONAL' };
}

/** Registers the `/_simulator/templates…` calls. */
export function registerTemplateControlRoutes(app: FastifyInstance, ctx: SimContext, templates: TemplateActions): void {
  const { state, webhooks } = ctx;

  // A template made outside the service, as in WhatsApp Manager: listed and readable at once, no
  // webhook unless `notify`. A PENDING one is reviewed like any other (config `review`).
  app.post('/_simulator/templates', async (request, reply) => {
    const b = (request.body ?? {}) as Obj;
    const unknown = Object.keys(b).filter((k) => !MADE_KEYS.includes(k));
    if (unknown.length > 0) return bad(reply, `Unknown key${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`);
    const wabaId = b.wabaId ?? defaultWaba(state);
    if (wabaId === null) return bad(reply, 'Give wabaId: the simulator knows no WABA yet.');
    if (typeof wabaId !== 'string' || !/^\d+$/.test(wabaId)) return bad(reply, 'wabaId must be digits.');
    if (typeof b.name !== 'string' || !/^[a-z0-9_]{1,512}$/.test(b.name))
      return bad(reply, 'name must be lowercase letters, digits and underscores.');
    if (typeof b.language !== 'string' || b.language === '') return bad(reply, 'Give language (en_US, …).');
    const category = b.category ?? 'UTILITY';
    if (!CATEGORIES.includes(category)) return bad(reply, `category must be one of ${CATEGORIES.join(', ')}.`);
    const status = b.status ?? 'APPROVED';
    if (!MADE_STATUSES.includes(status)) return bad(reply, `status must be one of ${MADE_STATUSES.join(', ')}.`);
    if (b.qualityScore !== undefined && !SCORES.includes(b.qualityScore))
      return bad(reply, `qualityScore must be one of ${SCORES.join(', ')}.`);
    if (b.notify !== undefined && typeof b.notify !== 'boolean') return bad(reply, 'notify must be true or false.');
    if ((b.components === undefined) === (b.body === undefined))
      return bad(reply, "Give components (Meta's components array) or body (the BODY text), not both.");
    if (b.body !== undefined && (typeof b.body !== 'string' || b.body === ''))
      return bad(reply, 'body must be the BODY text.');
    if (b.components !== undefined && !Array.isArray(b.components)) return bad(reply, 'components must be an array.');
    const made =
      b.body !== undefined
        ? bodyOnly(b.body)
        : {
            components: b.components as Obj[],
            format: variables(JSON.stringify(b.components)).some((v) => !/^\d+$/.test(v))
              ? ('NAMED' as const)
              : ('POSITIONAL' as const),
          };
    const wrong = checkComponents(state, category, made.format, made.components);
    if (wrong)
      return bad(
        reply,
        `The platform would refuse these components: ${wrong.body.error.error_data?.details ?? wrong.body.error.message}`,
      );
    for (const t of state.templates.values()) {
      if (t.wabaId === wabaId && t.name === b.name && t.language === b.language)
        return bad(reply, `WABA ${wabaId} already has ${b.name} in ${b.language} (template ${t.id}).`, 409);
    }
    const now = Date.now();
    const t: SimTemplate = {
      id: newGraphId(),
      wabaId,
      name: b.name,
      language: b.language,
      category,
      parameterFormat: made.format,
      status,
      ...(b.qualityScore !== undefined && b.qualityScore !== 'UNKNOWN'
        ? { qualityScore: b.qualityScore, qualityScoreAt: now }
        : {}),
      components: made.components,
      rejectedReason: status === 'REJECTED' ? String(b.reason ?? 'INVALID_FORMAT') : null,
      edits: [],
      createdAt: now,
    };
    state.templates.set(t.id, t);
    state.changed();
    if (status === 'PENDING' && state.config.review === 'auto')
      ctx.later(state.config.reviewDelayMs, () => templates.review(t));
    if (b.notify === true) {
      const paused =
        status === 'PAUSED'
          ? {
              other_info: {
                title: 'FIRST_PAUSE',
                description: 'Your message template has been paused because of low quality.',
              },
            }
          : {};
      templates.notify(t, status, status === 'REJECTED' ? t.rejectedReason : 'NONE', paused);
    }
    return { id: t.id, name: t.name, language: t.language, status: t.status, category: t.category };
  });

  app.post<{ Params: { id: string } }>('/_simulator/templates/:id/review', async (request, reply) => {
    const t = state.templates.get(request.params.id);
    const b = (request.body ?? {}) as { decision?: string; reason?: string; category?: string; webhook?: boolean };
    if (!t) return bad(reply, `No template ${request.params.id}.`, 404);
    if (b.decision !== 'APPROVED' && b.decision !== 'REJECTED')
      return bad(reply, 'decision must be APPROVED or REJECTED.');
    const wrongWebhook = badWebhook(b);
    if (wrongWebhook) return bad(reply, wrongWebhook);
    if (t.status !== 'PENDING') return bad(reply, `Template is ${t.status}, not in review.`, 409);
    templates.review(t, {
      decision: b.decision,
      ...(b.reason ? { reason: b.reason } : {}),
      ...(b.category ? { category: b.category } : {}),
      ...(b.webhook === false ? { webhook: false } : {}),
    });
    return t;
  });

  // A status event of an approved template (docs/platform.md §2.8, §4.6): PAUSED (sends then get
  // 132015), DISABLED (132016), FLAGGED (with `disable_info`; the status stays), REINSTATED/UNPAUSED
  // (APPROVED again).
  app.post<{ Params: { id: string } }>('/_simulator/templates/:id/status', async (request, reply) => {
    const t = state.templates.get(request.params.id);
    const body = (request.body ?? {}) as Obj;
    if (!t) return bad(reply, `No template ${request.params.id}.`, 404);
    const events: Record<string, string | null> = {
      PAUSED: 'PAUSED',
      DISABLED: 'DISABLED',
      FLAGGED: null,
      REINSTATED: 'APPROVED',
      UNPAUSED: 'APPROVED',
    };
    const event = String(body.event ?? '');
    if (!(event in events)) return bad(reply, `event must be one of ${Object.keys(events).join(', ')}.`);
    const wrongWebhook = badWebhook(body);
    if (wrongWebhook) return bad(reply, wrongWebhook);
    if (events[event]) t.status = events[event]!;
    state.changed();
    if (body.webhook === false) return t;
    const extra: Obj = {};
    if (event === 'FLAGGED')
      extra.disable_info = {
        disable_date: String(body.disableDate ?? new Date(Date.now() + 7 * 86_400_000).toDateString()),
      };
    if (event === 'PAUSED' || event === 'UNPAUSED')
      extra.other_info = {
        title: event === 'PAUSED' ? 'FIRST_PAUSE' : 'UNPAUSE',
        description: String(body.description ?? 'Your message template has been paused because of low quality.'),
      };
    templates.notify(
      t,
      event === 'UNPAUSED' ? 'APPROVED' : event,
      event === 'FLAGGED' ? null : String(body.reason ?? 'NONE'),
      extra,
    );
    return t;
  });

  // A template's quality score changes (webhook-template-quality-update.json); `quality_score` shows it.
  app.post<{ Params: { id: string } }>('/_simulator/templates/:id/quality', async (request, reply) => {
    const t = state.templates.get(request.params.id);
    const body = (request.body ?? {}) as Obj;
    const score = String(body.score ?? '');
    if (!t) return bad(reply, `No template ${request.params.id}.`, 404);
    if (!['GREEN', 'YELLOW', 'RED'].includes(score)) return bad(reply, 'score must be GREEN, YELLOW or RED.');
    const wrongWebhook = badWebhook(body);
    if (wrongWebhook) return bad(reply, wrongWebhook);
    const previous = t.qualityScore ?? 'UNKNOWN';
    t.qualityScore = score;
    t.qualityScoreAt = Date.now();
    state.changed();
    if (body.webhook === false) return t;
    const value = {
      previous_quality_score: previous,
      new_quality_score: score,
      message_template_id: Number(t.id),
      message_template_name: t.name,
      message_template_language: t.language,
    };
    webhooks.sendPayload({
      entry: [
        {
          id: t.wabaId,
          time: Math.floor(Date.now() / 1000),
          changes: [{ value, field: 'message_template_quality_update' }],
        },
      ],
      object: 'whatsapp_business_account',
    });
    return t;
  });

  // Re-categorise an approved template, as the platform's periodic re-check does
  // (docs/platform.md §2.7): with `"notice": true` only the 24 h advance notice (webhook-template-category-update-impending.json),
  // which `correct_category` shows until the change. A Template Library template keeps its category
  // ("templates in the library have fixed categories that don't change after selection", YCloud's
  // Template Library page, docs.ycloud.com …/template-management/template-library): refused.
  app.post<{ Params: { id: string } }>('/_simulator/templates/:id/category', async (request, reply) => {
    const t = state.templates.get(request.params.id);
    const body = (request.body ?? {}) as Obj;
    const category = String(body.category ?? 'MARKETING');
    if (!t) return bad(reply, `No template ${request.params.id}.`, 404);
    if (!CATEGORIES.includes(category)) return bad(reply, `category must be one of ${CATEGORIES.join(', ')}.`);
    const wrongWebhook = badWebhook(body);
    if (wrongWebhook) return bad(reply, wrongWebhook);
    if (t.libraryTemplateName)
      return bad(
        reply,
        `Template ${t.id} was made from the Template Library (${t.libraryTemplateName}): its category is fixed.`,
        409,
      );
    const now = Math.floor(Date.now() / 1000);
    const base = {
      message_template_id: Number(t.id),
      message_template_name: t.name,
      message_template_language: t.language,
    };
    const value =
      body.notice === true
        ? { ...base, new_category: t.category, correct_category: category, category_update_timestamp: now + 24 * 3600 }
        : { ...base, previous_category: t.category, new_category: category };
    if (body.notice === true) t.correctCategory = category;
    else {
      t.previousCategory = t.category;
      t.category = category;
      delete t.correctCategory;
    }
    state.changed();
    if (body.webhook !== false)
      webhooks.sendPayload({
        entry: [{ id: t.wabaId, time: now, changes: [{ field: 'template_category_update', value }] }],
        object: 'whatsapp_business_account',
      });
    return t;
  });
}
