/** The schemas of `GET/PATCH/DELETE /v1/members` (members.routes.ts). */
import { Type, type Static } from '@sinclair/typebox';
import { ROLES } from '../http/access.js';

export const RoleSchema = Type.Union(
  ROLES.map((r) => Type.Literal(r)),
  { description: 'owner, admin, developer, agent or viewer (docs/api.md §D26).' },
);

export const MemberSchema = Type.Object({
  id: Type.String({ description: "The person's `usr_` id." }),
  email: Type.String(),
  name: Type.String(),
  role: RoleSchema,
  createdAt: Type.String({ format: 'date-time', description: 'When they joined the account.' }),
  lastSignInAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export type MemberResource = Static<typeof MemberSchema>;

export const MemberList = Type.Object({ data: Type.Array(MemberSchema) });

export const MemberParams = Type.Object({ id: Type.String({ description: "The person's `usr_` id." }) });

export const ChangeRoleBody = Type.Object(
  { role: RoleSchema },
  { additionalProperties: false, examples: [{ role: 'developer' }] },
);
