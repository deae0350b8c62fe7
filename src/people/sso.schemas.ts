/** The schemas of single sign-on's routes (sso.routes.ts). */
import { Type, type Static } from '@sinclair/typebox';

export const SsoButton = Type.Object({
  id: Type.String({ description: 'The connection (`sso_…`).' }),
  name: Type.String({ description: 'Shown as "Sign in with …".' }),
  accountId: Type.String(),
});
export type SsoButton = Static<typeof SsoButton>;

export const SsoButtonList = Type.Object({ data: Type.Array(SsoButton) });

export const SsoStartParams = Type.Object({ id: Type.String({ pattern: '^sso_[0-9A-Za-z]+$' }) });

/** The provider's answer: `code`, `state`, `iss`, or `error`; passed on whole to openid-client. */
export const SsoCallbackQuery = Type.Object(
  {
    code: Type.Optional(Type.String()),
    state: Type.Optional(Type.String()),
    iss: Type.Optional(Type.String()),
    session_state: Type.Optional(Type.String()),
    error: Type.Optional(Type.String()),
    error_description: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

/** A redirect: the body is empty, `Location` says where. */
export const Redirect = Type.Null({ description: 'No body: a 302 redirect, `Location` says where.' });
