/** Setting the second factor up, turning it off, and new recovery codes. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { ManualClock } from '../../src/lib/clock.js';
import type { Harness } from '../harness.js';
import { call, createPerson, uniqueEmail } from '../people-kit.js';
import { codeAt, PASSWORD, passwordSignIn, pendingSignIn, personWithTotp } from './kit.js';

export function setupCases(harness: () => Harness, clock: ManualClock) {
  it('sets up a second factor: a secret to scan, on only once a code confirms it, with ten recovery codes', async () => {
    const h = harness();
    const email = uniqueEmail('setup');
    const id = await createPerson(h, { email, password: PASSWORD });
    const { cookie } = await passwordSignIn(h, email);
    const begun = await call(h, 'POST', '/v1/me/second_factor', { cookie });
    assert.equal(begun.status, 200, JSON.stringify(begun.body));
    assert.match(begun.body.secret, /^[A-Z2-7]{32}$/);
    const uri = new URL(begun.body.otpauthUri);
    assert.equal(uri.protocol, 'otpauth:');
    assert.equal(uri.host, 'totp');
    assert.equal(decodeURIComponent(uri.pathname), `/Tidings:${email}`);
    assert.equal(uri.searchParams.get('issuer'), 'Tidings');
    assert.equal(uri.searchParams.get('secret'), begun.body.secret);
    assert.equal((await call(h, 'GET', '/v1/me', { cookie })).body.secondFactor, false);

    const wrong = await call(h, 'POST', '/v1/me/second_factor/confirm', { cookie, body: { code: '000000' } });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.error.code, 'second_factor_invalid');
    const right = await call(h, 'POST', '/v1/me/second_factor/confirm', {
      cookie,
      body: { code: codeAt(begun.body.secret, clock.now()) },
    });
    assert.equal(right.status, 200, JSON.stringify(right.body));
    assert.equal(right.body.recoveryCodes.length, 10);
    assert.equal(new Set(right.body.recoveryCodes).size, 10);
    for (const code of right.body.recoveryCodes) assert.match(code, /^[0-9a-z]{4}(-[0-9a-z]{4}){3}$/);
    assert.equal((await call(h, 'GET', '/v1/me', { cookie })).body.secondFactor, true);

    // At rest: the secret encrypted, the recovery codes as hashes only.
    const user = await h.deps.store.read.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    assert.ok(user.totp_secret_enc?.startsWith('v1.'));
    assert.ok(!user.totp_secret_enc?.includes(begun.body.secret));
    const stored = await h.deps.store.read.selectFrom('recovery_codes').selectAll().where('user_id', '=', id).execute();
    assert.equal(stored.length, 10);
    for (const row of stored) assert.ok(!right.body.recoveryCodes.includes(row.code_hash));

    const again = await call(h, 'POST', '/v1/me/second_factor', { cookie });
    assert.equal(again.status, 409);
    assert.equal(again.body.error.code, 'second_factor_already_set_up');
  });

  it('refuses to confirm when nothing is being set up', async () => {
    const h = harness();
    const email = uniqueEmail('nothing');
    await createPerson(h, { email, password: PASSWORD });
    const { cookie } = await passwordSignIn(h, email);
    const res = await call(h, 'POST', '/v1/me/second_factor/confirm', { cookie, body: { code: '123456' } });
    assert.equal(res.status, 409);
    assert.equal(res.body.error.code, 'second_factor_not_set_up');
  });

  it('turns the second factor off with the password (not a wrong one): sign-in asks for no code again', async () => {
    const h = harness();
    const p = await personWithTotp(h, clock);
    const wrong = await call(h, 'DELETE', '/v1/me/second_factor', {
      cookie: p.cookie,
      body: { password: 'not my password at all' },
    });
    assert.equal(wrong.status, 403);
    assert.equal(wrong.body.error.code, 'password_incorrect');
    const none = await call(h, 'DELETE', '/v1/me/second_factor', { cookie: p.cookie });
    assert.equal(none.status, 400);
    const off = await call(h, 'DELETE', '/v1/me/second_factor', { cookie: p.cookie, body: { password: PASSWORD } });
    assert.equal(off.status, 200, JSON.stringify(off.body));
    assert.equal((await call(h, 'GET', '/v1/me', { cookie: p.cookie })).body.secondFactor, false);
    const left = await h.deps.store.read.selectFrom('recovery_codes').selectAll().where('user_id', '=', p.id).execute();
    assert.equal(left.length, 0);
    const user = await h.deps.store.read
      .selectFrom('users')
      .selectAll()
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    assert.equal(user.totp_secret_enc, null);
    const { body } = await passwordSignIn(h, p.email);
    assert.equal(body.secondFactor, 'none');
    assert.equal(body.user.id, p.id);
    const twice = await call(h, 'DELETE', '/v1/me/second_factor', { cookie: p.cookie, body: { password: PASSWORD } });
    assert.equal(twice.body.error.code, 'second_factor_not_set_up');
  });

  it('turns the second factor off with a code from the app', async () => {
    const h = harness();
    const p = await personWithTotp(h, clock);
    const off = await call(h, 'DELETE', '/v1/me/second_factor', {
      cookie: p.cookie,
      body: { code: codeAt(p.secret, clock.now()) },
    });
    assert.equal(off.status, 200, JSON.stringify(off.body));
    assert.equal((await call(h, 'GET', '/v1/me', { cookie: p.cookie })).body.secondFactor, false);
  });

  it('makes new recovery codes: the old ones no longer sign in, the new ones do', async () => {
    const h = harness();
    const p = await personWithTotp(h, clock);
    const res = await call(h, 'POST', '/v1/me/second_factor/recovery_codes', {
      cookie: p.cookie,
      body: { code: codeAt(p.secret, clock.now()) },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.recoveryCodes.length, 10);
    const old = await call(h, 'POST', '/v1/auth/second_factor', {
      cookie: await pendingSignIn(h, p.email),
      body: { recoveryCode: p.recoveryCodes[0] },
    });
    assert.equal(old.status, 401);
    assert.equal(old.body.error.code, 'second_factor_invalid');
    const fresh = await call(h, 'POST', '/v1/auth/second_factor', {
      cookie: await pendingSignIn(h, p.email),
      body: { recoveryCode: res.body.recoveryCodes[0] },
    });
    assert.equal(fresh.status, 200, JSON.stringify(fresh.body));
    assert.equal(fresh.body.secondFactor, 'passed');
  });
}
