/** Single sign-on's terms and rules (sso.service.ts): refusals, connections as shown, the role mapping. */
import { ROLES, isRole, type Role } from '../http/access.js';
import type { Actor } from '../lib/actor.js';
import type { SsoConnectionRow } from './sso.repository.js';

/** How long a sign-in may stay at the provider, ms. */
export const ATTEMPT_MS = 10 * 60_000;
/** How long a provider's discovered metadata is kept, ms. */
export const DISCOVERY_MS = 60 * 60_000;
/** The actor of what single sign-on itself does (a person made on first sign-in, a failure). */
export const SSO_ACTOR: Actor = { type: 'system', id: 'sso' };

/** Why a sign-in was refused (audited as `sso.sign_in_failed`, never shown beyond `sso_failed`). */
export type SsoRefusal =
  | 'connection_unknown'
  | 'provider_unreachable'
  | 'state_unknown'
  | 'exchange_refused'
  | 'email_unverified'
  | 'domain_not_allowed'
  | 'no_role';

/** A connection as the operator gives it (`npx tidings accounts sso`). */
export interface NewConnection {
  accountId: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string | null;
  domains: string[];
  roleClaim: string | null;
  roleMap: Record<string, string>;
  defaultRole: string | null;
}

/** A connection as shown (never its secret). */
export interface ConnectionInfo {
  id: string;
  accountId: string;
  name: string;
  issuer: string;
  clientId: string;
  hasClientSecret: boolean;
  domains: string[];
  roleClaim: string | null;
  roleMap: Record<string, string>;
  defaultRole: string | null;
  createdAt: string;
}

export type SsoOutcome =
  | { ok: true; userId: string; accountId: string; email: string }
  | { ok: false; reason: SsoRefusal };

/** A role SSO may give: any but owner. */
export function grantable(role: string): role is Exclude<Role, 'owner'> {
  return isRole(role) && role !== 'owner';
}

/** The most privileged role the claim's values map to, or null. */
export function mappedRole(connection: SsoConnectionRow, claims: Record<string, unknown>): string | null {
  if (!connection.role_claim) return null;
  const map = JSON.parse(connection.role_map) as Record<string, string>;
  const value = claims[connection.role_claim];
  const values = Array.isArray(value) ? value : [value];
  const roles: string[] = values.flatMap((v) => (typeof v === 'string' && map[v] && grantable(map[v]) ? [map[v]] : []));
  return ROLES.find((r) => roles.includes(r)) ?? null;
}

export function toInfo(row: SsoConnectionRow): ConnectionInfo {
  return {
    id: row.id,
    accountId: row.account_id,
    name: row.name,
    issuer: row.issuer,
    clientId: row.client_id,
    hasClientSecret: row.client_secret_enc !== null,
    domains: JSON.parse(row.allowed_domains) as string[],
    roleClaim: row.role_claim,
    roleMap: JSON.parse(row.role_map) as Record<string, string>,
    defaultRole: row.default_role,
    createdAt: row.created_at,
  };
}
