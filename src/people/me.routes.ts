/**
 * Routes of the person signed in managing their sessions (docs/api.md §D26): people only
 * (`scope: null`, no key may call them), in any mode.
 */
import { Type } from '@sinclair/typebox';
import { TidingsError } from '../errors.js';
import { defineRoute } from '../http/route.js';
import { sessionTokenOf } from '../http/session-cookie.js';
import type { FastifyRequest } from 'fastify';
import { Empty, Me, SessionList, SwitchBody } from './auth.schemas.js';
import type { MeService } from './me.service.js';
import type { SessionService } from './session.service.js';

const people = { scope: null, permission: 'account:read', modes: 'any' } as const;

export function meRoutes({ me, sessions }: { me: MeService; sessions: SessionService }) {
  /** The session row of a signed-in request (the auth hook resolved it already: this is a cache hit). */
  const rowOf = async (request: FastifyRequest) => {
    const token = sessionTokenOf(request);
    const resolved = token ? await sessions.resolve(token) : null;
    if (!resolved?.auth) throw new TidingsError('session_expired', 'Sign in again.');
    return resolved.row;
  };
  return [
    defineRoute(
      {
        method: 'PATCH',
        url: '/me/session',
        operationId: 'switchSession',
        summary: 'Switch account, mode or number',
        description:
          'Moves this session to another account the person is a member of, to the live or test mode, or to another number of the account. Answers the person as `GET /v1/me` then shows them. A session signed in by password does not move into an account that requires single sign-on, unless the person is an owner there (`sso_required`).',
        tags: ['Signing in'],
        access: people,
        idempotency: 'none',
        errors: ['session_expired', 'permission_denied', 'sso_required'],
        body: SwitchBody,
        response: { status: 200, schema: Me },
      },
      async ({ body, request }) => me.switchTo(await rowOf(request), body),
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/me/sessions',
        operationId: 'listMySessions',
        summary: 'Your sessions',
        description: 'The sessions of the person signed in that have not ended, newest first.',
        tags: ['Signing in'],
        access: people,
        idempotency: 'none',
        errors: ['session_expired'],
        response: { status: 200, schema: SessionList },
      },
      async ({ auth }) => ({ data: await me.list(auth) }),
    ),
    defineRoute(
      {
        method: 'DELETE',
        url: '/me/sessions/:id',
        operationId: 'revokeMySession',
        summary: 'End one of your sessions',
        description: 'Ends a session of the person signed in (this one included), by `ses_` id.',
        tags: ['Signing in'],
        access: people,
        idempotency: 'none',
        errors: ['session_expired', 'session_not_found'],
        params: Type.Object({ id: Type.String({ minLength: 1, description: '`ses_` id.' }) }),
        response: { status: 200, schema: Empty },
      },
      async ({ auth, params }) => {
        await me.revoke(auth, params.id);
        return {};
      },
    ),
    defineRoute(
      {
        method: 'POST',
        url: '/me/sessions/revoke_all',
        operationId: 'revokeMyOtherSessions',
        summary: 'Sign out everywhere else',
        description: 'Ends every session of the person signed in but this one.',
        tags: ['Signing in'],
        access: people,
        idempotency: 'none',
        errors: ['session_expired'],
        response: { status: 200, schema: Type.Object({ revoked: Type.Integer({ minimum: 0 }) }) },
      },
      async ({ auth }) => ({ revoked: await me.revokeAll(auth) }),
    ),
  ];
}
