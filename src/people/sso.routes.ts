/**
 * Single sign-on's public routes (docs/api.md §D26): the sign-in page's buttons, the start (a 302
 * to the provider) and the callback (the redirect URI, `${PUBLIC_URL or the request's origin}/v1/auth/sso/callback`).
 */
import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { defineRoute, originOf } from '../http/route.js';
import { setSessionCookie } from '../http/session-cookie.js';
import { actAs, SYSTEM } from '../lib/actor.js';
import type { SessionService } from './session.service.js';
import { Redirect, SsoButtonList, SsoCallbackQuery, SsoStartParams } from './sso.schemas.js';
import type { SsoService } from './sso.service.js';

/** Where a refused sign-in lands. */
export const SSO_FAILED = '/dashboard/#/sign-in?error=sso_failed';

export function ssoRoutes({ sso, sessions, config }: { sso: SsoService; sessions: SessionService; config: Config }) {
  const base = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;
  const redirectUri = (request: FastifyRequest) => `${base(request)}/v1/auth/sso/callback`;
  return [
    defineRoute(
      {
        method: 'GET',
        url: '/auth/sso',
        operationId: 'listSsoConnections',
        summary: 'List single sign-on buttons',
        description: 'The providers people may sign in with ("Sign in with …"), each for one account. Public.',
        tags: ['Account'],
        access: 'public',
        idempotency: 'none',
        errors: [],
        response: { status: 200, schema: SsoButtonList },
      },
      async () => ({ data: await sso.buttons() }),
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/auth/sso/:id/start',
        operationId: 'startSsoSignIn',
        summary: 'Start a single sign-on',
        description: `Answers 302 to the provider (authorization code with PKCE, state and nonce); a refusal 302s to \`${SSO_FAILED}\`.`,
        tags: ['Account'],
        access: 'public',
        idempotency: 'none',
        errors: [],
        params: SsoStartParams,
        response: { status: 302, schema: Redirect },
      },
      async ({ params, request, reply }) => {
        const begun = await actAs(SYSTEM, originOf(request), () => sso.begin(params.id, redirectUri(request)));
        return reply.redirect(begun.ok ? begun.url : SSO_FAILED, 302);
      },
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/auth/sso/callback',
        operationId: 'finishSsoSignIn',
        summary: 'Finish a single sign-on',
        description: `The redirect URI registered at the provider. Answers 302 to \`/dashboard/\` with the session cookie set, or to \`${SSO_FAILED}\`.`,
        tags: ['Account'],
        access: 'public',
        idempotency: 'none',
        errors: [],
        querystring: SsoCallbackQuery,
        response: { status: 302, schema: Redirect },
      },
      async ({ request, reply }) => {
        const origin = originOf(request);
        const url = new URL(redirectUri(request));
        url.search = new URL(request.url, 'http://x').search;
        const outcome = await actAs(SYSTEM, origin, () => sso.finish(url));
        if (!outcome.ok) return reply.redirect(SSO_FAILED, 302);
        // The provider did the second factor (its own policy): the session is signed in.
        // The session and its audit entry in one unit (the entry's actor is the person).
        const { token } = await actAs(SYSTEM, origin, () =>
          sessions.start(
            { userId: outcome.userId, accountId: outcome.accountId, method: 'sso', secondFactor: 'passed', origin },
            (tx, session) => sso.recordSession(tx, outcome, session),
          ),
        );
        setSessionCookie(reply, { publicUrl: config.publicUrl }, token, sessions.maxMs);
        return reply.redirect('/dashboard/', 302);
      },
    ),
  ];
}
