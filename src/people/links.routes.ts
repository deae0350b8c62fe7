/**
 * `POST/GET/DELETE /v1/invitations` (people only, permission `members:manage`) and the public
 * `GET /v1/links/:token`, `POST /v1/links/:token/accept` (docs/api.md §D26): a link accepted creates
 * the person and signs them in with a session cookie.
 */
import type { AccountService } from '../accounts/account.service.js';
import { defineRoute, originOf } from '../http/route.js';
import { setSessionCookie, type SessionCookiePolicy } from '../http/session-cookie.js';
import type { InvitationService } from './invitation.service.js';
import {
  AcceptBody,
  CreatedInvitation,
  InvitationList,
  InvitationParams,
  InvitationSchema,
  InviteBody,
  JoinedSchema,
  LinkInfoSchema,
  TokenParams,
} from './links.schemas.js';
import type { SessionService } from './session.service.js';

const access = { scope: null, permission: 'members:manage', modes: 'any' } as const;

/** The dashboard page a link's token opens: `<PUBLIC_URL or the request's origin>/dashboard/#/join/<token>`. */
export function joinLink(base: string, token: string): string {
  return `${base.replace(/\/+$/, '')}/dashboard/#/join/${token}`;
}

export function linkRoutes(o: {
  invitations: InvitationService;
  sessions: SessionService;
  accounts: AccountService;
  cookies: SessionCookiePolicy;
}) {
  const { invitations, sessions, accounts, cookies } = o;
  return [
    defineRoute(
      {
        method: 'POST',
        url: '/invitations',
        operationId: 'createInvitation',
        summary: 'Invite a person',
        description:
          'A one-time link valid 7 days that lets the person join the account with the role. Only an owner invites an owner.',
        tags: ['Members'],
        access,
        idempotency: 'none',
        errors: ['owner_required'],
        body: InviteBody,
        response: { status: 200, schema: CreatedInvitation },
      },
      async ({ auth, body, request }) => {
        const actorId = auth.actor.type === 'user' ? auth.actor.id : '';
        const { invitation, token } = await invitations.invite(auth.accountId, actorId, body.email, body.role);
        const base = cookies.publicUrl ?? `${request.protocol}://${request.host}`;
        return { ...invitation, link: joinLink(base, token) };
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
        method: 'GET',
        url: '/links/:token',
        operationId: 'describeLink',
        summary: 'Describe a one-time link',
        description: 'What the join page shows: the account, the role and the invited email.',
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
          'Creates the person with the password (12 to 256 characters) and the membership, and signs them in (session cookie). An email that already has a sign-in is refused: that person signs in first.',
        tags: ['Members'],
        access: 'public',
        idempotency: 'none',
        errors: ['link_invalid', 'password_too_weak'],
        params: TokenParams,
        body: AcceptBody,
        response: { status: 200, schema: JoinedSchema },
      },
      async ({ params, body, request, reply }) => {
        const joined = await invitations.accept(params.token, body);
        const { token } = await sessions.start({
          userId: joined.id,
          accountId: joined.accountId,
          method: 'password',
          secondFactor: 'none',
          origin: originOf(request),
        });
        setSessionCookie(reply, cookies, token, sessions.maxMs);
        return { id: joined.id, email: joined.email, name: joined.name };
      },
    ),
  ];
}
