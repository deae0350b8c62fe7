/**
 * The person's own security, as the My security page calls it (docs/api.md §D26): their sessions,
 * the second factor (TOTP) and their password. People only: no key may call these routes.
 */
import { api } from './api';

/** One of the person's sessions (`GET /v1/me/sessions`). */
export interface SessionInfo {
  id: string;
  accountId: string;
  mode: 'live' | 'test';
  phoneNumberId: string;
  method: string;
  address: string | null;
  userAgent: string | null;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

/** What proves the person is there beyond the session: the password, or a code from the app. */
export type Proof = { password: string } | { code: string };

export const listSessions = () => api<{ data: SessionInfo[] }>('GET', '/me/sessions');
export const revokeSession = (id: string) => api('DELETE', `/me/sessions/${encodeURIComponent(id)}`);
export const revokeOtherSessions = () => api<{ revoked: number }>('POST', '/me/sessions/revoke_all');

/** `POST /v1/me/second_factor`: a new secret to scan (not on until confirmed). */
export const beginSecondFactor = () => api<{ secret: string; otpauthUri: string }>('POST', '/me/second_factor');
/** Turns it on with a code; answers the ten recovery codes, shown once. */
export const confirmSecondFactor = (code: string) =>
  api<{ recoveryCodes: string[] }>('POST', '/me/second_factor/confirm', { body: { code } });
export const disableSecondFactor = (proof: Proof) => api('DELETE', '/me/second_factor', { body: proof });
export const renewRecoveryCodes = (proof: Proof) =>
  api<{ recoveryCodes: string[] }>('POST', '/me/second_factor/recovery_codes', { body: proof });

/** `POST /v1/me/password`: ends every other session of the person. */
export const changePassword = (currentPassword: string, newPassword: string) =>
  api<{ otherSessionsEnded: number }>('POST', '/me/password', { body: { currentPassword, newPassword } });
