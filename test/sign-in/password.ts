/** Password sign-in, no user enumeration, lockout, and the password rules. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { TidingsError } from '../../src/errors.js';
import { checkNewPassword } from '../../src/people/password.rules.js';
import type { Harness } from '../harness.js';
import { call, createPerson, uniqueAddress, uniqueEmail } from '../people-kit.js';

const PASSWORD = 'correct horse battery staple';

export function passwordCases(harness: () => Harness) {
  it('signs in with the right password: a cookie that authenticates GET /v1/me', async () => {
    const h = harness();
    const email = uniqueEmail('ada');
    const id = await createPerson(h, { email, password: PASSWORD, role: 'developer' });
    const res = await call(h, 'POST', '/v1/auth/sign_in', { body: { email, password: PASSWORD } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.secondFactor, 'none');
    assert.equal(res.body.user.id, id);
    assert.deepEqual(res.body.user.account, { id: h.account.id, name: 'Acme', role: 'developer' });
    assert.ok(res.setCookie);
    const me = await call(h, 'GET', '/v1/me', { cookie: res.setCookie });
    assert.equal(me.status, 200);
    assert.equal(me.body.email, email);
    assert.ok(me.body.permissions.includes('keys:manage'));
    assert.ok(!me.body.permissions.includes('members:manage'));
  });

  it('answers a wrong password, an unknown email and a person without a password alike', async () => {
    const h = harness();
    const known = uniqueEmail('known');
    const sso = uniqueEmail('sso');
    await createPerson(h, { email: known, password: PASSWORD });
    await createPerson(h, { email: sso, password: null });
    const answers: { status: number; body: any; cookie: string | null }[] = [];
    for (const email of [known, uniqueEmail('nobody'), sso]) {
      const res = await call(h, 'POST', '/v1/auth/sign_in', {
        body: { email, password: 'not the password at all' },
        address: uniqueAddress(),
      });
      answers.push({ status: res.status, body: res.body, cookie: res.setCookie });
    }
    assert.equal(answers[0]!.status, 401);
    assert.equal(answers[0]!.body.error.code, 'sign_in_failed');
    const strip = (a: (typeof answers)[number]) => ({
      ...a,
      body: { ...a.body, error: { ...a.body.error, requestId: 0 } },
    });
    assert.deepEqual(strip(answers[1]!), strip(answers[0]!));
    assert.deepEqual(strip(answers[2]!), strip(answers[0]!));
  });

  for (const known of [true, false]) {
    it(`locks an email ${known ? 'known' : 'unknown'} after 5 failures: 429 with Retry-After, even with the right password`, async () => {
      const h = harness();
      const email = uniqueEmail('locked');
      if (known) await createPerson(h, { email, password: PASSWORD });
      for (let i = 0; i < 5; i++) {
        const res = await call(h, 'POST', '/v1/auth/sign_in', {
          body: { email, password: `wrong password ${i}` },
          address: uniqueAddress(),
        });
        assert.equal(res.status, 401, `attempt ${i + 1}`);
      }
      const res = await call(h, 'POST', '/v1/auth/sign_in', {
        body: { email, password: PASSWORD },
        address: uniqueAddress(),
      });
      assert.equal(res.status, 429);
      assert.equal(res.body.error.code, 'sign_in_locked');
      assert.ok(Number(res.headers['retry-after']) >= 1);
      assert.equal(res.setCookie, null);
    });
  }

  it('locks an address after 20 failures, whatever the email', async () => {
    const h = harness();
    const address = uniqueAddress();
    for (let i = 0; i < 20; i++) {
      const res = await call(h, 'POST', '/v1/auth/sign_in', {
        body: { email: uniqueEmail('spray'), password: 'wrong password' },
        address,
      });
      assert.equal(res.status, 401, `attempt ${i + 1}`);
    }
    const email = uniqueEmail('victim');
    await createPerson(h, { email, password: PASSWORD });
    const res = await call(h, 'POST', '/v1/auth/sign_in', { body: { email, password: PASSWORD }, address });
    assert.equal(res.status, 429);
    const elsewhere = await call(h, 'POST', '/v1/auth/sign_in', {
      body: { email, password: PASSWORD },
      address: uniqueAddress(),
    });
    assert.equal(elsewhere.status, 200);
  });

  it('refuses a password shorter than 12 characters or on the breached list', () => {
    for (const weak of ['short pass', 'password1234', 'QWERTY123456']) {
      assert.throws(
        () => checkNewPassword(weak),
        (err: unknown) => err instanceof TidingsError && err.code === 'password_too_weak',
        weak,
      );
    }
    assert.throws(() => checkNewPassword('x'.repeat(257)), TidingsError);
    checkNewPassword(PASSWORD);
  });
}
