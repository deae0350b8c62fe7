/**
 * Meta Business Agent on a simulated number (docs/simulator.md "Meta Business Agent",
 * docs/platform.md §4.18): a per-number mode in which Meta's AI agent holds each customer's conversation and answers
 * it itself. While it holds one, the customer's messages, the agent's replies (`message_echoes[]`)
 * and their statuses go out under the webhook field `standby`, not `messages` (Meta,
 * webhooks/reference/standby). A free-form (service) message of the business takes the
 * conversation over (send.routes.ts calls `businessTakes`); Meta delivers that `control_taken` to
 * the previous owner, the agent, so the business's app hears nothing of it but the send's own
 * statuses. The agent passing the conversation to the business sends `messaging_handovers`
 * `control_passed` to the app (the new owner); the business releasing it sends nothing (Meta:
 * "A release action names no new owner, so it does not produce a messaging_handovers
 * notification", webhooks/reference/messaging-handovers). The nesting of the handover's roles and
 * customer is inferred (UNCONFIRMED, docs/platform.md §4.18), the same shape the parser reads.
 */
import type { FastifyInstance } from 'fastify';
import type { SimContext } from './context.js';
import { newWamid } from './identity.js';
import { contactEntry } from './payloads.js';
import type { SimNumber, SimUser } from './state.js';

type Obj = Record<string, any>;

/** What the agent answers when the mode names no reply. */
export const DEFAULT_AGENT_REPLY = "Hi! I'm the business's AI assistant. How can I help?";

/** Whether Meta's agent holds `userId`'s conversation on `number`. */
export function agentHolds(number: SimNumber, userId: string): boolean {
  return number.metaAgent?.enabled === true && !number.metaAgent.businessHolds?.[userId];
}

/** A service message of the business was taken for `userId`: the business holds the conversation now. */
export function businessTakes(ctx: SimContext, number: SimNumber, userId: string): void {
  if (!agentHolds(number, userId)) return;
  number.metaAgent!.businessHolds = { ...number.metaAgent!.businessHolds, [userId]: ctx.clock.now() };
  ctx.state.changed();
}

/** The envelope of one change of `field` on `number`. */
function envelope(number: SimNumber, field: string, value: Obj): Obj {
  return { object: 'whatsapp_business_account', entry: [{ id: number.wabaId, changes: [{ value, field }] }] };
}

const metadata = (number: SimNumber) => ({
  display_phone_number: number.displayPhoneNumber,
  phone_number_id: number.phoneNumberId,
});

/**
 * The customer's `message` (a `messages[]` item) under `standby`, then the agent's reply: its echo
 * (`message_echoes[]`, the `smb_message_echoes` item shape) and its sent, delivered and read statuses,
 * each a webhook of its own under `standby`.
 * @returns the control call's answer: the customer's wamid and the reply's.
 */
export function agentAnswers(ctx: SimContext, number: SimNumber, user: SimUser, message: Obj): Obj {
  const { webhooks, state } = ctx;
  const contact = contactEntry(state.config, user);
  const meta = metadata(number);
  webhooks.sendPayload(
    envelope(number, 'standby', {
      messaging_product: 'whatsapp',
      metadata: meta,
      contacts: [contact],
      messages: [message],
    }),
  );
  const replyWamid = newWamid();
  const at = Math.floor(ctx.clock.now() / 1000);
  const echo: Obj = { from: number.displayPhoneNumber, id: replyWamid, timestamp: String(at), type: 'text' };
  if (user.phone) echo.to = user.phone;
  if (state.config.bsuid || !user.phone) echo.to_user_id = user.userId;
  echo.text = { body: number.metaAgent?.reply ?? DEFAULT_AGENT_REPLY };
  webhooks.sendPayload(
    envelope(number, 'standby', {
      messaging_product: 'whatsapp',
      metadata: meta,
      contacts: [contact],
      message_echoes: [echo],
    }),
  );
  // Its statuses, as a status webhook names the recipient (payloads.ts statusItem); the agent's
  // replies carry no pricing here (what Meta bills for them is not documented: UNCONFIRMED).
  const statuses = ['sent', 'delivered', 'read'].map((status) => ({
    id: replyWamid,
    status,
    timestamp: String(at),
    ...(user.phone ? { recipient_id: user.phone } : {}),
    ...(state.config.bsuid || !user.phone ? { recipient_user_id: user.userId } : {}),
  }));
  webhooks.sendPayload(
    envelope(number, 'standby', { messaging_product: 'whatsapp', metadata: meta, contacts: [contact], statuses }),
  );
  return { wamid: message.id, webhook: 'standby', replyWamid };
}

/** The control calls of the mode. */
export function registerMetaAgentRoutes(app: FastifyInstance, ctx: SimContext): void {
  const { state, webhooks } = ctx;
  const bad = (reply: { code(n: number): { send(b: unknown): unknown } }, error: string) =>
    reply.code(400).send({ error });
  const unknownKeys = (body: Obj, allowed: string[]) => {
    const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
    return unknown.length > 0 ? `Unknown key${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.` : null;
  };

  // Turns the mode on (every conversation the business has not taken is the agent's) or off.
  app.post<{ Params: { phoneNumberId: string } }>(
    '/_simulator/numbers/:phoneNumberId/meta_agent',
    async (request, reply) => {
      const body = (request.body ?? {}) as Obj;
      const id = request.params.phoneNumberId;
      if (!/^\d+$/.test(id)) return bad(reply, 'The phone number id must be digits.');
      const unknown = unknownKeys(body, ['enabled', 'reply']);
      if (unknown) return bad(reply, unknown);
      if (typeof body.enabled !== 'boolean') return bad(reply, 'Give enabled (true or false).');
      if (body.reply !== undefined && (typeof body.reply !== 'string' || body.reply === ''))
        return bad(reply, 'reply must be a text (what the agent answers).');
      const number = state.number(id);
      number.metaAgent = { enabled: body.enabled, ...(body.reply ? { reply: body.reply } : {}), businessHolds: {} };
      state.changed();
      return { phoneNumberId: id, metaAgent: number.metaAgent };
    },
  );

  // The agent passes a customer's conversation to the business (an escalation): `control_passed`
  // to the app, the new owner. `to`: the customer's number (digits) or BSUID.
  app.post<{ Params: { phoneNumberId: string; action: string } }>(
    '/_simulator/numbers/:phoneNumberId/meta_agent/:action',
    async (request, reply) => {
      const body = (request.body ?? {}) as Obj;
      const number = state.numbers.get(request.params.phoneNumberId);
      if (!number?.metaAgent?.enabled)
        return bad(reply, 'Turn the mode on first (POST …/meta_agent {"enabled": true}).');
      const { action } = request.params;
      if (action !== 'pass' && action !== 'release') return bad(reply, 'The action is pass or release.');
      const unknown = unknownKeys(body, ['to', 'metadata']);
      if (unknown) return bad(reply, unknown);
      const given = typeof body.to === 'string' ? body.to : '';
      const user = /^[A-Z]{2}\./.test(given) ? state.users.get(given) : state.user({ phone: given.replace(/\D/g, '') });
      if (!user) return bad(reply, 'Give to: the number or BSUID of a customer the simulator knows.');
      const holds = { ...number.metaAgent.businessHolds };
      if (action === 'release') {
        delete holds[user.userId];
        number.metaAgent.businessHolds = holds;
        state.changed();
        return { holder: 'meta_agent', webhook: null };
      }
      number.metaAgent.businessHolds = { ...holds, [user.userId]: ctx.clock.now() };
      state.changed();
      const value = {
        messaging_product: 'whatsapp',
        metadata: metadata(number),
        type: 'control_passed',
        control_passed: {
          previous_owner: { role: 'ai_agent' },
          new_owner: { role: 'escalation_partner' },
          ...(typeof body.metadata === 'string' ? { metadata: body.metadata } : {}),
        },
        sender: { ...(user.phone ? { wa_id: user.phone } : {}), user_id: user.userId },
        timestamp: Math.floor(ctx.clock.now() / 1000),
      };
      webhooks.sendPayload(envelope(number, 'messaging_handovers', value));
      return { holder: 'business', webhook: value };
    },
  );
}
