/** The person's own sessions: the switcher (mode), the list, ending one, signing out everywhere else. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { SYSTEM } from '../../src/lib/actor.js';
import { insertMembership } from '../../src/people/membership.repository.js';
import type { Harness } from '../harness.js';
import { call, createPerson, uniqueAddress, uniqueEmail } from '../people-kit.js';

const PASSWORD = 'correct horse battery staple';

export function meCases(harness: () => Harness) {
  const signIn = async (h: Harness, email: string, address = uniqueAddress()) => {
    const res = await call(h, 'POST', '/v1/auth/sign_in', { body: { email, password: PASSWORD }, address });
    assert.equal(res.status, 200);
    return res.setCookie!;
  };

  it('switches the session to test mode: GET /v1/me shows it', async () => {
    const h = harness();
    const email = uniqueEmail('m');
    await createPerson(h, { email, password: PASSWORD });
    const cookie = await signIn(h, email);
    assert.equal((await call(h, 'GET', '/v1/me', { cookie })).body.mode, 'live');
    const res = await call(h, 'PATCH', '/v1/me/session', { cookie, body: { mode: 'test' } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.mode, 'test');
    assert.equal((await call(h, 'GET', '/v1/me', { cookie })).body.mode, 'test');
    const other = await call(h, 'PATCH', '/v1/me/session', { cookie, body: { accountId: 'acc_nobody' } });
    assert.equal(other.body.error.code, 'permission_denied');
  });

  it('keeps a password session out of another account that requires single sign-on, but for its owners', async () => {
    const h = harness();
    const email = uniqueEmail('s');
    const id = await createPerson(h, { email, password: PASSWORD });
    const strict = await h.newAccount('Requires SSO');
    const relaxed = await h.newAccount('Owned there');
    const now = new Date().toISOString();
    await h.deps.store.write(async (tx) => {
      await insertMembership(tx, { account_id: strict.id, user_id: id, role: 'agent', created_at: now });
      await insertMembership(tx, { account_id: relaxed.id, user_id: id, role: 'owner', created_at: now });
    });
    await h.deps.sso.setRequired(strict.id, true, SYSTEM);
    await h.deps.sso.setRequired(relaxed.id, true, SYSTEM);
    const cookie = await signIn(h, email);
    const refused = await call(h, 'PATCH', '/v1/me/session', { cookie, body: { accountId: strict.id } });
    assert.deepEqual([refused.status, refused.body.error?.code], [403, 'sso_required']);
    assert.equal((await call(h, 'GET', '/v1/me', { cookie })).body.account.id, h.account.id);
    // An owner may sign in by password where single sign-on is required: they may switch there too.
    const owner = await call(h, 'PATCH', '/v1/me/session', { cookie, body: { accountId: relaxed.id } });
    assert.equal(owner.status, 200, JSON.stringify(owner.body));
  });

  it('lists the sessions, ends one (404 for another’s), and ends all others but this one', async () => {
    const h = harness();
    const email = uniqueEmail('m');
    await createPerson(h, { email, password: PASSWORD });
    const cAddress = uniqueAddress();
    const [a, b, c] = [await signIn(h, email), await signIn(h, email), await signIn(h, email, cAddress)];
    const list = await call(h, 'GET', '/v1/me/sessions', { cookie: a });
    assert.equal(list.status, 200);
    assert.equal(list.body.data.length, 3);
    const other = uniqueEmail('o');
    await createPerson(h, { email: other, password: PASSWORD });
    const theirs = (await call(h, 'GET', '/v1/me/sessions', { cookie: await signIn(h, other) })).body.data[0].id;
    const refused = await call(h, 'DELETE', `/v1/me/sessions/${theirs}`, { cookie: a });
    assert.equal(refused.status, 404);
    assert.equal(refused.body.error.code, 'session_not_found');
    // Sessions started in the same millisecond have no order: find c's by the address it came from.
    const cId = list.body.data.find((x: { address: string }) => x.address === cAddress).id;
    assert.equal((await call(h, 'DELETE', `/v1/me/sessions/${cId}`, { cookie: a })).status, 200);
    assert.equal((await call(h, 'GET', '/v1/me', { cookie: c })).status, 401);
    const all = await call(h, 'POST', '/v1/me/sessions/revoke_all', { cookie: a });
    assert.equal(all.status, 200);
    assert.equal(all.body.revoked, 1);
    assert.equal((await call(h, 'GET', '/v1/me', { cookie: b })).status, 401);
    assert.equal((await call(h, 'GET', '/v1/me', { cookie: a })).status, 200);
    const me = (await call(h, 'GET', '/v1/me', { cookie: a })).body.id;
    const audited = await h.deps.store.read
      .selectFrom('audit_events')
      .select('action')
      .where('action', '=', 'session.revoked')
      .where('actor_id', '=', me)
      .execute();
    assert.equal(audited.length, 2);
  });
}
