/** People with a second factor for the second-factor tests: codes computed with otpauth, as an app would. */
import assert from 'node:assert/strict';
import { Secret, TOTP } from 'otpauth';
import type { ManualClock } from '../../src/lib/clock.js';
import type { Harness } from '../harness.js';
import { call, createPerson, uniqueAddress, uniqueEmail } from '../people-kit.js';

export const PASSWORD = 'correct horse battery staple';

/** The code an authenticator app shows for `secret` (base 32) at `ms`. */
export function codeAt(secret: string, ms: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: ms });
}

/** Signs in with the password; asserts 200. @returns the answer's cookie and body. */
export async function passwordSignIn(h: Harness, email: string, address = uniqueAddress(), password = PASSWORD) {
  const res = await call(h, 'POST', '/v1/auth/sign_in', { body: { email, password }, address });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.ok(res.setCookie);
  return { cookie: res.setCookie, body: res.body };
}

/**
 * A person (owner) with a second factor on, set up through the API at the clock's time; the clock
 * is then moved a step on, so the confirming code's step is past.
 */
export async function personWithTotp(h: Harness, clock: ManualClock) {
  const email = uniqueEmail('totp');
  const id = await createPerson(h, { email, password: PASSWORD });
  const { cookie } = await passwordSignIn(h, email);
  const begun = await call(h, 'POST', '/v1/me/second_factor', { cookie });
  assert.equal(begun.status, 200, JSON.stringify(begun.body));
  const secret: string = begun.body.secret;
  const confirmed = await call(h, 'POST', '/v1/me/second_factor/confirm', {
    cookie,
    body: { code: codeAt(secret, clock.now()) },
  });
  assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
  clock.advance(30_000);
  return { id, email, secret, cookie, recoveryCodes: confirmed.body.recoveryCodes as string[] };
}

/** Signs in with the password, expecting the second step. @returns the pending session's cookie. */
export async function pendingSignIn(h: Harness, email: string, address = uniqueAddress()): Promise<string> {
  const { cookie, body } = await passwordSignIn(h, email, address);
  assert.deepEqual(body, { secondFactor: 'required', user: null });
  return cookie;
}
