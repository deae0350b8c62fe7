/**
 * The session cookie (docs/api.md §D26): an opaque token (people/session.service.ts), `HttpOnly`
 * (no script reads it), `SameSite=Lax` (not sent on cross-site writes), `Path=/`, and `Secure` behind
 * TLS, where it is named `__Host-tidings_session` (a browser then refuses it from plain HTTP or
 * another domain: RFC 6265bis section 4.1.3.2).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface SessionCookiePolicy {
  /** `PUBLIC_URL` (config.ts): an `https:` one makes the cookie `Secure`. */
  publicUrl: string | null;
}

const PLAIN = 'tidings_session';
const HOST_ONLY = '__Host-tidings_session';

/** Whether the cookie is sent only over TLS: `PUBLIC_URL` is https, or this request came over it. */
function secure(policy: SessionCookiePolicy, request: FastifyRequest): boolean {
  return policy.publicUrl !== null ? policy.publicUrl.startsWith('https:') : request.protocol === 'https';
}

/** The token the request's session cookie holds, or null. */
export function sessionTokenOf(request: FastifyRequest): string | null {
  const cookies = request.cookies ?? {};
  return cookies[HOST_ONLY] ?? cookies[PLAIN] ?? null;
}

/** Sets the session cookie: the browser keeps it for `maxAgeMs` at most (the session's absolute expiry). */
export function setSessionCookie(
  reply: FastifyReply,
  policy: SessionCookiePolicy,
  token: string,
  maxAgeMs: number,
): void {
  const isSecure = secure(policy, reply.request);
  reply.setCookie(isSecure ? HOST_ONLY : PLAIN, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure,
    path: '/',
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

/** Clears the session cookie (signing out). */
export function clearSessionCookie(reply: FastifyReply, policy: SessionCookiePolicy): void {
  const isSecure = secure(policy, reply.request);
  reply.clearCookie(isSecure ? HOST_ONLY : PLAIN, { httpOnly: true, sameSite: 'lax', secure: isSecure, path: '/' });
}

/**
 * Whether a cookie-authenticated write comes from the service's own pages (a cross-site request
 * forgery check, OWASP's "Verifying Origin With Standard Headers"): its `Origin` is `PUBLIC_URL`, or
 * the request's own scheme and host; without `Origin`, `Sec-Fetch-Site` says `same-origin`. A
 * request with neither is refused: every browser in use sends one of them on a `fetch` write.
 */
export function sameOrigin(request: FastifyRequest, policy: SessionCookiePolicy): { ok: boolean; origin: string } {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') {
    const own = policy.publicUrl ?? `${request.protocol}://${request.host}`;
    return { ok: origin === own, origin };
  }
  const site = request.headers['sec-fetch-site'];
  return { ok: site === 'same-origin', origin: typeof site === 'string' ? `(Sec-Fetch-Site: ${site})` : '(none)' };
}
