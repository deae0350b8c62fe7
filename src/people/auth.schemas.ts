/** Schemas of signing in and of the person signed in (docs/api.md §D26). */
import { Type, type Static } from '@sinclair/typebox';
import { PASSWORD_MAX } from './password.rules.js';

const Membership = Type.Object({ id: Type.String(), name: Type.String(), role: Type.String() });

export const Me = Type.Object(
  {
    id: Type.String({ description: 'The person (`usr_…`).' }),
    email: Type.String(),
    name: Type.String(),
    secondFactor: Type.Boolean({ description: 'Whether the person has a second factor set up.' }),
    account: Membership,
    mode: Type.Union([Type.Literal('live'), Type.Literal('test')]),
    phoneNumberId: Type.String(),
    permissions: Type.Array(Type.String(), { description: "The role's permissions in this account." }),
    accounts: Type.Array(Membership, { description: 'Every account the person is a member of.' }),
  },
  { $id: 'Me' },
);
export type Me = Static<typeof Me>;

export const SignInBody = Type.Object(
  {
    email: Type.String({ minLength: 1, maxLength: 320 }),
    password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX * 4 }),
  },
  { additionalProperties: false, examples: [{ email: 'ada@example.com', password: 'correct horse battery staple' }] },
);

export const SignInResult = Type.Object({
  secondFactor: Type.Union([Type.Literal('none'), Type.Literal('required'), Type.Literal('passed')]),
  user: Type.Union([Type.Ref(Me), Type.Null()]),
});

export const Empty = Type.Object({});

export const SwitchBody = Type.Object(
  {
    accountId: Type.Optional(Type.String({ minLength: 1 })),
    mode: Type.Optional(Type.Union([Type.Literal('live'), Type.Literal('test')])),
    phoneNumberId: Type.Optional(Type.String({ minLength: 1 })),
  },
  { additionalProperties: false, examples: [{ mode: 'test' }] },
);

const SessionInfo = Type.Object({
  id: Type.String({ description: '`ses_` id.' }),
  accountId: Type.String(),
  mode: Type.Union([Type.Literal('live'), Type.Literal('test')]),
  phoneNumberId: Type.String(),
  method: Type.String({ description: '`password` or `sso`.' }),
  address: Type.Union([Type.String(), Type.Null()]),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  lastSeenAt: Type.String(),
  expiresAt: Type.String(),
});

export const SessionList = Type.Object({ data: Type.Array(SessionInfo) });
