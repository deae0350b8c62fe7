/** Signing in with a second factor: the pending step, codes in their window and never twice, recovery codes, lockout. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { ManualClock } from '../../src/lib/clock.js';
import type { Harness } from '../harness.js';
import { call, uniqueAddress } from '../people-kit.js';
import { codeAt, pendingSignIn, personWithTotp } from './kit.js';

export function signInCases(harness: () => Harness, clock: ManualClock) {
  it('asks for the code after a right password, and signs in with a new session once it is given', async () => {
    const h = harness();
    const p = await personWithTotp(h, clock);
    const pending = await pendingSignIn(h, p.email);
    const res = await call(h, 'POST', '/v1/auth/second_factor', {
      cookie: pending,
      body: { code: codeAt(p.secret, clock.now()) },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.secondFactor, 'passed');
    assert.equal(res.body.user.id, p.id);
    assert.ok(res.setCookie);
    assert.notEqual(res.setCookie, pending, 'a new session token');
    assert.equal((await call(h, 'GET', '/v1/me', { cookie: res.setCookie })).status, 200);
    // The pending session ended: its cookie can neither act nor give a code again.
    assert.equal((await call(h, 'GET', '/v1/me', { cookie: pending })).status, 401);
    const again = await call(h, 'POST', '/v1/auth/second_factor', {
      cookie: pending,
      body: { code: codeAt(p.secret, clock.now() + 30_000) },
    });
    assert.equal(again.body.error.code, 'session_expired');
    const sessions = await call(h, 'GET', '/v1/me/sessions', { cookie: res.setCookie });
    const ids = sessions.body.data.map((s: { id: string }) => s.id);
    const audit = await h.deps.store.read
      .selectFrom('audit_events')
      .select(['object_id', 'changes'])
      .where('action', '=', 'session.created')
      .where('actor_id', '=', p.id)
      .execute();
    assert.ok(audit.some((a) => ids.includes(a.object_id) && a.changes?.includes('"passed"')));
  });

  it('refuses everything but the second step to a session still waiting for its code', async () => {
    const h = harness();
    const p = await personWithTotp(h, clock);
    const pending = await pendingSignIn(h, p.email);
    for (const [method, url, body] of [
      ['GET', '/v1/me', undefined],
      ['GET', '/v1/me/sessions', undefined],
      ['GET', '/v1/templates', undefined],
      ['POST', '/v1/me/second_factor', undefined],
      ['POST', '/v1/me/password', { currentPassword: 'x', newPassword: 'y' }],
    ] as const) {
      const res = await call(h, method, url, { cookie: pending, body });
      assert.equal(res.status, 401, `${method} ${url}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.error.code, 'session_expired');
    }
  });

  it('ends the waiting sign-in after five minutes', async () => {
    const h = harness();
    const p = await personWithTotp(h, clock);
    const pending = await pendingSignIn(h, p.email);
    clock.advance(5 * 60_000 + 1_000);
    const res = await call(h, 'POST', '/v1/auth/second_factor', {
      cookie: pending,
      body: { code: codeAt(p.secret, clock.now()) },
    });
    assert.equal(res.status, 401);
    assert.equal(res.body.error.code, 'session_expired');
  });

  it('accepts a code of the step before or after (clock drift), but not two steps away', async () => {
    const h = harness();
    const p = await personWithTotp(h, clock);
    clock.advance(10 * 30_000);
    const now = clock.now();
    for (const offset of [-60_000, 60_000]) {
      const res = await call(h, 'POST', '/v1/auth/second_factor', {
        cookie: await pendingSignIn(h, p.email),
        body: { code: codeAt(p.secret, now + offset) },
      });
      assert.equal(res.body.error?.code, 'second_factor_invalid', `${offset / 1000} s`);
    }
    for (const offset of [-30_000, 30_000]) {
      const res = await call(h, 'POST', '/v1/auth/second_factor', {
        cookie: await pendingSignIn(h, p.email),
        body: { code: codeAt(p.secret, now + offset) },
      });
      assert.equal(res.status, 200, `${offset / 1000} s: ${JSON.stringify(res.body)}`);
    }
  });

  it('never accepts the same code twice, nor an older one once a later one was used', async () => {
    const h = harness();
    const p = await personWithTotp(h, clock);
    const code = codeAt(p.secret, clock.now());
    const first = await call(h, 'POST', '/v1/auth/second_factor', {
      cookie: await pendingSignIn(h, p.email),
      body: { code },
    });
    assert.equal(first.status, 200);
    const replay = await call(h, 'POST', '/v1/auth/second_factor', {
      cookie: await pendingSignIn(h, p.email),
      body: { code },
    });
    assert.equal(replay.status, 401);
    assert.equal(replay.body.error.code, 'second_factor_invalid');
    const older = await call(h, 'POST', '/v1/auth/second_factor', {
      cookie: await pendingSignIn(h, p.email),
      body: { code: codeAt(p.secret, clock.now() - 30_000) },
    });
    assert.equal(older.body.error.code, 'second_factor_invalid');
  });

  it('signs in with a recovery code once (dashes and case aside), never twice', async () => {
    const h = harness();
    const p = await personWithTotp(h, clock);
    const typed = p.recoveryCodes[3]!.replaceAll('-', ' ').toUpperCase();
    const first = await call(h, 'POST', '/v1/auth/second_factor', {
      cookie: await pendingSignIn(h, p.email),
      body: { recoveryCode: typed },
    });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.secondFactor, 'passed');
    const twice = await call(h, 'POST', '/v1/auth/second_factor', {
      cookie: await pendingSignIn(h, p.email),
      body: { recoveryCode: p.recoveryCodes[3] },
    });
    assert.equal(twice.status, 401);
    assert.equal(twice.body.error.code, 'second_factor_invalid');
  });

  it('counts wrong codes as failed sign-ins: locked after 5, even with the right code, and a right password does not reset it', async () => {
    const h = harness();
    const p = await personWithTotp(h, clock);
    let pending = await pendingSignIn(h, p.email);
    for (let i = 0; i < 4; i++) {
      const res = await call(h, 'POST', '/v1/auth/second_factor', {
        cookie: pending,
        body: { code: String(100000 + i) },
        address: uniqueAddress(),
      });
      assert.equal(res.status, 401, `attempt ${i + 1}`);
    }
    // Signing in again with the right password does not clear the count of the email.
    pending = await pendingSignIn(h, p.email);
    const fifth = await call(h, 'POST', '/v1/auth/second_factor', {
      cookie: pending,
      body: { code: '999999' },
      address: uniqueAddress(),
    });
    assert.equal(fifth.status, 401);
    const locked = await call(h, 'POST', '/v1/auth/second_factor', {
      cookie: pending,
      body: { code: codeAt(p.secret, clock.now()) },
      address: uniqueAddress(),
    });
    assert.equal(locked.status, 429, JSON.stringify(locked.body));
    assert.equal(locked.body.error.code, 'sign_in_locked');
    assert.ok(Number(locked.headers['retry-after']) >= 1);
    assert.equal(locked.setCookie, null);
  });
}
