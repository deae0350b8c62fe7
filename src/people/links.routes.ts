/**
 * `POST/GET/DELETE /v1/invitations` (people only, permission `members:manage`) and the public
 * `GET /v1/links/:token`, `POST /v1/links/:token/accept` (docs/api.md §D26): an invitation accepted
 * by a newcomer creates the person and signs them in with a session cookie; by an existing person,
 * signed in, adds their membership; a password reset sets the password and signs no one in.
 */
import type { FastifyRequest } from 'fastify';
import type { AccountService } from '../accounts/account.service.js';
import { TidingsError } from '../errors.js';
import { defineRoute, originOf } from '../http/route.js';
import { sameOrigin, sessionTokenOf, setSessionCookie, type SessionCookiePolicy } from '../http/session-cookie.js';
import { actAs } from '../lib/actor.js';
import type { InvitationService } from './invitation.service.js';
import type { JoinService } from './join.service.js';
import type { PasswordResetService } from './password-reset.service.js';
import {
  AcceptBody,
  CreatedInvitation,
  InvitationList,
  InvitationParams,
  InvitationSchema,
  InviteBody,
  JoinedSchema,
  LinkInfoSchema,
  RenewBody,
  TokenParams,
} from './links.schemas.js';
import type { SessionService } from './session.service.js';

const access = { scope: null, permission: 'members:manage', modes: 'any' } as const;

/** The request's own origin: the base of an answered link when `PUBLIC_URL` is unset (a mailed one always uses it). */
export function requestBase(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function linkRoutes(o: {
  invitations: InvitationService;
  joins: JoinService;
  resets: PasswordResetService;
  sessions: SessionService;
  accounts: AccountService;
  cookies: SessionCookiePolicy;
}) {
  const { invitations, joins, resets, sessions, accounts, cookies } = o;
  /** The person whose session (second factor passed) came with `request`, refusing one from another site. */
  const signedInOf = async (request: FastifyRequest) => {
    const token = sessionTokenOf(request);
    const resolved = token ? await sessions.resolve(token) : null;
    if (!resolved?.auth) return null;
    const { ok, origin } = sameOrigin(request, cookies);
    if (!ok)
      throw new TidingsError(
        'cross_site_request',
        `This request came from ${origin}, not from this service's own pages.`,
      );
    const { row } = resolved;
    return {
      userId: row.user_id,
      actor: { type: 'user', id: row.user_id, email: row.email, sessionId: row.id } as const,
    };
  };
  return [
    defineRoute(
      {
        method: 'POST',
        url: '/invitations',
        operationId: 'createInvitation',
        summary: 'Invite a person',
        description:
          'A one-time link valid 7 days that lets the person join the account with the role. Only an owner invites an owner. When the service mails (`SMTP_URL`), the link is mailed to the person and not answered (`mail: "sent"`, `link: null`); without mail, or when the mail fails (`mail: "failed"`, logged), the invitation is kept and its link answered for you to pass on.',
        tags: ['Members'],
        access,
        idempotency: 'none',
        errors: ['owner_required'],
        body: InviteBody,
        response: { status: 200, schema: CreatedInvitation },
      },
      async ({ auth, body, request }) => {
        const actorId = auth.actor.type === 'user' ? auth.actor.id : '';
        const { invitation, mail, link } = await invitations.invite(
          auth.accountId,
          actorId,
          body.email,
          body.role,
          requestBase(request),
        );
        return { ...invitation, mail, link };
      },
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/invitations',
        operationId: 'listInvitations',
        summary: 'List pending invitations',
        description: 'Invitations not yet accepted, revoked or expired, oldest first.',
        tags: ['Members'],
        access,
        idempotency: 'none',
        errors: [],
        response: { status: 200, schema: InvitationList },
      },
      async ({ auth }) => ({ data: await invitations.list(auth.accountId) }),
    ),
    defineRoute(
      {
        method: 'DELETE',
        url: '/invitations/:id',
        operationId: 'revokeInvitation',
        summary: 'Revoke an invitation',
        description: 'Its link stops working. The answer is the invitation as it was.',
        tags: ['Members'],
        access,
        idempotency: 'none',
        errors: ['member_not_found'],
        params: InvitationParams,
        response: { status: 200, schema: InvitationSchema },
      },
      async ({ auth, params }) => invitations.revoke(auth.accountId, params.id),
    ),
    defineRoute(
      {
        method: 'POST',
        url: '/invitations/:id/link',
        operationId: 'renewInvitationLink',
        summary: "Renew an invitation's link",
        description:
          "A new link for a pending invitation, valid 7 days from now; its old link stops working. Mailed when the service mails (unless `mail: false`), else, or when the mail fails, answered: how an inviter gets a link again, since a link is never shown twice. Only an owner renews an owner's invitation.",
        tags: ['Members'],
        access,
        idempotency: 'none',
        errors: ['member_not_found', 'owner_required'],
        params: InvitationParams,
        body: RenewBody,
        response: { status: 200, schema: CreatedInvitation },
      },
      async ({ auth, params, body, request }) => {
        const actorId = auth.actor.type === 'user' ? auth.actor.id : '';
        const { invitation, mail, link } = await invitations.renew(auth.accountId, actorId, params.id, {
          mail: body.mail ?? true,
          fallbackBase: requestBase(request),
        });
        return { ...invitation, mail, link };
      },
    ),
    defineRoute(
      {
        method: 'GET',
        url: '/links/:token',
        operationId: 'describeLink',
        summary: 'Describe a one-time link',
        description:
          'What the join page shows: the account, the role and the invited email, and whether that email already has a sign-in; or that it is a password reset, and for whom.',
        tags: ['Members'],
        access: 'public',
        idempotency: 'none',
        errors: ['link_invalid'],
        params: TokenParams,
        response: { status: 200, schema: LinkInfoSchema },
      },
      async ({ params }) => invitations.describe(params.token, async (id) => (await accounts.getAccount(id))?.name),
    ),
    defineRoute(
      {
        method: 'POST',
        url: '/links/:token/accept',
        operationId: 'acceptLink',
        summary: 'Accept a one-time link',
        description:
          "An invitation or the first owner's link: creates the person with `name` and `password` (12 to 256 characters) and the membership, and signs them in (session cookie). An invitation for an email that already has a sign-in needs that person signed in (their session cookie; 401 `session_expired` without one, 403 `permission_denied` as someone else): it adds the membership, and their session stays as it is. A password reset: sets `password`, ends every session of the person and signs no one in.",
        tags: ['Members'],
        access: 'public',
        idempotency: 'none',
        errors: [
          'link_invalid',
          'password_too_weak',
          'parameter_missing',
          'session_expired',
          'permission_denied',
          'cross_site_request',
        ],
        params: TokenParams,
        body: AcceptBody,
        response: { status: 200, schema: JoinedSchema },
      },
      async ({ params, body, request, reply }) => {
        const info = await invitations.describe(params.token, async (id) => (await accounts.getAccount(id))?.name);
        if (info.kind === 'password_reset') {
          if (body.password === undefined)
            throw new TidingsError('parameter_missing', 'password: the new password.', { param: 'password' });
          const person = await resets.complete(params.token, body.password);
          return { ...person, accountId: null, signedIn: false };
        }
        const signedIn = await signedInOf(request);
        const accept = () => joins.accept(params.token, body, signedIn);
        const joined = signedIn ? await actAs(signedIn.actor, originOf(request), accept) : await accept();
        const answer = { id: joined.id, email: joined.email, name: joined.name, accountId: joined.accountId };
        if (!joined.created) return { ...answer, signedIn: true };
        const { token } = await sessions.start({
          userId: joined.id,
          accountId: joined.accountId,
          method: 'password',
          secondFactor: 'none',
          origin: originOf(request),
        });
        setSessionCookie(reply, cookies, token, sessions.maxMs);
        return { ...answer, signedIn: true };
      },
    ),
  ];
}
