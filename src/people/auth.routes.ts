/**
 * Routes of signing in and out (docs/api.md §D26): public, they read and set the session cookie
 * themselves (http/session-cookie.ts); `GET /v1/me` is the person signed in.
 */
import type { Config } from '../config.js';
import { actAs } from '../lib/actor.js';
import { defineRoute, originOf } from '../http/route.js';
import { clearSessionCookie, sessionTokenOf, setSessionCookie } from '../http/session-cookie.js';
import { TidingsError } from '../errors.js';
import { Empty, Me, SignInBody, SignInResult } from './auth.schemas.js';
import { SecondFactorBody } from './security.schemas.js';
import { PENDING_MS, type SessionService } from './session.service.js';
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
          'Checks the email and password and starts a new session in the person’s first account: the answer sets the session cookie (a new one at every sign-in). A wrong email and a wrong password answer the same 401 `sign_in_failed`; after 5 failures in a row for an email (20 from an address) they are refused for a time that doubles, up to 15 min (429 `sign_in_locked` with `Retry-After`). When the person has a second factor on, the answer is `{ secondFactor: "required", user: null }` with the cookie of a pending session, good for five minutes and only for `POST /v1/auth/second_factor`.',
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
        setSessionCookie(reply, cookies, token, me ? sessions.maxMs : PENDING_MS);
        return me ? { secondFactor: 'none' as const, user: me } : { secondFactor: 'required' as const, user: null };
      },
    ),
    defineRoute(
      {
        method: 'POST',
        url: '/auth/second_factor',
        operationId: 'passSecondFactor',
        summary: 'Give the second factor',
        description:
          'The second step of a sign-in whose answer said `secondFactor: required`: a code from the authenticator app (accepted for the current 30 s step and one either side, never twice) or one of the recovery codes (each once). A right one ends the pending session and sets the cookie of a new one. A wrong one answers 401 `second_factor_invalid` and counts as a failed sign-in (the same limits and delays as `POST /v1/auth/sign_in`); after five minutes the pending session ends (401 `session_expired`: sign in again).',
        tags: ['Signing in'],
        access: 'public',
        idempotency: 'none',
        errors: ['session_expired', 'second_factor_invalid', 'sign_in_locked'],
        body: SecondFactorBody,
        response: { status: 200, schema: SignInResult },
      },
      async ({ body, request, reply }) => {
        if ((body.code === undefined) === (body.recoveryCode === undefined))
          throw new TidingsError('parameter_missing', 'Give either a code from your app or a recovery code.', {
            param: 'code',
          });
        const token = sessionTokenOf(request);
        const resolved = token ? await sessions.resolve(token) : null;
        if (!resolved || resolved.row.second_factor !== 'pending')
          throw new TidingsError('session_expired', 'Sign in again: this sign-in is not waiting for a code.');
        const origin = originOf(request);
        const { row } = resolved;
        const actor = { type: 'user', id: row.user_id, email: row.email, sessionId: row.id } as const;
        const done = await actAs(actor, origin, () => signIn.passSecondFactor(row, body, origin));
        setSessionCookie(reply, cookies, done.token, sessions.maxMs);
        return { secondFactor: 'passed' as const, user: done.me };
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
