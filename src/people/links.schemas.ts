/** The schemas of `/v1/invitations`, `/v1/links/:token` (links.routes.ts) and of password resets (password-reset.routes.ts). */
import { Type } from '@sinclair/typebox';
import { RoleSchema } from './members.schemas.js';

export const InvitationSchema = Type.Object({
  id: Type.String({ description: "The invitation's `lnk_` id." }),
  email: Type.String(),
  role: RoleSchema,
  expiresAt: Type.String({ format: 'date-time', description: 'The link works until then (7 days).' }),
});

export const MailOutcomeSchema = Type.Union([Type.Literal('sent'), Type.Literal('failed'), Type.Literal('off')], {
  description:
    'What became of the mail: `sent` (the link is in their mailbox only), `failed` (the SMTP server did not take it: pass the link on yourself), `off` (not mailed: the service sends no mail, `SMTP_URL` unset, or you asked for the link: pass it on).',
});

const LinkField = Type.Union([Type.String(), Type.Null()], {
  description: 'The link to send the person (`…/dashboard/#/join/<token>`), shown once; null when it was mailed.',
});

export const CreatedInvitation = Type.Object({
  ...InvitationSchema.properties,
  mail: MailOutcomeSchema,
  link: LinkField,
});

export const ResetLinkSchema = Type.Object({
  mail: MailOutcomeSchema,
  link: LinkField,
  expiresAt: Type.String({ format: 'date-time', description: 'The link works until then (1 hour).' }),
});

export const PasswordResetBody = Type.Object(
  { email: Type.String({ maxLength: 254, pattern: '^[^@\\s]+@[^@\\s]+$' }) },
  { additionalProperties: false, examples: [{ email: 'ana@example.com' }] },
);

export const PasswordResetAnswer = Type.Object({
  message: Type.String({ description: 'The same for every email, known or not.' }),
});

export const InvitationList = Type.Object({ data: Type.Array(InvitationSchema) });

export const InviteBody = Type.Object(
  { email: Type.String({ maxLength: 254, pattern: '^[^@\\s]+@[^@\\s]+$' }), role: RoleSchema },
  { additionalProperties: false, examples: [{ email: 'ana@example.com', role: 'agent' }] },
);

export const RenewBody = Type.Object(
  {
    mail: Type.Optional(
      Type.Boolean({
        description: 'false: answer the new link rather than mail it (default true: mailed when the service mails).',
      }),
    ),
  },
  { additionalProperties: false, examples: [{ mail: false }] },
);

export const InvitationParams = Type.Object({ id: Type.String({ description: "The invitation's `lnk_` id." }) });

export const TokenParams = Type.Object({ token: Type.String({ description: "The link's token.", maxLength: 100 }) });

export const LinkInfoSchema = Type.Object({
  kind: Type.Union([Type.Literal('invite'), Type.Literal('owner'), Type.Literal('password_reset')]),
  email: Type.Union([Type.String(), Type.Null()], { description: "Null on the first owner's link." }),
  accountName: Type.Union([Type.String(), Type.Null()], { description: 'Null on a password reset.' }),
  role: Type.Union([RoleSchema, Type.Null()], { description: 'Null on a password reset.' }),
  existingPerson: Type.Boolean({
    description:
      'The email already has a sign-in: that person signs in, then accepts (an invitation), or chooses a new password (a reset).',
  }),
});

export const AcceptBody = Type.Object(
  {
    name: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: "A newcomer's name (not on a reset, nor for an existing person).",
      }),
    ),
    password: Type.Optional(
      Type.String({ description: "A newcomer's password, or the new one of a reset: 12 to 256 characters." }),
    ),
    email: Type.Optional(
      Type.String({ maxLength: 254, pattern: '^[^@\\s]+@[^@\\s]+$', description: "Only on the first owner's link." }),
    ),
  },
  { additionalProperties: false, examples: [{ name: 'Ana Silva', password: 'correct horse battery staple' }] },
);

export const JoinedSchema = Type.Object({
  id: Type.String({ description: "The person's `usr_` id." }),
  email: Type.String(),
  name: Type.String(),
  accountId: Type.Union([Type.String(), Type.Null()], {
    description: 'The account joined; null after a password reset.',
  }),
  signedIn: Type.Boolean({
    description:
      'A newcomer is signed in (the answer sets the session cookie); an existing person keeps their session; a reset signs no one in.',
  }),
});
