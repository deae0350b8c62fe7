/** People for the people benchmark (people.ts): a signed-in developer in each of the cost setup's accounts. */
import { loadConfig } from '../src/config.js';
import { buildDeps } from '../src/deps.js';
import { newId } from '../src/lib/ids.js';
import { insertMembership } from '../src/people/membership.repository.js';
import { insertUser } from '../src/people/user.repository.js';
import type { Setup } from './cost-setup.js';

/**
 * For each account of `s`, a person (a developer) signed in, made through the service's own code
 * on its database: the headers a dashboard request of theirs carries (the session cookie and the
 * service's own Origin).
 */
export async function sessionHeaders(s: Setup): Promise<Record<string, string>[]> {
  const deps = await buildDeps(loadConfig({ ...process.env, ...s.env }), { role: 'admin' });
  try {
    return await Promise.all(
      s.accounts.map(async ({ key }) => {
        const accountId = (await deps.keys.authenticate(key))!.accountId;
        const userId = newId('usr');
        const at = new Date().toISOString();
        await deps.store.write(async (tx) => {
          await insertUser(tx, {
            id: userId,
            email: `${userId.toLowerCase()}@bench.example`,
            name: 'Bench',
            password_hash: null,
            totp_secret_enc: null,
            totp_enabled_at: null,
            created_at: at,
            last_sign_in_at: null,
          });
          await insertMembership(tx, { account_id: accountId, user_id: userId, role: 'developer', created_at: at });
        });
        const { token } = await deps.sessions.start({
          userId,
          accountId,
          method: 'password',
          secondFactor: 'none',
          origin: null,
        });
        return { cookie: `tidings_session=${token}`, origin: new URL(s.tidings.url).origin };
      }),
    );
  } finally {
    await deps.close();
  }
}
