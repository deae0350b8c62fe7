/** What the members cases share: people made through the repositories, signed in with a session cookie. */
import type { Role } from '../../src/http/access.js';
import { newId } from '../../src/lib/ids.js';
import { insertMembership } from '../../src/people/membership.repository.js';
import { insertUser } from '../../src/people/user.repository.js';
import type { Harness, Response } from '../harness.js';

export interface Person {
  id: string;
  email: string;
  /** Calls the API as this person (their session cookie, from the service's own origin). */
  api: (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown) => Promise<Response<any>>;
}

let n = 0;

/** A person with `role` in `accountId` (default the harness's account), signed in. */
export async function person(h: Harness, role: Role, accountId = h.account.id): Promise<Person> {
  const id = newId('usr');
  const email = `${role}${++n}@example.com`;
  const now = new Date().toISOString();
  await h.deps.store.write(async (tx) => {
    await insertUser(tx, {
      id,
      email,
      name: role,
      password_hash: null,
      totp_secret_enc: null,
      totp_enabled_at: null,
      created_at: now,
      last_sign_in_at: null,
    });
    await insertMembership(tx, { account_id: accountId, user_id: id, role, created_at: now });
  });
  const { token } = await h.deps.sessions.start({
    userId: id,
    accountId,
    method: 'password',
    secondFactor: 'none',
    origin: null,
  });
  return {
    id,
    email,
    api: (method, url, body) =>
      h.api(method, url, {
        key: null,
        body,
        headers: { cookie: `tidings_session=${token}`, origin: 'http://localhost:80' },
      }),
  };
}
