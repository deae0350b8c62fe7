/** People for the role suites: a person with a role in an account, and a session cookie of theirs. */
import { newId } from '../../src/lib/ids.js';
import type { Mode, Role } from '../../src/http/access.js';
import { insertMembership } from '../../src/people/membership.repository.js';
import { insertUser } from '../../src/people/user.repository.js';
import type { Harness } from '../harness.js';

/** Makes a person (no password: they hold a session the test starts) with `role` in `accountId`. */
export async function personWithRole(h: Harness, accountId: string, role: Role): Promise<string> {
  const id = newId('usr');
  const at = new Date().toISOString();
  await h.deps.store.write(async (tx) => {
    await insertUser(tx, {
      id,
      email: `${id.toLowerCase()}@example.com`,
      name: role,
      password_hash: null,
      totp_secret_enc: null,
      totp_enabled_at: null,
      created_at: at,
      last_sign_in_at: null,
    });
    await insertMembership(tx, { account_id: accountId, user_id: id, role, created_at: at });
  });
  return id;
}

/** The headers of a request from the dashboard's own page, signed in as `userId` in `mode`. */
export async function sessionHeaders(
  h: Harness,
  userId: string,
  accountId: string,
  mode: Mode,
): Promise<Record<string, string>> {
  const { token } = await h.deps.sessions.start({
    userId,
    accountId,
    mode,
    method: 'password',
    secondFactor: 'none',
    origin: null,
  });
  return { cookie: `tidings_session=${token}`, origin: 'http://localhost:80', host: 'localhost:80' };
}
