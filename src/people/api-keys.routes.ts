/**
 * `GET/POST/DELETE /v1/api_keys`: the keys of the signed-in person's account (docs/api.md §D26).
 * People only (`scope: null`: no key makes keys), permission `keys:manage`. A key made here holds at
 * most its maker's permissions (read whenever it is used), and only scopes the maker's role holds
 * as a permission of the same name.
 */
import type { ApiKeyInfo, KeyService } from '../accounts/key.service.js';
import { TidingsError } from '../errors.js';
import { SCOPES, type Permission } from '../http/access.js';
import { Type } from '@sinclair/typebox';
import { defineRoute } from '../http/route.js';
import {
  ApiKeyList,
  ApiKeyParams,
  ApiKeySchema,
  CreateApiKeyBody,
  CreatedApiKeySchema,
  type ApiKeyResource,
} from './api-keys.schemas.js';

const access = { scope: null, permission: 'keys:manage', modes: 'any' } as const;

export function apiKeyRoutes({ keys }: { keys: KeyService }) {
  return [
    defineRoute(
      {
        method: 'GET',
        url: '/api_keys',
        operationId: 'listApiKeys',
        summary: 'List API keys',
        description: "The account's keys, revoked ones included, oldest first: never the keys themselves.",
        tags: ['API keys'],
        access,
        idempotency: 'none',
        errors: [],
        querystring: Type.Object({}, { additionalProperties: false }),
        response: { status: 200, schema: ApiKeyList },
      },
      async ({ auth }) => ({ data: (await keys.listKeys(auth.accountId)).map(toResource) }),
    ),
    defineRoute(
      {
        method: 'POST',
        url: '/api_keys',
        operationId: 'createApiKey',
        summary: 'Create an API key',
        description:
          'A key of the account, made by you: it holds at most your permissions (lowered when your role is, revoked when you leave the account). The key is in this answer only.',
        tags: ['API keys'],
        access,
        idempotency: 'none',
        errors: [],
        body: CreateApiKeyBody,
        response: { status: 201, schema: CreatedApiKeySchema },
      },
      async ({ auth, body }) => {
        const held = (s: string) => auth.permissions.has(s as Permission);
        const missing = body.scopes?.find((s) => !held(s));
        if (missing !== undefined)
          throw new TidingsError(
            'permission_denied',
            `Your role lacks the ${missing} permission, so its key cannot have that scope.`,
            { param: 'scopes' },
          );
        const key = await keys.createKey({
          accountId: auth.accountId,
          mode: body.mode,
          scopes: body.scopes ?? SCOPES.filter(held),
          ...(body.phoneNumberId !== undefined ? { phoneNumberId: body.phoneNumberId } : {}),
          ...(body.name !== undefined ? { name: body.name } : {}),
          ...(auth.actor.type === 'user' ? { createdBy: auth.actor.id } : {}),
        });
        return { ...toResource(key), key: key.key };
      },
    ),
    defineRoute(
      {
        method: 'DELETE',
        url: '/api_keys/:id',
        operationId: 'revokeApiKey',
        summary: 'Revoke an API key',
        description: 'The key stops working at once, in every process. The answer is the key as revoked.',
        tags: ['API keys'],
        access,
        idempotency: 'none',
        errors: ['api_key_not_found'],
        params: ApiKeyParams,
        response: { status: 200, schema: ApiKeySchema },
      },
      async ({ auth, params }) => {
        if (!(await keys.revokeKey(params.id, auth.accountId)))
          throw new TidingsError('api_key_not_found', `No active key ${params.id} in this account.`, { param: 'id' });
        const key = (await keys.listKeys(auth.accountId)).find((k) => k.id === params.id)!;
        return toResource(key);
      },
    ),
  ];
}

function toResource(k: ApiKeyInfo): ApiKeyResource {
  return {
    id: k.id,
    hint: k.hint,
    name: k.name,
    mode: k.mode,
    scopes: k.scopes,
    phoneNumberId: k.phoneNumberId,
    rateLimit: k.rateLimit,
    createdBy: k.createdBy,
    createdAt: k.createdAt,
    lastUsedAt: k.lastUsedAt,
    revokedAt: k.revokedAt,
  };
}
