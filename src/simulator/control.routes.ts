/**
 * The control API under `/_simulator/` (docs/api.md §D12): customer messages of every type, manual
 * statuses and reviews, the config (unknown keys refused), tokens, throughput upgrades and the state.
 * Errors here are the simulator's own `{ "error": "…" }`, not Graph envelopes.
 */
import type { FastifyInstance } from 'fastify';
import { applyConfig } from './config.js';
import type { SimContext } from './context.js';
import { newWamid } from './identity.js';
import { customerOf, inboundContent } from './inbound.js';
import { originOf } from './media.routes.js';
import { DIRECT_SEND_STATUSES, type DirectSendStatus } from './model.js';
import { contactEntry } from './payloads.js';
import { expireHeld, setReachable } from './reachability.js';
import type { TemplateActions } from './templates.routes.js';
import { BSUID_PATTERN } from './users.js';

type Obj = Record<string, any>;

export interface ControlOptions {
  setWebhookUrl(url: string | null): void;
  webhookUrl(): string | null;
}

/** Registers the control API; `options` reads and sets where webhooks go. */
export function registerControlRoutes(app: FastifyInstance, ctx: SimContext, templates: TemplateActions, options: ControlOptions): void {
  const { state, webhooks } = ctx;
  const bad = (reply: { code(n: number): { send(b: unknown): unknown } }, error: string, status = 400) => reply.code(status).send({ error });

  // A customer writes (any type; text by default). Answers once the receiver took the webhook, so a
  // reply sent right after finds the window open; `"wait": false` answers at once.
  app.post('/_simulator/inbound', async (request, reply) => {
    const body = (request.body ?? {}) as Obj;
    const to = typeof body.to === 'string' ? body.to : '';
    if (!/^\d+$/.test(to)) return bad(reply, 'Give to (the business phone number id) and from (the customer number).');
    const user = customerOf(ctx, body);
    if (typeof user === 'string') return bad(reply, user);
    const number = state.number(to);
    const last = [...state.messages.values()].reverse().find((m) => m.phoneNumberId === to && m.userId === user.userId)?.wamid ?? null;
    const content = inboundContent(ctx, number, originOf(request), body, last);
    if (typeof content === 'string') return bad(reply, content);
    const now = Date.now();
    const wamid = newWamid();
    // Any customer message opens or refreshes the window, per user however addressed (docs/platform.md §5, §4.9).
    state.windows.set(`${to}:${user.userId}`, now);
    state.addInbound(wamid, { phoneNumberId: to, userId: user.userId, at: now });
    const { context, type, valueErrors, ...rest } = content;
    const message: Obj = { ...(context ? { context } : {}) };
    if (user.phone) message.from = user.phone;
    else message.from_user_id = user.userId; // username-only customers have no `from` (docs/platform.md §4.9)
    Object.assign(message, { id: wamid, timestamp: String(Math.floor(now / 1000)), type, ...rest });
    const delivery = webhooks.enqueue({ kind: 'message', phoneNumberId: to, contact: contactEntry(state.config, user), message, ...(valueErrors ? { errors: valueErrors } : {}) });
    const webhook = body.wait === false ? 'queued' : await delivery;
    return { wamid, webhook, ...(type !== 'text' && message[type]?.id ? { mediaId: message[type].id } : {}) };
  });

  app.post<{ Params: { wamid: string } }>('/_simulator/messages/:wamid/status', async (request, reply) => {
    const message = state.messages.get(request.params.wamid);
    const body = (request.body ?? {}) as Obj;
    if (!message) return bad(reply, `No message ${request.params.wamid}.`, 404);
    if (!['sent', 'delivered', 'read', 'failed'].includes(String(body.status))) return bad(reply, 'status must be sent, delivered, read or failed.');
    ctx.report(message, String(body.status), body.errorCode === undefined ? undefined : Number(body.errorCode));
    return { wamid: message.wamid, statuses: message.statuses };
  });

  app.put('/_simulator/config', async (request, reply) => {
    const body = (request.body ?? {}) as Obj;
    if (typeof body !== 'object' || Array.isArray(body)) return bad(reply, 'Send a JSON object.');
    const result = applyConfig(state.config, body);
    if ('errors' in result) return bad(reply, result.errors.join(' '));
    if (body.webhookUrl !== undefined && body.webhookUrl !== null && typeof body.webhookUrl !== 'string') return bad(reply, 'webhookUrl must be a string or null.');
    state.config = result.config;
    if (body.webhookUrl !== undefined) options.setWebhookUrl(body.webhookUrl);
    state.changed();
    return { ...state.config, webhookUrl: options.webhookUrl() };
  });

  // Held messages whose TTL passed are dropped before the state is shown (reachability.ts); each
  // number shows its Direct Send eligibility, `not_enabled` when never set.
  app.get('/_simulator/state', async () => {
    expireHeld(state, ctx.clock.now());
    const snapshot = state.snapshot();
    return { ...snapshot, numbers: snapshot.numbers.map((n) => ({ ...n, directSend: n.directSend ?? 'not_enabled' })) };
  });
  // Sends taken and refused (by Graph error code) since start: cheap to poll during a benchmark.
  app.get('/_simulator/stats', async () => ({ taken: state.sendStats.taken, refused: Object.fromEntries(state.sendStats.refused) }));

  // Any other token, for a WABA and (optionally) numbers it serves; `expiresAt` (unix s) makes it expire (190/463).
  app.post('/_simulator/tokens', async (request, reply) => {
    const body = (request.body ?? {}) as Obj;
    if (typeof body.token !== 'string' || body.token === '' || typeof body.wabaId !== 'string' || !/^\d+$/.test(body.wabaId)) return bad(reply, 'Give token and wabaId (digits).');
    const numbers: unknown[] = Array.isArray(body.phoneNumberIds) ? body.phoneNumberIds : [];
    if (numbers.some((n) => typeof n !== 'string' || !/^\d+$/.test(n))) return bad(reply, 'phoneNumberIds must be digit strings.');
    registerToken(ctx, body.token, body.wabaId, numbers as string[], typeof body.expiresAt === 'number' ? body.expiresAt * 1000 : null);
    return { token: body.token, wabaId: body.wabaId, phoneNumberIds: numbers };
  });

  // A throughput upgrade (docs/platform.md §7): sends get 131057 for `durationMs`, then the number is
  // HIGH (1,000 msg/s) and a phone_number_quality_update webhook with THROUGHPUT_UPGRADE is sent
  // (Meta `webhooks/reference/phone_number_quality_update`; `current_limit` is left out, Meta
  // removed it in Feb 2026, and the value TIER_UNLIMITED for an upgrade is from docs/platform.md §7).
  app.post<{ Params: { phoneNumberId: string } }>('/_simulator/numbers/:phoneNumberId/throughput', async (request, reply) => {
    const body = (request.body ?? {}) as Obj;
    const level = body.level ?? 'HIGH';
    if (level !== 'HIGH' && level !== 'STANDARD') return bad(reply, 'level must be HIGH or STANDARD.');
    const durationMs = typeof body.durationMs === 'number' ? body.durationMs : 0;
    const number = state.numbers.get(request.params.phoneNumberId);
    if (!number) return bad(reply, `No number ${request.params.phoneNumberId}.`, 404);
    const apply = () => {
      delete number.upgradingUntil;
      number.throughputLevel = level;
      state.changed();
      if (level !== 'HIGH') return;
      webhooks.sendPayload({
        entry: [
          {
            id: number.wabaId,
            time: Math.floor(Date.now() / 1000),
            changes: [{ value: { display_phone_number: number.displayPhoneNumber, event: 'THROUGHPUT_UPGRADE', max_daily_conversations_per_business: 'TIER_UNLIMITED' }, field: 'phone_number_quality_update' }],
          },
        ],
        object: 'whatsapp_business_account',
      });
    };
    if (durationMs > 0) {
      number.upgradingUntil = Date.now() + durationMs;
      ctx.later(durationMs, apply);
    } else apply();
    return number;
  });

  // Direct Send eligibility of a number (messages/direct-send.ts): a beta for allow-listed accounts,
  // so `not_enabled` until set. A number not seen yet is made up, to be bound to the WABA of the
  // first token that uses it.
  app.post<{ Params: { phoneNumberId: string } }>('/_simulator/numbers/:phoneNumberId/direct_send', async (request, reply) => {
    const body = (request.body ?? {}) as Obj;
    const id = request.params.phoneNumberId;
    if (!/^\d+$/.test(id)) return bad(reply, 'The phone number id must be digits.');
    const unknown = Object.keys(body).filter((k) => k !== 'status');
    if (unknown.length > 0) return bad(reply, `Unknown key${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`);
    if (!DIRECT_SEND_STATUSES.includes(body.status)) return bad(reply, `status must be one of ${DIRECT_SEND_STATUSES.join(', ')} (got ${JSON.stringify(body.status ?? null)}).`);
    const number = state.number(id);
    number.directSend = body.status as DirectSendStatus;
    state.changed();
    return number;
  });

  // A user out of reach (reachability.ts): messages to them are sent and held, undelivered, for
  // their TTL. Made reachable again, the held ones still within their TTL are delivered.
  app.post<{ Params: { user: string } }>('/_simulator/users/:user/reachable', async (request, reply) => {
    const body = (request.body ?? {}) as Obj;
    const given = request.params.user;
    const unknown = Object.keys(body).filter((k) => k !== 'reachable');
    if (unknown.length > 0) return bad(reply, `Unknown key${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`);
    if (typeof body.reachable !== 'boolean') return bad(reply, 'reachable must be true or false.');
    const phone = given.replace(/^\+/, '');
    const user = BSUID_PATTERN.test(given) ? state.user({ userId: given }) : /^\d+$/.test(phone) ? state.user({ phone }) : null;
    if (!user) return bad(reply, BSUID_PATTERN.test(given) ? `No user ${given}.` : 'Name the user by phone number (digits or +E.164) or BSUID.', BSUID_PATTERN.test(given) ? 404 : 400);
    const settled = setReachable(ctx, user, body.reachable);
    return { user: state.users.get(user.userId), reachable: body.reachable, ...settled };
  });

  app.post<{ Params: { id: string } }>('/_simulator/templates/:id/review', async (request, reply) => {
    const t = state.templates.get(request.params.id);
    const b = (request.body ?? {}) as { decision?: string; reason?: string; category?: string };
    if (!t) return bad(reply, `No template ${request.params.id}.`, 404);
    if (b.decision !== 'APPROVED' && b.decision !== 'REJECTED') return bad(reply, 'decision must be APPROVED or REJECTED.');
    if (t.status !== 'PENDING') return bad(reply, `Template is ${t.status}, not in review.`, 409);
    templates.review(t, { decision: b.decision, ...(b.reason ? { reason: b.reason } : {}), ...(b.category ? { category: b.category } : {}) });
    return t;
  });

  // A status event of an approved template (docs/platform.md §2.8, §4.6): PAUSED (sends then get
  // 132015), DISABLED (132016), FLAGGED (with `disable_info`), REINSTATED/UNPAUSED (APPROVED again).
  app.post<{ Params: { id: string } }>('/_simulator/templates/:id/status', async (request, reply) => {
    const t = state.templates.get(request.params.id);
    const body = (request.body ?? {}) as Obj;
    if (!t) return bad(reply, `No template ${request.params.id}.`, 404);
    const events: Record<string, string | null> = { PAUSED: 'PAUSED', DISABLED: 'DISABLED', FLAGGED: null, REINSTATED: 'APPROVED', UNPAUSED: 'APPROVED' };
    const event = String(body.event ?? '');
    if (!(event in events)) return bad(reply, `event must be one of ${Object.keys(events).join(', ')}.`);
    if (events[event]) t.status = events[event]!;
    state.changed();
    const extra: Obj = {};
    if (event === 'FLAGGED') extra.disable_info = { disable_date: String(body.disableDate ?? new Date(Date.now() + 7 * 86_400_000).toDateString()) };
    if (event === 'PAUSED' || event === 'UNPAUSED') extra.other_info = { title: event === 'PAUSED' ? 'FIRST_PAUSE' : 'UNPAUSE', description: String(body.description ?? 'Your message template has been paused because of low quality.') };
    templates.notify(t, event === 'UNPAUSED' ? 'APPROVED' : event, event === 'FLAGGED' ? null : String(body.reason ?? 'NONE'), extra);
    return t;
  });

  // A template's quality score changes (webhook-template-quality-update.json).
  app.post<{ Params: { id: string } }>('/_simulator/templates/:id/quality', async (request, reply) => {
    const t = state.templates.get(request.params.id);
    const score = String(((request.body ?? {}) as Obj).score ?? '');
    if (!t) return bad(reply, `No template ${request.params.id}.`, 404);
    if (!['GREEN', 'YELLOW', 'RED'].includes(score)) return bad(reply, 'score must be GREEN, YELLOW or RED.');
    const previous = t.qualityScore ?? 'UNKNOWN';
    t.qualityScore = score;
    state.changed();
    const value = { previous_quality_score: previous, new_quality_score: score, message_template_id: Number(t.id), message_template_name: t.name, message_template_language: t.language };
    webhooks.sendPayload({ entry: [{ id: t.wabaId, time: Math.floor(Date.now() / 1000), changes: [{ value, field: 'message_template_quality_update' }] }], object: 'whatsapp_business_account' });
    return t;
  });

  // Re-categorise an approved template, as the platform's periodic re-check does (docs/platform.md §2.7): with
  // `"notice": true` only the 24 h advance notice is sent (webhook-template-category-update-impending.json).
  app.post<{ Params: { id: string } }>('/_simulator/templates/:id/category', async (request, reply) => {
    const t = state.templates.get(request.params.id);
    const body = (request.body ?? {}) as Obj;
    const category = String(body.category ?? 'MARKETING');
    if (!t) return bad(reply, `No template ${request.params.id}.`, 404);
    const now = Math.floor(Date.now() / 1000);
    const base = { message_template_id: Number(t.id), message_template_name: t.name, message_template_language: t.language };
    const value = body.notice === true ? { ...base, new_category: t.category, correct_category: category, category_update_timestamp: now + 24 * 3600 } : { ...base, previous_category: t.category, new_category: category };
    if (body.notice !== true) {
      t.previousCategory = t.category;
      t.category = category;
      state.changed();
    }
    webhooks.sendPayload({ entry: [{ id: t.wabaId, time: now, changes: [{ field: 'template_category_update', value }] }], object: 'whatsapp_business_account' });
    return t;
  });
}

/** Lets `token` act for `wabaId` and binds `phoneNumberIds` to that WABA. */
export function registerToken(ctx: SimContext, token: string, wabaId: string, phoneNumberIds: string[], expiresAt: number | null = null): void {
  const known = ctx.state.tokens.get(token);
  ctx.state.tokens.set(token, { wabaIds: [...new Set([...(known?.wabaIds ?? []), wabaId])], expiresAt });
  for (const id of phoneNumberIds) {
    const n = ctx.state.number(id, wabaId);
    n.wabaId = wabaId;
    delete n.provisional;
  }
  ctx.state.changed();
}
