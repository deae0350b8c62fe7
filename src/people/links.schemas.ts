/** The schemas of `/v1/invitations` and `/v1/links/:token` (links.routes.ts). */
import { Type } from '@sinclair/typebox';
import { RoleSchema } from './members.schemas.js';

export const InvitationSchema = Type.Object({
  id: Type.String({ description: "The invitation's `lnk_` id." }),
  email: Type.String(),
  role: RoleSchema,
  expiresAt: Type.String({ format: 'date-time', description: 'The link works until then (7 days).' }),
});

export const CreatedInvitation = Type.Object({
  ...InvitationSchema.properties,
  link: Type.Union([Type.String(), Type.Null()], {
    description: 'The link to send the person (`…/dashboard/#/join/<token>`), shown once.',
  }),
});

export const InvitationList = Type.Object({ data: Type.Array(InvitationSchema) });

export const InviteBody = Type.Object(
  { email: Type.String({ maxLength: 254, pattern: '^[^@\\s]+@[^@\\s]+$' }), role: RoleSchema },
  { additionalProperties: false, examples: [{ email: 'ana@example.com', role: 'agent' }] },
);

export const InvitationParams = Type.Object({ id: Type.String({ description: "The invitation's `lnk_` id." }) });

export const TokenParams = Type.Object({ token: Type.String({ description: "The link's token.", maxLength: 100 }) });

export const LinkInfoSchema = Type.Object({
  kind: Type.Union([Type.Literal('invite'), Type.Literal('owner')]),
  email: Type.Union([Type.String(), Type.Null()], { description: "Null on the first owner's link." }),
  accountName: Type.String(),
  role: RoleSchema,
});

export const AcceptBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    password: Type.String({ description: '12 to 256 characters.' }),
    email: Type.Optional(
      Type.String({ maxLength: 254, pattern: '^[^@\\s]+@[^@\\s]+$', description: "Only on the first owner's link." }),
    ),
  },
  { additionalProperties: false, examples: [{ name: 'Ana Silva', password: 'correct horse battery staple' }] },
);

export const JoinedSchema = Type.Object({
  id: Type.String({ description: "The new person's `usr_` id." }),
  email: Type.String(),
  name: Type.String(),
});
