/**
 * Who is signed in (docs/api.md §D26): a person with a session cookie (`GET /v1/me`), or an API key
 * pasted into the tab. What the screens show is read from here: a nav entry, a page or a button a
 * role may not use is not shown (`can`), and the API refuses it anyway (403 `permission_denied`).
 */
import { createContext, useContext } from 'react';
import { api, type Mode } from './api';

/** One account a person is a member of, with their role in it. */
export interface Membership {
  id: string;
  name: string;
  role: string;
}

/** `GET /v1/me`: the person, the account and mode their session acts in, and what their role allows. */
export interface Me {
  id: string;
  email: string;
  name: string;
  /** Whether a second factor (TOTP) is set up. */
  secondFactor: boolean;
  account: Membership;
  mode: Mode;
  phoneNumberId: string;
  permissions: string[];
  accounts: Membership[];
}

/** `POST /v1/auth/sign_in` and `/v1/auth/second_factor`. */
export interface SignInAnswer {
  secondFactor: 'none' | 'required' | 'passed';
  user: Me | null;
}

/**
 * Who the dashboard acts as: a person (`me`), or a key (`me: null`, its mode from its prefix).
 * A key is shown every screen its scopes may reach, as before people existed, but the people-only
 * ones (members, API keys, the account menu): no key may call them.
 */
export interface Identity {
  me: Me | null;
  mode: Mode;
}

/** Permissions no key holds (their routes are people only: `scope: null`). */
const PEOPLE_ONLY = new Set(['members:manage', 'keys:manage']);

/** Whether `who` may use what needs `permission` (http/access.ts PERMISSIONS). */
export function allows(who: Identity, permission: string): boolean {
  if (who.me === null) return !PEOPLE_ONLY.has(permission);
  return who.me.permissions.includes(permission);
}

export const IdentityContext = createContext<Identity>({ me: null, mode: 'live' });

/** `can('members:manage')`: whether the one signed in may; for hiding what they may not use. */
export function useCan(): (permission: string) => boolean {
  const who = useContext(IdentityContext);
  return (permission) => allows(who, permission);
}

/** The person signed in, or null (signed in with a key). */
export function useMe(): Me | null {
  return useContext(IdentityContext).me;
}

/** `PATCH /v1/me/session`: another account, mode or sender number for this session; answers the new Me. */
export function switchSession(change: { accountId?: string; mode?: Mode; phoneNumberId?: string }): Promise<Me> {
  return api<Me>('PATCH', '/me/session', { body: change });
}

/** Role names in the order of their power, for selects (http/access.ts ROLES). */
export const ROLES = ['owner', 'admin', 'developer', 'agent', 'viewer'] as const;

/** Key scopes (http/access.ts SCOPES), for the API key form. */
export const SCOPES = [
  'templates:read',
  'templates:write',
  'messages:read',
  'messages:send',
  'media:write',
  'webhooks:manage',
  'audit:read',
] as const;
