/** The schemas of single sign-on's routes (sso.routes.ts). */
import { Type, type Static } from '@sinclair/typebox';

export const SsoButton = Type.Object({
  id: Type.String({ description: 'The connection (`sso_…`).' }),
  name: Type.String({ description: 'Shown as "Sign in with …".' }),
  accountId: Type.String({ description: 'The account the connection signs people in to.' }),
});
export type SsoButton = Static<typeof SsoButton>;

export const SsoButtonList = Type.Object({ data: Type.Array(SsoButton) });

export const SsoStartParams = Type.Object({
  id: Type.String({ pattern: '^sso_[0-9A-Za-z]+$', description: 'The connection (`sso_…`) to sign in through.' }),
});

/** The provider's answer: `code`, `state`, `iss`, or `error`; passed on whole to openid-client. */
export const SsoCallbackQuery = Type.Object(
  {
    code: Type.Optional(Type.String({ description: "The provider's authorization code." })),
    state: Type.Optional(Type.String({ description: 'The state Tidings sent, returned by the provider.' })),
    iss: Type.Optional(Type.String({ description: "The provider's issuer (RFC 9207)." })),
    session_state: Type.Optional(Type.String({ description: "The provider's session state, unused." })),
    error: Type.Optional(Type.String({ description: "The provider's error code, when it refused." })),
    error_description: Type.Optional(Type.String({ description: "The provider's words for it." })),
  },
  { additionalProperties: true },
);

/** A redirect: the body is empty, `Location` says where. */
export const Redirect = Type.Null({ description: 'No body: a 302 redirect, `Location` says where.' });
