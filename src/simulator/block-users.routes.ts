/**
 * The Block Users API (docs/platform.md §4.17; Meta, "Block users",
 * https://developers.facebook.com/documentation/business-messaging/whatsapp/block-users/):
 * `POST`, `DELETE` and `GET /{version}/{phone-number-id}/block_users`, in Meta's shapes and with its
 * rules:
 *
 * - only a user who wrote to the number in the last 24 hours can be blocked: any other fails on its
 *   own with 131047 (Meta: "Re-engagement required … also returned if the number is an invalid
 *   WhatsApp user"), the others of the request being blocked: HTTP 400 with error 139100 beside
 *   `block_users.added_users` and `failed_users` (a partial failure);
 * - the business's own number fails with 131021 (self block);
 * - more than 1,000 users in one request is refused whole: 130429 (Meta: "too many numbers are in
 *   the request itself");
 * - a blocklist holds 64,000 users: a block that would pass it is refused whole with 139101;
 * - unblocking has no 24-hour rule; unblocking a user not blocked succeeds (UNCONFIRMED);
 * - `GET` pages `{data: [{messaging_product, wa_id}], paging: {cursors: {before, after}, next?}}`,
 *   `limit` at most 100 (UNCONFIRMED: Gupshup's documented limit for the same call).
 *
 * A user's `wa_id` is its phone digits, or its BSUID when it has no phone number. Sends to a blocked
 * user fail (send.routes.ts), and a blocked user's own messages are refused (control.routes.ts). The
 * blocklist lives on the number (`SimNumber.blocked`), in the state file.
 */
import type { FastifyInstance } from 'fastify';
import type { SimContext } from './context.js';
import { graphError, TITLES, type GraphError } from '../lib/graph-errors.js';
import { authenticate, authorizeNumber, badJson, fail, isGraphError, params } from './graph-http.js';
import { BSUID_PATTERN } from './users.js';

/** Meta's limits (docs/platform.md §4.17). */
export const BLOCK_LIMITS = { perRequest: 1000, blocklist: 64_000, pageSize: 100 } as const;
const WINDOW_MS = 24 * 60 * 60 * 1000;

type Outcome = { input: string; wa_id?: string; errors?: ReturnType<typeof userError>[] };

/** One entry of a failed user's `errors` (Meta: `{message, code, error_data: {details}}`). */
const userError = (code: number, details: string) => ({
  message: TITLES[code] ?? 'Error',
  code,
  error_data: { details },
});

export function registerBlockUserRoutes(app: FastifyInstance, ctx: SimContext): void {
  const { state } = ctx;

  /** The number the request may act on, or the error to answer. */
  const numberOf = (request: Parameters<typeof authenticate>[2], phoneNumberId: string, method: string) => {
    const grant = authenticate(state, ctx.appSecret, request);
    return isGraphError(grant) ? grant : authorizeNumber(state, grant, phoneNumberId, method);
  };

  /** The users a block or unblock names, or the whole request's error. */
  const usersOf = (request: Parameters<typeof params>[0]): string[] | GraphError => {
    if (badJson(request)) return graphError(100, 'The request body is not valid JSON.');
    const body = params(request);
    if (body.messaging_product !== 'whatsapp')
      return graphError(100, 'The parameter messaging_product is required and must be "whatsapp".');
    const list = typeof body.block_users === 'string' ? safeJson(body.block_users) : body.block_users;
    if (!Array.isArray(list) || list.length === 0)
      return graphError(100, 'The parameter block_users is required: a list of {"user": …}.');
    if (list.length > BLOCK_LIMITS.perRequest)
      return graphError(130429, `Too many users in one request: at most ${BLOCK_LIMITS.perRequest}.`);
    const users = list.map((u) => (u && typeof u === 'object' && typeof u.user === 'string' ? u.user.trim() : ''));
    if (users.some((u) => u === ''))
      return graphError(100, 'Each entry of block_users needs a "user": a phone number or a WhatsApp user id.');
    return users;
  };

  /** The simulated user an input names: phone digits (a `+` and separators ignored) or a BSUID. */
  const userOf = (input: string) => {
    if (BSUID_PATTERN.test(input)) return state.user({ userId: input });
    const digits = input.replace(/[\s()+-]/g, '');
    return /^\d{6,15}$/.test(digits) ? state.user({ phone: digits }) : null;
  };

  for (const method of ['POST', 'DELETE'] as const) {
    const blocking = method === 'POST';
    app.route<{ Params: { version: string; phoneNumberId: string } }>({
      method,
      url: '/:version/:phoneNumberId/block_users',
      handler: async (request, reply) => {
        const number = numberOf(request, request.params.phoneNumberId, method.toLowerCase());
        if (isGraphError(number)) return fail(reply, number);
        const users = usersOf(request);
        if (isGraphError(users)) return fail(reply, users);
        const blocked = (number.blocked ??= {});
        const now = Date.now();
        const done: Outcome[] = [];
        const failed: Outcome[] = [];
        const additions = new Map<string, { waId: string; at: number }>();
        const own = number.displayPhoneNumber.replace(/\D/g, '');
        for (const input of users) {
          const user = userOf(input);
          const waId = user ? (user.phone ?? user.userId) : null;
          if (!user || !waId) {
            failed.push({ input, errors: [userError(131047, 'The user is not a WhatsApp user this number knows.')] });
          } else if (!blocking) {
            delete blocked[user.userId];
            done.push({ input, wa_id: waId });
          } else if (user.phone === own) {
            failed.push({ input, wa_id: waId, errors: [userError(131021, 'A business cannot block its own number.')] });
          } else if (
            !blocked[user.userId] &&
            now - (state.windows.get(`${number.phoneNumberId}:${user.userId}`) ?? 0) > WINDOW_MS
          ) {
            failed.push({
              input,
              wa_id: waId,
              errors: [userError(131047, 'The user has not messaged this number in the last 24 hours.')],
            });
          } else {
            if (!blocked[user.userId]) additions.set(user.userId, { waId, at: now });
            done.push({ input, wa_id: waId });
          }
        }
        if (Object.keys(blocked).length + additions.size > BLOCK_LIMITS.blocklist) {
          return fail(reply, graphError(139101, `The blocklist holds at most ${BLOCK_LIMITS.blocklist} users.`));
        }
        for (const [userId, entry] of additions) blocked[userId] = entry;
        state.changed();
        const list = blocking ? 'added_users' : 'removed_users';
        const answer: Record<string, unknown> = {
          messaging_product: 'whatsapp',
          block_users: { [list]: done, ...(failed.length > 0 ? { failed_users: failed } : {}) },
        };
        if (failed.length === 0) return answer;
        const partial = graphError(
          139100,
          `Failed to ${blocking ? 'block' : 'unblock'} some users, see the block_users response list for details`,
        );
        return reply.code(400).send({ ...answer, error: partial.body.error });
      },
    });
  }

  app.get<{ Params: { version: string; phoneNumberId: string } }>(
    '/:version/:phoneNumberId/block_users',
    async (request, reply) => {
      const number = numberOf(request, request.params.phoneNumberId, 'get');
      if (isGraphError(number)) return fail(reply, number);
      const query = params(request);
      const limit = query.limit === undefined ? BLOCK_LIMITS.pageSize : Number(query.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > BLOCK_LIMITS.pageSize)
        return fail(reply, graphError(100, `limit must be 1 to ${BLOCK_LIMITS.pageSize}.`));
      const offset = query.after === undefined ? 0 : decodeCursor(String(query.after));
      if (offset === null) return fail(reply, graphError(100, 'The after cursor is not valid.'));
      // Oldest block first, as a stable order for cursors.
      const all = Object.values(number.blocked ?? {}).sort((a, b) => a.at - b.at || (a.waId < b.waId ? -1 : 1));
      const page = all.slice(offset, offset + limit);
      const cursors = { before: encodeCursor(offset), after: encodeCursor(offset + page.length) };
      const more = offset + page.length < all.length;
      const next = more
        ? `${request.protocol}://${request.host}/${request.params.version}/${number.phoneNumberId}/block_users?limit=${limit}&after=${cursors.after}`
        : undefined;
      return {
        data: page.map((u) => ({ messaging_product: 'whatsapp', wa_id: u.waId })),
        paging: { cursors, ...(next ? { next } : {}) },
      };
    },
  );
}

const encodeCursor = (offset: number) => Buffer.from(JSON.stringify({ offset })).toString('base64url');

function decodeCursor(cursor: string): number | null {
  try {
    const offset = JSON.parse(Buffer.from(cursor, 'base64url').toString()).offset;
    return Number.isInteger(offset) && offset >= 0 ? offset : null;
  } catch {
    return null;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
