/**
 * The code flow against the real provider: PKCE, state and nonce; a person made on first sign-in
 * with the mapped role, met again the second time; a replayed state, a tampered nonce and a domain
 * not allowed are refused and leave no session.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Harness } from '../harness.js';
import { signInAtProvider, type TestProvider } from './provider.js';

export interface Sso {
  h: Harness;
  provider: TestProvider;
  connectionId: string;
  callback: string;
}

/** Starts a sign-in at the service: the provider's authorization URL it redirects to. */
async function start(s: Sso): Promise<string> {
  const res = await fetch(`${s.h.url}/v1/auth/sso/${s.connectionId}/start`, { redirect: 'manual' });
  assert.equal(res.status, 302);
  return res.headers.get('location')!;
}

/** Brings the provider's answer to the service's callback: where it sends the browser, and the cookie. */
async function callback(_s: Sso, url: string) {
  const res = await fetch(url, { redirect: 'manual' });
  assert.equal(res.status, 302);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('tidings_session='));
  return { location: res.headers.get('location'), token: cookie?.split(';')[0]!.split('=')[1] ?? null };
}

async function failures(s: Sso): Promise<string[]> {
  const rows = await s.h.deps.store.read
    .selectFrom('audit_events')
    .select('changes')
    .where('action', '=', 'sso.sign_in_failed')
    // Oldest first: ids sort by creation (the sealer's updates move rows, so PostgreSQL returns them in any order).
    .orderBy('id')
    .execute();
  return rows.map((r) => (JSON.parse(r.changes!) as { after: { reason: string } }).after.reason);
}

export function flowCases(sso: () => Sso): void {
  describe('the code flow', () => {
    it('signs in with PKCE (S256), state and nonce, and makes the person with the mapped role', async () => {
      const s = sso();
      s.provider.people.set('ana', { email: 'Ana@Acme.test', email_verified: true, groups: ['devs'], name: 'Ana' });
      const authorization = new URL(await start(s));
      assert.equal(authorization.searchParams.get('code_challenge_method'), 'S256');
      for (const p of ['code_challenge', 'state', 'nonce']) assert.ok(authorization.searchParams.get(p), p);
      const back = await callback(s, await signInAtProvider(authorization.href, s.callback, 'ana'));
      assert.equal(back.location, '/dashboard/');
      assert.ok(back.token);
      const session = await s.h.deps.sessions.resolve(back.token);
      assert.equal(session?.row.method, 'sso');
      assert.equal(session?.row.email, 'ana@acme.test');
      assert.equal(session?.row.role, 'developer');
      const actions = await s.h.deps.store.read
        .selectFrom('audit_events')
        .select('action')
        .where('action', 'in', ['member.created', 'session.created'])
        .execute();
      assert.deepEqual(actions.map((a) => a.action).sort(), ['member.created', 'session.created']);
    });

    it('meets the same person again on a second sign-in, with the role the mapping now gives', async () => {
      const s = sso();
      s.provider.people.set('ana', { email: 'ana@acme.test', email_verified: true, groups: ['tidings-admins'] });
      const back = await callback(s, await signInAtProvider(await start(s), s.callback, 'ana'));
      const session = await s.h.deps.sessions.resolve(back.token!);
      const users = await s.h.deps.store.read
        .selectFrom('users')
        .select('id')
        .where('email', '=', 'ana@acme.test')
        .execute();
      assert.equal(users.length, 1);
      assert.equal(session?.row.user_id, users[0]!.id);
      assert.equal(session?.row.role, 'admin');
    });

    it('refuses a replayed state: the attempt is taken once', async () => {
      const s = sso();
      const answer = await signInAtProvider(await start(s), s.callback, 'ana');
      assert.ok((await callback(s, answer)).token);
      const again = await callback(s, answer);
      assert.equal(again.location, '/dashboard/#/sign-in?error=sso_failed');
      assert.equal(again.token, null);
      const tampered = new URL(answer);
      tampered.searchParams.set('state', 'not-the-state');
      assert.equal((await callback(s, tampered.href)).token, null);
      assert.deepEqual((await failures(s)).slice(-2), ['state_unknown', 'state_unknown']);
    });

    it('refuses an ID token whose nonce is not the one the attempt expects', async () => {
      const s = sso();
      const answer = await signInAtProvider(await start(s), s.callback, 'ana');
      await s.h.deps.store.write((tx) => tx.updateTable('sso_attempts').set({ nonce: 'another-nonce' }).execute());
      const back = await callback(s, answer);
      assert.equal(back.location, '/dashboard/#/sign-in?error=sso_failed');
      assert.equal(back.token, null);
      assert.equal((await failures(s)).at(-1), 'exchange_refused');
    });

    it('refuses an email outside the allowed domains, and one not verified, making nobody', async () => {
      const s = sso();
      s.provider.people.set('eve', { email: 'eve@elsewhere.test', email_verified: true, groups: ['devs'] });
      s.provider.people.set('bob', { email: 'bob@acme.test', email_verified: false, groups: ['devs'] });
      for (const login of ['eve', 'bob']) {
        const back = await callback(s, await signInAtProvider(await start(s), s.callback, login));
        assert.equal(back.token, null, login);
      }
      assert.deepEqual((await failures(s)).slice(-2), ['domain_not_allowed', 'email_unverified']);
      const made = await s.h.deps.store.read
        .selectFrom('users')
        .select('email')
        .where('email', 'in', ['eve@elsewhere.test', 'bob@acme.test'])
        .execute();
      assert.deepEqual(made, []);
    });
  });
}
