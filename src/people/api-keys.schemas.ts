/** The schemas of `GET/POST/DELETE /v1/api_keys` (api-keys.routes.ts). */
import { Type, type Static } from '@sinclair/typebox';
import { SCOPES } from '../http/access.js';

const ScopeSchema = Type.Union(SCOPES.map((s) => Type.Literal(s)));
const Mode = Type.Union([Type.Literal('live'), Type.Literal('test')]);
const Moment = Type.Union([Type.String({ format: 'date-time' }), Type.Null()]);

export const ApiKeySchema = Type.Object({
  id: Type.String({ description: '`key_` id.' }),
  hint: Type.String({ description: '`sk_live_…abcd`: never the key itself.' }),
  name: Type.Union([Type.String(), Type.Null()]),
  mode: Mode,
  scopes: Type.Array(ScopeSchema),
  phoneNumberId: Type.String(),
  rateLimit: Type.Integer({ description: 'Requests per second.' }),
  createdBy: Type.Union([Type.String(), Type.Null()], {
    description: 'The `usr_` id of the person who made it; null: the operator, with the CLI.',
  }),
  createdAt: Type.String({ format: 'date-time' }),
  lastUsedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When it was last used, to the minute; null: never.',
  }),
  revokedAt: Moment,
});

export type ApiKeyResource = Static<typeof ApiKeySchema>;

export const ApiKeyList = Type.Object({ data: Type.Array(ApiKeySchema) });

export const CreatedApiKeySchema = Type.Intersect([
  ApiKeySchema,
  Type.Object({ key: Type.String({ description: 'The key itself: shown this once, stored only as a hash.' }) }),
]);

export const CreateApiKeyBody = Type.Object(
  {
    mode: Mode,
    scopes: Type.Optional(
      Type.Array(ScopeSchema, {
        minItems: 1,
        description: 'Default: every scope your role holds as a permission of the same name.',
      }),
    ),
    phoneNumberId: Type.Optional(Type.String({ description: "The sender number; default the account's first." })),
    name: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false, examples: [{ mode: 'live', scopes: ['messages:send', 'messages:read'], name: 'CI' }] },
);

export const ApiKeyParams = Type.Object({ id: Type.String({ description: '`key_` id.' }) });
