/**
 * The team's API shapes (docs/api.md §D26, §D27), read from the generated client's `paths`: the
 * members and invitations of the Members page, the keys of the API keys page, the audit trail's
 * entries. What the API answers is what these pages expect.
 */
import type { paths } from '@tidings/client';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/** `GET /v1/members`: one member with their role and last sign-in. */
export type Member = Json<paths['/v1/members']['get']['responses'][200]>['data'][number];

/** `GET /v1/invitations`: one pending invitation. */
export type Invitation = Json<paths['/v1/invitations']['get']['responses'][200]>['data'][number];

/**
 * `POST /v1/invitations`: the invitation, with what became of its mail (`mail`: `sent`, the link
 * is in their mailbox only and `link` is null; `failed` or `off`, the link is answered to pass on).
 */
export type CreatedInvitation = Json<paths['/v1/invitations']['post']['responses'][200]>;

/** `GET /v1/api_keys`: one key (never the key itself). */
export type ApiKey = Json<paths['/v1/api_keys']['get']['responses'][200]>['data'][number];

/** `POST /v1/api_keys`: the key, with the key itself shown this once. */
export type CreatedApiKey = Json<paths['/v1/api_keys']['post']['responses'][201]>;

/** `GET /v1/audit_events`: one entry of the trail. */
export type AuditEvent = Json<paths['/v1/audit_events']['get']['responses'][200]>['data'][number];

/** The kinds of actor an entry names, in the words the page shows. */
export const ACTOR_KINDS: Readonly<Record<string, string>> = {
  user: 'person',
  key: 'key',
  cli: 'CLI',
  platform: 'platform',
  system: 'system',
};
