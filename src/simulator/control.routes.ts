/**
 * The control API under `/_simulator/` (docs/api.md §D12): customer messages of every type, manual
 * statuses, the config (unknown keys refused), tokens, throughput upgrades, pricing tier notices and the state (the
 * template calls are in templates/control.routes.ts).
 * Errors here are the simulator's own `{ "error": "…" }`, not Graph envelopes.
 */
import type { FastifyInstance } from 'fastify';
import { applyConfig } from './config.js';
import type { SimContext } from './context.js';
import { newWamid } from './identity.js';
import { customerOf, inboundContent } from './inbound.js';
import { agentAnswers, agentHolds } from './meta-agent.js';
import { originOf } from './media.routes.js';
import { DIRECT_SEND_STATUSES, type DirectSendStatus } from './model.js';
import { contactEntry } from './payloads.js';
import { expireHeld, setReachable } from './reachability.js';
import { BSUID_PATTERN } from './users.js';

type Obj = Record<string, any>;

/** What `POST /_simulator/pricing_tier_updates` takes. */
const TIER_UPDATE_KEYS = [
  'wabaId',
  'phoneNumberId',
  'effectiveMonth',
  'pricingCategory',
  'region',
  'tier',
  'tierUpdateTime',
];

export interface ControlOptions {
  setWebhookUrl(url: string | null): void;
  webhookUrl(): string | null;
}

/** Registers the control API; `options` reads and sets where webhooks go. */
export function registerControlRoutes(app: FastifyInstance, ctx: SimContext, options: ControlOptions): void {
  const { state, webhooks } = ctx;
  const bad = (reply: { code(n: number): { send(b: unknown): unknown } }, error: string, status = 400) =>
    reply.code(status).send({ error });

  // A customer writes (any type; text by default). Answers once the receiver took the webhook, so a
  // reply sent right after finds the window open; `"wait": false` answers at once.
  app.post('/_simulator/inbound', async (request, reply) => {
    const body = (request.body ?? {}) as Obj;
    const to = typeof body.to === 'string' ? body.to : '';
    if (!/^\d+$/.test(to)) return bad(reply, 'Give to (the business phone number id) and from (the customer number).');
    const user = customerOf(ctx, body);
    if (typeof user === 'string') return bad(reply, user);
    // Kept, so a send to the parent BSUID the webhook showed finds them (state.ts `user`).
    if (state.config.parentUserIds && !state.users.has(user.userId)) state.addUser(user);
    const number = state.number(to);
    // Meta, "Block users": "The user cannot contact your business" (docs/platform.md §4.17).
    const blocked = `The business blocked this customer on number ${to}: a blocked user cannot message it (Meta, "Block users"). Unblock them first (DELETE /{phone-number-id}/block_users).`;
    if (number.blocked?.[user.userId]) return bad(reply, blocked, 409);
    const last =
      [...state.messages.values()].reverse().find((m) => m.phoneNumberId === to && m.userId === user.userId)?.wamid ??
      null;
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
    if (agentHolds(number, user.userId)) return agentAnswers(ctx, number, user, message); // under `standby`
    const delivery = webhooks.enqueue({
      kind: 'message',
      phoneNumberId: to,
      contact: contactEntry(state.config, user),
      message,
      ...(valueErrors ? { errors: valueErrors } : {}),
    });
    const webhook = body.wait === false ? 'queued' : await delivery;
    return { wamid, webhook, ...(type !== 'text' && message[type]?.id ? { mediaId: message[type].id } : {}) };
  });

  app.post<{ Params: { wamid: string } }>('/_simulator/messages/:wamid/status', async (request, reply) => {
    const message = state.messages.get(request.params.wamid);
    const body = (request.body ?? {}) as Obj;
    if (!message) return bad(reply, `No message ${request.params.wamid}.`, 404);
    if (!['sent', 'delivered', 'read', 'failed'].includes(String(body.status)))
      return bad(reply, 'status must be sent, delivered, read or failed.');
    ctx.report(message, String(body.status), body.errorCode === undefined ? undefined : Number(body.errorCode));
    return { wamid: message.wamid, statuses: message.statuses };
  });

  app.put('/_simulator/config', async (request, reply) => {
    const body = (request.body ?? {}) as Obj;
    if (typeof body !== 'object' || Array.isArray(body)) return bad(reply, 'Send a JSON object.');
    const result = applyConfig(state.config, body);
    if ('errors' in result) return bad(reply, result.errors.join(' '));
    if (body.webhookUrl !== undefined && body.webhookUrl !== null && typeof body.webhookUrl !== 'string')
      return bad(reply, 'webhookUrl must be a string or null.');
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
  app.get('/_simulator/stats', async () => ({
    taken: state.sendStats.taken,
    refused: Object.fromEntries(state.sendStats.refused),
  }));

  // Any other token, for a WABA and (optionally) numbers it serves; `expiresAt` (unix s) makes it expire (190/463).
  app.post('/_simulator/tokens', async (request, reply) => {
    const body = (request.body ?? {}) as Obj;
    if (
      typeof body.token !== 'string' ||
      body.token === '' ||
      typeof body.wabaId !== 'string' ||
      !/^\d+$/.test(body.wabaId)
    )
      return bad(reply, 'Give token and wabaId (digits).');
    const numbers: unknown[] = Array.isArray(body.phoneNumberIds) ? body.phoneNumberIds : [];
    if (numbers.some((n) => typeof n !== 'string' || !/^\d+$/.test(n)))
      return bad(reply, 'phoneNumberIds must be digit strings.');
    registerToken(
      ctx,
      body.token,
      body.wabaId,
      numbers as string[],
      typeof body.expiresAt === 'number' ? body.expiresAt * 1000 : null,
    );
    return { token: body.token, wabaId: body.wabaId, phoneNumberIds: numbers };
  });

  // A throughput upgrade (docs/platform.md §7): sends get 131057 for `durationMs`, then the number is
  // HIGH (1,000 msg/s) and a phone_number_quality_update webhook with THROUGHPUT_UPGRADE is sent
  // (Meta `webhooks/reference/phone_number_quality_update`; `current_limit` is left out, Meta
  // removed it in Feb 2026, and the value TIER_UNLIMITED for an upgrade is from docs/platform.md §7).
  app.post<{ Params: { phoneNumberId: string } }>(
    '/_simulator/numbers/:phoneNumberId/throughput',
    async (request, reply) => {
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
              changes: [
                {
                  value: {
                    display_phone_number: number.displayPhoneNumber,
                    event: 'THROUGHPUT_UPGRADE',
                    max_daily_conversations_per_business: 'TIER_UNLIMITED',
                  },
                  field: 'phone_number_quality_update',
                },
              ],
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
    },
  );

  // A WABA's move to a new volume-based pricing tier in a market for a month
  // (docs/platform.md §4.10): the `account_update` webhook with VOLUME_BASED_PRICING_TIER_UPDATE, shaped like
  // webhook-account-update-volume-tier.json, for `wabaId` or the WABA of `phoneNumberId`. The
  // simulator keeps no tier: the call only sends the notice.
  app.post('/_simulator/pricing_tier_updates', async (request, reply) => {
    const body = (request.body ?? {}) as Obj;
    const unknown = Object.keys(body).filter((k) => !TIER_UPDATE_KEYS.includes(k));
    if (unknown.length > 0) return bad(reply, `Unknown key${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`);
    const wabaId =
      typeof body.wabaId === 'string'
        ? body.wabaId
        : typeof body.phoneNumberId === 'string'
          ? state.numbers.get(body.phoneNumberId)?.wabaId
          : undefined;
    if (!wabaId || !/^\d+$/.test(wabaId))
      return bad(reply, 'Give wabaId (digits), or the phoneNumberId of a number the simulator knows.');
    const now = ctx.clock.now();
    const month = body.effectiveMonth ?? new Date(now).toISOString().slice(0, 7);
    const category = body.pricingCategory ?? 'UTILITY';
    const updatedAt = body.tierUpdateTime ?? Math.floor(now / 1000);
    if (typeof month !== 'string' || !/^\d{4}-(0[1-9]|1[0-2])$/.test(month))
      return bad(reply, 'effectiveMonth must be YYYY-MM (default: the current month).');
    if (!['UTILITY', 'AUTHENTICATION', 'MARKETING'].includes(category))
      return bad(reply, 'pricingCategory must be UTILITY (default), AUTHENTICATION or MARKETING.');
    if (typeof body.region !== 'string' || !/^[A-Z_]{2,40}$/.test(body.region))
      return bad(reply, 'region must name a market in capitals, e.g. INDIA.');
    if (typeof body.tier !== 'string' || !/^\d+:\d*$/.test(body.tier))
      return bad(reply, 'tier must be a range of messages, lower:upper, e.g. 25000001:50000000.');
    if (!Number.isSafeInteger(updatedAt) || updatedAt < 0)
      return bad(reply, 'tierUpdateTime must be Unix seconds (default: now).');
    const value = {
      event: 'VOLUME_BASED_PRICING_TIER_UPDATE',
      volume_tier_info: {
        effective_month: month,
        pricing_category: category,
        region: body.region,
        tier: body.tier,
        tier_update_time: updatedAt,
      },
    };
    webhooks.sendPayload({
      object: 'whatsapp_business_account',
      entry: [{ id: wabaId, time: Math.floor(Date.now() / 1000), changes: [{ field: 'account_update', value }] }],
    });
    return { wabaId, value };
  });

  // Direct Send eligibility of a number (messages/direct-send.ts): a beta for allow-listed accounts,
  // so `not_enabled` until set. A number not seen yet is made up, to be bound to the WABA of the
  // first token that uses it.
  app.post<{ Params: { phoneNumberId: string } }>(
    '/_simulator/numbers/:phoneNumberId/direct_send',
    async (request, reply) => {
      const body = (request.body ?? {}) as Obj;
      const id = request.params.phoneNumberId;
      if (!/^\d+$/.test(id)) return bad(reply, 'The phone number id must be digits.');
      const unknown = Object.keys(body).filter((k) => k !== 'status');
      if (unknown.length > 0) return bad(reply, `Unknown key${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`);
      if (!DIRECT_SEND_STATUSES.includes(body.status))
        return bad(
          reply,
          `status must be one of ${DIRECT_SEND_STATUSES.join(', ')} (got ${JSON.stringify(body.status ?? null)}).`,
        );
      const number = state.number(id);
      number.directSend = body.status as DirectSendStatus;
      state.changed();
      return number;
    },
  );

  // A user out of reach (reachability.ts): messages to them are sent and held, undelivered, for
  // their TTL. Made reachable again, the held ones still within their TTL are delivered.
  app.post<{ Params: { user: string } }>('/_simulator/users/:user/reachable', async (request, reply) => {
    const body = (request.body ?? {}) as Obj;
    const given = request.params.user;
    const unknown = Object.keys(body).filter((k) => k !== 'reachable');
    if (unknown.length > 0) return bad(reply, `Unknown key${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`);
    if (typeof body.reachable !== 'boolean') return bad(reply, 'reachable must be true or false.');
    const phone = given.replace(/^\+/, '');
    const user = BSUID_PATTERN.test(given)
      ? state.user({ userId: given })
      : /^\d+$/.test(phone)
        ? state.user({ phone })
        : null;
    if (!user)
      return bad(
        reply,
        BSUID_PATTERN.test(given) ? `No user ${given}.` : 'Name the user by phone number (digits or +E.164) or BSUID.',
        BSUID_PATTERN.test(given) ? 404 : 400,
      );
    const settled = setReachable(ctx, user, body.reachable);
    return { user: state.users.get(user.userId), reachable: body.reachable, ...settled };
  });
}

/** Lets `token` act for `wabaId` and binds `phoneNumberIds` to that WABA. */
export function registerToken(
  ctx: SimContext,
  token: string,
  wabaId: string,
  phoneNumberIds: string[],
  expiresAt: number | null = null,
): void {
  const known = ctx.state.tokens.get(token);
  ctx.state.tokens.set(token, { wabaIds: [...new Set([...(known?.wabaIds ?? []), wabaId])], expiresAt });
  for (const id of phoneNumberIds) {
    const n = ctx.state.number(id, wabaId);
    n.wabaId = wabaId;
    delete n.provisional;
  }
  ctx.state.changed();
}
