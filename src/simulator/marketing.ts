/**
 * A user stops or resumes marketing messages from a business (docs/platform.md §4.11):
 * `POST /_simulator/users/{user}/marketing` `{ value: "stop" | "resume", to? }` sends the
 * `user_preferences` webhook for the business number `to` (default: the first number bound to a
 * WABA), in the shape of Meta's reference
 * (https://developers.facebook.com/docs/whatsapp/cloud-api/webhooks/reference/user_preferences).
 * After a stop, marketing templates from that WABA to the user are taken and then fail with 131050
 * as a failed status webhook (messages/send.routes.ts), as the platform does; a resume ends that.
 */
import type { FastifyInstance } from 'fastify';
import type { SimContext } from './context.js';
import { BSUID_PATTERN } from './users.js';

type Obj = Record<string, any>;

export function registerMarketingRoutes(app: FastifyInstance, ctx: SimContext): void {
  const { state, webhooks } = ctx;
  app.post<{ Params: { user: string } }>('/_simulator/users/:user/marketing', async (request, reply) => {
    const bad = (error: string, status = 400) => reply.code(status).send({ error });
    const body = (request.body ?? {}) as Obj;
    const unknown = Object.keys(body).filter((k) => k !== 'value' && k !== 'to');
    if (unknown.length > 0) return bad(`Unknown key${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`);
    if (body.value !== 'stop' && body.value !== 'resume') return bad('value must be "stop" or "resume".');
    const given = request.params.user;
    const phone = given.replace(/^\+/, '');
    const user = BSUID_PATTERN.test(given)
      ? state.user({ userId: given })
      : /^\d+$/.test(phone)
        ? state.user({ phone })
        : null;
    if (!user)
      return bad(
        BSUID_PATTERN.test(given) ? `No user ${given}.` : 'Name the user by phone number (digits or +E.164) or BSUID.',
        BSUID_PATTERN.test(given) ? 404 : 400,
      );
    if (body.to !== undefined && (typeof body.to !== 'string' || !state.numbers.has(body.to)))
      return bad(`to must be a business number the simulator knows (got ${JSON.stringify(body.to)}).`);
    const number =
      body.to !== undefined ? state.numbers.get(body.to)! : [...state.numbers.values()].find((n) => !n.provisional);
    if (!number) return bad('No business number is bound to a WABA yet; give `to`.', 409);
    const stopped = new Set(user.marketingStoppedWabas ?? []);
    if (body.value === 'stop') stopped.add(number.wabaId);
    else stopped.delete(number.wabaId);
    state.addUser({ ...user, marketingStoppedWabas: [...stopped] });
    const who = user.phone !== null ? { wa_id: user.phone } : { user_id: user.userId };
    const value = {
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: number.displayPhoneNumber, phone_number_id: number.phoneNumberId },
      contacts: [who],
      user_preferences: [
        {
          ...who,
          detail: `User requested to ${body.value} marketing messages`,
          category: 'marketing_messages',
          value: body.value,
          timestamp: Math.floor(ctx.clock.now() / 1000),
        },
      ],
    };
    webhooks.sendPayload({
      object: 'whatsapp_business_account',
      entry: [{ id: number.wabaId, changes: [{ value, field: 'user_preferences' }] }],
    });
    return { user: user.userId, wabaId: number.wabaId, value };
  });
}
