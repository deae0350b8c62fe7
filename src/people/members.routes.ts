/**
 * `GET/PATCH/DELETE /v1/members[/:id]`: the people of the signed-in person's account and their
 * roles (docs/api.md §D26). People only (`scope: null`), permission `members:manage`; the rules of
 * who may change whom are membership.rules.ts's.
 */
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../http/route.js';
import { ChangeRoleBody, MemberList, MemberParams, MemberSchema } from './members.schemas.js';
import type { MembershipService } from './membership.service.js';

const access = { scope: null, permission: 'members:manage', modes: 'any' } as const;

export function memberRoutes({ members }: { members: MembershipService }) {
  return [
    defineRoute(
      {
        method: 'GET',
        url: '/members',
        operationId: 'listMembers',
        summary: 'List members',
        description: "The account's members, oldest first, with their role and last sign-in.",
        tags: ['Members'],
        access,
        idempotency: 'none',
        errors: [],
        querystring: Type.Object({}, { additionalProperties: false }),
        response: { status: 200, schema: MemberList },
      },
      async ({ auth }) => ({ data: await members.list(auth.accountId) }),
    ),
    defineRoute(
      {
        method: 'PATCH',
        url: '/members/:id',
        operationId: 'changeMemberRole',
        summary: "Change a member's role",
        description:
          "Takes effect at once, for the member's sessions and the keys they made. Only an owner makes, changes or removes an owner; the last owner keeps the role.",
        tags: ['Members'],
        access,
        idempotency: 'none',
        errors: ['member_not_found', 'owner_required', 'last_owner'],
        params: MemberParams,
        body: ChangeRoleBody,
        response: { status: 200, schema: MemberSchema },
      },
      async ({ auth, params, body }) => members.changeRole(auth.accountId, actorOf(auth), params.id, body.role),
    ),
    defineRoute(
      {
        method: 'DELETE',
        url: '/members/:id',
        operationId: 'removeMember',
        summary: 'Remove a member',
        description:
          'The person leaves the account: the API keys they made in it are revoked and their sessions in it end. The answer is the member as they were.',
        tags: ['Members'],
        access,
        idempotency: 'none',
        errors: ['member_not_found', 'owner_required', 'last_owner'],
        params: MemberParams,
        response: { status: 200, schema: MemberSchema },
      },
      async ({ auth, params }) => members.remove(auth.accountId, actorOf(auth), params.id),
    ),
  ];
}

/** The person acting (these routes are people only: `scope: null`). */
function actorOf(auth: { actor: { type: string; id: string } }): string {
  return auth.actor.type === 'user' ? auth.actor.id : '';
}
