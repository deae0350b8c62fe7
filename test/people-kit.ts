/**
 * People for tests: a person with a password and a role in an account, made through the people
 * repositories (no route makes the first one), and requests with a cookie jar.
 */
import type { Harness } from './harness.js';
import { iso } from '../src/lib/clock.js';
import { newId } from '../src/lib/ids.js';
import { insertMembership } from '../src/people/membership.repository.js';
import { hashPassword } from '../src/people/password.rules.js';
import { insertUser } from '../src/people/user.repository.js';

/**
 * Makes a person: `email` (lowercased), `role` (default owner) in `account` (default the harness's),
 * with `password` (argon2id) or none (single sign-on only).
 * @returns the person's `usr_` id.
 */
export async function createPerson(
  h: Harness,
  o: { email: string; role?: string; password?: string | null; account?: string; name?: string },
): Promise<string> {
  const now = Date.now();
  const id = newId('usr', now);
  const passwordHash = o.password ? await hashPassword(o.password) : null;
  await h.deps.store.write(async (tx) => {
    await insertUser(tx, {
      id,
      email: o.email.toLowerCase(),
      name: o.name ?? o.email.split('@')[0]!,
      password_hash: passwordHash,
      totp_secret_enc: null,
      totp_enabled_at: null,
      created_at: iso(now),
      last_sign_in_at: null,
    });
    await insertMembership(tx, {
      account_id: o.account ?? h.account.id,
      user_id: id,
      role: o.role ?? 'owner',
      created_at: iso(now),
    });
  });
  return id;
}

/** An email no other test (nor another run sharing Redis) uses. */
export function uniqueEmail(name = 'person'): string {
  return `${name}-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

/** A client address no other case uses (the sign-in limiter counts failures per address). */
export function uniqueAddress(): string {
  const byte = () => 1 + Math.floor(Math.random() * 250);
  return `10.${byte()}.${byte()}.${byte()}`;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
  /** The session cookie the answer set (`name=value`), if any. */
  setCookie: string | null;
}

/**
 * A request in-process from `address` (default: a new one each call, since the sign-in limiter
 * counts failures per address in the Redis every PostgreSQL test file shares: a test that needs one
 * address across requests passes it), with `cookie` (`name=value`) and, for a write, the service's
 * own `Origin` unless `origin` says another (null: none).
 */
export async function call(
  h: Harness,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  o: { body?: unknown; cookie?: string | null; address?: string; origin?: string | null } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (o.cookie) headers.cookie = o.cookie;
  const origin = o.origin === undefined ? 'http://localhost:80' : o.origin;
  if (method !== 'GET' && origin !== null) headers.origin = origin;
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  const res = await h.app.inject({
    method,
    url,
    headers,
    remoteAddress: o.address ?? uniqueAddress(),
    ...(o.body !== undefined ? { payload: JSON.stringify(o.body) } : {}),
  });
  const set = res.cookies.find((c) => c.name.endsWith('tidings_session'));
  return {
    status: res.statusCode,
    headers: res.headers as Answer['headers'],
    body: res.body ? JSON.parse(res.body) : undefined,
    setCookie: set && set.value !== '' ? `${set.name}=${set.value}` : null,
  };
}
