/**
 * Routes of signing in and out (docs/api.md §D26): public, they read and set the session cookie
 * themselves (http/session-cookie.ts); `GET /v1/me` is the person signed in.
 */
import type { Config } from '../config.js';
import { actAs } from '../lib/actor.js';
import { defineRoute, originOf } from '../http/route.js';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from '../http/session-cookie.js';
import { Empty, Me, SignInBody, SignInResult } from './auth.schemas.js';
import type { SessionService } from './session.service.js';
import type { SignInService } from './sign-in.service.js';

const SIGNED_OUT = { type: 'system', id: 'sign_in' } as const;

export function authRoutes({
  config,
  signIn,
  sessions,
}: {
  config: Config;
  signIn: SignInService;
  sessions: SessionService;
}) {
  const cookies = { publicUrl: config.publicUrl };
  return [
    defineRoute(
      {
        method: 'POST',
        url: '/auth/sign_in',
        operationId: 'signIn',
        summary: 'Sign in with a password',
        description:
          'Checks the email and password and starts a new session in the person’s first account: the answer sets the session cookie (a new one at every sign-in). A wrong email and a wrong password answer the same 401 `sign_in_failed`; after 5 failures in a row for an email (20 from an address) they are refused for a time that doubles, up to 15 min (429 `sign_in_locked` with `Retry-After`).',
        tags: ['Signing in'],
        access: 'public',
        idempotency: 'none',
        errors: ['sign_in_failed', 'sign_in_locked', 'sso_required'],
        body: SignInBody,
        response: { status: 200, schema: SignInResult },
      },
      async ({ body, request, reply }) => {
        const origin = originOf(request);
        const { token, me } = await actAs(SIGNED_OUT, origin, () => signIn.signIn(body.email, body.password, origin));
        setSessionCookie(reply, cookies, token, sessions.maxMs);
        return { secondFactor: 'none' as const, user: me };
      },
    ),
    defineRoute(
      {
        method: 'POST',
        url: '/auth/sign_out',
        operationId: 'signOut',
        summary: 'Sign out',
        description: 'Ends the session the cookie names (if any) and clears the cookie.',
        tags: ['Signing in'],
        access: 'public',
        idempotency: 'none',
        errors: [],
        response: { status: 200, schema: Empty },
      },
      async ({ request, reply }) => {
        const token = sessionTokenOf(request);
        const resolved = token ? await sessions.resolve(token) : null;
        if (resolved) {
          const { row } = resolved;
          const actor = { type: 'user', id: row.user_id, email: row.email, sessionId: row.id } as const;
          await actAs(actor, originOf(request), () => signIn.signOut(row));
        }
        clearSessionCookie(reply, cookies);
        return {};
      },
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/me',
        operationId: 'getMe',
        summary: 'The person signed in',
        description: 'Who is signed in, in which account, mode and number, with their permissions and accounts.',
        tags: ['Signing in'],
        access: { scope: null, permission: 'account:read', modes: 'any' },
        idempotency: 'none',
        errors: ['session_expired'],
        response: { status: 200, schema: Me },
      },
      ({ auth }) => signIn.meOf(auth),
    ),
  ];
}
