/**
 * Password resets (docs/api.md §D26, password-reset.service.ts): the public `POST
 * /v1/auth/password_reset`, answered 202 the same for every email, and `POST
 * /v1/members/:id/password_reset` (people only, permission `members:manage`), a reset link an owner
 * or admin makes for a member. Either link is used through `POST /v1/links/:token/accept`.
 */
import { defineRoute, originOf } from '../http/route.js';
import { actAs } from '../lib/actor.js';
import { requestBase } from './links.routes.js';
import { PasswordResetAnswer, PasswordResetBody, ResetLinkSchema } from './links.schemas.js';
import { MemberParams } from './members.schemas.js';
import type { PasswordResetService } from './password-reset.service.js';

const SIGNED_OUT = { type: 'system', id: 'password_reset' } as const;

export function passwordResetRoutes({ resets, mails }: { resets: PasswordResetService; mails: boolean }) {
  // The same words whatever the email: the answer tells nothing of whether it has a sign-in.
  const message = mails
    ? 'If this email has a Tidings sign-in, a link to choose a new password is on its way (it works for 1 hour).'
    : 'This service sends no mail: ask an owner or admin of your account for a password reset link.';
  return [
    defineRoute(
      {
        method: 'POST',
        url: '/auth/password_reset',
        operationId: 'requestPasswordReset',
        summary: 'Ask for a password reset',
        description:
          'Always 202 with the same body, whether or not the email has a sign-in. When the service mails (`SMTP_URL`), a one-time link valid 1 hour is mailed to an email whose person has a password (not to one of single sign-on only; at most 3 in an hour per email; more are answered the same and mail nothing). 10 requests an hour per client address, then 429 `rate_limited` with `Retry-After`.',
        tags: ['Signing in'],
        access: 'public',
        idempotency: 'none',
        errors: ['rate_limited'],
        body: PasswordResetBody,
        response: { status: 202, schema: PasswordResetAnswer },
      },
      async ({ body, request }) => {
        const origin = originOf(request);
        await actAs(SIGNED_OUT, origin, () => resets.request(body.email, origin));
        return { message };
      },
    ),
    defineRoute(
      {
        method: 'POST',
        url: '/members/:id/password_reset',
        operationId: 'createMemberPasswordReset',
        summary: "Make a member's password reset link",
        description:
          "A one-time link valid 1 hour with which the member chooses a new password (their sessions then end). Mailed to them when the service mails; else, or when the mail fails, answered for you to pass on. Only an owner makes an owner's.",
        tags: ['Members'],
        access: { scope: null, permission: 'members:manage', modes: 'any' },
        idempotency: 'none',
        errors: ['member_not_found', 'owner_required'],
        params: MemberParams,
        response: { status: 200, schema: ResetLinkSchema },
      },
      async ({ auth, params, request }) => {
        const actorId = auth.actor.type === 'user' ? auth.actor.id : '';
        return resets.forMember(auth.accountId, actorId, params.id, requestBase(request));
      },
    ),
  ];
}
