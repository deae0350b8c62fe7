/** The session a sign-in starts: fixation, cross-site writes, sign-out, absolute expiry. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import type { ManualClock } from '../../src/lib/clock.js';
import type { Harness } from '../harness.js';
import { call, createPerson, uniqueAddress, uniqueEmail } from '../people-kit.js';

const PASSWORD = 'correct horse battery staple';

export function sessionCases(harness: () => Harness, clock: ManualClock) {
  const signedIn = async (h: Harness, cookie?: string) => {
    const email = uniqueEmail('s');
    await createPerson(h, { email, password: PASSWORD });
    const res = await call(h, 'POST', '/v1/auth/sign_in', {
      body: { email, password: PASSWORD },
      cookie: cookie ?? null,
      address: uniqueAddress(),
    });
    assert.equal(res.status, 200);
    return res.setCookie!;
  };

  it('gives a new session at sign-in: a cookie planted before is not the one after, and does not authenticate', async () => {
    const h = harness();
    const planted = `tidings_session=${'A'.repeat(40)}`;
    const cookie = await signedIn(h, planted);
    assert.notEqual(cookie, planted);
    assert.equal((await call(h, 'GET', '/v1/me', { cookie: planted })).body.error.code, 'session_expired');
    assert.equal((await call(h, 'GET', '/v1/me', { cookie })).status, 200);
  });

  it('refuses a signed-in write from another Origin, and takes it from its own', async () => {
    const h = harness();
    const cookie = await signedIn(h);
    const evil = await call(h, 'POST', '/v1/auth/sign_out', { cookie, origin: 'https://evil.example' });
    // Signing out is public (no write to refuse): a write through the auth hook is.
    assert.equal(evil.status, 200);
    const cookie2 = await signedIn(h);
    const write = await call(h, 'POST', '/v1/templates', { cookie: cookie2, origin: 'https://evil.example', body: {} });
    assert.equal(write.status, 403);
    assert.equal(write.body.error.code, 'cross_site_request');
    const own = await call(h, 'POST', '/v1/templates', { cookie: cookie2, body: {} });
    assert.notEqual(own.body?.error?.code, 'cross_site_request');
    assert.equal(own.status, 400);
  });

  it('signs out: the cookie is cleared and the session ends', async () => {
    const h = harness();
    const cookie = await signedIn(h);
    const res = await call(h, 'POST', '/v1/auth/sign_out', { cookie });
    assert.equal(res.status, 200);
    assert.equal((await call(h, 'GET', '/v1/me', { cookie })).status, 401);
  });

  it('ends a session an hour after its last request (idle expiry)', async () => {
    const h = harness();
    const cookie = await signedIn(h);
    clock.advance(59 * 60_000);
    assert.equal((await call(h, 'GET', '/v1/me', { cookie })).status, 200);
    clock.advance(61 * 60_000);
    assert.equal((await call(h, 'GET', '/v1/me', { cookie })).status, 401);
  });
}
