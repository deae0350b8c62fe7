/** Changing one's password. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { Harness } from '../harness.js';
import { call, createPerson, uniqueAddress, uniqueEmail } from '../people-kit.js';
import { PASSWORD, passwordSignIn } from './kit.js';

const NEW_PASSWORD = 'a fresh and rather long passphrase';

export function passwordCases(harness: () => Harness) {
  it('changes the password with the current one, ending every other session but this one', async () => {
    const h = harness();
    const email = uniqueEmail('pw');
    const id = await createPerson(h, { email, password: PASSWORD });
    const { cookie } = await passwordSignIn(h, email);
    const { cookie: other } = await passwordSignIn(h, email);
    const res = await call(h, 'POST', '/v1/me/password', {
      cookie,
      body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body, { otherSessionsEnded: 1 });
    assert.equal((await call(h, 'GET', '/v1/me', { cookie })).status, 200);
    assert.equal((await call(h, 'GET', '/v1/me', { cookie: other })).status, 401);
    const old = await call(h, 'POST', '/v1/auth/sign_in', {
      body: { email, password: PASSWORD },
      address: uniqueAddress(),
    });
    assert.equal(old.body.error.code, 'sign_in_failed');
    await passwordSignIn(h, email, uniqueAddress(), NEW_PASSWORD);
    const entries = await h.deps.store.read
      .selectFrom('audit_events')
      .select(['changes'])
      .where('action', '=', 'user.password_changed')
      .where('object_id', '=', id)
      .execute();
    assert.equal(entries.length, 1);
    assert.ok(!entries[0]!.changes?.includes(NEW_PASSWORD) && !entries[0]!.changes?.includes('argon2'));
  });

  it('refuses a wrong current password and a weak new one, changing nothing', async () => {
    const h = harness();
    const email = uniqueEmail('pw');
    await createPerson(h, { email, password: PASSWORD });
    const { cookie } = await passwordSignIn(h, email);
    const wrong = await call(h, 'POST', '/v1/me/password', {
      cookie,
      body: { currentPassword: 'not the password', newPassword: NEW_PASSWORD },
    });
    assert.equal(wrong.status, 403);
    assert.equal(wrong.body.error.code, 'password_incorrect');
    assert.equal(wrong.body.error.param, 'currentPassword');
    const weak = await call(h, 'POST', '/v1/me/password', {
      cookie,
      body: { currentPassword: PASSWORD, newPassword: 'password1234' },
    });
    assert.equal(weak.status, 400);
    assert.equal(weak.body.error.code, 'password_too_weak');
    assert.equal(weak.body.error.param, 'newPassword');
    await passwordSignIn(h, email, uniqueAddress(), PASSWORD);
  });
}
