/**
 * Who may call the API (docs/api.md §D2, §D26): the scopes a key can hold, the roles a person holds
 * in an account and the permissions each role grants (the one table, `ROLE_PERMISSIONS`), the key
 * modes, and the context every authenticated request carries. Keys themselves are the accounts
 * feature's (accounts/key.service.ts); people and their sessions the people feature's (people/).
 */
import type { Actor } from '../lib/actor.js';

/** API key scopes. A key has all of them unless created with fewer. */
export const SCOPES = [
  'templates:read',
  'templates:write',
  'messages:read',
  'messages:send',
  'media:write',
  'webhooks:manage',
  'audit:read',
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/**
 * What a person may do in an account. Each route declares the one it needs beside its key scope
 * (http/route.ts); a key made by a person also holds at most that person's permissions, read when
 * the key is used (so a lowered role lowers the person's keys at once).
 */
export const PERMISSIONS = [
  'account:read',
  'templates:read',
  'templates:write',
  'messages:read',
  'messages:send',
  'media:read',
  'media:write',
  'contacts:write',
  'contacts:erase',
  'contacts:export',
  'webhooks:read',
  'webhooks:manage',
  'analytics:read',
  'test_helpers:use',
  'settings:manage',
  'keys:manage',
  'members:manage',
  'audit:read',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** A person's role in an account (docs/api.md §D26). */
export const ROLES = ['owner', 'admin', 'developer', 'agent', 'viewer'] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

const EVERYTHING = new Set<Permission>(PERMISSIONS);

/**
 * The one table of permissions: what each role may do. Owners and admins everything (only an owner
 * may make, change or remove an owner: people/membership.rules.ts); developers keys, endpoints,
 * templates, sends and everything readable, but not members or account settings; agents the inbox
 * (conversations and contacts: read, reply, send templates, suppress or block a customer); viewers
 * read only, analytics and the audit trail included.
 */
export const ROLE_PERMISSIONS: Readonly<Record<Role, ReadonlySet<Permission>>> = {
  owner: EVERYTHING,
  admin: EVERYTHING,
  // Erasing a customer (docs/api.md §D28) and exporting their whole record (docs/api.md §D29) are the data
  // controller's acts: owners and admins only.
  developer: new Set(
    PERMISSIONS.filter(
      (p) => p !== 'settings:manage' && p !== 'members:manage' && p !== 'contacts:erase' && p !== 'contacts:export',
    ),
  ),
  agent: new Set<Permission>([
    'account:read',
    'templates:read',
    'messages:read',
    'messages:send',
    'media:read',
    'media:write',
    'contacts:write',
  ]),
  viewer: new Set<Permission>([
    'account:read',
    'templates:read',
    'messages:read',
    'media:read',
    'webhooks:read',
    'analytics:read',
    'audit:read',
  ]),
};

/** Every permission: what a key the operator made (CLI, no person behind it) is bounded by. */
export const ALL_PERMISSIONS: ReadonlySet<Permission> = EVERYTHING;

/** Live keys reach the platform; test keys run everything else and see only test data. */
export type Mode = 'live' | 'test';

/** Who is calling: resolved from `x-api-key`, or a person's session cookie, on every request. */
export interface AuthContext {
  /** The credential: an API key's id (`key_…`), or a session's (`ses_…`) for a person signed in. */
  keyId: string;
  /** How the caller authenticated: an API key, or a person's session (the dashboard's cookie). */
  via: 'key' | 'session';
  /** Who acts (lib/actor.ts): the key, or the person. */
  actor: Actor;
  accountId: string;
  mode: Mode;
  /** The platform phone number id the key was issued against: the sender of its messages. */
  phoneNumberId: string;
  /** A key's scopes; every scope for a session (a person is bounded by `permissions`). */
  scopes: ReadonlySet<Scope>;
  /** The person's role's permissions; for a key, its maker's (every one for a key the operator made). */
  permissions: ReadonlySet<Permission>;
  /** Requests per second for this key (token bucket refill rate, docs/api.md §D5). */
  rateLimit: number;
}

/** Default per-key rate (docs/api.md §D5): 100 requests/s, bursts of 200. */
export const DEFAULT_KEY_RATE_LIMIT = 100;
