/**
 * A user changes their phone number or their BSUID (docs/platform.md §4.19):
 * - `POST /_simulator/users/{user}/number` `{ phone, userId?, to?, wait? }`: `user_changed_number`.
 *   Meta regenerates the BSUID with the number, so the user gets a new one too (`userId`, else made).
 * - `POST /_simulator/users/{user}/user_id` `{ userId?, to?, wait? }`: `user_changed_user_id`.
 * Each sends the `messages` webhook with the `system` message for the business number `to`
 * (default: the first number bound to a WABA), in the shape of Meta's page as of 2026-08-11:
 * `from` the old number, `system { body, wa_id, user_id, parent_user_id?, previous_user_id,
 * previous_parent_user_id?, type }`. Afterwards the user is reachable at the new address only: the
 * old number is another (made-up) user, the old BSUID names nobody (a send to it fails as a send to
 * an unknown BSUID does); that is the simulator's reading, UNCONFIRMED on Meta's pages. The
 * window and the blocklist follow the user. Answers once the receiver took the webhook, unless
 * `"wait": false`.
 */
import type { FastifyInstance } from 'fastify';
import type { SimContext } from './context.js';
import { newWamid } from './identity.js';
import type { SimUser } from './model.js';
import { parentOf } from './payloads.js';
import { BSUID_PATTERN, bsuidFor, countryOf, newBsuid, parentBsuidFor } from './users.js';

type Obj = Record<string, any>;

export function registerIdentityChangeRoutes(app: FastifyInstance, ctx: SimContext): void {
  const { state, webhooks } = ctx;
  app.post<{ Params: { user: string; what: string } }>('/_simulator/users/:user/:what', async (request, reply) => {
    const bad = (error: string, status = 400) => reply.code(status).send({ error });
    const what = request.params.what;
    if (what !== 'number' && what !== 'user_id') return reply.callNotFound();
    const body = (request.body ?? {}) as Obj;
    const allowed = what === 'number' ? ['phone', 'userId', 'to', 'wait'] : ['userId', 'to', 'wait'];
    const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
    if (unknown.length > 0) return bad(`Unknown key${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`);
    const given = request.params.user;
    const digits = given.replace(/^\+/, '');
    const user = BSUID_PATTERN.test(given)
      ? state.user({ userId: given })
      : /^\d+$/.test(digits)
        ? state.user({ phone: digits })
        : null;
    if (!user)
      return bad(BSUID_PATTERN.test(given) ? `No user ${given}.` : 'Name the user by phone number or BSUID.', 404);
    const phone = what === 'number' ? String(body.phone ?? '').replace(/^\+/, '') : user.phone;
    if (what === 'number' && (!/^\d{6,15}$/.test(phone ?? '') || phone === user.phone))
      return bad('phone must be the new number (digits or +E.164), not the one the user has.');
    if (
      body.userId !== undefined &&
      (typeof body.userId !== 'string' || !BSUID_PATTERN.test(body.userId) || body.userId.includes('.ENT.'))
    )
      return bad('userId must be a BSUID (US.1349…), not a parent.');
    if (body.to !== undefined && (typeof body.to !== 'string' || !state.numbers.has(body.to)))
      return bad(`to must be a business number the simulator knows (got ${JSON.stringify(body.to)}).`);
    const number =
      body.to !== undefined ? state.numbers.get(body.to)! : [...state.numbers.values()].find((n) => !n.provisional);
    if (!number) return bad('No business number is bound to a WABA yet; give `to`.', 409);
    const userId: string =
      body.userId ??
      (phone && what === 'number' && !state.users.has(bsuidFor(phone))
        ? bsuidFor(phone)
        : newBsuid(countryOf(phone ?? '1')));
    if (state.users.has(userId) || userId === user.userId) return bad(`${userId} belongs to a user already.`, 409);
    const previousParent = parentOf(state.config, user);
    const next: SimUser = {
      ...user,
      userId,
      phone,
      // A parent given to the user is regenerated with the BSUID (a derived one follows by itself).
      parentUserId: user.parentUserId ? parentBsuidFor(userId) : null,
    };
    // The user leaves their old addresses: the old BSUID names nobody, the old number is free.
    state.users.delete(user.userId);
    if (user.phone) state.phoneIndex.delete(user.phone);
    state.addUser(next);
    for (const [key, at] of [...state.windows]) {
      const [numberId, id] = key.split(':');
      if (id === user.userId) {
        state.windows.delete(key);
        state.windows.set(`${numberId}:${userId}`, at);
      }
    }
    for (const n of state.numbers.values())
      if (n.blocked?.[user.userId]) {
        n.blocked[userId] = n.blocked[user.userId]!;
        delete n.blocked[user.userId];
      }
    const parent = parentOf(state.config, next);
    const wamid = newWamid();
    const system: Obj = {
      body:
        what === 'number'
          ? `User ${user.name} changed from ${user.phone ?? ''} to ${phone}`
          : `User ${user.name} changed to a new business-scoped user ID`,
      ...(phone ? { wa_id: phone } : {}),
      user_id: userId,
      ...(parent ? { parent_user_id: parent } : {}),
      previous_user_id: user.userId,
      ...(previousParent ? { previous_parent_user_id: previousParent } : {}),
      type: what === 'number' ? 'user_changed_number' : 'user_changed_user_id',
    };
    const message: Obj = {
      ...(user.phone ? { from: user.phone } : { from_user_id: user.userId }),
      id: wamid,
      timestamp: String(Math.floor(ctx.clock.now() / 1000)),
      type: 'system',
      system,
    };
    const contact = { profile: { name: user.name }, ...(user.phone ? { wa_id: user.phone } : {}) };
    state.changed();
    const delivery = webhooks.enqueue({ kind: 'message', phoneNumberId: number.phoneNumberId, contact, message });
    const webhook = body.wait === false ? 'queued' : await delivery;
    return { wamid, webhook, previous: user, user: next, message };
  });
}
