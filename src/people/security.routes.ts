/**
 * Routes of the person signed in looking after their own security (docs/api.md §D26): setting up,
 * turning off and renewing the second factor, and changing their password. People only
 * (`scope: null`: no key may call them), in any mode.
 */
import { defineRoute, originOf } from '../http/route.js';
import { Empty } from './auth.schemas.js';
import type { PasswordService } from './password.service.js';
import type { SecondFactorService } from './second-factor.service.js';
import {
  ConfirmBody,
  PasswordChangeBody,
  PasswordChanged,
  ProofBody,
  RecoveryCodes,
  SecondFactorSetup,
} from './security.schemas.js';

const people = { scope: null, permission: 'account:read', modes: 'any' } as const;
const tags: ['Signing in'] = ['Signing in'];

export function securityRoutes({
  secondFactor,
  passwords,
}: {
  secondFactor: SecondFactorService;
  passwords: PasswordService;
}) {
  return [
    defineRoute(
      {
        method: 'POST',
        url: '/me/second_factor',
        operationId: 'beginSecondFactor',
        summary: 'Start setting up a second factor',
        description:
          'Makes a new TOTP secret (RFC 6238: SHA-1, 6 digits, 30 s) for the person signed in and answers it with its `otpauth://` URI, to scan into an authenticator app. It is not on until confirmed with a code (`POST /v1/me/second_factor/confirm`); starting again replaces the secret.',
        tags,
        access: people,
        idempotency: 'none',
        errors: ['session_expired', 'second_factor_already_set_up'],
        response: { status: 200, schema: SecondFactorSetup },
      },
      ({ auth }) => secondFactor.begin(auth),
    ),
    defineRoute(
      {
        method: 'POST',
        url: '/me/second_factor/confirm',
        operationId: 'confirmSecondFactor',
        summary: 'Turn the second factor on',
        description:
          'Checks a code from the app against the secret being set up and turns the second factor on. Answers ten recovery codes, each good once instead of a code: shown only here.',
        tags,
        access: people,
        idempotency: 'none',
        errors: ['session_expired', 'second_factor_not_set_up', 'second_factor_invalid'],
        body: ConfirmBody,
        response: { status: 200, schema: RecoveryCodes },
      },
      ({ auth, body }) => secondFactor.confirm(auth, body.code),
    ),
    defineRoute(
      {
        method: 'DELETE',
        url: '/me/second_factor',
        operationId: 'disableSecondFactor',
        summary: 'Turn the second factor off',
        description:
          'Deletes the secret and the recovery codes. Needs the current password or a code from the app; a wrong one counts as a failed sign-in.',
        tags,
        access: people,
        idempotency: 'none',
        errors: [
          'session_expired',
          'second_factor_not_set_up',
          'password_incorrect',
          'second_factor_invalid',
          'sign_in_locked',
        ],
        body: ProofBody,
        bodyOptional: true,
        response: { status: 200, schema: Empty },
      },
      async ({ auth, body, request }) => {
        await secondFactor.disable(auth, body, originOf(request));
        return {};
      },
    ),
    defineRoute(
      {
        method: 'POST',
        url: '/me/second_factor/recovery_codes',
        operationId: 'renewRecoveryCodes',
        summary: 'New recovery codes',
        description:
          'Ten new recovery codes; every old one is void. Needs the current password or a code from the app; a wrong one counts as a failed sign-in.',
        tags,
        access: people,
        idempotency: 'none',
        errors: [
          'session_expired',
          'second_factor_not_set_up',
          'password_incorrect',
          'second_factor_invalid',
          'sign_in_locked',
        ],
        body: ProofBody,
        bodyOptional: true,
        response: { status: 200, schema: RecoveryCodes },
      },
      ({ auth, body, request }) => secondFactor.newRecoveryCodes(auth, body, originOf(request)),
    ),
    defineRoute(
      {
        method: 'POST',
        url: '/me/password',
        operationId: 'changeMyPassword',
        summary: 'Change your password',
        description:
          'Checks the current password, sets the new one (the rules of a new password: 12 to 256 characters, not a breached one) and ends every other session of the person. A wrong current password counts as a failed sign-in.',
        tags,
        access: people,
        idempotency: 'none',
        errors: ['session_expired', 'password_too_weak', 'password_incorrect', 'sign_in_locked'],
        body: PasswordChangeBody,
        response: { status: 200, schema: PasswordChanged },
      },
      async ({ auth, body, request }) => ({
        otherSessionsEnded: await passwords.change(auth, body.currentPassword, body.newPassword, originOf(request)),
      }),
    ),
  ];
}
